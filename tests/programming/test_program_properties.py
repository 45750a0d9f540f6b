"""The program over time (DESIGN D10), as every plan read builds it: any valid profile, any
number of weeks and any log history. Each week is the peak week carried onto its dates,
shaped by its place in the block (`programming.blocks`), with loads from the logs before each
day (`programming.loads`). Then: every week is valid; a build week never has more than 20
hard sets for a group; a deload is lighter than the build week before it; no load is above
the user's heaviest dumbbell or off their gear's grid; and a week never changes once it is
past, whatever is logged after it."""

from __future__ import annotations

import datetime as dt

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.analytics.units import to_unit
from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import LoadKind
from fitcoach.programming import metrics
from fitcoach.programming.blocks import advance, first_week, shape_week
from fitcoach.programming.calendar import carry_forward
from fitcoach.programming.generator import generate_week
from fitcoach.programming.loads import same_pattern, with_loads
from fitcoach.programming.plan import BlockPhase, WeeklyPlan
from fitcoach.programming.profile import Profile
from fitcoach.programming.rules.landmarks import WEEKLY_SETS_MAX
from fitcoach.programming.validator import validate_week
from tests.analytics.helpers import is_loadable_as_kept
from tests.programming.strategies import WEEK_START, profiles

PROPERTY = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
WEEK = dt.timedelta(days=7)
BLOCK_START = WEEK_START + WEEK  # a program accepted this week starts its block next Monday
EPSILON = 1e-9


def weeks_of(peak: WeeklyPlan, profile: Profile, count: int,
             history: dict[str, list[ExerciseSession]]) -> list[WeeklyPlan]:
    """Weeks 1..count of the program, each with its loads, as a read of it shows them."""
    plans = []
    for n in range(count):
        start = BLOCK_START + n * WEEK
        block = advance(first_week(BLOCK_START), BLOCK_START, start)
        shaped = shape_week(carry_forward(peak, start).model_copy(update={"block": None}),
                            block, profile.priority_groups)
        cutoffs = {weekday: dt.datetime.combine(day.date, dt.time(), dt.UTC)
                   for weekday, day in shaped.days.items()}
        plans.append(with_loads(shaped, history, cutoffs, profile.unit,
                                profile.max_dumbbell_lbs))
    return plans


@st.composite
def histories(draw: st.DrawFn, peak: WeeklyPlan, weeks: int) -> dict[str, list[ExerciseSession]]:
    """Sessions of the planned exercises (and of their patterns) on any days of the span,
    with any loads, reps and efforts: newest first, as the store reads them."""
    planned = sorted({e.exercise_id for day in peak.days.values() for e in day.exercises})
    slugs = sorted(set(planned) | {other for slug in planned for other in same_pattern(slug)})
    if not slugs:
        return {}
    found: dict[str, list[ExerciseSession]] = {}
    for index in range(draw(st.integers(0, 12))):
        slug = draw(st.sampled_from(slugs))
        day = draw(st.integers(-14, weeks * 7 + 7))
        sets = draw(st.lists(st.builds(
            SetRecord, weight_lbs=st.sampled_from([0, 5, 12.5, 22.5, 40, 48.5, 50, 95, 135,
                                                   225, 400]),
            reps=st.integers(0, 25), rpe=st.none() | st.sampled_from([6.0, 7.5, 9.0, 10.0])),
            min_size=1, max_size=5))
        at = dt.datetime.combine(BLOCK_START + dt.timedelta(days=day), dt.time(18), dt.UTC)
        found.setdefault(slug, []).append(
            ExerciseSession(log_id=f"log_{index:03d}", completed_at=at, sets=tuple(sets)))
    return {slug: sorted(s, key=lambda x: (x.completed_at, x.log_id), reverse=True)
            for slug, s in found.items()}


def hard_sets(plan: WeeklyPlan) -> dict:
    return metrics.group_sets(e for day in plan.days.values() for e in day.exercises)


@PROPERTY
@given(data=st.data(), profile=profiles(conditions=False), count=st.integers(1, 12))
def test_any_program_over_any_weeks_and_logs_keeps_every_rule(data: st.DataObject,
                                                              profile: Profile,
                                                              count: int) -> None:
    peak = generate_week(profile, WEEK_START).plan
    history = data.draw(histories(peak, count))
    plans = weeks_of(peak, profile, count, history)
    for n, plan in enumerate(plans):
        report = validate_week(plan, profile)
        assert report.errors == (), (n, [v.message for v in report.errors])
        assert plan.block is not None
        if plan.block.phase is BlockPhase.BUILD:
            assert all(sets <= WEEKLY_SETS_MAX + EPSILON for sets in hard_sets(plan).values())
        elif n > 0:  # the deload, against the build week just before it
            before = sum(e.target_sets for d in plans[n - 1].days.values() for e in d.exercises)
            after = sum(e.target_sets for d in plan.days.values() for e in d.exercises)
            assert after < before or before == 0 or after == before == 1, (before, after)
        for day in plan.days.values():
            for planned in day.exercises:
                load = planned.target_weight_lbs
                if load is None:
                    continue
                kind = CATALOG.get(planned.exercise_id).load_kind
                assert kind is not LoadKind.BODYWEIGHT
                cap = profile.max_dumbbell_lbs
                if kind is LoadKind.DUMBBELL and cap is not None:
                    assert load <= cap + EPSILON
                tenths = to_unit(load, profile.unit) * 10
                assert is_loadable_as_kept(load, kind, profile.unit) or load == cap \
                    or abs(tenths - round(tenths)) < 1e-6  # as typed in the user's unit


@PROPERTY
@given(data=st.data(), profile=profiles(conditions=False), count=st.integers(2, 8))
def test_a_past_week_never_changes_whatever_is_logged_after_it(data: st.DataObject,
                                                                profile: Profile,
                                                                count: int) -> None:
    peak = generate_week(profile, WEEK_START).plan
    history = data.draw(histories(peak, count))
    before = weeks_of(peak, profile, count, history)
    past = data.draw(st.integers(0, count - 2))
    end_of_past = dt.datetime.combine(BLOCK_START + (past + 1) * WEEK, dt.time(), dt.UTC)
    later = data.draw(histories(peak, count))
    moved = {slug: [ExerciseSession(log_id=f"later_{s.log_id}",
                                    completed_at=max(s.completed_at, end_of_past),
                                    sets=s.sets) for s in sessions]
             for slug, sessions in later.items()}
    merged = {slug: sorted([*history.get(slug, []), *moved.get(slug, [])],
                           key=lambda x: (x.completed_at, x.log_id), reverse=True)
              for slug in set(history) | set(moved)}
    after = weeks_of(peak, profile, count, merged)
    assert after[:past + 1] == before[:past + 1]
