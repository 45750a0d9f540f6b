"""Every row of one user, table by table, for the export."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from fitcoach.store.models import (
    ChatMessageRow,
    DayCompletionRow,
    ImportRow,
    KeptSetRow,
    MemoryAuditRow,
    MemoryItemRow,
    PersonalRecordRow,
    PlanVersionRow,
    PlanWeekRow,
    ProposalRow,
    User,
    WorkoutLogRow,
    WorkoutSetRow,
)

# table → the columns it is read in order of (oldest first, as a history reads).
_TABLES: dict[str, tuple[Any, tuple[Any, ...]]] = {
    "memory_items": (MemoryItemRow, (MemoryItemRow.created_at, MemoryItemRow.id)),
    "memory_audit": (MemoryAuditRow, (MemoryAuditRow.id,)),
    "proposals": (ProposalRow, (ProposalRow.created_at, ProposalRow.id)),
    "plan_versions": (PlanVersionRow, (PlanVersionRow.version,)),
    "plan_weeks": (PlanWeekRow, (PlanWeekRow.week_start_date,)),  # each week as first shown
    "day_completions": (DayCompletionRow, (DayCompletionRow.date,)),
    "workout_logs": (WorkoutLogRow, (WorkoutLogRow.completed_at, WorkoutLogRow.id)),
    "workout_sets": (WorkoutSetRow, (WorkoutSetRow.log_id, WorkoutSetRow.exercise_position,
                                     WorkoutSetRow.set_index)),
    "kept_sets": (KeptSetRow, (KeptSetRow.log_id, KeptSetRow.exercise_position,
                               KeptSetRow.set_index)),
    "personal_records": (PersonalRecordRow, (PersonalRecordRow.exercise_id,)),
    "imports": (ImportRow, (ImportRow.created_at, ImportRow.id)),
    "chat_messages": (ChatMessageRow, (ChatMessageRow.id,)),
}
# Internal bookkeeping, not the user's data.
_LEFT_OUT = frozenset({"user_id", "request_hash"})


def _plain(row: Any) -> dict[str, Any]:
    return {column.key: getattr(row, column.key) for column in row.__mapper__.column_attrs
            if column.key not in _LEFT_OUT}


class ExportRepository:
    def __init__(self, session: Session) -> None:
        self.session = session

    def user(self, user_id: str) -> dict[str, Any] | None:
        row = self.session.get(User, user_id)
        return None if row is None else _plain(row)

    def table(self, name: str, user_id: str) -> list[dict[str, Any]]:
        model, order = _TABLES[name]
        return [_plain(row) for row in self.session.scalars(
            select(model).where(model.user_id == user_id).order_by(*order))]

    def tables(self) -> tuple[str, ...]:
        return tuple(_TABLES)

    def log_sets(self, user_id: str) -> list[tuple[Any, ...]]:
        """Every set with its log, in log time order: the rows of the CSV export. Working
        sets and kept sets (warm-ups, exercises outside the catalog) alike."""
        logs = WorkoutLogRow
        tracked = select(logs.completed_at, logs.id, logs.day, WorkoutSetRow.exercise_id,
                         WorkoutSetRow.exercise_id.label("name"),
                         WorkoutSetRow.exercise_position, WorkoutSetRow.set_index,
                         WorkoutSetRow.weight_lbs, WorkoutSetRow.reps, WorkoutSetRow.rpe,
                         False  # type: ignore[call-overload]  # a literal column: SQLAlchemy's stubs take only expressions
                         ).join(WorkoutSetRow, WorkoutSetRow.log_id == logs.id)
        kept = select(logs.completed_at, logs.id, logs.day, KeptSetRow.exercise_id,
                      KeptSetRow.exercise_name, KeptSetRow.exercise_position,
                      KeptSetRow.set_index, KeptSetRow.weight_lbs, KeptSetRow.reps,
                      KeptSetRow.rpe, KeptSetRow.warmup
                      ).join(KeptSetRow, KeptSetRow.log_id == logs.id)
        rows: list[tuple[Any, ...]] = []
        for query in (tracked, kept):
            rows.extend(tuple(r) for r in self.session.execute(
                query.where(logs.user_id == user_id)))
        # Warm-ups first within an exercise, as they were done.
        rows.sort(key=lambda r: (r[0], r[1], r[5], not r[10], r[6]))
        return rows
