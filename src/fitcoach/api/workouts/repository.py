"""Workout logs and their normalised sets."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any, NamedTuple

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session

from fitcoach.analytics.logs import SetRecord
from fitcoach.api.ids import well_formed
from fitcoach.store.models import WorkoutLogRow, WorkoutSetRow


class LogPosition(NamedTuple):
    """A log's place in the newest-first order: a paging cursor."""

    completed_at: dt.datetime
    log_id: str


class WorkoutRepository:
    def __init__(self, session: Session) -> None:
        self.session = session

    def by_key(self, user_id: str, idempotency_key: str) -> WorkoutLogRow | None:
        return self.session.scalars(
            select(WorkoutLogRow).where(WorkoutLogRow.user_id == user_id,
                                        WorkoutLogRow.idempotency_key == idempotency_key)
        ).one_or_none()

    def add(self, log: WorkoutLogRow, exercises: Sequence[tuple[str, Sequence[SetRecord]]]
            ) -> None:
        self.session.add(log)
        self.session.flush()  # the sets' foreign key needs the log row
        self.session.add_all(
            WorkoutSetRow(user_id=log.user_id, log_id=log.id, exercise_id=exercise_id,
                          exercise_position=position, set_index=index,
                          weight_lbs=record.weight_lbs, reps=record.reps, rpe=record.rpe,
                          completed_at=log.completed_at)
            for position, (exercise_id, records) in enumerate(exercises)
            for index, record in enumerate(records))

    def position(self, user_id: str, log_id: str) -> LogPosition | None:
        """Where one of the user's logs sorts (time, id); None for anyone else's or none."""
        if not well_formed(log_id):
            return None
        row = self.session.execute(
            select(WorkoutLogRow.completed_at, WorkoutLogRow.id)
            .where(WorkoutLogRow.user_id == user_id, WorkoutLogRow.id == log_id)).one_or_none()
        return None if row is None else LogPosition(row.completed_at, row.id)

    def recent(self, user_id: str, limit: int, exercise_id: str | None = None, *,
               before: LogPosition | None = None) -> list[WorkoutLogRow]:
        """The newest logs (newest time first, then greatest id), optionally only those with
        sets of one exercise, and with `before` only those that sort after that log."""
        logs = WorkoutLogRow
        query = select(logs).where(logs.user_id == user_id)
        if before is not None:
            query = query.where(or_(
                logs.completed_at < before.completed_at,
                and_(logs.completed_at == before.completed_at, logs.id < before.log_id)))
        if exercise_id is not None:
            sets = WorkoutSetRow
            mine = [sets.user_id == user_id, sets.exercise_id == exercise_id]
            if before is not None:
                mine.append(sets.completed_at <= before.completed_at)
            # The newest distinct times walk (user, exercise, time) backwards; every set of
            # a log carries the log's time, so they are the newest logs with the exercise.
            # One time more than the page: the cursor's own time may have no log left.
            times = self.session.scalars(
                select(sets.completed_at).where(*mine).distinct()
                .order_by(sets.completed_at.desc())
                .limit(limit + (before is not None))).all()
            if not times:
                return []
            ids = self.session.scalars(
                select(sets.log_id).where(*mine, sets.completed_at >= min(times)).distinct()
            ).all()
            query = query.where(logs.id.in_(ids))
        return list(self.session.scalars(
            query.order_by(logs.completed_at.desc(), logs.id.desc()).limit(limit)))

    def sets_of(self, log_ids: Sequence[str]) -> dict[str, list[dict[str, Any]]]:
        """log id → its sets in logged order, as plain rows."""
        if not log_ids:
            return {}
        rows = self.session.execute(
            select(WorkoutSetRow.log_id, WorkoutSetRow.exercise_id,
                   WorkoutSetRow.exercise_position, WorkoutSetRow.weight_lbs,
                   WorkoutSetRow.reps, WorkoutSetRow.rpe)
            .where(WorkoutSetRow.log_id.in_(log_ids))
            .order_by(WorkoutSetRow.log_id, WorkoutSetRow.exercise_position,
                      WorkoutSetRow.set_index)).all()
        grouped: dict[str, list[dict[str, Any]]] = {}
        for log_id, exercise_id, position, weight_lbs, reps, rpe in rows:
            grouped.setdefault(log_id, []).append(
                {"exercise_id": exercise_id, "position": position, "weight_lbs": weight_lbs,
                 "reps": reps, "rpe": rpe})
        return grouped


def new_log_row(log_id: str, user_id: str, idempotency_key: str | None, request_hash: str,
                completed_at: dt.datetime, day: str, local_date: dt.date,
                now: dt.datetime, new_prs: list[Any] | None = None) -> WorkoutLogRow:
    return WorkoutLogRow(id=log_id, user_id=user_id, idempotency_key=idempotency_key,
                         request_hash=request_hash, completed_at=completed_at, day=day,
                         local_date=local_date, new_prs=new_prs or [], created_at=now)
