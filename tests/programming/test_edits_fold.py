"""A swap whose only fitting alternative is already on the day: a coach moves the sets there
("do those sets on the chest-supported row instead") rather than refusing the swap."""

from __future__ import annotations

from fitcoach.catalog.vocabulary import Experience, GearTag, Goal, MuscleGroup, Weekday
from fitcoach.programming.edits import apply_edit
from fitcoach.programming.edits.operations import SwapExercise, SwapReason
from fitcoach.programming.generator import generate_week
from fitcoach.programming.profile import ChronicConstraint, Profile
from fitcoach.programming.validator import validate_week
from tests.programming.strategies import FULL_GYM, WEEK_START

# A shoulder that rules out the vertical pulls and the one-arm row leaves two horizontal rows
# a full gym can serve without loading the lower back the day before deadlifts.
PROFILE = Profile(
    training_days=(Weekday.MONDAY, Weekday.TUESDAY, Weekday.WEDNESDAY, Weekday.THURSDAY,
                   Weekday.FRIDAY),
    minutes_per_session=60, goal=Goal.STRENGTH, priority_groups=(MuscleGroup.TRICEPS,),
    gear=FULL_GYM | {GearTag.ROPE}, experience=Experience.INTERMEDIATE,
    chronic=(ChronicConstraint(exercises=("pull-up", "lat-pulldown", "single-arm-db-row")),))


def _sets(day) -> dict[str, int]:
    return {e.exercise_id: e.target_sets for e in day.exercises}


def test_a_swap_with_no_free_alternative_moves_its_sets_to_the_row_already_there() -> None:
    plan = generate_week(PROFILE, WEEK_START).plan
    day = next((d for d in plan.days.values()
                if {"seated-cable-row", "chest-supported-db-row"} <= set(_sets(d))), None)
    assert day is not None, "the premise: a day holding both rows"
    before = _sets(day)
    result = apply_edit(plan, SwapExercise(day=day.weekday, exercise_id="seated-cable-row",
                                           reason=SwapReason.GEAR_BUSY,
                                           busy_gear=(GearTag.CABLE_MACHINE,)),
                        PROFILE, week_start=WEEK_START, language="en")
    after = _sets(result.plan.days[day.weekday])
    assert "seated-cable-row" not in after
    assert after["chest-supported-db-row"] > before["chest-supported-db-row"]
    assert "Seated Cable Row out" in result.summary_diff
    assert validate_week(result.plan, PROFILE).errors == ()
