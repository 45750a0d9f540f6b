"""Where gear or the user's limits cannot serve a priority, the plan says so in the user's
language and names what would fill the gap; its theme claims no priority it does not train."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.catalog.vocabulary import BodyPart, GearTag, MuscleGroup
from fitcoach.programming.generator import GapReason, generate_week
from fitcoach.programming.profile import ChronicConstraint, Profile
from fitcoach.programming.text import phrases as tx

G = MuscleGroup
WEEK = dt.date(2026, 9, 14)
LANGUAGES = ("en", "es", "it", "he", "ko")
LEGS = (G.QUADS, G.HAMSTRINGS, G.GLUTES)
BODYWEIGHT_LEGS = Profile(days_per_week=3, minutes_per_session=30, gear=frozenset(),
                          priority_groups=LEGS)
HOME_DB = frozenset({GearTag.DUMBBELLS, GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH})
KNEES_QUADS = Profile(days_per_week=3, minutes_per_session=45, gear=HOME_DB,
                      max_dumbbell_lbs=110, priority_groups=(G.QUADS,),
                      chronic=(ChronicConstraint(body_parts=(BodyPart.KNEES,)),))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bodyweight_week_with_a_legs_priority_says_it_cannot_train_them(language) -> None:
    result = generate_week(BODYWEIGHT_LEGS, WEEK, language=language)
    for group in LEGS:
        assert tx.group(language, group) not in result.plan.theme
        gap = next(g for g in result.gaps if g.group is group)
        assert gap.reason is GapReason.GEAR
        assert GearTag.DUMBBELLS in gap.unlock_gear
        # The priority's own wording, which the plain gear gap does not use.
        plain = tx.say(language, "gap.gear", group=tx.group(language, group),
                       gear=tx.gear(language, gap.unlock_gear), exercises="")
        assert gap.message != plain
        assert gap.message.count(tx.group(language, group)) >= 2


def test_a_back_priority_without_pulling_gear_names_the_bar() -> None:
    profile = BODYWEIGHT_LEGS.model_copy(update={"priority_groups": (G.BACK, G.CHEST)})
    result = generate_week(profile, WEEK)
    assert result.plan.theme.endswith("Chest Priority")
    gap = next(g for g in result.gaps if g.group is G.BACK)
    assert gap.unlock_gear == (GearTag.PULL_UP_BAR,)
    assert "priorities" in gap.message
    assert "Pull-Up" in gap.message


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_knee_condition_under_a_quads_priority_says_what_it_rules_out(language) -> None:
    result = generate_week(KNEES_QUADS, WEEK, language=language)
    gap = next(g for g in result.gaps if g.group is G.QUADS)
    assert gap.reason is GapReason.LIMITED
    assert "Bulgarian Split Squat" in gap.message  # ruled out by the knees
    assert "DB Goblet Squat" in gap.message  # what the week trains them with instead
