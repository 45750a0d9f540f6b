"""The rows the progress view reads: one user's sets and logs inside a time window.

Both queries walk an index that starts with `(user_id, completed_at)`, so they read only the
window's rows, whatever the length of the history.
"""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from fitcoach.analytics.logs import SetRecord
from fitcoach.store.models import WorkoutLogRow, WorkoutSetRow


class WindowSet(NamedTuple):
    log_id: str
    completed_at: dt.datetime
    exercise_id: str
    record: SetRecord


class WindowLog(NamedTuple):
    log_id: str
    completed_at: dt.datetime
    records_broken: int


class ProgressRepository:
    def __init__(self, session: Session) -> None:
        self.session = session

    def sets_between(self, user_id: str, start: dt.datetime, end: dt.datetime
                     ) -> list[WindowSet]:
        """The user's sets logged in [start, end), in logged order within each log."""
        sets = WorkoutSetRow
        rows = self.session.execute(
            select(sets.log_id, sets.completed_at, sets.exercise_id, sets.weight_lbs,
                   sets.reps, sets.rpe)
            .where(sets.user_id == user_id, sets.completed_at >= start,
                   sets.completed_at < end)
            .order_by(sets.completed_at, sets.log_id, sets.exercise_position,
                      sets.set_index)).all()
        return [WindowSet(log_id, at, slug,
                          SetRecord(weight_lbs=weight, reps=reps, rpe=rpe))
                for log_id, at, slug, weight, reps, rpe in rows]

    def sets_of_exercise(self, user_id: str, exercise_id: str,
                         limit: int | None = None) -> list[WindowSet]:
        """All the user's sets of one exercise, in logged order within each log; walks the
        `(user_id, exercise_id, completed_at)` index. `limit` caps the rows read (newest)."""
        sets = WorkoutSetRow
        query = (select(sets.log_id, sets.completed_at, sets.exercise_id, sets.weight_lbs,
                        sets.reps, sets.rpe)
                 .where(sets.user_id == user_id, sets.exercise_id == exercise_id)
                 .order_by(sets.completed_at.desc(), sets.log_id.desc(),
                           sets.exercise_position.desc(), sets.set_index.desc()))
        if limit is not None:
            query = query.limit(limit)
        rows = self.session.execute(query).all()
        return [WindowSet(log_id, at, slug,
                          SetRecord(weight_lbs=weight, reps=reps, rpe=rpe))
                for log_id, at, slug, weight, reps, rpe in reversed(rows)]

    def logs_between(self, user_id: str, start: dt.datetime, end: dt.datetime
                     ) -> list[WindowLog]:
        logs = WorkoutLogRow
        rows = self.session.execute(
            select(logs.id, logs.completed_at, logs.new_prs)
            .where(logs.user_id == user_id, logs.completed_at >= start,
                   logs.completed_at < end)
            .order_by(logs.completed_at, logs.id)).all()
        return [WindowLog(log_id, at, len(new_prs or ()))
                for log_id, at, new_prs in rows]

    def count_logs(self, user_id: str) -> int:
        return self.session.scalar(
            select(func.count()).select_from(WorkoutLogRow)
            .where(WorkoutLogRow.user_id == user_id)) or 0

