"""Synthetic but plausible training histories, inserted in bulk.

A user trains a four-day split, one workout a day going back from *now*, five exercises of
four sets each; loads creep up over the months. Rows go in through the same tables, with the
same records and kept newest sessions the service computes, just without one HTTP request
per workout.
"""

from __future__ import annotations

import datetime as dt
import random
from collections import defaultdict
from typing import Any

from sqlalchemy import insert, text

from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.analytics.recent import recent_from_history
from fitcoach.analytics.records import records_from_history
from fitcoach.api.auth import hash_token, new_token
from fitcoach.api.ids import new_log_id, new_user_id
from fitcoach.api.recents.repository import encoded
from fitcoach.brain.ports import UserSettings
from fitcoach.store.database import Database
from fitcoach.store.models import (
    ApiToken,
    PersonalRecordRow,
    RecentSessionsRow,
    User,
    WorkoutLogRow,
    WorkoutSetRow,
)

SPLIT: tuple[tuple[str, ...], ...] = (
    ("flat-db-bench-press", "incline-db-bench-press", "seated-db-shoulder-press",
     "db-lateral-raise", "overhead-db-tricep-extension"),
    ("goblet-squat", "bulgarian-split-squat", "db-romanian-deadlift", "standing-calf-raise",
     "plank"),
    ("pull-up", "chest-supported-db-row", "single-arm-db-row", "rear-delt-db-flye",
     "standing-db-bicep-curl"),
    ("db-walking-lunge", "arnold-press", "push-up", "incline-db-curl", "hanging-leg-raise"),
)
SETS_PER_EXERCISE = 4
SETS_PER_LOG = SETS_PER_EXERCISE * len(SPLIT[0])
BATCH = 5_000


def add_user(database: Database, now: dt.datetime, timezone: str = "UTC"
             ) -> tuple[UserSettings, str]:
    """A user and their bearer token."""
    user_id, token = new_user_id(), new_token()
    with database.write() as session:
        session.add(User(id=user_id, display_name="bench", locale="en", units="lb",
                         timezone=timezone, created_at=now))
        session.flush()
        session.add(ApiToken(token_hash=hash_token(token), user_id=user_id, created_at=now))
    return UserSettings(user_id=user_id, display_name="bench", timezone=timezone), token


def add_history(database: Database, user_id: str, total_sets: int, now: dt.datetime,
                seed: int = 1) -> None:
    """About `total_sets` sets, one workout a day back from `now`, with their records."""
    rng = random.Random(seed)
    logs: list[dict[str, Any]] = []
    sets: list[dict[str, Any]] = []
    sessions: dict[str, list[ExerciseSession]] = defaultdict(list)
    workouts = max(1, total_sets // SETS_PER_LOG)
    for index in range(workouts):
        completed_at = now - dt.timedelta(days=workouts - index, hours=rng.randint(0, 6))
        log_id = new_log_id()
        logs.append({"id": log_id, "user_id": user_id, "idempotency_key": None,
                     "request_hash": "bench", "completed_at": completed_at,
                     "day": completed_at.strftime("%A").lower(),
                     "local_date": completed_at.date(), "new_prs": [], "created_at": now})
        for position, slug in enumerate(SPLIT[index % len(SPLIT)]):
            base = 20 + 5 * (index // 40) % 60  # slow progress, then a reset
            records = [SetRecord(weight_lbs=float(base + rng.choice((0, 5))),
                                 reps=rng.randint(6, 12), rpe=rng.choice((None, 7.0, 8.0, 9.0)))
                       for _ in range(SETS_PER_EXERCISE)]
            sessions[slug].append(ExerciseSession(log_id=log_id, completed_at=completed_at,
                                                  sets=tuple(records)))
            sets.extend({"user_id": user_id, "log_id": log_id, "exercise_id": slug,
                         "exercise_position": position, "set_index": i,
                         "weight_lbs": r.weight_lbs, "reps": r.reps, "rpe": r.rpe,
                         "completed_at": completed_at} for i, r in enumerate(records))
    with database.write() as session:
        for start in range(0, len(logs), BATCH):
            session.execute(insert(WorkoutLogRow), logs[start:start + BATCH])
        for start in range(0, len(sets), BATCH):
            session.execute(insert(WorkoutSetRow), sets[start:start + BATCH])
        for slug, history in sessions.items():
            latest = history[-1]
            top = max(latest.sets, key=lambda s: (s.weight_lbs, s.reps))
            session.add(PersonalRecordRow(
                user_id=user_id, exercise_id=slug,
                records=records_from_history(slug, history).model_dump(mode="json"),
                last_top_weight_lbs=top.weight_lbs, last_top_reps=top.reps,
                last_top_rpe=top.rpe, last_logged_at=latest.completed_at, updated_at=now))
            recent = recent_from_history(history)
            session.add(RecentSessionsRow(
                user_id=user_id, exercise_id=slug, more=recent.more,
                sessions=[encoded(s) for s in recent.sessions]))


def refresh_statistics(database: Database) -> None:
    """What autovacuum / `ANALYZE` would have done by now on a live database."""
    with database.engine.connect() as connection:
        connection.execute(text("ANALYZE"))
        connection.commit()
