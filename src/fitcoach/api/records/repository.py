"""Personal records per (user, exercise), with the known load (the latest loaded top set)
beside them."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select
from sqlalchemy.orm import Session

from fitcoach.analytics.known_loads import KnownLoad
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
             load: KnownLoad | None, log_id: str, logged_at: dt.datetime,
             now: dt.datetime) -> None:
        """Store the records of a session whose top set is `top_set` (None: no set had a rep)
        and whose known load is `load` (`analytics.known_loads.known_load` of the session:
        None for bodyweight work). The kept load is replaced only by a newer one: a later
        time, or the same time and a greater log id, as the analytics order sessions; a
        back-dated log or a bodyweight session never replaces it."""
        row = self.session.get(PersonalRecordRow, (user_id, records.exercise_id))
        data = records.model_dump(mode="json")
        if row is None:
            if top_set is None:
                return  # nothing with a rep in it was ever logged: no records to keep
            # Without a load yet, weight 0 marks "no known load" (the column is not null).
            kept = load or KnownLoad(weight_lbs=0, reps=max(top_set.reps, 1))
            self.session.add(PersonalRecordRow(
                user_id=user_id, exercise_id=records.exercise_id, records=data,
                last_top_weight_lbs=kept.weight_lbs, last_top_reps=kept.reps,
                last_top_rpe=kept.rpe, last_logged_at=logged_at,
                last_top_log_id=log_id if load else None, updated_at=now))
            return
        row.records = data
        row.updated_at = now
        if load is not None and (
                row.last_top_weight_lbs <= 0
                or (logged_at, log_id) > (row.last_logged_at, row.last_top_log_id or "")):
            row.last_top_weight_lbs = load.weight_lbs
            row.last_top_reps = load.reps
            row.last_top_rpe = load.rpe
            row.last_logged_at = logged_at
            row.last_top_log_id = log_id
