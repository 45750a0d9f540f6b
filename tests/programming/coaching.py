"""A coach's measures of a plan, written apart from the engine so the tests can catch it out."""

from __future__ import annotations

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import Pattern
from fitcoach.programming import metrics
from fitcoach.programming.plan import Block, WeeklyPlan

HEAVY_REST_FLOOR = 90
PRESSES = frozenset({Pattern.HORIZONTAL_PUSH, Pattern.VERTICAL_PUSH})
PULLS = frozenset({Pattern.HORIZONTAL_PULL, Pattern.VERTICAL_PULL})


def heavy(exercise_id: str, reps: str) -> bool:
    """3-8 reps, or a heavy compound at 10 reps or fewer (timed holds never)."""
    _, high, timed = metrics.rep_bounds(reps)
    if timed:
        return False
    return high <= 8 or (CATALOG.get(exercise_id).heavy_compound and high <= 10)


def least_rests(block: Block) -> list[float]:
    """For each exercise of a block, the least time from the end of one of its sets to the
    start of its next: its own rest plus the sets and rests of partners done in between."""
    members = block.exercises
    found: list[float] = []
    for index, planned in enumerate(members):
        least = float("inf")
        for round_no in range(planned.target_sets - 1):
            gap = float(planned.rest_seconds)
            for other_index, other in enumerate(members):
                if other_index == index:
                    continue
                done = round_no if other_index > index else round_no + 1
                if other.target_sets > done:
                    exercise = CATALOG.get(other.exercise_id)
                    gap += metrics.set_seconds(other, exercise) + other.rest_seconds
            least = min(least, gap)
        found.append(least)
    return found


def short_heavy_rests(plan: WeeklyPlan) -> list[str]:
    """Every heavy exercise of the plan whose sets come round in under the floor."""
    short = []
    for day in plan.training_days:
        for block in day.blocks:
            for planned, rest in zip(block.exercises, least_rests(block), strict=True):
                if heavy(planned.exercise_id, planned.target_reps) and rest < HEAVY_REST_FLOOR:
                    short.append(f"{day.day_of_week} {planned.exercise_id} "
                                 f"{planned.target_sets}x{planned.target_reps} {rest:.0f}s")
    return short


# A coach's clock for a session, independent of the engine's time model: a general warm-up,
# a minute to set up each exercise, each set at 3 s a rep (the rep range's midpoint; timed
# holds their seconds; both sides for one-sided work) plus 15 s to get into position, the
# written rest after every set, and three ramp-up sets (bar, about half, about three quarters
# of the working load; 5 reps, 15 s set-up, a minute's rest) before each heavy barbell lift.
# Dumbbell presses and pull-ups get none here: their first working set is its own ramp (the
# issue's measure; a stricter clock with one for them too runs 16-minute sessions ~19% over).
WARM_UP_MINUTES = 5.0
SET_UP_SECONDS = 60.0
RAMP_UP_SET_SECONDS = 15 + 5 * 3 + 60
RAMP_UP_SETS_BARBELL = 3


def ramp_up_seconds(exercise_id: str) -> float:
    exercise = CATALOG.get(exercise_id)
    if not exercise.heavy_compound or exercise.load_kind.value != "barbell":
        return 0.0
    return RAMP_UP_SETS_BARBELL * RAMP_UP_SET_SECONDS


def estimated_minutes(blocks: tuple[Block, ...]) -> float:
    """How long a coach would expect the session to take, ramp-ups included."""
    if not blocks:
        return 0.0
    seconds = WARM_UP_MINUTES * 60
    for block in blocks:
        for planned in block.exercises:
            low, high, timed = metrics.rep_bounds(planned.target_reps)
            work = (low + high) / 2 * (1 if timed else 3)
            if CATALOG.get(planned.exercise_id).unilateral:
                work *= 2
            seconds += SET_UP_SECONDS + ramp_up_seconds(planned.exercise_id)
            seconds += planned.target_sets * (15 + work + planned.rest_seconds)
    return seconds / 60
