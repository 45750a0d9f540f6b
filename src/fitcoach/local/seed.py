"""Writing a starting state for a user (the memory they told, the plan they accepted, the
workouts they logged): what a case of the evaluation suite or a test starts from.

The memory items and the plan version are written as they are, through the repositories
(their ids, times and version number are part of the state); the workouts are logged
through the service (`api/workouts/service.log_workout`, at the time each was done), so
their records, known loads and the plan day each completes follow the service's rules.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

from fitcoach.analytics.logs import ExerciseRecord, WorkoutRecord
from fitcoach.api.memory.repository import MemoryRepository
from fitcoach.api.plans.materialise import PlanWeekRepository, accepted_week
from fitcoach.api.plans.repository import PlanRepository
from fitcoach.api.workouts.schemas import (
    LogCreated,
    LoggedExercise,
    LoggedSet,
    WorkoutLogRequest,
)
from fitcoach.api.workouts.service import log_workout
from fitcoach.brain.ports import UserSettings
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.memory.apply import MutationOutcome
from fitcoach.memory.entries import MemoryItem
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.store.database import Database


def seed_memory(database: Database, caller: UserSettings, items: Sequence[MemoryItem],
                now: dt.datetime) -> None:
    """Store the items as they are (ids, times, expiries, invalidations); no audit rows:
    nobody said them in this store."""
    if not items:
        return
    outcome = MutationOutcome(applied=(), created=tuple(items), updated=(), invalidated=(),
                              dropped=(), items=tuple(items))
    with database.write(lock_user=caller.user_id) as session:
        MemoryRepository(session).save_outcome(caller.user_id, outcome, source="seed",
                                               now=now)


def seed_plan(database: Database, caller: UserSettings, plan: WeeklyPlan, version: int,
              now: dt.datetime) -> None:
    """An accepted plan as version `version` (the state's; no proposal led to it here),
    its week kept as Accept keeps it (`api/coach/proposals.accept`, D10)."""
    with database.write(lock_user=caller.user_id) as session:
        PlanRepository(session).add(caller.user_id, version, plan, None, now)
        PlanWeekRepository(session).put(caller.user_id, accepted_week(None, plan, version),
                                        now)


def log_request(exercises: Iterable[ExerciseRecord], completed_at: dt.datetime,
                day: Weekday | None = None) -> WorkoutLogRequest:
    """`POST /api/workouts/log`'s body for a workout (loads in pounds)."""
    return WorkoutLogRequest(completed_at=completed_at, day=day, exercises_logged=[
        LoggedExercise(exercise_id=entry.exercise_id, sets=[
            LoggedSet(weight_lbs=s.weight_lbs, reps=s.reps, rpe=s.rpe) for s in entry.sets])
        for entry in exercises])


def seed_workouts(database: Database, caller: UserSettings,
                  workouts: Iterable[WorkoutRecord]) -> list[LogCreated]:
    """Log each workout at its own time, oldest first (records follow the order)."""
    return [log_workout(database, caller, log_request(w.exercises, w.completed_at),
                        w.completed_at)
            for w in sorted(workouts, key=lambda workout: workout.completed_at)]
