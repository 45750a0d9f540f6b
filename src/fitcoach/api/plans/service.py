"""The user's current plan: the newest accepted version, as it applies to this week."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy.orm import Session

from fitcoach.api.plans.repository import PlanRepository, StoredPlan
from fitcoach.api.plans.weeks import week_dates
from fitcoach.programming.calendar import for_week, with_completions
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.timekeeping import local_week_start


@dataclass(frozen=True, slots=True)
class CurrentPlan:
    version: int
    plan: WeeklyPlan  # with completions overlaid: what the user sees
    base: WeeklyPlan  # without them: what an accepted day edit is applied to


def effective_base(stored: StoredPlan, now: dt.datetime, timezone: str) -> WeeklyPlan:
    """The stored plan on this week's dates when it was made for an earlier week.

    A plan accepted for a later week (on a Sunday, for the week ahead) is shown as it is.
    """
    return for_week(stored.plan, local_week_start(now, timezone))


def overlay(session: Session, user_id: str, plan: WeeklyPlan) -> WeeklyPlan:
    first, last = week_dates(plan.week_start_date)
    return with_completions(plan, PlanRepository(session).completions(user_id, first, last))


def current_plan(session: Session, user_id: str, timezone: str,
                 now: dt.datetime) -> CurrentPlan | None:
    stored = PlanRepository(session).latest(user_id)
    if stored is None:
        return None
    base = effective_base(stored, now, timezone)
    return CurrentPlan(version=stored.version, plan=overlay(session, user_id, base), base=base)
