"""An in-memory `LogReader`: the same answers as the database, over a plain list of workouts.

The terminal chat, the evaluation suite and the tests hand the turn pipeline this reader; the
HTTP service hands it `store.log_reader.SqlLogReader`. Both compute with the same pure
analytics functions, so their answers cannot drift apart.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from zoneinfo import ZoneInfo

from fitcoach.analytics.known_loads import KnownLoad, known_loads_from_workouts
from fitcoach.analytics.logs import (
    ExerciseSession,
    WorkoutRecord,
    exercise_sessions,
    volume_rows,
)
from fitcoach.analytics.records import PersonalRecords, records_from_history
from fitcoach.analytics.volume import WeekVolume, weekly_volume
from fitcoach.catalog.vocabulary import MuscleGroup


class InMemoryLogReader:
    def __init__(self, workouts: Iterable[WorkoutRecord] = (), timezone: str = "UTC") -> None:
        self.workouts: list[WorkoutRecord] = list(workouts)
        self.zone = ZoneInfo(timezone)

    def add(self, workout: WorkoutRecord) -> None:
        self.workouts.append(workout)

    def exercise_history(self, exercise_id: str, limit_sessions: int) -> list[ExerciseSession]:
        return exercise_sessions(self.workouts, exercise_id, limit=max(0, limit_sessions))

    def volume_trend(self, group: MuscleGroup, weeks_back: int,
                     now: dt.datetime) -> list[WeekVolume]:
        return weekly_volume(volume_rows(self.workouts), group, now, weeks_back, self.zone)

    def records(self, exercise_id: str) -> PersonalRecords | None:
        sessions = exercise_sessions(self.workouts, exercise_id)
        return records_from_history(exercise_id, sessions) if sessions else None

    def known_loads(self) -> dict[str, KnownLoad]:
        return known_loads_from_workouts(self.workouts)
