"""The SQL known loads (kept incrementally beside the records, read in one query per turn)
equal `analytics.known_loads.known_loads_from_workouts` over the same logs, whatever the
order the logs arrive in: bodyweight sessions, back-dated logs, sets without reps, two logs
of the same second."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from fitcoach.analytics.known_loads import known_loads_from_workouts
from fitcoach.analytics.logs import ExerciseRecord, SetRecord, WorkoutRecord
from fitcoach.api.users.repository import UserRepository
from fitcoach.api.users.schemas import CreateUserRequest
from fitcoach.api.users.service import create_user
from fitcoach.api.workouts.schemas import WorkoutLogRequest
from fitcoach.api.workouts.service import log_workout
from fitcoach.brain.ports import UserSettings
from fitcoach.store.database import Database
from fitcoach.store.log_reader import SqlLogReader
from fitcoach.store.migrate import upgrade
from fitcoach.store.models import PersonalRecordRow, User, WorkoutLogRow, WorkoutSetRow
from tests.store.conftest import NOW

SLUGS = ("goblet-squat", "push-up", "incline-db-bench-press")

# Few distinct values, so ties (same time, same weight, same reps) are common.
_sets = st.lists(st.tuples(st.sampled_from([0.0, 0.0, 20.0, 25.0, 45.0]),
                           st.integers(min_value=0, max_value=3),
                           st.sampled_from([None, 7.0, 9.5])), min_size=1, max_size=4)
_workouts = st.lists(
    st.tuples(st.integers(min_value=0, max_value=4),  # days before NOW: repeats tie
              st.lists(st.tuples(st.sampled_from(SLUGS), _sets), min_size=1, max_size=3)),
    min_size=1, max_size=6)


def _user(database: Database) -> UserSettings:
    created = create_user(database, CreateUserRequest(display_name="Loads"), NOW)
    with database.read() as session:
        user = UserRepository(session).get(created.user_id)
    assert user is not None
    return user


def _log(database: Database, user: UserSettings, at: dt.datetime,
         exercises: list[tuple[str, list[tuple[float, int, float | None]]]]) -> WorkoutRecord:
    request = WorkoutLogRequest.model_validate({
        "completed_at": at.isoformat(),
        "exercises_logged": [{"exercise_id": slug, "sets": [
            {"weight_lbs": w, "reps": r, "rpe": rpe} for w, r, rpe in sets]}
            for slug, sets in exercises]})
    created = log_workout(database, user, request, NOW)
    return WorkoutRecord(log_id=created.log_id, completed_at=at, exercises=tuple(
        ExerciseRecord(exercise_id=slug, sets=tuple(SetRecord(weight_lbs=w, reps=r, rpe=rpe)
                                                    for w, r, rpe in sets))
        for slug, sets in exercises))


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(workouts=_workouts)
def test_sql_known_loads_equal_the_analytics(database: Database, workouts: Any) -> None:
    user = _user(database)
    logged = [_log(database, user, NOW - dt.timedelta(days=days), exercises)
              for days, exercises in workouts]
    loads = SqlLogReader(database, user.user_id, user.timezone).known_loads()
    assert loads == known_loads_from_workouts(logged)


def test_a_bodyweight_session_keeps_the_last_load(database: Database) -> None:
    user = _user(database)
    _log(database, user, NOW - dt.timedelta(days=3), [("goblet-squat", [(50, 8, 8.0)])])
    _log(database, user, NOW - dt.timedelta(days=1), [("goblet-squat", [(0, 15, None)])])
    _log(database, user, NOW - dt.timedelta(days=1), [("push-up", [(0, 20, None)])])
    loads = SqlLogReader(database, user.user_id, user.timezone).known_loads()
    assert set(loads) == {"goblet-squat"}  # push-ups never had a load
    assert (loads["goblet-squat"].weight_lbs, loads["goblet-squat"].reps) == (50, 8)


def test_a_back_dated_load_counts_when_only_bodyweight_came_after(
        database: Database) -> None:
    user = _user(database)
    _log(database, user, NOW - dt.timedelta(days=1), [("goblet-squat", [(0, 15, None)])])
    _log(database, user, NOW - dt.timedelta(days=5), [("goblet-squat", [(40, 10, 7.0)])])
    loads = SqlLogReader(database, user.user_id, user.timezone).known_loads()
    assert (loads["goblet-squat"].weight_lbs, loads["goblet-squat"].reps) == (40, 10)


def test_the_migration_recomputes_a_load_a_bodyweight_session_overwrote(
        tmp_path: Path) -> None:
    # Before 0003 the newest session's top set was kept even without a load (SQLite only:
    # the migration's SQL is portable Core, and the other tests run it on both databases).
    database = Database(f"sqlite:///{tmp_path / 'before-0003.db'}")
    try:
        upgrade(database, "0002")
        user = "usr_migrated"
        with database.write() as session:
            session.add(User(id=user, display_name="Old", locale="en", units="lb",
                             timezone="UTC", created_at=NOW))
            session.flush()
            for log_id, days, sets in (("log_a", 5, [(40.0, 10, 7.0), (45.0, 6, None)]),
                                       ("log_b", 1, [(0.0, 15, None)])):
                at = NOW - dt.timedelta(days=days)
                session.add(WorkoutLogRow(id=log_id, user_id=user, idempotency_key=None,
                                          request_hash="h", completed_at=at, day="monday",
                                          local_date=at.date(), new_prs=[], created_at=at))
                session.flush()
                session.add_all(WorkoutSetRow(
                    user_id=user, log_id=log_id, exercise_id="goblet-squat",
                    exercise_position=0, set_index=i, weight_lbs=w, reps=r, rpe=rpe,
                    completed_at=at) for i, (w, r, rpe) in enumerate(sets))
            session.execute(text(
                "INSERT INTO personal_records (user_id, exercise_id, records, "
                "last_top_weight_lbs, last_top_reps, last_top_rpe, last_logged_at, updated_at)"
                " VALUES (:user, 'goblet-squat', '{}', 0, 15, NULL, :at, :at)"),
                {"user": user, "at": (NOW - dt.timedelta(days=1)).replace(tzinfo=None)})
        upgrade(database)
        loads = SqlLogReader(database, user, "UTC").known_loads()
        assert (loads["goblet-squat"].weight_lbs, loads["goblet-squat"].reps) == (45.0, 6)
        with database.read() as session:
            row = session.get(PersonalRecordRow, (user, "goblet-squat"))
            assert row is not None
            assert (row.last_top_log_id, row.last_logged_at) == (
                "log_a", NOW - dt.timedelta(days=5))
    finally:
        database.dispose()
