"""Plan versions (append-only) and the day-completion overlay."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from fitcoach.api.plans.cache import PLANS
from fitcoach.programming.calendar import Completion
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.store.models import DayCompletionRow, PlanVersionRow


@dataclass(frozen=True, slots=True)
class StoredPlan:
    version: int
    plan: WeeklyPlan


class PlanRepository:
    def __init__(self, session: Session) -> None:
        self.session = session

    def latest_version(self, user_id: str) -> int | None:
        return self.session.scalar(
            select(func.max(PlanVersionRow.version)).where(PlanVersionRow.user_id == user_id))

    def latest(self, user_id: str) -> StoredPlan | None:
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
        rows = self.session.scalars(
            select(DayCompletionRow).where(DayCompletionRow.user_id == user_id,
                                           DayCompletionRow.date >= first,
                                           DayCompletionRow.date <= last))
        return {row.date: Completion(row.log_id, row.completed_at) for row in rows}

    def mark_completed(self, user_id: str, date: dt.date, completion: Completion) -> None:
        """The latest log of a date is the one the day points at."""
        row = self.session.get(DayCompletionRow, (user_id, date))
        if row is None:
            self.session.add(DayCompletionRow(user_id=user_id, date=date,
                                              log_id=completion.log_id,
                                              completed_at=completion.completed_at))
        elif completion.completed_at >= row.completed_at:
            row.log_id = completion.log_id
            row.completed_at = completion.completed_at
