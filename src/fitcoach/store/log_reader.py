"""`LogReader` over SQL: one user's workout history, as the analytical tools read it.

Every query is scoped to the user the reader was made for and walks an index that starts
with `user_id`, reading only the rows it returns: the last sessions of an exercise, the sets
of a volume window, one records row. So the tools cost the same at 1k or 100k logged sets.
Each call opens its own short read transaction: no connection is held while a brain thinks.
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from fitcoach.analytics.known_loads import KnownLoad
from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.analytics.records import PersonalRecords
from fitcoach.analytics.volume import (
    WeekVolume,
    exercises_for_group,
    volume_window,
    weekly_volume,
)
from fitcoach.catalog.vocabulary import MuscleGroup
from fitcoach.store import lean
from fitcoach.store.database import Database
from fitcoach.store.models import PersonalRecordRow, WorkoutSetRow


def _set_record(weight_lbs: float, reps: int, rpe: float | None) -> SetRecord:
    return SetRecord(weight_lbs=weight_lbs, reps=reps, rpe=rpe)


class SqlLogReader:
    def __init__(self, database: Database, user_id: str, timezone: str) -> None:
        self.database = database
        self.user_id = user_id
        self.zone = ZoneInfo(timezone)
        self._known_loads: dict[str, KnownLoad] | None = None

    def exercise_history(self, exercise_id: str, limit_sessions: int) -> list[ExerciseSession]:
        """The last `limit_sessions` logs with this exercise, newest first."""
        if limit_sessions < 1:
            return []
        mine = {"user_id": self.user_id, "exercise_id": exercise_id}
        with self.database.read() as session:
            # Every set of a log carries the log's time, so the newest distinct times are
            # the newest sessions: a short backwards walk of (user, exercise, time).
            times = [at for at, in lean.rows(session, _SESSION_TIMES,
                                              {**mine, "sessions": limit_sessions})]
            if not times:
                return []
            rows = lean.rows(session, _SESSION_SETS, {**mine, "since": min(times)})
        grouped: dict[str, tuple[dt.datetime, list[SetRecord]]] = {}
        for log_id, completed_at, weight_lbs, reps, rpe in rows:
            grouped.setdefault(log_id, (completed_at, []))[1].append(
                _set_record(weight_lbs, reps, rpe))
        return [ExerciseSession(log_id=log_id, completed_at=completed_at, sets=tuple(records))
                for log_id, (completed_at, records) in grouped.items()][:limit_sessions]

    def volume_trend(self, group: MuscleGroup, weeks_back: int,
                     now: dt.datetime) -> list[WeekVolume]:
        """Weekly volume of `group`, oldest week first; reads only the window's sets."""
        start, end = volume_window(now, weeks_back, self.zone)
        primary, secondary = exercises_for_group(group)
        with self.database.read() as session:
            rows = session.connection().execute(_WINDOW_SETS, {
                "user_id": self.user_id, "start": start, "end": end,
                "slugs": sorted(primary | secondary)}).all()
        records = [(at, slug, _set_record(weight, reps, rpe))
                   for at, slug, weight, reps, rpe in rows]
        return weekly_volume(records, group, now, weeks_back, self.zone)

    def records(self, exercise_id: str) -> PersonalRecords | None:
        with self.database.read() as session:
            data = lean.scalar(session, _RECORDS,
                               {"user_id": self.user_id, "exercise_id": exercise_id})
        return None if data is None else PersonalRecords.model_validate(data)

    def known_loads(self) -> dict[str, KnownLoad]:
        """Per exercise, the top set of the latest session that had a load (heaviest, then
        most reps), kept with the records: `analytics.known_loads.known_loads` over SQL.

        Read once per reader: a turn asks more than once and the answer cannot change
        within it.
        """
        if self._known_loads is None:
            with self.database.read() as session:
                self.preload(session)
        assert self._known_loads is not None
        return dict(self._known_loads)

    def preload(self, session: Session) -> None:
        """Read what every turn asks for (the known loads) in the caller's transaction: the
        chat turn's snapshot read, which saves the turn a transaction of its own."""
        if self._known_loads is None:
            rows = lean.rows(session, _KNOWN_LOADS, {"user_id": self.user_id})
            self._known_loads = {
                slug: KnownLoad(weight_lbs=weight, reps=reps, rpe=rpe)
                for slug, weight, reps, rpe in rows}


# Built once: a statement's construction and cache key cost more than its execution (the
# tools of a progress question run several per turn).
_SETS = WorkoutSetRow
_MINE = (_SETS.user_id == bindparam("user_id"), _SETS.exercise_id == bindparam("exercise_id"))
_SESSION_TIMES = (select(_SETS.completed_at).where(*_MINE).distinct()
                  .order_by(_SETS.completed_at.desc()).limit(bindparam("sessions")))
_SESSION_SETS = (
    select(_SETS.log_id, _SETS.completed_at, _SETS.weight_lbs, _SETS.reps, _SETS.rpe)
    .where(*_MINE, _SETS.completed_at >= bindparam("since"))
    .order_by(_SETS.completed_at.desc(), _SETS.log_id.desc(), _SETS.exercise_position,
              _SETS.set_index))
_WINDOW_SETS = (
    select(_SETS.completed_at, _SETS.exercise_id, _SETS.weight_lbs, _SETS.reps, _SETS.rpe)
    .where(_SETS.user_id == bindparam("user_id"), _SETS.completed_at >= bindparam("start"),
           _SETS.completed_at < bindparam("end"),
           _SETS.exercise_id.in_(bindparam("slugs", expanding=True))))
_RECORDS = select(PersonalRecordRow.records).where(
    PersonalRecordRow.user_id == bindparam("user_id"),
    PersonalRecordRow.exercise_id == bindparam("exercise_id"))
_KNOWN_LOADS = select(
    PersonalRecordRow.exercise_id, PersonalRecordRow.last_top_weight_lbs,
    PersonalRecordRow.last_top_reps, PersonalRecordRow.last_top_rpe,
).where(PersonalRecordRow.user_id == bindparam("user_id"),
        # Only a set with a load is a known load (`analytics.known_loads.known_load`); 0 lb
        # marks an exercise done with bodyweight only so far.
        PersonalRecordRow.last_top_weight_lbs > 0)
