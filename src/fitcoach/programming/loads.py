"""A week's planned exercises with their loads from the logs (DESIGN D10): each exercise
with history gets `last` (its latest session) and, when it is loaded work, the
`target_weight_lbs` of `analytics.load_targets.load_target`; one without history gets
neither, whatever the plan was generated with, unless a logged exercise of the same movement
pattern gives a conservative estimate (`analytics.load_estimates`), which the exercise then
carries with `target_weight_estimated_from` naming its source. Computed when a plan is read,
not stored.

Each day sees only the sessions logged before its own date began (`cutoffs`): a session
logged today does not move today's prescription, and a day already done keeps the load it
was done against.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from functools import cache

from fitcoach.analytics.load_estimates import estimate_load
from fitcoach.analytics.load_targets import MISSES_BEFORE_BACK_OFF, load_target
from fitcoach.analytics.logs import ExerciseSession
from fitcoach.analytics.units import DEFAULT_PLATES, PlateSteps
from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import LoadKind
from fitcoach.catalog.vocabulary import Unit, Weekday
from fitcoach.programming.plan import LastSession, PlannedExercise, WeeklyPlan


def planned_with_load(planned: PlannedExercise, sessions: Sequence[ExerciseSession],
                      unit: Unit, max_dumbbell_lbs: float | None,
                      plates: PlateSteps = DEFAULT_PLATES,
                      related: Mapping[str, Sequence[ExerciseSession]] | None = None
                      ) -> PlannedExercise:
    """`planned` with its load from its own `sessions`; with none loaded, a conservative
    estimate from a logged exercise of the same pattern in `related` (marked as one)."""
    exercise = CATALOG.find(planned.exercise_id)
    # One copy of the planned exercise, whatever it gets (a week copies 20-40 of them).
    update: dict[str, object] = {"target_weight_lbs": None, "last": None,
                                 "target_weight_estimated_from": None}
    if exercise is None:
        return planned.model_copy(update=update)
    cap = max_dumbbell_lbs if exercise.load_kind is LoadKind.DUMBBELL else None
    target = load_target(exercise, sessions, planned.target_reps, unit, planned.target_rir,
                         cap, plates) if sessions else None
    if target is not None:
        update["target_weight_lbs"] = target.weight_lbs
    elif related:
        estimate = estimate_load(exercise, {**related, exercise.slug: sessions},
                                 planned.target_reps, unit, planned.target_rir, cap, plates)
        if estimate is not None:
            update["target_weight_lbs"] = estimate.weight_lbs
            update["target_weight_estimated_from"] = estimate.from_exercise_id
    if sessions:
        newest = sessions[0]
        update["last"] = LastSession(completed_at=newest.completed_at, sets=newest.sets)
    return planned.model_copy(update=update)


@cache
def same_pattern(slug: str) -> tuple[str, ...]:
    """The other catalog exercises of `slug`'s movement pattern (an estimate's sources)."""
    exercise = CATALOG.find(slug)
    if exercise is None:
        return ()
    return tuple(other for other in CATALOG.slugs
                 if other != slug and CATALOG.get(other).pattern is exercise.pattern)


def _with_known_load(session: ExerciseSession) -> bool:
    """`known_loads.known_load([session]) is not None`, without building the load: a set
    with a rep and a load (the top set is then loaded too)."""
    return any(s.reps >= 1 and s.weight_lbs > 0 for s in session.sets)


@cache
def _older_needed(slug: str) -> int:
    """How many sessions before a day `with_loads` may read of `slug`, counted as below."""
    exercise = CATALOG.find(slug)
    if exercise is None or exercise.load_kind is LoadKind.BODYWEIGHT or exercise.timed:
        return 1  # no load and no estimate either way: only `last`, the newest session
    return MISSES_BEFORE_BACK_OFF


def sessions_deciding(slug: str, newest_first: Iterable[ExerciseSession],
                      since: dt.datetime) -> tuple[list[ExerciseSession], bool]:
    """The newest sessions of `slug` that decide what `with_loads` shows for every day
    beginning at or after `since`, exactly as the whole history would: every session since
    then, and the older ones down to the second with a known load (for loaded work; the
    newest one for bodyweight or timed work). With the sessions as the first element, the
    second says whether they sufficed; False means `newest_first` ran out first, so older
    sessions, if there are any, may change the answer.

    Why these: a day's rule reads the newest session (`last`), the two newest loaded ones
    (`load_targets`: the latest decides, the one before only a back-off), and the newest
    with a known load (`load_estimates`, for itself or as a source); a session with a known
    load is also a loaded one, and each later day sees these plus newer ones, so what
    decides the earliest day decides them all. `newest_first` is consumed only as far as
    needed (a reader may build sessions lazily)."""
    needed = _older_needed(slug)
    taken: list[ExerciseSession] = []
    found = 0
    for session in newest_first:
        taken.append(session)
        if session.completed_at < since and (needed == 1 or _with_known_load(session)):
            found += 1
            if found >= needed:
                return taken, True
    return taken, False


def with_loads(plan: WeeklyPlan, history: Mapping[str, Sequence[ExerciseSession]],
               cutoffs: Mapping[Weekday, dt.datetime], unit: Unit,
               max_dumbbell_lbs: float | None = None, plates: PlateSteps = DEFAULT_PLATES
               ) -> WeeklyPlan:
    """`plan` with every planned exercise's load and last session; `history` holds each
    exercise's sessions newest first (the planned ones and those of their patterns, for
    estimates), `cutoffs` the moment each day's date began."""
    days = {}
    for weekday, day in plan.days.items():
        cutoff = cutoffs[weekday]
        seen: dict[str, list[ExerciseSession]] = {}

        def before(slug: str, cutoff: dt.datetime = cutoff,
                   seen: dict[str, list[ExerciseSession]] = seen) -> list[ExerciseSession]:
            # Once per exercise and day: an exercise is also every other one's estimate
            # source in its pattern.
            found = seen.get(slug)
            if found is None:
                found = seen[slug] = [s for s in history.get(slug, ())
                                      if s.completed_at < cutoff]
            return found

        blocks = tuple(
            block.model_copy(update={"exercises": tuple(
                planned_with_load(
                    planned, before(planned.exercise_id), unit, max_dumbbell_lbs, plates,
                    {slug: before(slug) for slug in same_pattern(planned.exercise_id)
                     if slug in history})
                for planned in block.exercises)})
            for block in day.blocks)
        days[weekday] = day.model_copy(update={"blocks": blocks})
    return plan.model_copy(update={"days": days})
