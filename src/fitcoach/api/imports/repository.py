"""Imports, imported logs and kept sets, written in bulk (a 10k-set file is one import)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import Table, select
from sqlalchemy.orm import Session

from fitcoach.store.models import ImportRow, KeptSetRow, WorkoutLogRow, WorkoutSetRow

_KEY_BATCH = 500  # bound parameters per IN (…): well under every driver's limit


class ImportRepository:
    def __init__(self, session: Session) -> None:
        self.session = session

    def existing_keys(self, user_id: str, keys: Sequence[str]) -> set[str]:
        found: set[str] = set()
        for start in range(0, len(keys), _KEY_BATCH):
            batch = keys[start:start + _KEY_BATCH]
            found.update(self.session.scalars(
                select(WorkoutLogRow.idempotency_key).where(
                    WorkoutLogRow.user_id == user_id,
                    WorkoutLogRow.idempotency_key.in_(batch))))
        return found

    def import_of(self, user_id: str, keys: Sequence[str]) -> str | None:
        """The latest import that brought in a workout with one of these keys."""
        return self.session.scalar(
            select(WorkoutLogRow.import_id).where(
                WorkoutLogRow.user_id == user_id, WorkoutLogRow.import_id.is_not(None),
                WorkoutLogRow.idempotency_key.in_(keys[:_KEY_BATCH]))
            .order_by(WorkoutLogRow.created_at.desc()).limit(1))

    def add_logs(self, logs: list[dict[str, Any]], sets: list[dict[str, Any]],
                 kept: list[dict[str, Any]]) -> None:
        # Core executemany on the tables: the driver's own batch, with none of the ORM's
        # per-row bookkeeping (nothing here needs the rows' generated ids back).
        for model, rows in ((WorkoutLogRow, logs), (WorkoutSetRow, sets), (KeptSetRow, kept)):
            if rows:
                self.session.execute(cast(Table, model.__table__).insert(), rows)

    def add_import(self, import_id: str, user_id: str, source: str, workouts: int, sets: int,
                   skipped: int, unmapped: list[dict[str, Any]], now: dt.datetime) -> None:
        self.session.add(ImportRow(id=import_id, user_id=user_id, source=source,
                                   workouts=workouts, sets=sets, skipped_duplicates=skipped,
                                   unmapped=unmapped, created_at=now))
