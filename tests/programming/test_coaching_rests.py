"""Rests follow the set, not the block: no heavy set comes round in under 90 s."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fitcoach.catalog.vocabulary import Experience, GearTag, Goal, Weekday
from fitcoach.programming.edits import EditRejected, apply_edit
from fitcoach.programming.edits.operations import ShortenDay
from fitcoach.programming.generator import generate_week
from fitcoach.programming.plan import Block, PlannedExercise
from fitcoach.programming.profile import Profile
from tests.programming.coaching import least_rests, short_heavy_rests
from tests.programming.strategies import WEEK_START, profiles

PROPERTY = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def test_the_measure_sees_extra_sets_of_a_superset_leader_at_its_short_rest() -> None:
    lead = PlannedExercise(exercise_id="pull-up", name="Pull-Up", target_sets=5,
                           target_reps="3-6", rest_seconds=30)
    partner = PlannedExercise(exercise_id="db-lateral-raise", name="Lateral Raise",
                              target_sets=3, target_reps="8-12", rest_seconds=75)
    rests = least_rests(Block(label="A", exercises=(lead, partner)))
    assert rests[0] == 30  # sets 4 and 5 follow one another at the transition rest
    assert rests[1] > 75


def test_a_strength_superset_leader_with_more_sets_keeps_its_full_rest() -> None:
    profile = Profile(days_per_week=5, minutes_per_session=60, goal=Goal.STRENGTH,
                      experience=Experience.ADVANCED,
                      gear=frozenset({GearTag.DUMBBELLS, GearTag.FLAT_BENCH,
                                      GearTag.INCLINE_BENCH}))
    plan = generate_week(profile, WEEK_START).plan
    assert any(block.is_superset for day in plan.training_days for block in day.blocks)
    assert short_heavy_rests(plan) == []


@PROPERTY
@given(profiles())
def test_no_heavy_set_of_a_generated_week_rests_under_90_seconds(profile) -> None:
    plan = generate_week(profile, WEEK_START).plan
    assert short_heavy_rests(plan) == []


@PROPERTY
@given(profiles(conditions=False), st.sampled_from((20, 25, 30, 40)))
def test_a_shortened_day_keeps_heavy_rests(profile, minutes) -> None:
    plan = generate_week(profile, WEEK_START).plan
    day = next((d for d in plan.days.values() if d.is_training_day), None)
    if day is None or day.duration_minutes <= minutes:
        return
    try:
        edited = apply_edit(plan, ShortenDay(day=Weekday(day.day_of_week.lower()),
                                             minutes=minutes),
                            profile, week_start=WEEK_START)
    except EditRejected:
        return
    assert short_heavy_rests(edited.plan) == []

