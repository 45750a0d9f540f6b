"""Personal records per (user, exercise), with the latest session's top set beside them."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select
from sqlalchemy.orm import Session

from fitcoach.analytics.logs import SetRecord
from fitcoach.analytics.records import PersonalRecords
from fitcoach.store.models import PersonalRecordRow


class RecordRepository:
    def __init__(self, session: Session) -> None:
        self.session = session

    def get(self, user_id: str, exercise_id: str) -> PersonalRecords | None:
        data = self.session.scalar(
            select(PersonalRecordRow.records).where(PersonalRecordRow.user_id == user_id,
                                                    PersonalRecordRow.exercise_id == exercise_id))
        return None if data is None else PersonalRecords.model_validate(data)

    def save(self, user_id: str, records: PersonalRecords, top_set: SetRecord | None,
             logged_at: dt.datetime, now: dt.datetime) -> None:
        """Store the records; the top set replaces the stored one only if it is newer (a
        back-dated log must not pass for the latest session)."""
        row = self.session.get(PersonalRecordRow, (user_id, records.exercise_id))
        data = records.model_dump(mode="json")
        if row is None:
            if top_set is None:
                return  # nothing with a rep in it was ever logged: no records to keep
            self.session.add(PersonalRecordRow(
                user_id=user_id, exercise_id=records.exercise_id, records=data,
                last_top_weight_lbs=top_set.weight_lbs, last_top_reps=top_set.reps,
                last_top_rpe=top_set.rpe, last_logged_at=logged_at, updated_at=now))
            return
        row.records = data
        row.updated_at = now
        if top_set is not None and logged_at >= row.last_logged_at:
            row.last_top_weight_lbs = top_set.weight_lbs
            row.last_top_reps = top_set.reps
            row.last_top_rpe = top_set.rpe
            row.last_logged_at = logged_at
