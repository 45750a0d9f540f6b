"""A conservative first load for an exercise never logged, from a logged one of the same
movement pattern (DESIGN D10: "a new exercise that shares a pattern with a logged one may get
a conservative estimate"). A pure rule: the catalog, the sessions and the prescription in, an
estimate or nothing out. It is marked as an estimate wherever it is shown.

1. The source: among the logged exercises of the same `pattern` with a loaded session, the
   one logged most recently (ties: the same load kind first, then the slug).
2. Its strength: the e1RM of its latest top loaded set (`known_loads.known_load`).
3. The transfer: scaled by the ratio of the two exercises' catalog novice loads
   (`default_load_lbs`, in each one's own logging: per dumbbell, bar total, stack), which
   carries both the kind of load (a dumbbell press is per hand) and the usual strength gap
   (an incline press is lighter than a flat one), then cut by `TRANSFER_DISCOUNT`.
4. The load: for the bottom of the rep range with one rep more in reserve than prescribed,
   rounded down on the user's grid and never above the cap (`known_loads.working_load`).
Bodyweight or timed work, and an exercise with loaded history of its own, get no estimate.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict

from fitcoach.analytics.known_loads import KnownLoad, known_load, working_load
from fitcoach.analytics.logs import ExerciseSession
from fitcoach.analytics.rep_range import RepRange, as_rep_range
from fitcoach.analytics.strength import e1rm_estimate
from fitcoach.analytics.units import DEFAULT_PLATES, PlateSteps
from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import Exercise, LoadKind
from fitcoach.catalog.vocabulary import Unit

TRANSFER_DISCOUNT = 0.85  # a new movement is not yet as strong as a practised one
EXTRA_RESERVE = 1  # and its first sessions are run further from failure
DEFAULT_TARGET_RIR = 2


class LoadEstimate(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    weight_lbs: float
    from_exercise_id: str  # the logged exercise it was estimated from
    source_e1rm_lbs: float  # that exercise's e1RM the estimate started from


def _loaded(exercise: Exercise) -> bool:
    return (exercise.load_kind is not LoadKind.BODYWEIGHT and not exercise.timed
            and exercise.default_load_lbs > 0)


def estimate_load(exercise: Exercise, history: Mapping[str, Sequence[ExerciseSession]],
                  rep_range: str | RepRange, unit: Unit, target_rir: int | None = None,
                  max_load_lbs: float | None = None, plates: PlateSteps = DEFAULT_PLATES
                  ) -> LoadEstimate | None:
    """`history`: slug → sessions newest first, for any exercises the user logged."""
    reps = as_rep_range(rep_range)
    if reps.timed or not _loaded(exercise):
        return None
    if known_load(history.get(exercise.slug, ())) is not None:
        return None  # its own history decides (`load_targets`)
    candidates: list[tuple[ExerciseSession, Exercise, KnownLoad]] = []
    for slug, sessions in history.items():
        other = CATALOG.find(slug)
        if other is None or other.slug == exercise.slug or other.pattern != exercise.pattern \
                or not _loaded(other):
            continue
        loaded = [s for s in sessions if known_load([s]) is not None]
        known = known_load(loaded)
        if known is not None:
            candidates.append((loaded[0], other, known))
    if not candidates:
        return None
    _, source, known = max(candidates, key=lambda c: (
        c[0].completed_at, c[1].load_kind is exercise.load_kind, c[1].slug))
    strength = e1rm_estimate(known.weight_lbs, known.reps, known.rpe)
    if strength is None:
        return None
    ratio = exercise.default_load_lbs / source.default_load_lbs
    transferred = KnownLoad(weight_lbs=min(2000.0, known.weight_lbs * ratio * TRANSFER_DISCOUNT),
                            reps=known.reps, rpe=known.rpe)
    rir = (DEFAULT_TARGET_RIR if target_rir is None else target_rir) + EXTRA_RESERVE
    weight = working_load(transferred, reps, rir, exercise.load_kind, unit, max_load_lbs,
                          plates)
    if weight is None or weight <= 0:
        return None
    return LoadEstimate(weight_lbs=weight, from_exercise_id=source.slug,
                        source_e1rm_lbs=round(strength.value_lbs, 1))
