"""Plan versions (append-only) and the day-completion overlay."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final, Literal

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from fitcoach.api.plans.cache import PLANS
from fitcoach.programming.calendar import Completion
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.store import lean
from fitcoach.store.models import DayCompletionRow, PlanVersionRow


class _Unread(Enum):
    UNREAD = "unread"


# The newest version is not known yet: `latest` reads it (a chat turn reads it beside the
# token lookup, `coach.heads`, and passes it in).
UNREAD: Final = _Unread.UNREAD
KnownVersion = int | None | Literal[_Unread.UNREAD]


@dataclass(frozen=True, slots=True)
class StoredPlan:
    version: int
    plan: WeeklyPlan


class PlanRepository:
    def __init__(self, session: Session) -> None:
        self.session = session

    def latest_version(self, user_id: str) -> int | None:
        self.session.flush()  # what this transaction wrote counts (as with autoflush)
        return lean.scalar(self.session, _LATEST_VERSION, {"user_id": user_id})

    def latest(self, user_id: str, version: KnownVersion = UNREAD) -> StoredPlan | None:
        """The newest version (`version`: its number when the caller has read it in this
        transaction; None when it found none)."""
        if version is UNREAD:
            version = self.latest_version(user_id)
        return None if version is None else self.get(user_id, version)

    def get(self, user_id: str, version: int) -> StoredPlan | None:
        def load() -> dict[str, Any]:
            data = self.session.scalar(
                select(PlanVersionRow.plan).where(PlanVersionRow.user_id == user_id,
                                                  PlanVersionRow.version == version))
            if data is None:
                raise LookupError(f"no plan version {version} of {user_id}")
            return data

        try:
            plan = PLANS.get_or_parse(user_id, version, load)
        except LookupError:
            return None
        return StoredPlan(version=version, plan=plan)

    def add(self, user_id: str, version: int, plan: WeeklyPlan, proposal_id: str | None,
            now: dt.datetime) -> None:
        self.session.add(PlanVersionRow(
            user_id=user_id, version=version, week_start_date=plan.week_start_date,
            plan=plan.model_dump(mode="json"), proposal_id=proposal_id, created_at=now))

    def completions(self, user_id: str, first: dt.date, last: dt.date
                    ) -> dict[dt.date, Completion]:
        self.session.flush()
        rows = lean.rows(self.session, _COMPLETIONS,
                         {"user_id": user_id, "first": first, "last": last})
        return {date: Completion(log_id, completed_at) for date, log_id, completed_at in rows}

    def mark_completed(self, user_id: str, date: dt.date, completion: Completion) -> None:
        """The first log of a date is the one the day points at (D7: a day already
        completed is left alone; `programming.calendar.completes`)."""
        if self.session.get(DayCompletionRow, (user_id, date)) is None:
            self.session.add(DayCompletionRow(user_id=user_id, date=date,
                                              log_id=completion.log_id,
                                              completed_at=completion.completed_at))


# Built once (Core, on the tables): every chat turn and plan read runs both.
_VERSIONS = PlanVersionRow.__table__
_DONE = DayCompletionRow.__table__
_LATEST_VERSION = select(func.max(_VERSIONS.c.version)).where(
    _VERSIONS.c.user_id == bindparam("user_id"))
_COMPLETIONS = select(_DONE.c.date, _DONE.c.log_id, _DONE.c.completed_at).where(
    _DONE.c.user_id == bindparam("user_id"), _DONE.c.date >= bindparam("first"),
    _DONE.c.date <= bindparam("last"))
