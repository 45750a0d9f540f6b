"""What an import reads out of a CSV file, whatever app wrote it: workouts of sets, with
loads in pounds, times in UTC and the app's own exercise names (mapped to slugs later)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from fitcoach.api.errors import FitcoachError


class InvalidCsv(FitcoachError):
    """The file cannot be read as the export it claims to be; the message names the line."""

    status_code = 422
    code = "invalid_csv"


@dataclass(frozen=True, slots=True)
class ImportedSet:
    weight_lbs: float
    reps: int  # seconds for timed work, as our own logs count them
    rpe: float | None
    warmup: bool
    seconds: int = 0  # the app's own duration column, kept for timed work


@dataclass(slots=True)
class ImportedExercise:
    name: str  # as the app named it: "Bench Press (Dumbbell)"
    sets: list[ImportedSet] = field(default_factory=list)


@dataclass(slots=True)
class ImportedWorkout:
    """One workout of the file: the rows sharing its start time and title."""

    started_at: dt.datetime  # aware, UTC
    completed_at: dt.datetime  # the end when the app records one, else the start
    title: str
    first_line: int  # where it starts in the file, for messages
    exercises: list[ImportedExercise] = field(default_factory=list)

    def add(self, name: str, record: ImportedSet) -> None:
        # Consecutive rows of one exercise are one entry; the same exercise again later in
        # the workout (a superset, a second round) is a second entry, as the app shows it.
        if not self.exercises or self.exercises[-1].name != name:
            self.exercises.append(ImportedExercise(name))
        self.exercises[-1].sets.append(record)

    @property
    def set_count(self) -> int:
        return sum(len(e.sets) for e in self.exercises)
