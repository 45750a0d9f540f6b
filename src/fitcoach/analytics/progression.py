"""Progressive-overload advice by double progression, as numbers and codes, never prose.

The brain writes the message in the user's language from these fields, so everything it may
cite is here: the action, the reason, what was done last time and what to do next.

Double progression within a rep range (e.g. 8-10 at 2 reps in reserve), judged on the
working sets of the latest session (the sets at its top load):
1. every working set reached the top of the range at or below the target effort
   (RPE ≤ 10 − target RIR; an unrated set counts as on target, as classic double
   progression does) → add the smallest sensible load step for the gear, in the user's
   unit, rounded to a loadable weight, and start again at the bottom of the range;
   at the user's heaviest dumbbell, or for bodyweight work, progress reps, sets or tempo;
2. otherwise, if progress has stalled (below) → deload, or change the variation when the
   stall is long;
3. the first working set fell below the range (the load is too heavy even fresh) → reduce
   the load to what the e1RM says fits the bottom of the range at the target effort;
4. later sets fell below the range, or a set was at RPE 10 → hold the load;
5. all sets at the top but harder than the target effort → hold the load;
6. otherwise reps are inside the range → keep the load and add a rep per set.

Stall: each session is scored by the mean effort index (e1RM, or reps when unloaded) of its
working sets, so adding reps to the later sets counts as progress even when the best set is
unchanged. The stall length is the number of latest sessions that have not beaten the best
earlier session by more than `STALL_TOLERANCE`; 3 or more is a stall (deload), 6 or more a
long stall (change the variation). A latest session that beats the one before it is still
climbing (after a load jump or a deload) and is never called a stall. Detecting a stall needs
at least 4 sessions: callers should pass more than the seed tool's default of 3.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum

from pydantic import AwareDatetime, BaseModel, ConfigDict

from fitcoach.analytics.logs import MAX_REPS, ExerciseSession, SetRecord
from fitcoach.analytics.rep_range import RepRange, as_rep_range
from fitcoach.analytics.strength import best_e1rm, effort_index, load_for_reps
from fitcoach.analytics.units import (
    Rounding,
    display_weight,
    load_step,
    next_load_down,
    next_load_up,
    round_to_loadable,
)
from fitcoach.catalog.models import Exercise, LoadKind
from fitcoach.catalog.vocabulary import Unit

__all__ = [
    "AdviceReason",
    "ExerciseSession",
    "OverloadAction",
    "OverloadAdvice",
    "ProgressionLever",
    "overload_advice",
    "stalled_sessions",
    "working_sets",
]

STALL_SESSIONS = 3
LONG_STALL_SESSIONS = 6
# A session must beat the best earlier one by more than this to count as progress: less is
# within the noise of a rep-max estimate.
STALL_TOLERANCE = 0.005
DELOAD_LOAD_FACTOR = 0.9
DELOAD_SET_SHARE = 2 / 3
TIMED_STEP_SECONDS = 5
_SAME_LOAD_LBS = 1e-6


class OverloadAction(StrEnum):
    INCREASE_LOAD = "increase_load"
    ADD_REPS = "add_reps"
    HOLD = "hold"
    REDUCE_LOAD = "reduce_load"
    DELOAD = "deload"
    CHANGE_VARIATION = "change_variation"
    PROGRESS_WITHOUT_LOAD = "progress_without_load"
    NO_HISTORY = "no_history"


class AdviceReason(StrEnum):
    NO_HISTORY = "no_history"
    TOP_OF_RANGE_AT_TARGET_EFFORT = "top_of_range_at_target_effort"
    TOP_OF_RANGE_EFFORT_TOO_HIGH = "top_of_range_effort_too_high"
    WITHIN_RANGE = "within_range"
    LATER_SETS_BELOW_RANGE = "later_sets_below_range"
    MAX_EFFORT = "max_effort"  # a working set at RPE 10
    FIRST_SET_BELOW_RANGE = "first_set_below_range"
    NO_LIGHTER_LOAD = "no_lighter_load"  # below range, but nothing lighter can be loaded
    STALLED = "stalled"
    LONG_STALL = "long_stall"
    AT_MAX_LOAD = "at_max_load"  # the user's heaviest dumbbell (or other stated limit)
    NO_EXTERNAL_LOAD = "no_external_load"  # bodyweight or timed work


class ProgressionLever(StrEnum):
    """What else can progress when load cannot (or should not) go up."""

    REPS = "reps"  # beyond the range (seconds for timed work)
    SETS = "sets"
    TEMPO = "tempo"  # slower eccentric, pauses
    HARDER_VARIATION = "harder_variation"


class OverloadAdvice(BaseModel):
    """Weights are pounds in `*_lbs` fields and the user's unit (display-rounded) in the
    plain ones. `suggested_reps` holds one target per set for the next session; for
    `progress_without_load`, `suggested_reps` and `suggested_sets` are alternative levers,
    not a combination."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    exercise_id: str
    action: OverloadAction
    reason: AdviceReason
    unit: Unit
    rep_range_low: int
    rep_range_high: int
    timed: bool
    target_rir: int
    sessions_considered: int
    last_log_id: str | None = None
    last_completed_at: AwareDatetime | None = None
    last_weight_lbs: float | None = None
    last_weight: float | None = None
    last_reps: tuple[int, ...] = ()  # the last session's working sets, in order
    last_rpe: tuple[float | None, ...] = ()
    suggested_weight_lbs: float | None = None
    suggested_weight: float | None = None
    suggested_reps: tuple[int, ...] = ()
    suggested_sets: int | None = None
    load_step: float | None = None  # the gear's smallest step, in the user's unit
    max_load_lbs: float | None = None
    e1rm_trend_lbs: tuple[float | None, ...] = ()  # best set per session, newest first
    e1rm_change_pct: float | None = None  # newest vs oldest session in the trend
    e1rm_reliable: bool = False  # every trend value within the formula's reliable range
    stalled_sessions: int = 0
    levers: tuple[ProgressionLever, ...] = ()
    substitutes: tuple[str, ...] = ()  # catalog candidates when changing the variation


def top_weight(sets: Sequence[SetRecord]) -> float:
    return max((s.weight_lbs for s in sets), default=0.0)


def working_sets(sets: Sequence[SetRecord]) -> list[SetRecord]:
    """The sets at the session's top load: double progression moves straight sets, and
    warm-ups or back-offs at other loads do not decide it."""
    top = top_weight(sets)
    return [s for s in sets if abs(s.weight_lbs - top) < _SAME_LOAD_LBS]


def session_performance(sets: Sequence[SetRecord]) -> float:
    """Mean effort index of the working sets (a failed set scores 0 and drags it down)."""
    working = working_sets(sets)
    return sum(effort_index(s) for s in working) / len(working)


def stalled_sessions(sessions: Sequence[ExerciseSession]) -> int:
    """How many of the latest sessions (newest first) have not beaten the best earlier one.

    Only sessions loaded like the latest are compared (bodyweight sets against bodyweight
    sets, loaded against loaded): their scores are on different scales."""
    with_sets = [s for s in sessions if s.sets]
    if not with_sets:
        return 0
    loaded = top_weight(with_sets[0].sets) > 0
    scores = [
        session_performance(s.sets) for s in with_sets if (top_weight(s.sets) > 0) == loaded
    ]
    stall = 0
    for k in range(1, len(scores)):
        if max(scores[:k]) <= max(scores[k:]) * (1 + STALL_TOLERANCE):
            stall = k
    if stall and len(scores) >= 2 and scores[0] > scores[1] * (1 + STALL_TOLERANCE):
        return 0  # still climbing back (after a load jump or a deload)
    return stall


def _e1rm_trend(
    sessions: Sequence[ExerciseSession],
) -> tuple[tuple[float | None, ...], float | None, bool]:
    best = [best_e1rm(s.sets, unreliable=True) for s in sessions]
    trend = tuple(round(b.value_lbs, 1) if b else None for b in best)
    known = [b for b in best if b]
    reliable = bool(known) and all(b.reliable for b in known)
    change = None
    if len(known) >= 2 and known[-1].value_lbs > 0:
        change = round(100.0 * (known[0].value_lbs - known[-1].value_lbs)
                       / known[-1].value_lbs, 1)
    return trend, change, reliable


def _no_external_load(exercise: Exercise) -> bool:
    return exercise.load_kind is LoadKind.BODYWEIGHT or exercise.timed


def overload_advice(
    exercise: Exercise,
    sessions: Sequence[ExerciseSession],
    rep_range: str | RepRange,
    unit: Unit,
    max_load_lbs: float | None = None,
    target_rir: int = 2,
    *,
    substitutes: Sequence[str] | None = None,
) -> OverloadAdvice:
    """Double-progression advice for `exercise` from its sessions, newest first.

    `substitutes` overrides the catalog's candidates for a variation change (pass the ones
    the user's gear allows)."""
    if not 0 <= target_rir <= 5:
        raise ValueError("target_rir must be within 0-5")
    reps = as_rep_range(rep_range)
    history = [s for s in sessions if s.sets]
    trend, change, reliable = _e1rm_trend(history)
    base = {
        "exercise_id": exercise.slug,
        "unit": unit,
        "rep_range_low": reps.low,
        "rep_range_high": reps.high,
        "timed": reps.timed,
        "target_rir": target_rir,
        "sessions_considered": len(history),
        "load_step": None if _no_external_load(exercise) else load_step(exercise.load_kind, unit),
        "max_load_lbs": max_load_lbs,
        "e1rm_trend_lbs": trend,
        "e1rm_change_pct": change,
        "e1rm_reliable": reliable,
    }
    if not history:
        return OverloadAdvice(
            action=OverloadAction.NO_HISTORY, reason=AdviceReason.NO_HISTORY, **base
        )

    last = history[0]
    working = working_sets(last.sets)
    last_weight = working[0].weight_lbs
    done = tuple(s.reps for s in working)
    stall = stalled_sessions(history)
    base |= {
        "last_log_id": last.log_id,
        "last_completed_at": last.completed_at,
        "last_weight_lbs": last_weight,
        "last_weight": display_weight(last_weight, unit),
        "last_reps": done,
        "last_rpe": tuple(s.rpe for s in working),
        "stalled_sessions": stall,
    }

    def advise(
        action: OverloadAction,
        reason: AdviceReason,
        weight_lbs: float | None,
        next_reps: tuple[int, ...] = (),
        sets: int | None = len(working),
        **extra: object,
    ) -> OverloadAdvice:
        return OverloadAdvice(
            action=action,
            reason=reason,
            suggested_weight_lbs=weight_lbs,
            suggested_weight=None if weight_lbs is None else display_weight(weight_lbs, unit),
            suggested_reps=next_reps,
            suggested_sets=sets,
            **base,
            **extra,
        )

    unloadable = _no_external_load(exercise)
    bottom = (reps.low,) * len(working)
    kept = tuple(min(reps.high, max(reps.low, r)) for r in done)
    target_rpe = 10 - target_rir
    all_top = all(r >= reps.high for r in done)
    on_target = all(s.rpe is None or s.rpe <= target_rpe for s in working)

    if all_top and on_target:
        at_max = max_load_lbs is not None and last_weight >= max_load_lbs - _SAME_LOAD_LBS
        if unloadable or at_max:
            bump = TIMED_STEP_SECONDS if reps.timed else 1
            return advise(
                OverloadAction.PROGRESS_WITHOUT_LOAD,
                AdviceReason.NO_EXTERNAL_LOAD if unloadable else AdviceReason.AT_MAX_LOAD,
                last_weight,
                tuple(min(MAX_REPS, r + bump) for r in done),
                sets=len(working) + 1,
                levers=(
                    ProgressionLever.REPS,
                    ProgressionLever.SETS,
                    ProgressionLever.TEMPO,
                    ProgressionLever.HARDER_VARIATION,
                ),
            )
        heavier = next_load_up(last_weight, exercise.load_kind, unit)
        assert heavier is not None  # loadable gear always has a grid
        if max_load_lbs is not None:
            heavier = min(heavier, max_load_lbs)
        return advise(
            OverloadAction.INCREASE_LOAD,
            AdviceReason.TOP_OF_RANGE_AT_TARGET_EFFORT,
            heavier,
            bottom,
        )

    if stall >= STALL_SESSIONS:
        if stall >= LONG_STALL_SESSIONS:
            candidates = exercise.substitutes if substitutes is None else tuple(substitutes)
            return advise(
                OverloadAction.CHANGE_VARIATION,
                AdviceReason.LONG_STALL,
                None,
                sets=None,
                levers=(ProgressionLever.HARDER_VARIATION,),
                substitutes=tuple(candidates),
            )
        lighter = None
        if not unloadable:
            lighter = next_load_down(last_weight, exercise.load_kind, unit)
            if lighter is not None:
                ten_percent_off = round_to_loadable(
                    last_weight * DELOAD_LOAD_FACTOR, exercise.load_kind, unit, Rounding.DOWN
                )
                lighter = min(lighter, ten_percent_off)
        sets = max(1, math.ceil(len(working) * DELOAD_SET_SHARE))
        return advise(
            OverloadAction.DELOAD,
            AdviceReason.STALLED,
            last_weight if lighter is None else lighter,
            (reps.low,) * sets,
            sets=sets,
        )

    if done[0] < reps.low:
        lighter = None if unloadable else next_load_down(last_weight, exercise.load_kind, unit)
        if lighter is None:
            return advise(OverloadAction.HOLD, AdviceReason.NO_LIGHTER_LOAD, last_weight, kept)
        estimate = best_e1rm(working, unreliable=True)
        if estimate is not None:
            fitting = round_to_loadable(
                load_for_reps(estimate.value_lbs, reps.low, target_rir),
                exercise.load_kind,
                unit,
                Rounding.DOWN,
            )
            lighter = min(lighter, fitting)
        return advise(
            OverloadAction.REDUCE_LOAD,
            AdviceReason.FIRST_SET_BELOW_RANGE,
            lighter,
            bottom,
        )
    if any(r < reps.low for r in done):
        return advise(OverloadAction.HOLD, AdviceReason.LATER_SETS_BELOW_RANGE, last_weight, kept)
    if any(s.rpe is not None and s.rpe >= 10 for s in working):
        return advise(OverloadAction.HOLD, AdviceReason.MAX_EFFORT, last_weight, kept)
    if all_top:
        return advise(
            OverloadAction.HOLD, AdviceReason.TOP_OF_RANGE_EFFORT_TOO_HIGH, last_weight, kept
        )
    return advise(
        OverloadAction.ADD_REPS,
        AdviceReason.WITHIN_RANGE,
        last_weight,
        tuple(min(reps.high, r + 1) for r in done),
    )
