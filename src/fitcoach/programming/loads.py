"""A week's planned exercises with their loads from the logs (DESIGN D10): each exercise
with history gets `last` (its latest session) and, when it is loaded work, the
`target_weight_lbs` of `analytics.load_targets.load_target`; one without history gets
neither, whatever the plan was generated with. Computed when a plan is read, not stored.

Each day sees only the sessions logged before its own date began (`cutoffs`): a session
logged today does not move today's prescription, and a day already done keeps the load it
was done against.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence

from fitcoach.analytics.load_targets import load_target
from fitcoach.analytics.logs import ExerciseSession
from fitcoach.analytics.units import DEFAULT_PLATES, PlateSteps
from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import LoadKind
from fitcoach.catalog.vocabulary import Unit, Weekday
from fitcoach.programming.plan import LastSession, PlannedExercise, WeeklyPlan


def planned_with_load(planned: PlannedExercise, sessions: Sequence[ExerciseSession],
                      unit: Unit, max_dumbbell_lbs: float | None,
                      plates: PlateSteps = DEFAULT_PLATES) -> PlannedExercise:
    exercise = CATALOG.find(planned.exercise_id)
    if exercise is None or not sessions:
        return planned.model_copy(update={"target_weight_lbs": None, "last": None})
    cap = max_dumbbell_lbs if exercise.load_kind is LoadKind.DUMBBELL else None
    target = load_target(exercise, sessions, planned.target_reps, unit, planned.target_rir,
                         cap, plates)
    newest = sessions[0]
    return planned.model_copy(update={
        "target_weight_lbs": target.weight_lbs if target else None,
        "last": LastSession(completed_at=newest.completed_at, sets=newest.sets)})


def with_loads(plan: WeeklyPlan, history: Mapping[str, Sequence[ExerciseSession]],
               cutoffs: Mapping[Weekday, dt.datetime], unit: Unit,
               max_dumbbell_lbs: float | None = None, plates: PlateSteps = DEFAULT_PLATES
               ) -> WeeklyPlan:
    """`plan` with every planned exercise's load and last session; `history` holds each
    exercise's sessions newest first, `cutoffs` the moment each day's date began."""
    days = {}
    for weekday, day in plan.days.items():
        cutoff = cutoffs[weekday]
        blocks = tuple(
            block.model_copy(update={"exercises": tuple(
                planned_with_load(
                    planned,
                    [s for s in history.get(planned.exercise_id, ()) if s.completed_at < cutoff],
                    unit, max_dumbbell_lbs, plates)
                for planned in block.exercises)})
            for block in day.blocks)
        days[weekday] = day.model_copy(update={"blocks": blocks})
    return plan.model_copy(update={"days": days})


