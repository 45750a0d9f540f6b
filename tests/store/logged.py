"""Logging a workout through the service and describing it as the analytics see it, so a
test can compare what SQL answers with what the pure analytics answer on the same history."""

from __future__ import annotations

import datetime as dt

from fitcoach.analytics.logs import ExerciseRecord, SetRecord, WorkoutRecord
from fitcoach.api.workouts.schemas import WorkoutLogRequest
from fitcoach.api.workouts.service import log_workout
from fitcoach.brain.ports import UserSettings
from fitcoach.store.database import Database
from tests.store.conftest import NOW

# One exercise's sets: (weight in lb, reps, RPE or None).
Sets = list[tuple[float, int, float | None]]


def log_sets(database: Database, user: UserSettings, at: dt.datetime,
             exercises: list[tuple[str, Sets]]) -> WorkoutRecord:
    """Log `exercises` as completed at `at` (not after NOW) and return the same workout as
    an analytics record."""
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
