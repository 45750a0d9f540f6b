"""The SQL known loads (kept incrementally beside the records, read in one query per turn)
equal `analytics.known_loads.known_loads_from_workouts` over the same logs, whatever the
order the logs arrive in: bodyweight sessions, back-dated logs, sets without reps, two logs
of the same second."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select, text

from fitcoach.analytics.known_loads import known_loads_from_workouts
from fitcoach.analytics.logs import ExerciseRecord, SetRecord, WorkoutRecord
from fitcoach.api.users.repository import UserRepository
from fitcoach.api.users.schemas import CreateUserRequest
from fitcoach.api.users.service import create_user
from fitcoach.brain.ports import UserSettings
from fitcoach.store.database import Database
from fitcoach.store.log_reader import SqlLogReader
from fitcoach.store.migrate import upgrade
from fitcoach.store.models import PersonalRecordRow, User, WorkoutLogRow, WorkoutSetRow
from tests.store.conftest import NOW
from tests.store.databases import BACKENDS, provision
from tests.store.logged import log_sets

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




@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(workouts=_workouts)
def test_sql_known_loads_equal_the_analytics(database: Database, workouts: Any) -> None:
    user = _user(database)
    logged = [log_sets(database, user, NOW - dt.timedelta(days=days), exercises)
              for days, exercises in workouts]
    loads = SqlLogReader(database, user.user_id, user.timezone).known_loads()
    assert loads == known_loads_from_workouts(logged)


def test_a_bodyweight_session_keeps_the_last_load(database: Database) -> None:
    user = _user(database)
    log_sets(database, user, NOW - dt.timedelta(days=3), [("goblet-squat", [(50, 8, 8.0)])])
    log_sets(database, user, NOW - dt.timedelta(days=1), [("goblet-squat", [(0, 15, None)])])
    log_sets(database, user, NOW - dt.timedelta(days=1), [("push-up", [(0, 20, None)])])
    loads = SqlLogReader(database, user.user_id, user.timezone).known_loads()
    assert set(loads) == {"goblet-squat"}  # push-ups never had a load
    assert (loads["goblet-squat"].weight_lbs, loads["goblet-squat"].reps) == (50, 8)


def test_a_back_dated_load_counts_when_only_bodyweight_came_after(
        database: Database) -> None:
    user = _user(database)
    log_sets(database, user, NOW - dt.timedelta(days=1), [("goblet-squat", [(0, 15, None)])])
    log_sets(database, user, NOW - dt.timedelta(days=5), [("goblet-squat", [(40, 10, 7.0)])])
    loads = SqlLogReader(database, user.user_id, user.timezone).known_loads()
    assert (loads["goblet-squat"].weight_lbs, loads["goblet-squat"].reps) == (40, 10)


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_migration_recomputes_the_kept_loads_as_the_analytics_order_sessions(
        backend: str, tmp_path: Path) -> None:
    # Before 0003 the newest session's top set was kept even without a load, and with no log
    # id: of two logs of the same second, whichever arrived last was kept.
    with provision(backend, tmp_path, "0002") as database:
        user = "usr_migrated"
        logs = {
            # goblet squats: a bodyweight session overwrote a loaded one
            "log_a": (5, "goblet-squat", [(40.0, 10, 7.0), (45.0, 6, None)]),
            "log_b": (1, "goblet-squat", [(0.0, 15, None)]),
            # push-ups: two loaded logs of the same second; log_d (the greater id) is the
            # analytics' latest, log_c arrived last and was kept
            "log_d": (2, "push-up", [(25.0, 12, 8.0)]),
            "log_c": (2, "push-up", [(20.0, 15, 9.0)]),
            # bench: one loaded session, kept as it is (with its log id now)
            "log_e": (3, "incline-db-bench-press", [(30.0, 8, None), (30.0, 9, 8.5)]),
        }
        kept = [("goblet-squat", 0.0, 15, None, 1), ("push-up", 20.0, 15, 9.0, 2),
                ("incline-db-bench-press", 30.0, 9, 8.5, 3)]
        workouts = []
        with database.write() as session:
            session.add(User(id=user, display_name="Old", locale="en", units="lb",
                             timezone="UTC", created_at=NOW))
            session.flush()
            for log_id, (days, slug, sets) in logs.items():
                at = NOW - dt.timedelta(days=days)
                # Core, naming the columns 0002 had (the mapping has later ones too).
                session.execute(WorkoutLogRow.__table__.insert().values(
                    id=log_id, user_id=user, idempotency_key=None, request_hash="h",
                    completed_at=at, day="monday", local_date=at.date(), new_prs=[],
                    created_at=at))
                session.flush()
                session.add_all(WorkoutSetRow(
                    user_id=user, log_id=log_id, exercise_id=slug,
                    exercise_position=0, set_index=i, weight_lbs=w, reps=r, rpe=rpe,
                    completed_at=at) for i, (w, r, rpe) in enumerate(sets))
                workouts.append(WorkoutRecord(log_id=log_id, completed_at=at, exercises=(
                    ExerciseRecord(exercise_id=slug, sets=tuple(
                        SetRecord(weight_lbs=w, reps=r, rpe=rpe) for w, r, rpe in sets)),)))
            session.flush()
            for slug, weight, reps, rpe, days in kept:
                at = NOW - dt.timedelta(days=days)
                session.execute(text(
                    "INSERT INTO personal_records (user_id, exercise_id, records, "
                    "last_top_weight_lbs, last_top_reps, last_top_rpe, last_logged_at, "
                    "updated_at) VALUES (:user, :slug, '{}', :weight, :reps, :rpe, :at, :at)"),
                    {"user": user, "slug": slug, "weight": weight, "reps": reps, "rpe": rpe,
                     "at": at.replace(tzinfo=None) if database.is_sqlite else at})
        upgrade(database)
        loads = SqlLogReader(database, user, "UTC").known_loads()
        assert loads == known_loads_from_workouts(workouts)
        assert (loads["goblet-squat"].weight_lbs, loads["goblet-squat"].reps) == (45.0, 6)
        assert (loads["push-up"].weight_lbs, loads["push-up"].reps) == (25.0, 12)
        with database.read() as session:
            rows = {row.exercise_id: (row.last_top_log_id, row.last_logged_at)
                    for row in session.scalars(select(PersonalRecordRow))}
        assert rows == {"goblet-squat": ("log_a", NOW - dt.timedelta(days=5)),
                        "push-up": ("log_d", NOW - dt.timedelta(days=2)),
                        "incline-db-bench-press": ("log_e", NOW - dt.timedelta(days=3))}
