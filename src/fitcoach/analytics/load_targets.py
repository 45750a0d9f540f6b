"""The load of a planned exercise's next session, by double progression from its logs
(DESIGN D10). A pure rule: the sessions (newest first), the prescription and the gear in,
a load or nothing out.

Judged on the working sets (the sets at the top load, `progression.working_sets`) of the
latest session that had a load:
1. every working set reached the top of the rep range at or below the target effort
   (RPE ≤ 10 − target RIR; an unrated set counts as on target) → the next load step the
   gear allows (`units.next_load_up`: 5 lb or 2 kg per dumbbell, 5 lb / 2.5 kg on a bar,
   one plate of a stack), unless the load is already at the cap (then the same load, and
   the lifter progresses reps);
2. the two latest loaded sessions, at the same load, each had a working set under the
   bottom of the range → back off about 10%: the lighter of one step down and 90% rounded
   down to a loadable weight, so at least a 10% cut and at least one step (none lighter
   is loadable: the same load);
3. otherwise → the same load (inside the range: more reps next time; one miss: try again).
Every load is capped by the user's limit (`max_load_lbs`: the heaviest dumbbell they own).
Without a loaded session there is no load: bodyweight and timed work, or no history.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.analytics.progression import top_weight, working_sets
from fitcoach.analytics.rep_range import RepRange, as_rep_range
from fitcoach.analytics.units import (
    DEFAULT_PLATES,
    PlateSteps,
    Rounding,
    next_load_down,
    next_load_up,
    round_to_loadable,
    usable_load,
)
from fitcoach.catalog.models import Exercise, LoadKind
from fitcoach.catalog.vocabulary import Unit

BACK_OFF_FACTOR = 0.9
MISSES_BEFORE_BACK_OFF = 2
DEFAULT_TARGET_RIR = 2
_SAME_LOAD_LBS = 1e-6


class LoadDecision(StrEnum):
    INCREASE = "increase"  # top of the range at the target effort: one step up
    AT_CAP = "at_cap"  # it would go up, but the load is at the user's limit: more reps
    ADD_REPS = "add_reps"  # inside the range: same load, more reps
    HOLD = "hold"  # one miss, or the top reached too hard: same load again
    BACK_OFF = "back_off"  # two misses at this load: about 10% lighter


class LoadTarget(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    weight_lbs: float
    decision: LoadDecision
    log_id: str  # the session it was decided from


def _has_load(session: ExerciseSession) -> bool:
    return top_weight(session.sets) > 0 and any(s.reps >= 1 for s in session.sets)


def _missed(working: Sequence[SetRecord], reps: RepRange) -> bool:
    return any(s.reps < reps.low for s in working)


def load_target(exercise: Exercise, sessions: Sequence[ExerciseSession],
                rep_range: str | RepRange, unit: Unit, target_rir: int | None = None,
                max_load_lbs: float | None = None, plates: PlateSteps = DEFAULT_PLATES
                ) -> LoadTarget | None:
    """The next session's load for `exercise` from its `sessions`, newest first, in the
    user's unit's steps (`plates`: a barbell's)."""
    reps = as_rep_range(rep_range)
    if reps.timed or exercise.timed or exercise.load_kind is LoadKind.BODYWEIGHT:
        return None
    loaded = [s for s in sessions if _has_load(s)]
    if not loaded:
        return None
    last = loaded[0]
    working = working_sets(last.sets)
    logged = working[0].weight_lbs
    kind = exercise.load_kind
    # The logged load and the cap as the user's own gear holds them: a pound value seen by
    # a kg user (an imported file, a limit said in pounds) lands on the kg grid.
    weight = usable_load(logged, kind, unit, plates)
    if max_load_lbs is not None:
        # Down, never above the cap itself (nothing loadable is lighter than the grid's
        # minimum: then the cap as said).
        max_load_lbs = min(max_load_lbs,
                           usable_load(max_load_lbs, kind, unit, plates, Rounding.DOWN))

    def decided(weight_lbs: float, decision: LoadDecision) -> LoadTarget:
        if max_load_lbs is not None:
            weight_lbs = min(weight_lbs, max_load_lbs)
        return LoadTarget(weight_lbs=weight_lbs, decision=decision, log_id=last.log_id)

    target_rpe = 10 - (DEFAULT_TARGET_RIR if target_rir is None else target_rir)
    on_target = all(s.rpe is None or s.rpe <= target_rpe for s in working)
    if all(s.reps >= reps.high for s in working) and on_target:
        if max_load_lbs is not None and weight >= max_load_lbs - _SAME_LOAD_LBS:
            return decided(weight, LoadDecision.AT_CAP)
        heavier = next_load_up(weight, kind, unit, plates)
        assert heavier is not None  # every loaded kind has a grid
        return decided(heavier, LoadDecision.INCREASE)
    if _missed(working, reps):
        earlier = loaded[1:MISSES_BEFORE_BACK_OFF]
        repeated = len(earlier) == MISSES_BEFORE_BACK_OFF - 1 and all(
            abs(working_sets(s.sets)[0].weight_lbs - logged) < _SAME_LOAD_LBS
            and _missed(working_sets(s.sets), reps) for s in earlier)
        lighter = next_load_down(weight, kind, unit, plates)
        if repeated and lighter is not None:
            cut = round_to_loadable(weight * BACK_OFF_FACTOR, kind, unit, Rounding.DOWN,
                                    plates)
            return decided(min(lighter, cut), LoadDecision.BACK_OFF)
        return decided(weight, LoadDecision.HOLD)
    if all(s.reps >= reps.high for s in working):
        return decided(weight, LoadDecision.HOLD)  # the top, but harder than the target
    return decided(weight, LoadDecision.ADD_REPS)
