"""Known loads from history, and the working load they imply for a new prescription.

The generator prescribes `target_weight_lbs` from a `KnownLoad`: the top working set
(heaviest load, then most reps) of the latest session that used an external load.
Bodyweight-only sessions give no known load: there is no weight to prescribe.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from fitcoach.analytics.logs import (
    ExerciseSession,
    SetRecord,
    WorkoutRecord,
    exercise_sessions,
    logged_exercise_ids,
)
from fitcoach.analytics.rep_range import RepRange, as_rep_range
from fitcoach.analytics.strength import e1rm_estimate, load_for_reps
from fitcoach.analytics.units import DEFAULT_PLATES, PlateSteps, Rounding, round_to_loadable
from fitcoach.catalog.models import LoadKind
from fitcoach.catalog.vocabulary import Unit


class KnownLoad(BaseModel):
    """A recent working set from the user's own logs, the basis of a load target."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    weight_lbs: Annotated[float, Field(ge=0, le=2000)]
    reps: Annotated[int, Field(ge=1, le=100)]
    rpe: Annotated[float, Field(ge=1, le=10)] | None = None


def top_set(sets: Iterable[SetRecord]) -> SetRecord | None:
    """The heaviest set with at least one rep; more reps break a tie, then the earlier set."""
    best: SetRecord | None = None
    for s in sets:
        if s.reps >= 1 and (
            best is None or (s.weight_lbs, s.reps) > (best.weight_lbs, best.reps)
        ):
            best = s
    return best


def known_load(sessions: Sequence[ExerciseSession]) -> KnownLoad | None:
    """From sessions newest first: the latest top working set with an external load."""
    for session in sessions:
        best = top_set(session.sets)
        if best is not None and best.weight_lbs > 0:
            return KnownLoad(weight_lbs=best.weight_lbs, reps=best.reps, rpe=best.rpe)
    return None


def known_loads(
    sessions_by_exercise: Mapping[str, Sequence[ExerciseSession]],
) -> dict[str, KnownLoad]:
    """slug → known load, for every exercise that has one."""
    found = {slug: known_load(sessions) for slug, sessions in sessions_by_exercise.items()}
    return {slug: load for slug, load in found.items() if load is not None}


def known_loads_from_workouts(workouts: Sequence[WorkoutRecord]) -> dict[str, KnownLoad]:
    slugs = sorted(logged_exercise_ids(workouts))
    return known_loads({slug: exercise_sessions(workouts, slug) for slug in slugs})


def working_load(
    known: KnownLoad,
    rep_range: str | RepRange,
    target_rir: float,
    load_kind: LoadKind,
    unit: Unit,
    max_load_lbs: float | None = None,
    plates: PlateSteps = DEFAULT_PLATES,
) -> float | None:
    """The load (pounds) for a prescription, from the known set's e1RM.

    Aimed at the bottom of the range at the target RIR, so the lifter meets the prescription
    on the first set and double progression has room to add reps; rounded *down* to a
    loadable weight in the user's unit (never heavier than the effort asked for), and never
    above `max_load_lbs`. None when there is no load to give: bodyweight or timed work, or a
    known set without load."""
    reps = as_rep_range(rep_range)
    if reps.timed or load_kind is LoadKind.BODYWEIGHT:
        return None
    estimate = e1rm_estimate(known.weight_lbs, known.reps, known.rpe)
    if estimate is None:
        return None
    target = load_for_reps(estimate.value_lbs, reps.low, target_rir)
    if max_load_lbs is not None:
        target = min(target, max_load_lbs)
    loadable = round_to_loadable(target, load_kind, unit, Rounding.DOWN, plates)
    # The user's heaviest dumbbell is loadable by definition even off the grid.
    return loadable if max_load_lbs is None else min(loadable, max_load_lbs)
