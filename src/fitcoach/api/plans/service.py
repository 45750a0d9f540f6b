"""The user's current plan: the week's plan (`materialise`), from the newest accepted
version, with this week's completions overlaid."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy.orm import Session

from fitcoach.api.plans.materialise import WeekPlan, materialise, resolve
from fitcoach.api.plans.repository import UNREAD, KnownVersion, PlanRepository, StoredPlan
from fitcoach.api.plans.weeks import week_dates
from fitcoach.brain.ports import UserSettings
from fitcoach.programming.calendar import with_completions
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.store.database import Database
from fitcoach.timekeeping import local_week_start


@dataclass(frozen=True, slots=True)
class CurrentPlan:
    version: int
    plan: WeeklyPlan  # with completions overlaid: what the user sees
    base: WeeklyPlan  # without them: what an accepted day edit is applied to
    # Read for the first time and not kept yet (D10): a read-only reader keeps it afterwards.
    unkept: bool = False


def overlay(session: Session, user_id: str, plan: WeeklyPlan) -> WeeklyPlan:
    first, last = week_dates(plan.week_start_date)
    return with_completions(plan, PlanRepository(session).completions(user_id, first, last))


def this_week(session: Session, user_id: str, timezone: str, now: dt.datetime,
              latest_version: KnownVersion = UNREAD) -> tuple[StoredPlan, WeekPlan] | None:
    """The newest version and the current week's plan made from it (not yet kept, the
    first time the week is read: `materialise.materialise` keeps it). `latest_version`: the
    newest version's number when the caller read it in this transaction."""
    stored = PlanRepository(session).latest(user_id, latest_version)
    if stored is None:
        return None
    week_start = local_week_start(now, timezone)
    week = resolve(session, user_id, week_start, week_start, stored, now)
    if week is None:  # the newest version always gives this week a plan
        raise RuntimeError(f"{user_id} has plan version {stored.version} but no week")
    return stored, week


def current_plan(session: Session, user_id: str, timezone: str, now: dt.datetime,
                 latest_version: KnownVersion = UNREAD) -> CurrentPlan | None:
    found = this_week(session, user_id, timezone, now, latest_version)
    if found is None:
        return None
    stored, week = found
    return CurrentPlan(version=stored.version, plan=overlay(session, user_id, week.plan),
                       base=week.plan, unkept=week.storable and not week.stored)


def keep_this_week(database: Database, caller: UserSettings, now: dt.datetime) -> None:
    """Keep the current week if this is its first read (D10), for a reader that reads it in a
    read-only snapshot (a chat turn: the brain answers about that week, so it must stay the
    week the turn saw). Nothing is written once the week is kept, so most calls are one
    read; the write re-reads under the user's lock, so two first reads keep one week."""
    user_id = caller.user_id
    with database.read() as session:
        found = this_week(session, user_id, caller.timezone, now)
    if found is None or found[1].stored or not found[1].storable:
        return
    with database.write(lock_user=user_id) as session:
        found = this_week(session, user_id, caller.timezone, now)
        if found is not None:
            materialise(session, user_id, found[1], now)
