"""Plain workout-log records: what the analytics read, whoever stored them.

Loads are pounds (DESIGN D4) exactly as the user logged them: a dumbbell load is the weight of
one dumbbell, a barbell load is the whole bar with its plates, a bodyweight set carries only
the weight added to the body (usually 0). Nothing here knows about a database: the store
builds these records from its rows, tests and the in-memory log reader build them directly.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Annotated, NamedTuple, Protocol

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

MAX_WEIGHT_LBS = 2000.0
MAX_REPS = 100


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


class SetRecord(_Record):
    """One performed set. `reps` counts seconds for timed work (the plank)."""

    weight_lbs: Annotated[float, Field(ge=0, le=MAX_WEIGHT_LBS)] = 0.0
    reps: Annotated[int, Field(ge=0, le=MAX_REPS)]
    # Rate of perceived exertion, 10 = nothing left; reps in reserve = 10 - rpe.
    rpe: Annotated[float, Field(ge=1, le=10)] | None = None


class ExerciseRecord(_Record):
    exercise_id: str
    sets: tuple[SetRecord, ...]


class WorkoutRecord(_Record):
    log_id: str
    completed_at: AwareDatetime
    exercises: tuple[ExerciseRecord, ...]


class ExerciseSession(_Record):
    """Everything one log holds for one exercise, sets in the order they were done."""

    log_id: str
    completed_at: AwareDatetime
    sets: tuple[SetRecord, ...]


class VolumeRow(NamedTuple):
    """One set with the two facts volume counting needs; a plain 3-tuple works as well."""

    completed_at: dt.datetime
    exercise_id: str
    record: SetRecord


class LoggedSet(Protocol):
    """One logged set with its log, as a store reads it back row by row."""

    @property
    def log_id(self) -> str: ...
    @property
    def completed_at(self) -> dt.datetime: ...
    @property
    def exercise_id(self) -> str: ...
    @property
    def record(self) -> SetRecord: ...


def _newest_first(workouts: Iterable[WorkoutRecord]) -> list[WorkoutRecord]:
    # log_id breaks ties so two logs finished in the same second still order the same way.
    return sorted(workouts, key=lambda w: (w.completed_at, w.log_id), reverse=True)


def exercise_sessions(
    workouts: Iterable[WorkoutRecord], exercise_id: str, limit: int | None = None
) -> list[ExerciseSession]:
    """The sessions of one exercise, newest first; an exercise logged twice in one workout
    is one session with its sets in logged order."""
    sessions: list[ExerciseSession] = []
    for workout in _newest_first(workouts):
        sets = tuple(
            s for entry in workout.exercises if entry.exercise_id == exercise_id for s in entry.sets
        )
        if sets:
            sessions.append(
                ExerciseSession(log_id=workout.log_id, completed_at=workout.completed_at, sets=sets)
            )
            if limit is not None and len(sessions) >= limit:
                break
    return sessions


def workouts_from_rows(rows: Iterable[LoggedSet]) -> list[WorkoutRecord]:
    """Set rows (in logged order) back into workouts, for `exercise_sessions`: consecutive
    rows of one exercise in one log are one entry."""
    entries: dict[str, tuple[dt.datetime, list[tuple[str, list[SetRecord]]]]] = {}
    for row in rows:
        _, exercises = entries.setdefault(row.log_id, (row.completed_at, []))
        if exercises and exercises[-1][0] == row.exercise_id:
            exercises[-1][1].append(row.record)
        else:
            exercises.append((row.exercise_id, [row.record]))
    return [WorkoutRecord(log_id=log_id, completed_at=at, exercises=tuple(
                ExerciseRecord(exercise_id=slug, sets=tuple(sets)) for slug, sets in exercises))
            for log_id, (at, exercises) in entries.items()]


def volume_rows(workouts: Iterable[WorkoutRecord]) -> list[VolumeRow]:
    """Every set of every workout as a row for `volume.weekly_volume`."""
    return [
        VolumeRow(workout.completed_at, entry.exercise_id, record)
        for workout in workouts
        for entry in workout.exercises
        for record in entry.sets
    ]


def logged_exercise_ids(workouts: Iterable[WorkoutRecord]) -> set[str]:
    return {entry.exercise_id for workout in workouts for entry in workout.exercises}
