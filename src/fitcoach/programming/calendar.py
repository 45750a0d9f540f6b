"""A weekly plan on the calendar: carried to a new week, a day placed into it, completions,
and the days that are settled (done or past) and so no edit may rewrite.

The HTTP service, the terminal session and the evaluation suite all place accepted days and
carry plans forward the same way, so the rules live here once.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Container, Mapping
from typing import NamedTuple

from fitcoach.catalog.vocabulary import WEEKDAYS, Weekday
from fitcoach.programming.metrics import week_summary
from fitcoach.programming.plan import DayPlan, DayStatus, WeeklyPlan
from fitcoach.timekeeping import week_start as monday_of


class Completion(NamedTuple):
    log_id: str
    completed_at: dt.datetime


def date_in_week(week_start: dt.date, weekday: Weekday) -> dt.date:
    return week_start + dt.timedelta(days=weekday.index)


def completed_date(logged_on: dt.date, day: Weekday | None = None) -> dt.date:
    """The plan date a workout log completes (DESIGN D7, revised), from the log's own local
    date `logged_on` and the planned `day` it names, if any: that day of the week the log
    was done in (weeks start on Monday), whether it was done earlier or later than planned
    ("Thursday's session on Tuesday" completes this week's Thursday); without a `day`,
    `logged_on` itself."""
    if day is None:
        return logged_on
    return monday_of(logged_on) + dt.timedelta(days=day.index)


def completes(plan: WeeklyPlan | None, date: dt.date, done: Container[dt.date]) -> bool:
    """Whether a log for `date` marks it completed (D7): not a day already completed (the
    first log of a day is the one it points at), nor a rest day of the week's `plan`. With
    no plan for that week there is no rest day to respect; the date is marked, and a plan
    accepted later that week shows it done. Either way the log itself still counts."""
    if date in done:
        return False
    if plan is None or plan.week_start_date != monday_of(date):
        return True
    day = plan.days.get(WEEKDAYS[date.weekday()])
    return day is not None and day.is_training_day


def scheduled(day: DayPlan, date: dt.date) -> DayPlan:
    """The day on `date`, not yet done (the state every proposed day is in)."""
    return day.model_copy(update={"date": date, "status": DayStatus.SCHEDULED,
                                  "completed_log_id": None, "completed_at": None})


def as_proposed(plan: WeeklyPlan) -> WeeklyPlan:
    """The plan in a proposal's form: every day scheduled, no completion (DESIGN D2). A
    completion is a fact about a date, overlaid when a plan is read, never part of one."""
    return plan.model_copy(update={"days": {
        weekday: scheduled(day, day.date) for weekday, day in plan.days.items()}})


def carry_forward(plan: WeeklyPlan, week_start: dt.date) -> WeeklyPlan:
    """The same training week on the dates of `week_start`'s week, every day scheduled."""
    if plan.week_start_date == week_start:
        return plan
    days = {weekday: scheduled(day, date_in_week(week_start, weekday))
            for weekday, day in plan.days.items()}
    return plan.model_copy(update={"week_start_date": week_start, "days": days})


def for_week(plan: WeeklyPlan, week_start: dt.date) -> WeeklyPlan:
    """The accepted plan as it applies to the week of `week_start`: carried onto its dates
    when it was made for an earlier week; a plan accepted for a later week (on a Sunday, for
    the week ahead) as it is. This is the plan an accepted day edit is placed into."""
    if plan.week_start_date < week_start:
        return carry_forward(plan, week_start)
    return plan


def place_day(plan: WeeklyPlan, weekday: Weekday, day: DayPlan) -> WeeklyPlan:
    """An accepted day in its slot, on the plan's date for that weekday, with the week's
    summary recomputed so the stored plan still adds up."""
    days = {**plan.days, weekday: scheduled(day, date_in_week(plan.week_start_date, weekday))}
    return plan.model_copy(update={"days": days, "summary": week_summary(days)})


def with_completions(plan: WeeklyPlan, completions: Mapping[dt.date, Completion]) -> WeeklyPlan:
    """Mark the days a workout was logged on as completed, with the log and its time."""
    days = dict(plan.days)
    for weekday, day in plan.days.items():
        done = completions.get(day.date)
        if done is not None:
            days[weekday] = day.model_copy(update={
                "status": DayStatus.COMPLETED, "completed_log_id": done.log_id,
                "completed_at": done.completed_at})
    return plan.model_copy(update={"days": days})


def is_done(day: DayPlan) -> bool:
    return day.status is DayStatus.COMPLETED or day.completed_log_id is not None


def settled_days(plan: WeeklyPlan, today: dt.date | None) -> frozenset[Weekday]:
    """The days an edit must leave as they are: a workout already logged (a completed
    workout is history, not a plan), and, given the user's `today`, every earlier date."""
    return frozenset(d for d in WEEKDAYS if d in plan.days and (
        is_done(plan.days[d]) or (today is not None and plan.days[d].date < today)))
