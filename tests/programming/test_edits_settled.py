"""Edits never rewrite a settled day (a workout already logged, or a date before the user's
today), and never place an event the plan's week cannot reach: both are refused with
`EditRejected` and a reason, or, for a change to the whole week, the settled days are left as
they were (DESIGN D7: a completed workout is history)."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fitcoach.catalog.vocabulary import WEEKDAYS, BodyPart
from fitcoach.programming.calendar import Completion, with_completions
from fitcoach.programming.edits import EditRejected, RejectCode, apply_edit, apply_edits
from fitcoach.programming.edits.operations import AvoidOnDays, ProtectForEvent, ShortenDay
from fitcoach.programming.generator import generate_week
from tests.programming.strategies import (
    ONBOARDING_PROFILE,
    WEEK_START,
    edit_operations,
    profiles,
)

PROPERTY = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
week_offsets = st.integers(min_value=0, max_value=6)


def _attempt(plan, ops, profile, today=None):
    try:
        return apply_edits(plan, ops, profile, week_start=WEEK_START, today=today), None
    except EditRejected as rejected:
        return None, rejected


def _targets(op, settled=frozenset()) -> set:
    """The days the operation names; for `avoid`, when it names only settled days."""
    if isinstance(op, AvoidOnDays):
        return set(op.days) if op.days and set(op.days) <= settled else set()
    sessions = getattr(op, "sessions", None) or {}
    day = getattr(op, "day", None)
    return {*sessions, *sessions.values(), *([day] if day is not None else [])}


@PROPERTY
@given(profiles(), week_offsets, st.data())
def test_no_edit_rewrites_a_day_before_today(profile, offset, data) -> None:
    plan = generate_week(profile, WEEK_START, "en").plan
    today = WEEK_START + dt.timedelta(days=offset)
    past = {d for d in WEEKDAYS if plan.days[d].date < today}
    slugs = tuple(sorted({e.exercise_id for d in plan.days.values() for e in d.exercises}))
    op = data.draw(edit_operations(slugs), label="op")
    result, rejected = _attempt(plan, [op], profile, today)
    if rejected is not None:
        if _targets(op, frozenset(past)) & past:
            assert rejected.code is RejectCode.DAY_PAST
            assert "already past" in rejected.message
        return
    assert not _targets(op, frozenset(past)) & past, "naming a past day must be refused"
    for weekday in past:
        assert result.plan.days[weekday] == plan.days[weekday]
    assert not set(result.changed_days) & past


@PROPERTY
@given(profiles(), st.lists(st.sampled_from(WEEKDAYS), min_size=1, max_size=3, unique=True),
       st.data())
def test_no_edit_rewrites_a_completed_workout(profile, done_days, data) -> None:
    base = generate_week(profile, WEEK_START, "en").plan
    done = {base.days[d].date: Completion(f"log_{d.value}",
                                          dt.datetime.combine(base.days[d].date, dt.time(18),
                                                              tzinfo=dt.UTC))
            for d in done_days}
    plan = with_completions(base, done)
    slugs = tuple(sorted({e.exercise_id for d in plan.days.values() for e in d.exercises}))
    ops = data.draw(st.lists(edit_operations(slugs), min_size=1, max_size=2), label="ops")
    result, rejected = _attempt(plan, ops, profile)
    if rejected is not None:
        if rejected.code is RejectCode.DAY_DONE:
            assert "can't be rewritten" in rejected.message
        return
    for weekday in done_days:
        assert result.plan.days[weekday] == plan.days[weekday]
    assert not set(result.changed_days) & set(done_days)


def test_naming_a_completed_day_is_refused_with_the_reason() -> None:
    profile = ONBOARDING_PROFILE
    base = generate_week(profile, WEEK_START, "en").plan
    monday = base.days[WEEKDAYS[0]]
    plan = with_completions(base, {monday.date: Completion(
        "log_1", dt.datetime(2026, 9, 14, 18, tzinfo=dt.UTC))})
    with pytest.raises(EditRejected) as refused:
        apply_edit(plan, ShortenDay(day=WEEKDAYS[0], minutes=20), profile,
                   week_start=WEEK_START)
    assert refused.value.code is RejectCode.DAY_DONE
    assert "Monday's workout is already done" in refused.value.message


@PROPERTY
@given(profiles(), st.integers(min_value=-60, max_value=60), st.integers(0, 3),
       st.lists(st.sampled_from(tuple(BodyPart)), max_size=2, unique=True).map(tuple))
def test_an_event_the_week_cannot_reach_is_refused(profile, start_offset, length,
                                                     protect) -> None:
    plan = generate_week(profile, WEEK_START, "en").plan
    start = WEEK_START + dt.timedelta(days=start_offset)
    end = start + dt.timedelta(days=length)
    lead_up = 2 if protect else 0
    reaches = start - dt.timedelta(days=lead_up) <= WEEK_START + dt.timedelta(days=6) \
        and end >= WEEK_START
    op = ProtectForEvent(name="Wedding", start=start, end=end, protect=protect)
    _, rejected = _attempt(plan, [op], profile)
    if rejected is not None:
        assert (rejected.code is RejectCode.OUTSIDE_WEEK) is (not reaches)
        if not reaches:
            assert "outside the plan's week" in rejected.message
        return
    assert reaches
