"""Logging a workout: the log, its sets, the day it completes, the records it breaks and each
exercise's kept newest sessions (`api.recents`), all in one transaction; a retry with the
same idempotency key writes nothing and answers the same.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass
from typing import Any

from fitcoach.analytics.known_loads import known_load, top_set
from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.analytics.records import NewRecord, update_records
from fitcoach.api.errors import IdempotencyKeyReused, InvalidInput, NotFound
from fitcoach.api.ids import new_log_id
from fitcoach.api.plans.completion import complete_day
from fitcoach.api.recents.repository import RecentRepository
from fitcoach.api.records.repository import RecordRepository
from fitcoach.api.workouts.repository import WorkoutRepository, new_log_row
from fitcoach.api.workouts.schemas import (
    MAX_AFTER_NOW,
    ExerciseView,
    LogCreated,
    SetView,
    WorkoutLogRequest,
    WorkoutLogView,
)
from fitcoach.brain.ports import UserSettings
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import WEEKDAYS, Weekday
from fitcoach.programming.calendar import Completion, completed_date
from fitcoach.store.database import Database
from fitcoach.store.models import WorkoutLogRow
from fitcoach.timekeeping import local_date


def request_fingerprint(request: WorkoutLogRequest) -> str:
    """The request as sent, canonically: a key reused for another workout is caught."""
    body = request.model_dump(mode="json", exclude={"idempotency_key"})
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def _grouped(request: WorkoutLogRequest) -> list[tuple[str, list[SetRecord]]]:
    """Exercises in logged order; one logged twice keeps both entries' sets, in order."""
    grouped: dict[str, list[SetRecord]] = {}
    for entry in request.exercises_logged:
        grouped.setdefault(entry.exercise_id, []).extend(s.as_record() for s in entry.sets)
    return list(grouped.items())


def log_workout(database: Database, caller: UserSettings, request: WorkoutLogRequest,
                now: dt.datetime) -> LogCreated:
    completed_at = (request.completed_at or now).astimezone(dt.UTC)
    if completed_at > now + MAX_AFTER_NOW:
        raise InvalidInput(f"completed_at: must be at most a day after the server's now "
                           f"({now.isoformat(timespec='seconds')})")
    day_of_log = local_date(completed_at, caller.timezone)
    weekday = request.day or WEEKDAYS[day_of_log.weekday()]
    plan_date = completed_date(day_of_log, request.day)
    fingerprint = request_fingerprint(request)
    user_id = caller.user_id

    with database.write(lock_user=user_id) as session:
        workouts = WorkoutRepository(session)
        if request.idempotency_key is not None:
            earlier = workouts.by_key(user_id, request.idempotency_key)
            if earlier is not None:
                if earlier.request_hash != fingerprint:
                    raise IdempotencyKeyReused(
                        "this idempotency_key was already used for a different workout")
                return LogCreated(log_id=earlier.id, new_prs=earlier.new_prs)
        log_id = new_log_id()
        exercises = _grouped(request)
        records = RecordRepository(session)
        # The records first: the log row is written once, with the records it broke.
        updates = [(exercise_id, sets, update_records(records.get(user_id, exercise_id),
                                                      exercise_id, sets, log_id, completed_at))
                   for exercise_id, sets in exercises]
        new_prs: list[NewRecord] = [record for _, _, update in updates
                                    for record in update.new_prs]
        workouts.add(new_log_row(log_id, user_id, request.idempotency_key, fingerprint,
                                 completed_at, weekday.value, day_of_log, now,
                                 new_prs=[record.model_dump(mode="json") for record in new_prs]),
                     exercises)
        complete_day(session, caller, plan_date, Completion(log_id, completed_at), now)
        logged = {exercise_id: ExerciseSession(log_id=log_id, completed_at=completed_at,
                                               sets=tuple(sets))
                  for exercise_id, sets in exercises}
        for exercise_id, sets, update in updates:
            records.save(user_id, update.records, top_set(sets),
                         known_load([logged[exercise_id]]), log_id, completed_at, now)
        RecentRepository(session).add(user_id, {slug: [s] for slug, s in logged.items()})
        return LogCreated(log_id=log_id, new_prs=new_prs)


@dataclass(frozen=True, slots=True)
class LogPage:
    logs: list[WorkoutLogView]
    next_before: str | None  # the `before` of the next page; None when this one is the last


def recent_logs(database: Database, user_id: str, limit: int, exercise_id: str | None,
                before: str | None = None) -> LogPage:
    """The newest `limit` logs (with `before`: those logged before that log of the user's,
    in the same order), optionally only those with sets of one exercise."""
    with database.read() as session:
        repository = WorkoutRepository(session)
        cursor = None
        if before is not None:
            cursor = repository.position(user_id, before)
            if cursor is None:
                raise NotFound(f"before: no log {before!r} of yours")
        logs = repository.recent(user_id, limit, exercise_id, before=cursor)
        sets = repository.sets_of([log.id for log in logs])
    views = log_views(logs, sets)
    # A full page may have more behind it (one request more finds out: an empty page).
    return LogPage(logs=views, next_before=views[-1].log_id if len(views) == limit else None)


def log_views(logs: list[WorkoutLogRow], sets: dict[str, list[dict[str, Any]]]
              ) -> list[WorkoutLogView]:
    """Log rows and their sets (`WorkoutRepository.sets_of`) as the API shows them."""
    views = []
    for log in logs:
        exercises: dict[int, ExerciseView] = {}
        for row in sets.get(log.id, []):
            view = exercises.get(row["position"])
            if view is None:
                slug = row["exercise_id"]
                known = CATALOG.find(slug)
                view = exercises[row["position"]] = ExerciseView(
                    exercise_id=slug, name=known.name if known else slug, sets=[])
            view.sets.append(SetView(weight_lbs=row["weight_lbs"], reps=row["reps"],
                                     rpe=row["rpe"]))
        views.append(WorkoutLogView(log_id=log.id, completed_at=log.completed_at,
                                    day=Weekday(log.day), exercises_logged=list(exercises.values()),
                                    new_prs=log.new_prs))
    return views
