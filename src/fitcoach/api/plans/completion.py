"""The day a workout log completes (DESIGN D7, revised): the rule is
`programming.calendar.completed_date` and `completes`; this reads the week's plan it needs
(a rest day is left alone) and keeps that week, as a first read would (D10): the completion
lands on the week the user sees, so that week must not change under it later."""

from __future__ import annotations

import datetime as dt

from sqlalchemy.orm import Session

from fitcoach.api.plans.materialise import materialise, resolve
from fitcoach.api.plans.repository import PlanRepository
from fitcoach.brain.ports import UserSettings
from fitcoach.programming.calendar import Completion, completes
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.timekeeping import local_week_start, week_start


def week_holding(session: Session, caller: UserSettings, date: dt.date,
                 now: dt.datetime) -> WeeklyPlan | None:
    """The plan of the week holding `date` (kept if this is its first read, in the caller's
    write transaction); None before the user's first plan."""
    user_id = caller.user_id
    latest = PlanRepository(session).latest(user_id)
    if latest is None:
        return None
    week = resolve(session, user_id, week_start(date), local_week_start(now, caller.timezone),
                   latest, now)
    if week is None:
        return None
    materialise(session, user_id, week, now)
    return week.plan


def complete_day(session: Session, caller: UserSettings, date: dt.date,
                 completion: Completion, now: dt.datetime) -> bool:
    """Mark `date` completed by a log, unless it is already completed or a rest day of its
    week's plan; whether it was marked."""
    plans = PlanRepository(session)
    done = plans.completions(caller.user_id, date, date)
    if not completes(week_holding(session, caller, date, now), date, done):
        return False
    plans.mark_completed(caller.user_id, date, completion)
    return True
