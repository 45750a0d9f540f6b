"""An import in one transaction: the new workouts, their sets, the records they set, each
exercise's kept newest sessions and the import's row; a file with any bad line, or a repeat
of rows already imported, writes nothing new (DESIGN D11)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from typing import Any
from zoneinfo import ZoneInfo

from fitcoach.analytics.known_loads import known_load, top_set
from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.analytics.records import PersonalRecords, update_records
from fitcoach.api.ids import new_id, new_log_id
from fitcoach.api.imports.dedupe import already_logged
from fitcoach.api.imports.formats import Source, read_export
from fitcoach.api.imports.plan import PlannedWorkout, plan_workout, unmapped_counts
from fitcoach.api.imports.repository import ImportRepository
from fitcoach.api.imports.rows import InvalidCsv
from fitcoach.api.imports.schemas import ImportResult, UnmappedExercise
from fitcoach.api.recents.repository import RecentRepository
from fitcoach.api.records.repository import RecordRepository
from fitcoach.brain.ports import UserSettings
from fitcoach.catalog.vocabulary import WEEKDAYS, Unit
from fitcoach.store.database import Database
from fitcoach.timekeeping import local_date


def decode(body: bytes) -> str:
    try:
        return body.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = body[:error.start].count(b"\n") + 1
        raise InvalidCsv(f"line {line}: the file is not UTF-8 text (byte {error.start})"
                         ) from None


def _sessions_by_exercise(planned: list[tuple[str, PlannedWorkout]]
                          ) -> dict[str, list[ExerciseSession]]:
    """slug → the new sessions of it, newest first (as the analytics order them)."""
    sessions: dict[str, list[ExerciseSession]] = defaultdict(list)
    for log_id, workout in planned:
        by_slug: dict[str, list[SetRecord]] = defaultdict(list)
        for tracked in workout.tracked:
            by_slug[tracked.exercise_id].append(tracked.record)
        for slug, sets in by_slug.items():
            sessions[slug].append(ExerciseSession(
                log_id=log_id, completed_at=workout.workout.completed_at, sets=tuple(sets)))
    for found in sessions.values():
        found.sort(key=lambda s: (s.completed_at, s.log_id), reverse=True)
    return sessions


def _update_records(records: RecordRepository, user_id: str,
                    sessions: dict[str, list[ExerciseSession]], now: dt.datetime) -> None:
    """Fold the new sessions into each exercise's records (any order gives the same
    records) and offer the newest loaded one as the known load."""
    for slug, found in sessions.items():
        current: PersonalRecords | None = records.get(user_id, slug)
        for session in found:
            current = update_records(current, slug, session.sets, session.log_id,
                                     session.completed_at).records
        assert current is not None
        loaded = next((s for s in found if known_load([s]) is not None), None)
        newest = loaded or found[0]
        records.save(user_id, current, top_set(newest.sets), known_load([newest]),
                     newest.log_id, newest.completed_at, now)


def import_csv(database: Database, caller: UserSettings, source: Source, body: bytes,
               unit: Unit | None, now: dt.datetime) -> ImportResult:
    zone = ZoneInfo(caller.timezone)
    workouts = read_export(source, decode(body), zone, unit or caller.units)
    planned = [plan_workout(source, workout, now) for workout in workouts]
    import_id = new_id("imp")
    user_id = caller.user_id
    with database.write(lock_user=user_id) as session:
        imports = ImportRepository(session)
        already = imports.existing_keys(user_id, [p.key for p in planned])
        unkeyed = [p for p in planned if p.key not in already]
        # Our own export read back has no key of ours: the same sets at the same second.
        logged = already_logged(session, user_id, unkeyed)
        fresh = [p for i, p in enumerate(unkeyed) if i not in logged]
        skipped = sum(p.workout.set_count for p in planned) - sum(
            p.workout.set_count for p in fresh)
        logs: list[dict[str, Any]] = []
        sets: list[dict[str, Any]] = []
        kept: list[dict[str, Any]] = []
        with_ids = [(new_log_id(), p) for p in fresh]
        for log_id, p in with_ids:
            at = p.workout.completed_at
            day = local_date(at, caller.timezone)
            logs.append({"id": log_id, "user_id": user_id, "idempotency_key": p.key,
                         "request_hash": p.fingerprint, "completed_at": at,
                         "day": WEEKDAYS[day.weekday()].value, "local_date": day,
                         "new_prs": [], "created_at": now, "import_id": import_id})
            sets.extend({"user_id": user_id, "log_id": log_id, "exercise_id": t.exercise_id,
                         "exercise_position": t.position, "set_index": t.index,
                         "weight_lbs": t.record.weight_lbs, "reps": t.record.reps,
                         "rpe": t.record.rpe, "completed_at": at} for t in p.tracked)
            kept.extend({"user_id": user_id, "log_id": log_id, "exercise_name": k.name[:200],
                         "exercise_id": k.exercise_id, "exercise_position": k.position,
                         "set_index": k.index, "warmup": k.record.warmup,
                         "weight_lbs": k.record.weight_lbs, "reps": k.record.reps,
                         "rpe": k.record.rpe, "completed_at": at} for k in p.kept)
        imports.add_logs(logs, sets, kept)
        new_sessions = _sessions_by_exercise(with_ids)
        _update_records(RecordRepository(session), user_id, new_sessions, now)
        RecentRepository(session).add(user_id, new_sessions)
        unmapped = [UnmappedExercise(name=name, sets=count)
                    for name, count in unmapped_counts(fresh)]
        result = ImportResult(
            import_id=import_id, workouts=len(fresh), sets=len(sets) + len(kept),
            skipped_duplicates=skipped, warmup_sets=sum(1 for k in kept if k["warmup"]),
            unmapped=unmapped)
        if not fresh:
            # Nothing new: nothing is written, and the answer names the import that
            # brought these workouts in.
            earlier = imports.import_of(user_id, [p.key for p in planned])
            return result.model_copy(update={"import_id": earlier or import_id})
        imports.add_import(import_id, user_id, source.value, result.workouts, result.sets,
                           skipped, [u.model_dump() for u in unmapped], now)
    return result


