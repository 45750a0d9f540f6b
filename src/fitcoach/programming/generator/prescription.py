"""Effort, set counts, rest compression and load targets: the numbers on a planned exercise.

Reps and rest come from the catalog's per-goal prescriptions; this module adds what the
catalog leaves to the coach:

- reps in reserve by goal: hypertrophy 2 on compounds and 1 on isolation and core work,
  strength 3 on heavy compounds (bar speed and technique first) and 2 elsewhere, general
  fitness and fat loss 2; light days and deloads 3 — always inside the seed's 1-3 RIR;
- how many sets one exercise may take (4; 5 for a strength goal's heavy compounds), how many
  it starts with (3 for a compound, 2 for an isolation) and how many it reaches before a
  second exercise for its group (3; a strength goal's heavy compound all 5);
- compressed rest for a shortened session (about two thirds, never under 30 s) and the short
  rest between the two exercises of a superset;
- `target_weight_lbs`, only from the user's own known load for that exercise.
"""

from __future__ import annotations

from fitcoach.analytics.known_loads import working_load
from fitcoach.catalog.models import REPS_PATTERN, Exercise, LoadKind
from fitcoach.catalog.vocabulary import Goal
from fitcoach.programming.profile import Profile
from fitcoach.programming.rules.landmarks import RIR_MAX, RIR_MIN

MAX_SETS_PER_EXERCISE = 4
MAX_SETS_STRENGTH_COMPOUND = 5
# Fewest working sets an exercise is planned with: below two, its setup is not worth it (only
# a session with room for nothing else takes a single set).
MIN_SETS = 2
NEW_EXERCISE_SETS = MIN_SETS


def floor_sets(wanted: int) -> int:
    """The fewest working sets an exercise an edit places (meant to have `wanted`) may have:
    the floor, or fewer only when fewer were asked for or the exercise it replaces had fewer."""
    return min(wanted, MIN_SETS)

# A compound comes in at three working sets (two only when time forces it): three sets of the
# big movers beat two sets of many exercises.
COMPOUND_START_SETS = 3
# Direct sets each of the day's main movements gets before any accessory.
FOUNDATION_SETS = 3
# Sets an exercise reaches before a second exercise for the same group is worth its setup.
SETS_BEFORE_SECOND_EXERCISE = 3

# Rest after the first exercise of a superset: the walk to the second station.
SUPERSET_TRANSITION_REST = 30
COMPRESSED_TRANSITION_REST = 15
COMPRESSED_REST_FLOOR = 30
COMPRESSED_REST_STEP = 15

LIGHT_RIR = 3  # recovery-friendly days and deloads

# A heavy set never rests less than this before the same exercise's next set, whatever block
# it sits in: a set of 3-8 reps, or a main lift at 10 reps or fewer, needs its rest to be
# repeated at the same load.
HEAVY_REST_FLOOR = 90
HEAVY_REPS_MAX = 8
MAIN_LIFT_REPS_MAX = 10


def heavy_set(exercise: Exercise, reps: str) -> bool:
    """Is a set of this exercise at these reps a heavy set (see HEAVY_REST_FLOOR)? Timed
    holds never are; fat-loss and general-fitness compounds at 8-12 are not either."""
    match = REPS_PATTERN.match(reps)
    if match is None or match.group(3):
        return False
    high = int(match.group(2) or match.group(1))
    return high <= HEAVY_REPS_MAX or (exercise.heavy_compound and high <= MAIN_LIFT_REPS_MAX)


def target_rir(goal: Goal, exercise: Exercise, light: bool = False) -> int:
    if light:
        rir = LIGHT_RIR
    elif goal is Goal.HYPERTROPHY:
        rir = 2 if exercise.priority <= 2 else 1
    elif goal is Goal.STRENGTH:
        rir = 3 if exercise.heavy_compound else 2
    else:
        rir = 2
    return max(RIR_MIN, min(RIR_MAX, rir))


def max_sets(goal: Goal, exercise: Exercise) -> int:
    if goal is Goal.STRENGTH and exercise.heavy_compound:
        return MAX_SETS_STRENGTH_COMPOUND
    return MAX_SETS_PER_EXERCISE


def sets_before_second(goal: Goal, exercise: Exercise) -> int:
    """Sets an exercise reaches before a second exercise for its group is worth adding: a
    strength goal's heavy compound takes all its sets first (the lift is the point)."""
    if goal is Goal.STRENGTH and exercise.heavy_compound:
        return MAX_SETS_STRENGTH_COMPOUND
    return SETS_BEFORE_SECOND_EXERCISE


def start_sets(exercise: Exercise) -> int:
    """Working sets a new exercise comes in with when the time is there."""
    return COMPOUND_START_SETS if exercise.priority <= 2 else NEW_EXERCISE_SETS


def compressed_rest(rest: int, heavy: bool = False) -> int:
    """About two thirds of the prescribed rest, on a 15 s grid, never under 30 s (and never
    more than the rest it compresses): 120 → 75, 90 → 60, 60 → 45, 45 → 30. A heavy set
    keeps at least HEAVY_REST_FLOOR: 180 → 120, 150 → 105, 120 → 90."""
    shorter = COMPRESSED_REST_STEP * round(rest * 2 / 3 / COMPRESSED_REST_STEP)
    floor = HEAVY_REST_FLOOR if heavy else COMPRESSED_REST_FLOOR
    return min(rest, max(floor, shorter))


def target_weight_lbs(profile: Profile, exercise: Exercise, reps: str, rir: int) -> float | None:
    """A load for this prescription from the user's known load, or None without history.

    Dumbbell loads never exceed the heaviest dumbbell the user owns."""
    known = profile.known_loads.get(exercise.slug)
    if known is None:
        return None
    cap = profile.max_dumbbell_lbs if exercise.load_kind is LoadKind.DUMBBELL else None
    load = working_load(known, reps, rir, exercise.load_kind, profile.unit, cap)
    if load is None or load <= 0:
        return None
    return load
