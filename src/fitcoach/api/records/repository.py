"""Personal records per (user, exercise), with the known load (the latest loaded top set)
beside them."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from fitcoach.analytics.known_loads import KnownLoad, known_load, top_set
from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.analytics.records import PersonalRecords, records_from_history
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

    def rebuild(self, user_id: str, exercise_id: str, sessions: list[ExerciseSession],
                now: dt.datetime) -> None:
        """Replace an exercise's records and known load with those of `sessions` (its whole
        history, newest first), after a log was corrected or deleted; none left: no row."""
        row = self.session.get(PersonalRecordRow, (user_id, exercise_id))
        if not any(top_set(s.sets) for s in sessions):
            if row is not None:
                self.session.execute(delete(PersonalRecordRow).where(
                    PersonalRecordRow.user_id == user_id,
                    PersonalRecordRow.exercise_id == exercise_id))
            return
        records = records_from_history(exercise_id, sessions).model_dump(mode="json")
        loaded = next((s for s in sessions if known_load([s]) is not None), None)
        if loaded is not None:
            load = known_load([loaded])
            assert load is not None
            kept, at, log_id = load, loaded.completed_at, loaded.log_id
        else:
            newest = next(s for s in sessions if top_set(s.sets))
            best = top_set(newest.sets)
            assert best is not None
            kept, at, log_id = KnownLoad(weight_lbs=0, reps=best.reps), newest.completed_at, None
        if row is None:
            row = PersonalRecordRow(user_id=user_id, exercise_id=exercise_id)
            self.session.add(row)
        row.records = records
        row.last_top_weight_lbs = kept.weight_lbs
        row.last_top_reps = kept.reps
        row.last_top_rpe = kept.rpe
        row.last_logged_at = at
        row.last_top_log_id = log_id
        row.updated_at = now
