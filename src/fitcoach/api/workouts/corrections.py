"""Correcting or deleting one's own workout log (DESIGN D7): the log, its sets, the records,
known loads and kept newest sessions of every exercise it touched, and the plan day it
completed all follow, in one transaction. Another user's log id, or one that names nothing,
is a 404."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.api.errors import InvalidInput, NotFound
from fitcoach.api.ids import well_formed
from fitcoach.api.plans.completion import complete_day
from fitcoach.api.recents.repository import RecentRepository
from fitcoach.api.records.repository import RecordRepository
from fitcoach.api.workouts.repository import WorkoutRepository
from fitcoach.api.workouts.schemas import MAX_AFTER_NOW, LogCorrection, WorkoutLogView
from fitcoach.api.workouts.service import log_views
from fitcoach.brain.ports import UserSettings
from fitcoach.catalog.vocabulary import WEEKDAYS, Weekday
from fitcoach.programming.calendar import Completion, completed_date
from fitcoach.store.database import Database
from fitcoach.store.models import DayCompletionRow, KeptSetRow, WorkoutLogRow, WorkoutSetRow
from fitcoach.timekeeping import local_date

# Logs that may complete a date lie within a week of it, before or after.
_COMPLETION_REACH = dt.timedelta(days=6)


def _own_log(session: Session, user_id: str, log_id: str) -> WorkoutLogRow:
    row = session.get(WorkoutLogRow, log_id) if well_formed(log_id) else None
    if row is None or row.user_id != user_id:
        raise NotFound(f"no log {log_id!r} of yours")
    return row


def _completes(row: WorkoutLogRow) -> dt.date | None:
    """The plan date a log completes; imported history completes none."""
    if row.import_id is not None:
        return None
    return completed_date(row.local_date, Weekday(row.day))


def _slugs(session: Session, log_id: str) -> set[str]:
    return set(session.scalars(select(WorkoutSetRow.exercise_id)
                               .where(WorkoutSetRow.log_id == log_id).distinct()))


def _history(session: Session, user_id: str, exercise_id: str) -> list[ExerciseSession]:
    """Every session of an exercise, newest first, as the analytics order them."""
    sets = WorkoutSetRow
    rows = session.execute(
        select(sets.log_id, sets.completed_at, sets.weight_lbs, sets.reps, sets.rpe)
        .where(sets.user_id == user_id, sets.exercise_id == exercise_id)
        .order_by(sets.completed_at.desc(), sets.log_id.desc(), sets.exercise_position,
                  sets.set_index)).all()
    grouped: dict[str, tuple[dt.datetime, list[SetRecord]]] = {}
    for log_id, at, weight_lbs, reps, rpe in rows:
        grouped.setdefault(log_id, (at, []))[1].append(
            SetRecord(weight_lbs=weight_lbs, reps=reps, rpe=rpe))
    return [ExerciseSession(log_id=log_id, completed_at=at, sets=tuple(found))
            for log_id, (at, found) in grouped.items()]


def _rebuild_records(session: Session, user_id: str, slugs: set[str], now: dt.datetime) -> None:
    """The records and the kept newest sessions of these exercises, from their history."""
    session.flush()
    records, recents = RecordRepository(session), RecentRepository(session)
    for slug in sorted(slugs):
        history = _history(session, user_id, slug)
        records.rebuild(user_id, slug, history, now)
        recents.rebuild(user_id, slug, history)


def _recomplete(session: Session, caller: UserSettings, date: dt.date | None,
                now: dt.datetime) -> None:
    """The date's completion from the logs left: the first that completes it (D7), or none."""
    if date is None:
        return
    user_id = caller.user_id
    session.flush()
    session.execute(delete(DayCompletionRow).where(DayCompletionRow.user_id == user_id,
                                                   DayCompletionRow.date == date))
    candidates = session.scalars(select(WorkoutLogRow).where(
        WorkoutLogRow.user_id == user_id, WorkoutLogRow.import_id.is_(None),
        WorkoutLogRow.local_date >= date - _COMPLETION_REACH,
        WorkoutLogRow.local_date <= date + _COMPLETION_REACH))
    for row in sorted(candidates, key=lambda r: (r.completed_at, r.id)):
        if _completes(row) == date:
            complete_day(session, caller, date, Completion(row.id, row.completed_at), now)
            return


def delete_log(database: Database, caller: UserSettings, log_id: str,
               now: dt.datetime) -> None:
    user_id = caller.user_id
    with database.write(lock_user=user_id) as session:
        row = _own_log(session, user_id, log_id)
        slugs = _slugs(session, log_id)
        date = _completes(row)
        for table in (WorkoutSetRow, KeptSetRow, DayCompletionRow):
            session.execute(delete(table).where(table.log_id == log_id))
        session.delete(row)
        _rebuild_records(session, user_id, slugs, now)
        _recomplete(session, caller, date, now)


def correct_log(database: Database, caller: UserSettings, log_id: str,
                correction: LogCorrection, now: dt.datetime) -> WorkoutLogView:
    user_id = caller.user_id
    given = correction.model_fields_set
    with database.write(lock_user=user_id) as session:
        row = _own_log(session, user_id, log_id)
        slugs = _slugs(session, log_id)
        old_date = _completes(row)
        if "completed_at" in given:
            assert correction.completed_at is not None
            completed_at = correction.completed_at.astimezone(dt.UTC)
            if completed_at > now + MAX_AFTER_NOW:
                raise InvalidInput(f"completed_at: must be at most a day after the server's "
                                   f"now ({now.isoformat(timespec='seconds')})")
            row.completed_at = completed_at
            row.local_date = local_date(completed_at, caller.timezone)
            if "day" not in given:  # the day it was done, as a new log without `day`
                row.day = WEEKDAYS[row.local_date.weekday()].value
            for table in (WorkoutSetRow, KeptSetRow):  # the sets carry the log's time
                session.execute(update(table).where(table.log_id == log_id)
                                .values(completed_at=completed_at))
        if correction.day is not None:
            row.day = correction.day.value
        if correction.exercises_logged is not None:
            session.execute(delete(WorkoutSetRow).where(WorkoutSetRow.log_id == log_id))
            grouped: dict[str, list[SetRecord]] = {}
            for entry in correction.exercises_logged:
                grouped.setdefault(entry.exercise_id, []).extend(
                    s.as_record() for s in entry.sets)
            session.add_all(
                WorkoutSetRow(user_id=user_id, log_id=log_id, exercise_id=slug,
                              exercise_position=position, set_index=index,
                              weight_lbs=record.weight_lbs, reps=record.reps, rpe=record.rpe,
                              completed_at=row.completed_at)
                for position, (slug, records) in enumerate(grouped.items())
                for index, record in enumerate(records))
            slugs |= set(grouped)
        _rebuild_records(session, user_id, slugs, now)
        new_date = _completes(row)
        _recomplete(session, caller, old_date, now)
        if new_date != old_date:
            _recomplete(session, caller, new_date, now)
        session.flush()
        [view] = log_views([row], WorkoutRepository(session).sets_of([log_id]))
    return view
