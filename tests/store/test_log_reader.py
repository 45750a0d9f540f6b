"""The SQL `LogReader` answers exactly what the pure analytics compute from the same logs,
for the reader's user only, reading only what it needs."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import event

from fitcoach.analytics.logs import (
    WorkoutRecord,
    exercise_sessions,
    volume_rows,
)
from fitcoach.analytics.records import records_from_history
from fitcoach.analytics.volume import volume_window, weekly_volume
from fitcoach.brain.ports import UserSettings
from fitcoach.brain.tools import HISTORY_TOOL, RECORDS_TOOL, VOLUME_TOOL, run_tool
from fitcoach.catalog.vocabulary import MuscleGroup
from fitcoach.store.database import Database
from fitcoach.store.log_reader import SqlLogReader
from tests.store.conftest import NOW
from tests.store.logged import log_sets

SLUGS = ("flat-db-bench-press", "incline-db-bench-press", "push-up", "goblet-squat",
         "single-arm-db-row")




def _history(database: Database, user: UserSettings, sessions: int,
             seed: int) -> list[WorkoutRecord]:
    """Random workouts every 1-3 days going back from NOW."""
    rng = random.Random(seed)
    workouts, at = [], NOW - dt.timedelta(days=3 * sessions)
    for _ in range(sessions):
        at += dt.timedelta(days=rng.randint(1, 3), hours=rng.randint(-5, 5))
        exercises = [(slug, [(float(rng.choice([0, 20, 25, 30, 35, 40, 45, 50])),
                              rng.randint(0, 15), rng.choice([None, 6.0, 7.5, 9.0]))
                             for _ in range(rng.randint(1, 4))])
                     for slug in rng.sample(SLUGS, rng.randint(1, 3))]
        workouts.append(log_sets(database, user, min(at, NOW), exercises))
    return workouts


@pytest.fixture
def logged(database: Database,
           new_user: Callable[..., UserSettings]) -> tuple[UserSettings, list[WorkoutRecord]]:
    user = new_user(timezone="America/New_York")
    stranger = new_user()
    _history(database, stranger, 6, seed=99)  # never visible to `user`
    return user, _history(database, user, 25, seed=7)


@pytest.mark.parametrize("limit", [1, 3, 10, 40])
@pytest.mark.parametrize("slug", SLUGS)
def test_history_matches_the_analytics(database: Database, logged: Any, slug: str,
                                       limit: int) -> None:
    user, workouts = logged
    reader = SqlLogReader(database, user.user_id, user.timezone)
    assert reader.exercise_history(slug, limit) == exercise_sessions(workouts, slug, limit)


def test_history_of_a_never_logged_exercise_is_empty(database: Database, logged: Any) -> None:
    user, _ = logged
    assert SqlLogReader(database, user.user_id, user.timezone).exercise_history("plank", 3) == []


@pytest.mark.parametrize("weeks_back", [1, 4, 12])
@pytest.mark.parametrize("group", [MuscleGroup.CHEST, MuscleGroup.BACK, MuscleGroup.QUADS,
                                   MuscleGroup.TRICEPS])
def test_volume_matches_the_analytics(database: Database, logged: Any, group: MuscleGroup,
                                      weeks_back: int) -> None:
    user, workouts = logged
    reader = SqlLogReader(database, user.user_id, user.timezone)
    zone = ZoneInfo(user.timezone)
    expected = weekly_volume(volume_rows(workouts), group, NOW, weeks_back, zone)
    assert reader.volume_trend(group, weeks_back, NOW) == expected


def test_volume_reads_only_its_window(database: Database, logged: Any) -> None:
    user, _ = logged
    reader = SqlLogReader(database, user.user_id, user.timezone)
    captured: list[tuple[str, Any]] = []

    def capture(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        captured.append((statement, parameters))

    event.listen(database.engine, "before_cursor_execute", capture)
    try:
        reader.volume_trend(MuscleGroup.CHEST, 2, NOW)
    finally:
        event.remove(database.engine, "before_cursor_execute", capture)
    [(statement, parameters)] = [(s, p) for s, p in captured if "workout_sets" in s]
    values = parameters.values() if isinstance(parameters, dict) else parameters
    moments = {_as_utc(value) for value in values if isinstance(value, dt.datetime | str)}
    start, end = volume_window(NOW, 2, ZoneInfo(user.timezone))
    # Both bounds of the window reach the database: a range on (user, completed_at).
    assert {start.astimezone(dt.UTC), end.astimezone(dt.UTC)} <= moments
    assert "completed_at >=" in statement
    assert "completed_at <" in statement


def _as_utc(value: dt.datetime | str) -> dt.datetime | None:
    if isinstance(value, str):
        try:
            value = dt.datetime.fromisoformat(value)
        except ValueError:
            return None  # a slug, a user id
    return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


def test_records_match_a_recomputation_from_history(database: Database,
                                                    logged: Any) -> None:
    user, workouts = logged
    reader = SqlLogReader(database, user.user_id, user.timezone)
    for slug in SLUGS:
        expected = records_from_history(slug, exercise_sessions(workouts, slug))
        stored = reader.records(slug)
        if expected.is_empty:
            assert stored is None or stored.is_empty
        else:
            assert stored == expected
    assert reader.records("plank") is None


def test_known_loads_are_the_latest_sessions_top_sets(database: Database,
                                                      new_user: Callable[..., UserSettings]
                                                      ) -> None:
    user = new_user()
    log_sets(database, user, NOW - dt.timedelta(days=7),
         [("goblet-squat", [(60, 8, 8.0), (65, 6, 9.0)])])
    log_sets(database, user, NOW - dt.timedelta(days=2),
         [("goblet-squat", [(55, 10, 7.0), (55, 9, 8.0)])])
    # A back-dated log is history, not the latest session.
    log_sets(database, user, NOW - dt.timedelta(days=30), [("goblet-squat", [(90, 3, 10.0)])])
    log_sets(database, user, NOW - dt.timedelta(days=1), [("plank", [(0, 0, None)])])
    loads = SqlLogReader(database, user.user_id, user.timezone).known_loads()
    assert set(loads) == {"goblet-squat"}  # a set without reps is no working set
    assert (loads["goblet-squat"].weight_lbs, loads["goblet-squat"].reps,
            loads["goblet-squat"].rpe) == (55.0, 10, 7.0)


def test_tools_over_sql_clamp_and_stay_scoped(database: Database,
                                              new_user: Callable[..., UserSettings]) -> None:
    user, other = new_user(), new_user()
    for day in range(12):
        log_sets(database, user, NOW - dt.timedelta(days=12 - day),
             [("pull-up", [(0, 5 + day, None)])])
    log_sets(database, other, NOW, [("pull-up", [(45, 12, None)])])
    reader = SqlLogReader(database, user.user_id, user.timezone)
    history = run_tool(HISTORY_TOOL, {"exercise_slug": "pull-up", "limit_sessions": 50,
                                      "user_id": other.user_id}, reader, NOW)
    assert history["limit_sessions"] == 10
    assert [s["top_set"]["reps"] for s in history["sessions"]] == list(range(16, 6, -1))
    records = run_tool(RECORDS_TOOL, {"exercise_slug": "pull-up"}, reader, NOW)
    assert records["max_weight_set"]["weight_lbs"] == 0.0  # never the other user's 45 lb
    volume = run_tool(VOLUME_TOOL, {"muscle_group": "Back", "weeks_back": 0}, reader, NOW)
    assert volume["weeks_back"] == 1
    # This week began today (a Monday): the user logged nothing since, the other user did.
    assert volume["weeks"][0]["sets"] == 0
