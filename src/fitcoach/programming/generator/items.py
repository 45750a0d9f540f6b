"""A planned exercise while a session is being built: mutable, cheap, and convertible.

Items carry their own time under the metrics time model, so the builder can price an extra set
or a new exercise with one addition instead of re-timing the whole session.
"""

from __future__ import annotations

from dataclasses import dataclass

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import Goal
from fitcoach.programming import metrics
from fitcoach.programming.generator.options import Option, make_option
from fitcoach.programming.plan import Block, PlannedExercise


@dataclass(slots=True)
class Item:
    option: Option
    sets: int
    rank: int  # importance within the session: 0 is the anchor, larger is more expendable
    base_rest: int  # rest after each set when done as straight sets
    rest: int  # rest as arranged (shorter when first in a superset)
    rir: int | None
    weight_lbs: float | None

    @property
    def slug(self) -> str:
        return self.option.slug

    @property
    def priority(self) -> int:
        return self.option.priority

    @property
    def seconds(self) -> float:
        return (metrics.SETUP_SECONDS + self.option.ramp_seconds
                + self.sets * (self.option.work_seconds + self.rest))

    def set_seconds(self) -> float:
        """The price of one more set, as arranged."""
        return self.option.work_seconds + self.rest

    def planned(self) -> PlannedExercise:
        exercise = self.option.exercise
        return PlannedExercise(
            exercise_id=exercise.slug, name=exercise.name, target_sets=self.sets,
            target_reps=self.option.reps, rest_seconds=self.rest, target_rir=self.rir,
            target_weight_lbs=self.weight_lbs,
        )


def items_of_blocks(blocks: tuple[Block, ...], goal: Goal) -> list[list[Item]]:
    """An existing day's blocks as items, keeping its reps, rest, effort and loads.

    The first exercises of a superset rest briefly by design; their straight-set rest is the
    goal's prescription, so they rest properly if an edit ever separates them."""
    arranged: list[list[Item]] = []
    rank = 0
    for block in blocks:
        row: list[Item] = []
        for position, planned in enumerate(block.exercises):
            exercise = CATALOG.get(planned.exercise_id)
            in_transition = block.is_superset and position < len(block.exercises) - 1
            base = (max(planned.rest_seconds, exercise.prescriptions[goal].rest_seconds)
                    if in_transition else planned.rest_seconds)
            option = make_option(exercise, planned.target_reps, base)
            row.append(Item(option=option, sets=planned.target_sets, rank=rank, base_rest=base,
                            rest=planned.rest_seconds, rir=planned.target_rir,
                            weight_lbs=planned.target_weight_lbs))
            rank += 1
        arranged.append(row)
    return arranged


def session_seconds(items: list[Item]) -> float:
    """Exercise time of a session (the warm-up excluded), as the items are arranged."""
    return sum(item.seconds for item in items)
