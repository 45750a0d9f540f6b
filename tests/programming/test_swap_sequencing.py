"""A swap's replacement may need a superset split to keep the day's order of priorities."""

from __future__ import annotations

from fitcoach.catalog.vocabulary import WEEKDAYS, GearTag, Goal, Unit
from fitcoach.programming.edits import apply_edit
from fitcoach.programming.edits.operations import SwapExercise, SwapReason
from fitcoach.programming.generator import generate_week
from fitcoach.programming.profile import Profile
from fitcoach.programming.validator import validate_week
from tests.programming.strategies import WEEK_START

GYM = frozenset(GearTag) - {GearTag.KETTLEBELL}


def test_push_ups_replace_the_bench_press_when_every_bench_is_taken() -> None:
    # A 4 x 60 strength week's Monday: bench press, pull-ups, then an overhead press paired
    # with a curl. Push-ups rank between the press and the curl, so no place kept the
    # hierarchy while the pair stood, and a cable flye took the bench press's place; the pair
    # now splits into straight sets when the time allows it.
    profile = Profile(days_per_week=4, minutes_per_session=60, gear=GYM, goal=Goal.STRENGTH,
                      unit=Unit.KG)
    plan = generate_week(profile, WEEK_START).plan
    monday = plan.days[WEEKDAYS[0]]
    assert monday.exercises[0].exercise_id == "flat-bb-bench-press"
    edit = SwapExercise(day=WEEKDAYS[0], exercise_id="flat-bb-bench-press",
                        reason=SwapReason.GEAR_BUSY,
                        busy_gear=(GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH))
    edited = apply_edit(plan, edit, profile, week_start=WEEK_START, language="en").plan
    slugs = [e.exercise_id for e in edited.days[WEEKDAYS[0]].exercises]
    assert "push-up" in slugs, slugs
    assert validate_week(edited, profile).errors == ()
