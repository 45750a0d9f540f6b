"""`programming.loads.with_loads`: each planned exercise gets its load and last session from
the sessions before its own day, the dumbbell cap applies to dumbbell work only, and an
exercise without history carries no load, even one the plan was generated with."""

from __future__ import annotations

import datetime as dt

from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.catalog.vocabulary import WEEKDAYS, Unit, Weekday
from fitcoach.programming.loads import with_loads
from fitcoach.programming.plan import WeeklyPlan
from tests.programming.builders import SEED_MONDAY, block, planned, week

UTC = dt.UTC


def _starts(plan: WeeklyPlan) -> dict[Weekday, dt.datetime]:
    return {d: dt.datetime.combine(plan.days[d].date, dt.time(), UTC) for d in WEEKDAYS
            if d in plan.days}


def _session(log_id: str, when: dt.datetime, weight: float, *reps: int) -> ExerciseSession:
    return ExerciseSession(log_id=log_id, completed_at=when, sets=tuple(
        SetRecord(weight_lbs=weight, reps=r, rpe=7) for r in reps))


def _first(plan: WeeklyPlan, weekday: Weekday):
    return plan.days[weekday].blocks[0].exercises[0]


def test_each_day_sees_only_the_sessions_before_it() -> None:
    plan = week({Weekday.MONDAY: [block(planned("goblet-squat"))],
                 Weekday.THURSDAY: [block(planned("goblet-squat"))]})
    monday = dt.datetime.combine(SEED_MONDAY, dt.time(18), UTC)
    history = {"goblet-squat": [
        _session("log_b", monday, 50, 10, 10, 10),  # logged on Monday itself
        _session("log_a", monday - dt.timedelta(days=7), 45, 10, 10, 10)]}
    shown = with_loads(plan, history, _starts(plan), Unit.LB)
    on_monday, on_thursday = _first(shown, Weekday.MONDAY), _first(shown, Weekday.THURSDAY)
    assert on_monday.target_weight_lbs == 50  # from the week before: 45 → 50
    assert on_monday.last is not None
    assert on_monday.last.completed_at == monday - dt.timedelta(days=7)
    assert on_thursday.target_weight_lbs == 55  # from Monday's 50
    assert on_thursday.last is not None
    assert [s.weight_lbs for s in on_thursday.last.sets] == [50, 50, 50]


def test_the_dumbbell_cap_applies_to_dumbbells_only() -> None:
    plan = week({Weekday.MONDAY: [block(planned("goblet-squat"),
                                        planned("barbell-back-squat"))]})
    before = dt.datetime.combine(SEED_MONDAY, dt.time(), UTC) - dt.timedelta(days=2)
    history = {"goblet-squat": [_session("l1", before, 50, 10, 10)],
               "barbell-back-squat": [_session("l1", before, 135, 10, 10)]}
    shown = with_loads(plan, history, _starts(plan), Unit.LB, max_dumbbell_lbs=50)
    goblet, squat = shown.days[Weekday.MONDAY].blocks[0].exercises
    assert goblet.target_weight_lbs == 50
    assert squat.target_weight_lbs == 140


def test_without_history_there_is_no_load_and_no_last() -> None:
    generated = planned("goblet-squat").model_copy(update={"target_weight_lbs": 60.0})
    plan = week({Weekday.MONDAY: [block(generated, planned("push-up"))]})
    before = dt.datetime.combine(SEED_MONDAY, dt.time(), UTC) - dt.timedelta(days=1)
    shown = with_loads(plan, {"push-up": [_session("l1", before, 0, 15, 12)]}, _starts(plan),
                       Unit.LB)
    goblet, push_up = shown.days[Weekday.MONDAY].blocks[0].exercises
    assert goblet.target_weight_lbs is None
    assert goblet.last is None
    assert "last" not in goblet.model_dump(mode="json")
    assert push_up.target_weight_lbs is None  # bodyweight: its last session, no load
    assert push_up.last is not None
    assert [s.reps for s in push_up.last.sets] == [15, 12]
