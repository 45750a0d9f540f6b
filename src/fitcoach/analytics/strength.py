"""Estimated one-rep max (e1RM) and the effort of a set.

Formula: Brzycki up to 10 effective reps, Epley above.
- Brzycki, 1RM = w × 36 / (37 − r), gives exactly w for a single (Epley would say 1.033 w)
  and is the better fit at low reps.
- Epley, 1RM = w × (1 + r / 30), takes over above 10 reps, where Brzycki's denominator runs
  towards zero and the estimate explodes (it is infinite at 37 reps).
- At 10 reps both give exactly 4/3 × w, so the blend is continuous and increasing in reps.

RPE enters as reps in reserve: RIR = 10 − RPE, and the effective reps are reps + RIR (8 reps
at RPE 8 estimate like 10 reps to failure). Without an RPE the set is taken as a rep max
(RIR 0), which can only underestimate: a conservative default.

Where it is unreliable, `estimated_1rm` answers None rather than a confident wrong number:
- more than 12 effective reps: every rep-max formula drifts apart there and endurance, not
  strength, decides the last reps (LeSuer et al. 1997; Reynolds et al. 2006);
- RPE below 6: lifters misjudge reps in reserve badly far from failure (Zourdos et al. 2016);
- no load or no reps: nothing to estimate from (bodyweight sets log 0 lb).
`e1rm_estimate` still returns the extrapolated value with `reliable=False`, because comparing
like with like (the same 15-rep set across weeks) is meaningful even when the absolute 1RM
is not; progression and hard-set counting use it that way.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from fitcoach.analytics.logs import SetRecord

MAX_RELIABLE_EFFECTIVE_REPS = 12.0
MIN_RELIABLE_RPE = 6.0
# Where Brzycki hands over to Epley; the two formulas agree exactly here.
_BLEND_POINT_REPS = 10.0


class E1rmEstimate(NamedTuple):
    value_lbs: float
    effective_reps: float
    reliable: bool


def reps_in_reserve(rpe: float | None) -> float:
    """RIR = 10 − RPE; an unrated set is assumed taken to failure (0)."""
    return 0.0 if rpe is None else 10.0 - rpe


def one_rm_multiplier(effective_reps: float) -> float:
    """1RM ÷ load for a set of `effective_reps` reps to failure (≥ 1)."""
    if effective_reps <= _BLEND_POINT_REPS:
        return 36.0 / (37.0 - effective_reps)
    return 1.0 + effective_reps / 30.0


def e1rm_estimate(weight_lbs: float, reps: int, rpe: float | None = None) -> E1rmEstimate | None:
    """The estimate with its reliability flag; None without load or reps."""
    if weight_lbs <= 0 or reps <= 0:
        return None
    effective = reps + reps_in_reserve(rpe)
    reliable = effective <= MAX_RELIABLE_EFFECTIVE_REPS and (rpe is None or rpe >= MIN_RELIABLE_RPE)
    return E1rmEstimate(weight_lbs * one_rm_multiplier(effective), effective, reliable)


def estimated_1rm(weight_lbs: float, reps: int, rpe: float | None = None) -> float | None:
    """Estimated 1RM in pounds, or None when the set cannot say (see the module notes)."""
    estimate = e1rm_estimate(weight_lbs, reps, rpe)
    return estimate.value_lbs if estimate and estimate.reliable else None


def best_e1rm(sets: Iterable[SetRecord], *,
              unreliable: bool = False) -> E1rmEstimate | None:
    """A session's best estimated 1RM: the highest estimate of its sets (one exercise in one
    workout, `analytics.logs.exercise_sessions`). Only reliable estimates count, as the
    progress view and the brain's tools report them; with `unreliable`, every loaded set
    does, and the flag tells whether the best one is reliable (progression compares like
    with like). None when no set can say."""
    best: E1rmEstimate | None = None
    for record in sets:
        estimate = e1rm_estimate(record.weight_lbs, record.reps, record.rpe)
        if estimate is None or not (estimate.reliable or unreliable):
            continue
        if best is None or estimate.value_lbs > best.value_lbs:
            best = estimate
    return best


def load_for_reps(one_rm_lbs: float, reps: int, reps_in_reserve: float = 0.0) -> float:
    """The load (pounds) that leaves `reps_in_reserve` reps after `reps` reps: the inverse of
    the estimate, used to turn a known e1RM into a prescription."""
    return one_rm_lbs / one_rm_multiplier(reps + reps_in_reserve)


def effort_index(record: SetRecord) -> float:
    """One comparable number per set: its (unrounded, possibly unreliable) e1RM when loaded,
    its reps when not (bodyweight and timed work). Only compare sets of the same exercise."""
    estimate = e1rm_estimate(record.weight_lbs, record.reps, record.rpe)
    return estimate.value_lbs if estimate else float(record.reps)
