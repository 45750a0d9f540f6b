"""Properties of the generator over any valid profile (hypothesis)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import Goal, MuscleGroup
from fitcoach.programming import metrics
from fitcoach.programming.generator import generate_week
from fitcoach.programming.profile import Profile
from fitcoach.programming.rules.landmarks import WEEKLY_SETS_MIN
from fitcoach.programming.validator import validate_week
from tests.programming.helpers import day_sets
from tests.programming.strategies import (
    FULL_GYM,
    WEEK_START,
    day_focus_maps,
    languages,
    profiles,
)

PROPERTY = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(profiles(), day_focus_maps, languages)
def test_any_valid_profile_gets_a_week_with_zero_validator_errors(profile, focus, language):
    result = generate_week(profile, WEEK_START, language, focus)
    report = validate_week(result.plan, profile)
    assert report.errors == (), [v.message for v in report.errors]


@PROPERTY
@given(profiles(), day_focus_maps)
def test_generation_is_deterministic(profile, focus):
    first = generate_week(profile, WEEK_START, "en", focus)
    second = generate_week(profile, WEEK_START, "en", focus)
    assert first.plan == second.plan
    assert first.gaps == second.gaps
    assert first.summary_diff == second.summary_diff


@PROPERTY
@given(profiles())
def test_every_session_fits_its_day_and_every_day_is_honest(profile):
    plan = generate_week(profile, WEEK_START).plan
    for weekday, day in plan.days.items():
        if day.is_training_day:
            assert metrics.session_minutes(day.blocks) <= profile.minutes_for(weekday)
            assert day.duration_minutes == metrics.declared_minutes(day.blocks)
            assert day.coach_note
        else:
            assert day.is_rest_day
            assert day.blocks == ()
            assert day.duration_minutes == 0
            assert day.estimated_volume_lbs == 0


@PROPERTY
@given(profiles(), day_focus_maps)
def test_no_exercise_is_planned_below_two_sets_unless_it_is_all_the_day_holds(profile, focus):
    plan = generate_week(profile, WEEK_START, "en", focus).plan
    for day in plan.training_days:
        if len(day.exercises) > 1:
            assert all(e.target_sets >= 2 for e in day.exercises), day.weekday


@PROPERTY
@given(profiles())
def test_loads_only_come_from_history_and_respect_the_dumbbells(profile):
    plan = generate_week(profile, WEEK_START).plan
    for day in plan.training_days:
        for planned in day.exercises:
            if planned.target_weight_lbs is None:
                continue
            assert planned.exercise_id in profile.known_loads
            exercise = CATALOG.get(planned.exercise_id)
            if exercise.load_kind.value == "dumbbell" and profile.max_dumbbell_lbs is not None:
                assert planned.target_weight_lbs <= profile.max_dumbbell_lbs + 1e-6


@st.composite
def ample_profiles(draw: st.DrawFn) -> Profile:
    """Plenty of time and days, a full gym, no limits: nothing stops the targets.

    From 90 minutes: since the session clock counts ramp-up sets (about a quarter hour of a
    three-lift full-body strength day), three days of 75 minutes no longer hold two
    priorities at ten sets each. How two priorities share a tight week is open (issue 11:
    biceps took 13 curl sets while calves stayed at 9, 3 x 75 strength)."""
    return Profile(
        days_per_week=draw(st.integers(min_value=3, max_value=6)),
        minutes_per_session=draw(st.integers(min_value=90, max_value=180)),
        goal=draw(st.sampled_from(tuple(Goal))),
        priority_groups=tuple(draw(st.lists(st.sampled_from(tuple(MuscleGroup)), min_size=1,
                                            max_size=2, unique=True))),
        gear=FULL_GYM,
    )


@PROPERTY
@given(ample_profiles())
def test_with_ample_time_every_priority_group_reaches_ten_weekly_sets(profile):
    plan = generate_week(profile, WEEK_START).plan
    totals: dict[MuscleGroup, float] = {}
    for day in plan.days.values():
        for group, sets in day_sets(day).items():
            totals[group] = totals.get(group, 0.0) + sets
    for group in profile.priority_groups:
        assert totals.get(group, 0.0) >= WEEKLY_SETS_MIN, (group, totals)
