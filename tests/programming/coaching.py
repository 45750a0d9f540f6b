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
