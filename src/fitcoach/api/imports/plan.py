"""An import decided before anything is written: which workouts are new, every set's place
(the analytics' history, or kept aside), and the key that makes a second import of the same
rows add nothing."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field

from fitcoach.analytics.logs import MAX_REPS, SetRecord
from fitcoach.api.imports.formats import Source
from fitcoach.api.imports.names import catalog_slug
from fitcoach.api.imports.rows import ImportedSet, ImportedWorkout, InvalidCsv
from fitcoach.api.workouts.schemas import MAX_AFTER_NOW
from fitcoach.catalog import CATALOG

EARLIEST = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


def workout_key(source: Source, workout: ImportedWorkout) -> str:
    """The idempotency key of an imported workout: the app, its start and its title. The
    same workout in a later export (or the same file twice) has the same key."""
    title = hashlib.sha256(workout.title.encode()).hexdigest()[:16]
    return f"import:{source.value}:{workout.started_at:%Y%m%dT%H%M%SZ}:{title}"


def workout_fingerprint(workout: ImportedWorkout) -> str:
    body = [[e.name, [[s.weight_lbs, s.reps, s.rpe, s.warmup, s.seconds] for s in e.sets]]
            for e in workout.exercises]
    return hashlib.sha256(json.dumps(body).encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class TrackedSet:
    """A working set of a catalog exercise: history the analytics read."""

    exercise_id: str
    position: int
    index: int
    record: SetRecord


@dataclass(frozen=True, slots=True)
class KeptSet:
    """A warm-up, or a set of an exercise outside the catalog: kept, not analysed."""

    name: str
    exercise_id: str | None
    position: int
    index: int
    record: ImportedSet


@dataclass(slots=True)
class PlannedWorkout:
    key: str
    fingerprint: str
    workout: ImportedWorkout
    tracked: list[TrackedSet] = field(default_factory=list)
    kept: list[KeptSet] = field(default_factory=list)


def _tracked_record(slug: str, imported: ImportedSet) -> SetRecord:
    reps = imported.reps
    if CATALOG.get(slug).timed and reps == 0:
        reps = imported.seconds  # Strong and Hevy put a plank's time in its own column
    return SetRecord(weight_lbs=imported.weight_lbs, reps=min(reps, MAX_REPS), rpe=imported.rpe)


def plan_workout(source: Source, workout: ImportedWorkout, now: dt.datetime) -> PlannedWorkout:
    if not EARLIEST <= workout.started_at <= now + MAX_AFTER_NOW:
        raise InvalidCsv(f"line {workout.first_line}: the workout's time "
                         f"{workout.started_at:%Y-%m-%d %H:%M} UTC is before 1970 or in the "
                         f"future")
    planned = PlannedWorkout(workout_key(source, workout), workout_fingerprint(workout),
                             workout)
    for position, exercise in enumerate(workout.exercises):
        slug = catalog_slug(exercise.name)
        for index, imported in enumerate(exercise.sets):
            if slug is not None and not imported.warmup:
                planned.tracked.append(
                    TrackedSet(slug, position, index, _tracked_record(slug, imported)))
            else:
                planned.kept.append(KeptSet(exercise.name, slug, position, index, imported))
    return planned


def unmapped_counts(workouts: list[PlannedWorkout]) -> list[tuple[str, int]]:
    """Names no catalog exercise matched, with their set counts, most sets first."""
    counts: Counter[str] = Counter()
    for planned in workouts:
        for kept in planned.kept:
            if kept.exercise_id is None:
                counts[kept.name] += 1
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))
