"""The body of GET /api/prs/{slug}: the analytics' records without the exercise id."""

from __future__ import annotations

from pydantic import BaseModel

from fitcoach.analytics.records import RecordSet


class RecordsView(BaseModel):
    exercise_id: str
    estimated_1rm: RecordSet | None = None
    max_weight_set: RecordSet | None = None
    rep_records: dict[int, RecordSet] = {}  # pydantic copies mutable defaults
