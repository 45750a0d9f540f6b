"""The plan as the user sees it this week: carried forward and with completions overlaid.

Both are computed on read. A stored plan version is never rewritten for a new week or a
logged workout: only Accept writes a plan (DESIGN D6).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from fitcoach.catalog.vocabulary import WEEKDAYS, Weekday
from fitcoach.programming.plan import DayPlan, DayStatus, WeeklyPlan, week_start_of


@dataclass(frozen=True, slots=True)
class Completion:
    log_id: str
    completed_at: dt.datetime


def local_date(moment: dt.datetime, timezone: str) -> dt.date:
    return moment.astimezone(ZoneInfo(timezone)).date()


def current_week_start(now: dt.datetime, timezone: str) -> dt.date:
    """Monday of the user's current week, in their time zone (DESIGN D4)."""
    return week_start_of(local_date(now, timezone))


def date_in_week(week_start: dt.date, weekday: Weekday) -> dt.date:
    return week_start + dt.timedelta(days=weekday.index)


def _scheduled(day: DayPlan, date: dt.date) -> DayPlan:
    return day.model_copy(update={"date": date, "status": DayStatus.SCHEDULED,
                                  "completed_log_id": None, "completed_at": None})


def carry_forward(plan: WeeklyPlan, week_start: dt.date) -> WeeklyPlan:
    """The same training week on the dates of `week_start`'s week, every day scheduled."""
    if plan.week_start_date == week_start:
        return plan
    days = {weekday: _scheduled(day, date_in_week(week_start, weekday))
            for weekday, day in plan.days.items()}
    return plan.model_copy(update={"week_start_date": week_start, "days": days})


def place_day(plan: WeeklyPlan, weekday: Weekday, day: DayPlan) -> WeeklyPlan:
    """Put a day object into its slot of `plan`, on that plan's date for the weekday."""
    return plan.with_day(weekday, _scheduled(day, date_in_week(plan.week_start_date, weekday)))


def with_completions(plan: WeeklyPlan, completions: dict[dt.date, Completion]) -> WeeklyPlan:
    """Mark the days a workout was logged on as completed, with the log and its time."""
    days = dict(plan.days)
    for weekday in WEEKDAYS:
        day = days.get(weekday)
        done = completions.get(day.date) if day is not None else None
        if day is not None and done is not None:
            days[weekday] = day.model_copy(update={
                "status": DayStatus.COMPLETED, "completed_log_id": done.log_id,
                "completed_at": done.completed_at})
    return plan.model_copy(update={"days": days})


def week_dates(week_start: dt.date) -> tuple[dt.date, dt.date]:
    return week_start, week_start + dt.timedelta(days=6)
