"""Calendar rules: carrying a plan forward, placing an accepted day, overlaying completions."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from fitcoach.catalog.vocabulary import Weekday
from fitcoach.programming.calendar import (
    Completion,
    carry_forward,
    completed_date,
    completes,
    for_week,
    place_day,
    with_completions,
)
from fitcoach.programming.plan import DayStatus
from fitcoach.programming.validator import Code, validate_week
from tests.programming.builders import SEED_MONDAY, block, day, planned, week

MON, WED = Weekday.MONDAY, Weekday.WEDNESDAY


def _plan():
    return week({MON: [block(planned("push-up", sets=3, reps="10-15"))],
                 WED: [block(planned("goblet-squat", sets=3))]})


def test_placing_a_day_keeps_the_summary_adding_up() -> None:
    plan = _plan()
    longer = day(MON, [block(planned("push-up", sets=4, reps="10-15")),
                       block(planned("plank", sets=3, reps="30-45s", rest=45))])
    placed = place_day(plan, MON, longer)
    assert placed.days[MON].blocks == longer.blocks
    assert placed.summary.total_time_minutes == (
        longer.duration_minutes + plan.days[WED].duration_minutes)
    assert Code.SUMMARY_MISMATCH not in validate_week(placed).codes()


def test_a_placed_day_takes_the_plans_date_and_is_scheduled_again() -> None:
    plan = _plan()
    next_week_monday = day(MON, [block(planned("push-up"))], start=SEED_MONDAY
                           + dt.timedelta(days=7)).model_copy(
        update={"status": DayStatus.COMPLETED, "completed_log_id": "log_1"})
    placed = place_day(plan, MON, next_week_monday)
    assert placed.days[MON].date == SEED_MONDAY
    assert placed.days[MON].status is DayStatus.SCHEDULED
    assert placed.days[MON].completed_log_id is None


def test_carrying_forward_moves_every_date_by_whole_weeks_and_resets_status() -> None:
    done = with_completions(_plan(), {SEED_MONDAY: Completion(
        "log_1", dt.datetime(2026, 9, 14, 18, tzinfo=dt.UTC))})
    assert done.days[MON].status is DayStatus.COMPLETED
    later = carry_forward(done, SEED_MONDAY + dt.timedelta(days=14))
    assert later.week_start_date == dt.date(2026, 9, 28)
    assert later.days[WED].date == dt.date(2026, 9, 30)
    assert later.days[MON].status is DayStatus.SCHEDULED
    assert later.days[MON].completed_at is None


def test_completions_mark_only_their_dates() -> None:
    stamped = with_completions(_plan(), {dt.date(2026, 9, 16): Completion(
        "log_9", dt.datetime(2026, 9, 16, 7, tzinfo=dt.UTC))})
    assert stamped.days[WED].completed_log_id == "log_9"
    assert stamped.days[MON].status is DayStatus.SCHEDULED


@given(st.integers(min_value=-8, max_value=8))
def test_a_plan_applies_to_a_week_carried_forward_never_back(weeks: int) -> None:
    plan = _plan()
    target = SEED_MONDAY + dt.timedelta(weeks=weeks)
    applied = for_week(plan, target)
    if weeks <= 0:  # this week's plan, or one accepted ahead for a later week
        assert applied == plan
        return
    assert applied.week_start_date == target
    assert [d.date for d in applied.days.values()] == [
        target + dt.timedelta(days=i) for i in range(7)]
    assert all(d.status is DayStatus.SCHEDULED for d in applied.days.values())
    assert [d.blocks for d in applied.days.values()] == [d.blocks for d in plan.days.values()]


@given(logged_on=st.dates(min_value=dt.date(2000, 1, 1), max_value=dt.date(2100, 1, 1)),
       day=st.sampled_from(list(Weekday)))
def test_a_log_completes_that_day_of_its_own_week(logged_on: dt.date, day: Weekday) -> None:
    done = completed_date(logged_on, day)
    assert done.weekday() == day.index
    monday = logged_on - dt.timedelta(days=logged_on.weekday())  # written apart from the rule
    assert monday <= done <= monday + dt.timedelta(days=6)


def test_a_log_without_a_day_completes_its_own_date() -> None:
    monday = dt.date(2026, 9, 14)
    assert completed_date(monday) == monday
    assert completed_date(monday, Weekday.MONDAY) == monday
    assert completed_date(monday, Weekday.SUNDAY) == dt.date(2026, 9, 20)  # done early
    tuesday = dt.date(2026, 9, 15)
    assert completed_date(tuesday, Weekday.THURSDAY) == dt.date(2026, 9, 17)
    assert completed_date(dt.date(2026, 9, 20), Weekday.TUESDAY) == tuesday  # done late


def test_a_completed_or_rest_day_is_not_completed_again() -> None:
    plan = _plan()  # Monday and Wednesday train; the rest of SEED_MONDAY's week rests
    monday = plan.days[MON].date
    wednesday = plan.days[WED].date
    tuesday = monday + dt.timedelta(days=1)
    assert completes(plan, monday, set())
    assert not completes(plan, monday, {monday})
    assert not completes(plan, tuesday, set())
    assert completes(plan, wednesday, {monday})
    assert completes(None, tuesday, set())  # no plan: no rest day known
    assert completes(plan, tuesday + dt.timedelta(days=7), set())  # another week's plan


