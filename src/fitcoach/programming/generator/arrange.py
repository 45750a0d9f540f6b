"""Order a session by the sequencing hierarchy and, when time is short, fold it into supersets.

Exercises are sorted by catalog priority (1 → 4), then by importance. Pairs are only ever formed
between neighbours of that order — two exercises of the same priority, or the last of one
priority level with the first of the next — so the flattened order stays non-decreasing and
the sequencing rule holds by construction. Every pair passes `rules.pairing`. The anchor (the
session's first exercise) always stays a straight set. Accessories are paired first, as the
seed's own sessions do. Two heavy compounds pair only as antagonists that load neither the
spine nor the legs (a bench press with a pull-up), and never for a strength goal.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise

from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import Exercise
from fitcoach.catalog.vocabulary import MuscleGroup as G
from fitcoach.programming.generator.items import Item
from fitcoach.programming.generator.prescription import HEAVY_REST_FLOOR, heavy_set
from fitcoach.programming.rules.pairing import antagonistic, pairing_problem
from fitcoach.programming.rules.sequencing import first_out_of_order

_LEGS = frozenset({G.QUADS, G.HAMSTRINGS, G.GLUTES})


def _loads_spine_or_legs(exercise: Exercise) -> bool:
    return exercise.spinal_loading or bool(exercise.primary_groups & _LEGS)


def _compatible(first: Item, second: Item, heavy_pairs: bool) -> bool:
    return _pair_ok(first.slug, second.slug, heavy_pairs)


@cache
def _pair_ok(first: str, second: str, heavy_pairs: bool) -> bool:
    """The pairing rule, plus a house rule: two heavy compounds are only paired when they are
    antagonists that load neither the spine nor the legs (a bench press with a pull-up), and
    only when `heavy_pairs` allows it (never for a strength goal: its main lifts take full
    rest); a bench press and a deadlift are "non-competing", but each deserves full rest.
    Fixed per pair of exercises, so it is worked out once."""
    a, b = CATALOG.get(first), CATALOG.get(second)
    if a.heavy_compound and b.heavy_compound and not (
            heavy_pairs and antagonistic(a, b)
            and not (_loads_spine_or_legs(a) or _loads_spine_or_legs(b))):
        return False
    return pairing_problem(a, b) is None


def set_block_rests(block: list[Item], transition: int) -> None:
    """Rests follow the set, not the block. The last exercise of a block rests its own
    prescription; an earlier one rests `transition` (the walk to its partner), unless it is a
    heavy set that would then come round again in under HEAVY_REST_FLOOR: when it has more
    sets than a later partner (its extra sets would follow one another at `transition`) or
    the partners' sets and rests in between are too short. Such a set keeps its full rest."""
    after = 0.0  # the later members' set and rest, from the end of the block backwards
    fewest_after: int | None = None
    for position in range(len(block) - 1, -1, -1):
        item = block[position]
        if position == len(block) - 1:
            item.rest = item.base_rest
        else:
            item.rest = min(item.base_rest, transition)
            if heavy_set(item.option.exercise, item.option.reps) and (
                    fewest_after is None or item.sets > fewest_after
                    or item.rest + after < HEAVY_REST_FLOOR):
                item.rest = item.base_rest
        after += item.option.work_seconds + item.rest
        fewest_after = item.sets if fewest_after is None else min(fewest_after, item.sets)


def arrange(items: list[Item], *, pair: bool, transition: int,
            heavy_pairs: bool = False) -> list[list[Item]]:
    """Blocks in session order; the first exercise of each superset rests `transition` s."""
    ordered = sorted(items, key=lambda item: (item.priority, item.rank))
    for item in ordered:
        item.rest = item.base_rest
    if not pair or len(ordered) < 3:
        return [[item] for item in ordered]

    levels: dict[int, list[Item]] = {}
    for item in ordered:
        levels.setdefault(item.priority, []).append(item)
    anchor = ordered[0]
    taken: set[int] = {id(anchor)}
    within: list[list[Item]] = []
    for priority in sorted(levels, reverse=True):  # accessories first
        level = levels[priority]
        for index, first in enumerate(level):
            if id(first) in taken:
                continue
            for second in level[index + 1:]:
                if id(second) not in taken and _compatible(first, second, heavy_pairs):
                    within.append([first, second])
                    taken.update((id(first), id(second)))
                    break

    present = sorted(levels)
    crossing: dict[int, list[Item]] = {}  # keyed by the lower level of the boundary
    for low, high in pairwise(present):
        last_low = next((i for i in reversed(levels[low]) if id(i) not in taken), None)
        first_high = next((i for i in levels[high] if id(i) not in taken), None)
        if (last_low is not None and first_high is not None
                and _compatible(last_low, first_high, heavy_pairs)):
            crossing[low] = [last_low, first_high]
            taken.update((id(last_low), id(first_high)))

    blocks: list[list[Item]] = [[anchor]]
    for priority in present:
        level_blocks = [block for block in within if block[0].priority == priority]
        level_blocks += [[item] for item in levels[priority]
                         if id(item) not in taken]
        level_blocks.sort(key=lambda block: block[0].rank)
        blocks += level_blocks
        if priority in crossing:
            blocks.append(crossing[priority])

    for block in blocks:
        set_block_rests(block, transition)
    flat = [item.option.exercise for block in blocks for item in block]
    if first_out_of_order(flat) is not None:  # cannot happen by construction; stay safe
        return arrange(items, pair=False, transition=transition)
    return blocks
