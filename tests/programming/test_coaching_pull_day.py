"""A pull day a coach would sign: a row beside the vertical pull.

A day that pulls and does not press is the week's pull day. When the gear allows a
horizontal pull that the recovery rules never keep off a day, that day holds one: left to
the set-by-set greedy, a strength pull day grew its pull-ups to five sets, the week's 20-set
back cap then had no room for a row at two, and the day ended with no row and a quarter of
its time unused (the evaluation state gym_user's Thursday).
"""

from __future__ import annotations

import datetime as dt
from itertools import product

import pytest

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import WEEKDAYS, Experience, GearTag, Goal, MuscleGroup, Pattern
from fitcoach.programming import metrics
from fitcoach.programming.generator import generate_week
from fitcoach.programming.plan import DayPlan
from fitcoach.programming.profile import Profile
from fitcoach.programming.validator import validate_week
from tests.programming.coaching import PRESSES, PULLS
from tests.programming.strategies import FULL_GYM, WEEK_START

# The gym_user state's gear (the evaluation fixtures): a commercial gym without the rarer
# machines.
COMMERCIAL_GYM = frozenset({
    GearTag.DUMBBELLS, GearTag.BARBELL, GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH,
    GearTag.SQUAT_RACK, GearTag.CABLE_MACHINE, GearTag.ROPE, GearTag.PULL_UP_BAR,
    GearTag.LEG_PRESS_MACHINE, GearTag.LEG_EXTENSION_MACHINE, GearTag.HAMSTRING_MACHINE,
    GearTag.CALF_RAISE_MACHINE, GearTag.AB_WHEEL})
HOME_BAR = frozenset({GearTag.DUMBBELLS, GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH,
                      GearTag.PULL_UP_BAR})
GEARS = {"full gym": FULL_GYM, "commercial gym": COMMERCIAL_GYM, "home + bar": HOME_BAR}
# Weeks of five or six sessions: the splits with a pull day (docs/programming.md).
GRID = list(product(GEARS, (5, 6), (45, 60, 75), (Goal.STRENGTH, Goal.HYPERTROPHY),
                    (Experience.INTERMEDIATE, Experience.ADVANCED)))
WEEKS = [dt.date(2026, 9, 14), WEEK_START]


def _pattern(slug: str) -> Pattern:
    return CATALOG.get(slug).pattern


def pull_days(days: list[DayPlan]) -> list[DayPlan]:
    """The days that pull and do not press."""
    return [day for day in days
            if any(_pattern(e.exercise_id) in PULLS for e in day.exercises)
            and not any(_pattern(e.exercise_id) in PRESSES for e in day.exercises)]


def row_possible(gear: frozenset[GearTag]) -> bool:
    """A row the gear allows that no recovery rule keeps off a day (a barbell row is a heavy
    lower-back lift: never the day after a hinge)."""
    return any(e.pattern is Pattern.HORIZONTAL_PULL and e.doable_with(gear)
               and not e.heavy_compound and not e.lower_back_dominant for e in CATALOG)


@pytest.mark.parametrize(("gear", "days", "minutes", "goal", "experience"), GRID)
def test_a_pull_day_holds_a_row(gear: str, days: int, minutes: int,
                                                 goal: Goal, experience: Experience) -> None:
    assert row_possible(GEARS[gear])
    profile = Profile(days_per_week=days, minutes_per_session=minutes, goal=goal,
                      experience=experience, gear=GEARS[gear],
                      training_days=WEEKDAYS[:days])
    for week in WEEKS:
        plan = generate_week(profile, week).plan
        found = pull_days(plan.training_days)
        assert found, "a week of five or six sessions has a pull day"
        for day in found:
            slugs = [e.exercise_id for e in day.exercises]
            assert any(_pattern(slug) is Pattern.HORIZONTAL_PULL for slug in slugs), (
                day.day_of_week, slugs)
        assert validate_week(plan, profile).errors == ()


def test_the_grid_catches_the_evaluation_state_it_was_written_for() -> None:
    # gym_user: commercial gym, strength, Monday to Friday, 60 minutes, no priority.
    assert ("commercial gym", 5, 60, Goal.STRENGTH, Experience.INTERMEDIATE) in GRID


def test_two_priorities_never_get_fewer_sets_together_than_the_plain_week() -> None:
    # Six 75-minute days, chest and shoulders first: the pull days' rows credit the
    # shoulders, which reach their 20-set cap and stop the presses; the fixed-target week then
    # gave the chest 9 sets where the plain week gave it 14.
    plain = Profile(days_per_week=6, minutes_per_session=75, goal=Goal.HYPERTROPHY,
                    gear=FULL_GYM)
    priorities = (MuscleGroup.CHEST, MuscleGroup.SHOULDERS)
    raised = plain.model_copy(update={"priority_groups": priorities})

    def together(profile: Profile) -> float:
        plan = generate_week(profile, WEEK_START).plan
        sets = metrics.group_sets(e for day in plan.training_days for e in day.exercises)
        return sum(sets.get(group, 0.0) for group in priorities)

    assert together(raised) >= together(plain)
