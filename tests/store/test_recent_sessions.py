"""The kept newest sessions (`recent_sessions`, `api.recents`) on SQLite and PostgreSQL: after
any history of logs, imports, corrections and deletions, each exercise's summary is the one
its logged sets give from scratch, and the plan read's history (`week_history`, which falls
back to the logs where the summary does not reach back far enough) is what the whole history
decides."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fitcoach.analytics.logs import ExerciseSession
from fitcoach.analytics.recent import recent_from_history
from fitcoach.api.imports.formats import Source
from fitcoach.api.imports.service import import_csv
from fitcoach.api.plans.loads import SESSIONS_PER_EXERCISE, week_history
from fitcoach.api.recents.repository import RecentRepository
from fitcoach.api.users.repository import UserRepository
from fitcoach.api.users.schemas import CreateUserRequest
from fitcoach.api.users.service import create_user
from fitcoach.api.workouts.corrections import _history, correct_log, delete_log
from fitcoach.api.workouts.schemas import LogCorrection, WorkoutLogRequest
from fitcoach.api.workouts.service import log_workout
from fitcoach.brain.ports import UserSettings
from fitcoach.catalog.vocabulary import Unit
from fitcoach.programming.loads import sessions_deciding
from fitcoach.store.database import Database
from fitcoach.store.migrate import alembic_config, upgrade
from tests.store.conftest import NOW
from tests.store.databases import BACKENDS, provision
from tests.store.logged import log_sets

SLUGS = ("goblet-squat", "push-up")
NAMES = {"goblet-squat": "Goblet Squat", "push-up": "Push Up"}
PROPERTY = settings(max_examples=12, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large])

sets = st.lists(st.tuples(st.sampled_from([0.0, 25.0, 50.0]), st.integers(0, 12)),
                min_size=1, max_size=3)
exercises = st.lists(st.tuples(st.sampled_from(SLUGS), sets), min_size=1, max_size=2)
# Hours before NOW: several logs may share a second (the log id orders them then).
hours = st.integers(0, 24 * 30)
operations = st.lists(st.one_of(
    st.tuples(st.just("log"), hours, exercises),
    st.tuples(st.just("import"), st.lists(st.tuples(hours, exercises), min_size=1,
                                          max_size=4)),
    st.tuples(st.just("move"), st.integers(0, 50), hours),
    st.tuples(st.just("replace"), st.integers(0, 50), exercises),
    st.tuples(st.just("delete"), st.integers(0, 50))), min_size=1, max_size=16)


def _user(database: Database) -> UserSettings:
    created = create_user(database, CreateUserRequest(display_name="Recent"), NOW)
    with database.read() as session:
        user = UserRepository(session).get(created.user_id)
    assert user is not None
    return user


def _logged(entries: list[tuple[str, list[tuple[float, int]]]]) -> list[dict[str, Any]]:
    return [{"exercise_id": slug, "sets": [{"weight_lbs": w, "reps": r} for w, r in found]}
            for slug, found in entries]


def _strong(workouts: list[tuple[int, list[tuple[str, list[tuple[float, int]]]]]]) -> bytes:
    lines = ["Date;Workout Name;Exercise Name;Set Order;Weight;Reps"]
    for index, (before, entries) in enumerate(workouts):
        # A distinct minute per workout of the file: Strong keys a workout by its start.
        at = (NOW - dt.timedelta(hours=before, minutes=index + 1)).strftime("%Y-%m-%d %H:%M:%S")
        lines += [f"{at};W{index};{NAMES[slug]};{n + 1};{w};{r}"
                  for slug, found in entries for n, (w, r) in enumerate(found)]
    return ("\n".join(lines) + "\n").encode()


def _apply(database: Database, user: UserSettings, operation: tuple[Any, ...],
           logs: list[str]) -> None:
    kind = operation[0]
    if kind == "log":
        _, before, entries = operation
        request = WorkoutLogRequest.model_validate({
            "completed_at": (NOW - dt.timedelta(hours=before)).isoformat(),
            "exercises_logged": _logged(entries)})
        logs.append(log_workout(database, user, request, NOW).log_id)
    elif kind == "import":
        import_csv(database, user, Source.STRONG, _strong(operation[1]), Unit.LB, NOW)
    elif logs:
        log_id = logs[operation[1] % len(logs)]
        if kind == "delete":
            delete_log(database, user, log_id, NOW)
            logs.remove(log_id)
        elif kind == "move":
            correct_log(database, user, log_id, LogCorrection.model_validate(
                {"completed_at": (NOW - dt.timedelta(hours=operation[2])).isoformat()}), NOW)
        else:
            correct_log(database, user, log_id, LogCorrection.model_validate(
                {"exercises_logged": _logged(operation[2])}), NOW)


def _bounded(history: list[ExerciseSession], since: dt.datetime) -> list[ExerciseSession]:
    """What a read from the logs returns: every session since `since`, and the newest
    `SESSIONS_PER_EXERCISE` before."""
    return ([s for s in history if s.completed_at >= since]
            + [s for s in history if s.completed_at < since][:SESSIONS_PER_EXERCISE])


@PROPERTY
@given(steps=operations, since_hours=st.integers(0, 24 * 31))
def test_any_history_keeps_each_summary_equal_to_the_logs(
        database: Database, steps: list[tuple[Any, ...]], since_hours: int) -> None:
    user = _user(database)
    logs: list[str] = []
    for step in steps:
        _apply(database, user, step, logs)
    since = NOW - dt.timedelta(hours=since_hours)
    with database.read() as session:
        recents = RecentRepository(session)
        histories = {slug: _history(session, user.user_id, slug) for slug in SLUGS}
        for slug, history in histories.items():
            kept = recents.get(user.user_id, slug)
            assert kept == (recent_from_history(history) if history else None), slug
        read = week_history(session, user.user_id, SLUGS, since)
    assert read == {slug: sessions_deciding(slug, _bounded(history, since), since)[0]
                    for slug, history in histories.items() if history}


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_migration_fills_the_summaries_from_the_logged_sets(backend: str,
                                                                tmp_path: Path) -> None:
    # Logged, then back to 0006 (the table and its rows gone) and up again: 0007 fills the
    # summaries from the logged sets.
    with provision(backend, tmp_path) as database:
        user = _user(database)
        for k in range(10):  # more than are kept: `more` must say so
            log_sets(database, user, NOW - dt.timedelta(days=k, hours=k % 3),
                     [("goblet-squat", [(40 + k, 10, 8.0), (40 + k, 9, None)])]
                     + ([("plank", [(0, 30 + k, None)])] if k % 4 == 0 else []))
        config = alembic_config(database.engine)
        with database.engine.connect() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0006")
            connection.commit()
        upgrade(database)
        with database.read() as session:
            for slug in ("goblet-squat", "plank"):
                history = _history(session, user.user_id, slug)
                assert RecentRepository(session).get(user.user_id, slug) == \
                    recent_from_history(history)
