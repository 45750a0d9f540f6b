"""Reading one exercise's personal records."""

from __future__ import annotations

from fitcoach.api.errors import NotFound
from fitcoach.api.records.repository import RecordRepository
from fitcoach.api.records.schemas import RecordsView
from fitcoach.catalog import CATALOG
from fitcoach.store.database import Database


def records_of(database: Database, user_id: str, slug: str) -> RecordsView:
    if slug not in CATALOG:
        raise NotFound(f"no exercise {slug!r} in the encyclopedia")
    with database.read() as session:
        records = RecordRepository(session).get(user_id, slug)
    if records is None:
        return RecordsView(exercise_id=slug)
    return RecordsView(exercise_id=slug, estimated_1rm=records.estimated_1rm,
                       max_weight_set=records.max_weight_set, rep_records=records.rep_records)
