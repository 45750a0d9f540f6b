"""What a coach checks on any generated week, measured with the coach's own measures
(`tests.programming.coaching`, written apart from the engine): priorities never cost their
group sets, the session clock with warm-ups and ramp-ups stays within 10% of the minutes
asked, and the hard rules still hold with both in place."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from fitcoach.catalog.vocabulary import GearTag, Goal, MuscleGroup
from fitcoach.programming import metrics
from fitcoach.programming.generator import generate_week
from fitcoach.programming.profile import Profile
from fitcoach.programming.validator import validate_week
from tests.programming.coaching import estimated_minutes
from tests.programming.strategies import WEEK_START, profiles

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EPSILON = 1e-9
# Fractional counting forgives one secondary set's credit (see docs/programming.md).
PRIORITY_SLACK = 0.5


def week_sets(profile) -> dict[MuscleGroup, float]:
    plan = generate_week(profile, WEEK_START).plan
    assert validate_week(plan, profile).errors == ()
    return metrics.group_sets(e for day in plan.training_days for e in day.exercises)


@PROPERTY
@given(profiles(), st.sampled_from(tuple(MuscleGroup)))
def test_a_priority_never_lowers_its_groups_weekly_sets(profile, group) -> None:
    plain = profile.model_copy(update={"priority_groups": ()})
    prioritised = profile.model_copy(update={"priority_groups": (group,)})
    before = week_sets(plain).get(group, 0.0)
    after = week_sets(prioritised).get(group, 0.0)
    assert after + PRIORITY_SLACK + EPSILON >= before, (group, before, after)


# The case: a full-gym "60" of squats and bench ran 74-82 minutes on the coach's clock.
GYM_HOUR = Profile(days_per_week=4, minutes_per_session=60, gear=frozenset(GearTag),
                   goal=Goal.STRENGTH)


@PROPERTY
@given(profiles())
@example(GYM_HOUR)
@example(GYM_HOUR.model_copy(update={"goal": Goal.HYPERTROPHY, "days_per_week": 3}))
def test_the_coachs_clock_stays_within_ten_percent_of_the_minutes_asked(profile) -> None:
    plan = generate_week(profile, WEEK_START).plan
    for day in plan.training_days:
        asked = profile.minutes_for(day.weekday)
        estimate = estimated_minutes(day.blocks)
        # A session with room for one set of one exercise takes it: the floor the engine
        # cannot go under is that set (the coach's clock of it).
        least = estimated_minutes(day.blocks[:1]) if len(day.exercises) == 1 else 0.0
        assert estimate <= max(1.10 * asked, least) + EPSILON, (day.day_of_week, asked,
                                                                 estimate)


# Found by the property above in CI on 2026-12-03 (rare: it passed 6,000 fresh examples in a
# hunt before the saved one was replayed); the same on 503facd, so older than that day's
# engine changes. A beginner's bodyweight week of 15-minute sessions with a sore chest: the
# chest priority costs the chest two push-up sets (11 -> 9). Strict, so the fix shows here.
SORE_CHEST_BEGINNER = Profile.model_validate({
    "training_days": ["monday", "tuesday", "wednesday", "thursday", "friday"],
    "minutes_per_session": 15, "minutes_by_day": {"monday": 10}, "goal": "hypertrophy",
    "gear": [], "experience": "beginner", "unit": "lb",
    "acute": [{"body_part": "chest", "condition": "soreness", "since": "2026-09-15",
               "until": "2026-09-15T11:00:00Z", "note": ""}]})


@pytest.mark.xfail(strict=True, reason="known: the beginner scaling trims a priority's sets "
                   "(issue 11, closing note of 2026-12-03)")
def test_a_chest_priority_keeps_a_sore_chest_beginners_push_ups() -> None:
    plain = week_sets(SORE_CHEST_BEGINNER)[MuscleGroup.CHEST]
    prioritised = SORE_CHEST_BEGINNER.model_copy(update={"priority_groups": (MuscleGroup.CHEST,)})
    assert week_sets(prioritised)[MuscleGroup.CHEST] + PRIORITY_SLACK + EPSILON >= plain
