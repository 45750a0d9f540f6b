"""Derived numbers of a plan: set counts per muscle group, session time, volume, muscle focus.

These are the engine's measuring sticks. The generator and the edits use them to fill the
plan's fields honestly; the validator uses the same functions to judge any plan, so a rule
and the number it is judged by can never drift apart.

Time model (documented in docs/programming.md):
- a general warm-up of `WARMUP_MINUTES` opens every session;
- each exercise costs `SETUP_SECONDS` once (walking over, adjusting the bench, loading);
- a set takes `SET_SETUP_SECONDS` plus `SECONDS_PER_REP` for each rep of the rep range's
  midpoint (timed work: the midpoint in seconds), doubled for unilateral work;
- before each heavy barbell compound (squat, bench, deadlift, row, overhead press), its
  ramp-up: `RAMP_UP_SETS` lighter sets of about five reps, each with its set-up and a minute's
  rest (`RAMP_UP_SET_SECONDS`), so a "60" with squats and bench is not an 80 in the gym;
- after each set comes its `rest_seconds`. In a superset the rest written on each exercise is
  the rest taken after it, so a block's time is simply the sum over its exercises.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping

from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import REPS_PATTERN, Exercise, LoadKind
from fitcoach.catalog.vocabulary import MuscleGroup, Weekday
from fitcoach.programming.plan import Block, DayPlan, MuscleFocus, PlannedExercise, WeekSummary

WARMUP_MINUTES = 5.0
SETUP_SECONDS = 60.0
SET_SETUP_SECONDS = 15.0
SECONDS_PER_REP = 3.0
RAMP_UP_SETS = 3
RAMP_UP_SET_SECONDS = SET_SETUP_SECONDS + 5 * SECONDS_PER_REP + 60.0

# Secondary muscles get half credit: the common "fractional set" convention.
SECONDARY_SET_CREDIT = 0.5
# Six hard sets of one group in a session is a full dose (the low end of the seed's 6-8 cap).
FULL_DOSE_SETS = 6.0
MUSCLE_FOCUS_MIN_INTENSITY = 15
MUSCLE_FOCUS_MAX_ENTRIES = 5


def rep_bounds(target_reps: str) -> tuple[int, int, bool]:
    """(low, high, timed) of a rep string such as "8-10", "12" or "30-45s"."""
    match = REPS_PATTERN.match(target_reps)
    if match is None:
        raise ValueError(f"not a rep range: {target_reps!r}")
    low = int(match.group(1))
    high = int(match.group(2) or low)
    return low, high, bool(match.group(3))


def rep_midpoint(target_reps: str) -> float:
    low, high, _ = rep_bounds(target_reps)
    return (low + high) / 2


def set_seconds(planned: PlannedExercise, exercise: Exercise) -> float:
    """Time under the bar for one set, excluding rest."""
    low, high, timed = rep_bounds(planned.target_reps)
    midpoint = (low + high) / 2
    work = midpoint if timed else midpoint * SECONDS_PER_REP
    if exercise.unilateral:
        work *= 2
    return SET_SETUP_SECONDS + work


def ramp_up_seconds(exercise: Exercise) -> float:
    """The lighter sets worked up through before a heavy barbell lift's first working set."""
    if exercise.heavy_compound and exercise.load_kind is LoadKind.BARBELL:
        return RAMP_UP_SETS * RAMP_UP_SET_SECONDS
    return 0.0


def exercise_seconds(planned: PlannedExercise) -> float:
    exercise = CATALOG.get(planned.exercise_id)
    per_set = set_seconds(planned, exercise) + planned.rest_seconds
    return SETUP_SECONDS + ramp_up_seconds(exercise) + planned.target_sets * per_set


def block_seconds(block: Block) -> float:
    return sum(exercise_seconds(planned) for planned in block.exercises)


def session_minutes(blocks: Iterable[Block]) -> float:
    """Exact modelled minutes of a session; zero for a day without blocks."""
    blocks = tuple(blocks)
    if not blocks:
        return 0.0
    return WARMUP_MINUTES + sum(block_seconds(block) for block in blocks) / 60


def group_sets(exercises: Iterable[PlannedExercise]) -> dict[MuscleGroup, float]:
    """Fractional hard sets per muscle group: primary groups 1 per set, secondary 0.5."""
    totals: dict[MuscleGroup, float] = defaultdict(float)
    for planned in exercises:
        exercise = CATALOG.get(planned.exercise_id)
        for group in exercise.primary_groups:
            totals[group] += planned.target_sets
        for group in exercise.secondary_groups:
            totals[group] += planned.target_sets * SECONDARY_SET_CREDIT
    return dict(totals)


def muscle_focus(exercises: Iterable[PlannedExercise]) -> tuple[MuscleFocus, ...]:
    """The day's muscle_focus: each group's share of a full dose, strongest first."""
    entries = [
        MuscleFocus(muscle=group, intensity=min(100, round(100 * sets / FULL_DOSE_SETS)))
        for group, sets in group_sets(exercises).items()
    ]
    entries = [e for e in entries if e.intensity >= MUSCLE_FOCUS_MIN_INTENSITY]
    entries.sort(key=lambda e: (-e.intensity, e.muscle.value))
    return tuple(entries[:MUSCLE_FOCUS_MAX_ENTRIES])


def working_load_lbs(
    planned: PlannedExercise,
    known_loads: Mapping[str, float] | None = None,
    max_dumbbell_lbs: float | None = None,
) -> float:
    """The load a volume estimate assumes: the prescribed target, the user's own recent load,
    or the catalog's conservative novice default, never above the heaviest dumbbell owned."""
    exercise = CATALOG.get(planned.exercise_id)
    if exercise.load_kind is LoadKind.BODYWEIGHT or exercise.timed:
        return 0.0
    load = planned.target_weight_lbs
    if load is None and known_loads:
        load = known_loads.get(planned.exercise_id)
    if load is None:
        load = exercise.default_load_lbs
    if exercise.load_kind is LoadKind.DUMBBELL and max_dumbbell_lbs is not None:
        load = min(load, max_dumbbell_lbs)
    return load


def estimated_volume_lbs(
    exercises: Iterable[PlannedExercise],
    known_loads: Mapping[str, float] | None = None,
    max_dumbbell_lbs: float | None = None,
) -> int:
    """Σ sets × midpoint reps × working load, in pounds as logged (per dumbbell)."""
    total = 0.0
    for planned in exercises:
        _, _, timed = rep_bounds(planned.target_reps)
        if timed:
            continue
        load = working_load_lbs(planned, known_loads, max_dumbbell_lbs)
        total += planned.target_sets * rep_midpoint(planned.target_reps) * load
    return round(total)


def declared_minutes(blocks: Iterable[Block]) -> int:
    """What a day's `duration_minutes` says: the modelled time, rounded up to the minute."""
    return math.ceil(session_minutes(blocks))


def week_summary(days: Mapping[Weekday, DayPlan]) -> WeekSummary:
    """The week's totals: the sum of its days (the validator checks that they add up)."""
    return WeekSummary(
        total_time_minutes=sum(day.duration_minutes for day in days.values()),
        total_volume_lbs=sum(day.estimated_volume_lbs for day in days.values()),
        frequency=sum(1 for day in days.values() if day.is_training_day),
    )
