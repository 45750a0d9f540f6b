"""`programming.loads.sessions_deciding`: the few newest sessions a plan read keeps of each
exercise (every one since the week began, and the older ones down to the second with a known
load) give every day of the week the same loads, last sessions and estimates as the whole
history does, for any program, any gear limit and any dense log history around the week."""

from __future__ import annotations

import datetime as dt

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.programming.generator import generate_week
from fitcoach.programming.loads import same_pattern, sessions_deciding, with_loads
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.programming.profile import Profile
from tests.analytics.builders import session, straight
from tests.programming.strategies import WEEK_START, profiles

PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
MONDAY = dt.datetime.combine(WEEK_START, dt.time(), dt.UTC)


def _cutoffs(plan: WeeklyPlan) -> dict[Weekday, dt.datetime]:
    return {weekday: dt.datetime.combine(day.date, dt.time(), dt.UTC)
            for weekday, day in plan.days.items()}


@st.composite
def dense_histories(draw: st.DrawFn, plan: WeeklyPlan) -> dict[str, list[ExerciseSession]]:
    """Many sessions of a few of the planned exercises and of their patterns, from five
    weeks before the week to its end (several a day at times), bodyweight and failed sets
    among them: newest first, as the store reads them."""
    planned = sorted({e.exercise_id for day in plan.days.values() for e in day.exercises})
    slugs = sorted(set(planned) | {o for slug in planned for o in same_pattern(slug)})
    chosen = draw(st.lists(st.sampled_from(slugs), min_size=1, max_size=4, unique=True))
    found: dict[str, list[ExerciseSession]] = {}
    for index in range(draw(st.integers(1, 40))):
        slug = draw(st.sampled_from(chosen))
        hours = draw(st.integers(-35 * 24, 7 * 24))
        sets = draw(st.lists(st.builds(
            SetRecord, weight_lbs=st.sampled_from([0, 0, 10, 25, 50, 95, 135]),
            reps=st.integers(0, 15), rpe=st.none() | st.sampled_from([7.0, 9.0, 10.0])),
            min_size=1, max_size=4))
        found.setdefault(slug, []).append(ExerciseSession(
            log_id=f"log_{index:03d}", completed_at=MONDAY + dt.timedelta(hours=hours),
            sets=tuple(sets)))
    return {slug: sorted(s, key=lambda x: (x.completed_at, x.log_id), reverse=True)
            for slug, s in found.items()}


@PROPERTY
@given(data=st.data(), profile=profiles(conditions=False))
def test_the_deciding_sessions_give_the_week_the_loads_of_the_whole_history(
        data: st.DataObject, profile: Profile) -> None:
    plan = generate_week(profile, WEEK_START).plan
    history = data.draw(dense_histories(plan))
    cutoffs = _cutoffs(plan)
    since = min(cutoffs.values())
    kept = {}
    for slug, sessions in history.items():
        taken, decided = sessions_deciding(slug, iter(sessions), since)
        assert taken == sessions[:len(taken)]  # a prefix, newest first
        assert decided or taken == sessions  # not decided: every session was needed
        kept[slug] = taken
    cap = data.draw(st.none() | st.sampled_from([25.0, 50.0]))
    assert with_loads(plan, kept, cutoffs, profile.unit, cap) == with_loads(
        plan, history, cutoffs, profile.unit, cap)


def test_loaded_work_keeps_two_known_loads_before_the_week_and_bodyweight_one() -> None:
    week = [session("log_w", MONDAY + dt.timedelta(days=2), *straight(50, 10))]
    older = [session("log_c", MONDAY - dt.timedelta(days=1), *straight(0, 10)),  # no load
             session("log_b", MONDAY - dt.timedelta(days=3), *straight(45, 10)),
             session("log_a", MONDAY - dt.timedelta(days=5), *straight(40, 10)),
             session("log_0", MONDAY - dt.timedelta(days=7), *straight(35, 10))]
    taken, decided = sessions_deciding("goblet-squat", iter(week + older), MONDAY)
    assert (taken, decided) == (week + older[:3], True)
    taken, decided = sessions_deciding("push-up", iter(week + older), MONDAY)
    assert (taken, decided) == (week + older[:1], True)
    assert sessions_deciding("goblet-squat", iter(week + older[:2]), MONDAY) == (
        week + older[:2], False)
