"""Making room on a day for an exercise an edit places there.

One rule for every exercise an edit puts on a day — a substitute for one that had to go (busy
gear, an acute state, an avoided body part, a recovery conflict), a requested swap, an added
exercise: it comes in with at least `prescription.MIN_SETS` working sets (or the sets of the
exercise it replaces, if that had fewer), never with the one set a volume cap happened to
leave. When a cap or the time leaves it less, the day's other work gives way a set at a time:
accessories first (trimmed to two sets, then dropped), then secondary compounds that train
the same muscles (trimmed to two sets; dropped only for a swap the user asked for); never the
anchor. When even that cannot make room, the exercise stays out and the edit says so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from fitcoach.catalog.models import Exercise
from fitcoach.catalog.vocabulary import GearTag, MuscleGroup
from fitcoach.programming.edits.context import normalized
from fitcoach.programming.generator import prescription as rx
from fitcoach.programming.generator.items import Item
from fitcoach.programming.generator.options import Option
from fitcoach.programming.generator.site import (
    EPSILON,
    Blocks,
    DaySite,
    caps_hold,
    credits_of,
    seconds_of,
    usable_here,
)
from fitcoach.programming.generator.substitutes import (
    candidate_exercises,
    close_substitutes,
    find_replacement,
    locate,
)
from fitcoach.programming.generator.targets import group_weights
from fitcoach.programming.rules.landmarks import SESSION_SETS_MAX, WEEKLY_SETS_MAX

# Sequencing priorities: isolation and core/metabolic work are accessories; 2 is a secondary
# compound (1, the heavy compounds, never gives way).
ACCESSORY_PRIORITY = 3
SECONDARY_COMPOUND_PRIORITY = 2
# What gives way is trimmed to this many sets before it is dropped.
TRIM_FLOOR_SETS = rx.MIN_SETS


def give_way(site: DaySite, item: Item, minimum: int, weights: dict[MuscleGroup, float], *,
             floor: int = ACCESSORY_PRIORITY, drop_floor: int = ACCESSORY_PRIORITY,
             spare: frozenset[str] = frozenset()) -> bool:
    """One set off the most expendable exercise that stands in the way of `item` at `minimum`
    sets (or, at its trim floor, that exercise itself, if its priority may be dropped).

    When a volume cap of the new exercise's groups is what blocks it, only work crediting
    those groups can help; otherwise time is short and any accessory can, and a compound only
    if it trains one of the new exercise's main groups (its prime movers) too. `floor` is the
    most important sequencing priority that may give sets, `drop_floor` the most important
    that may be dropped; `spare` are slugs that never give way (and whose credits do not
    count: they are being replaced). The anchor never gives way."""
    anchor = site.blocks[0][0] if site.blocks and site.blocks[0] else None
    capped = _capped_groups(site, item, minimum, spare)

    def can_give(i: Item) -> bool:
        if i is anchor or i.slug in spare or i.priority < floor:
            return False
        if capped:
            if not any(i.option.credit(g) > 0 for g in capped):
                return False
        elif i.priority < ACCESSORY_PRIORITY and not i.option.primary & item.option.primary:
            return False
        return i.sets > TRIM_FLOOR_SETS or i.priority >= drop_floor

    candidates = [i for i in site.items() if can_give(i)]
    if not candidates:
        return False

    def expendable(i: Item) -> tuple[int, float, int]:
        value = max((weights.get(g, 1.0) for g in i.option.primary), default=0.0)
        return (i.priority, -value, i.rank)

    victim = max(candidates, key=expendable)
    if victim.sets > TRIM_FLOOR_SETS:
        victim.sets -= 1
    else:
        site.blocks = normalized([[i for i in block if i is not victim]
                                  for block in site.blocks])
    return True


def _capped_groups(site: DaySite, item: Item, sets: int,
                   spare: frozenset[str] = frozenset()) -> list[MuscleGroup]:
    """The new exercise's groups whose session or weekly cap `sets` of it would break (the
    spared exercises, on their way out, not counted)."""
    kept = [[i for i in block if i.slug not in spare] for block in site.blocks]
    credits = credits_of(kept)
    capped = []
    for group, credit in item.option.credits:
        total = credits.get(group, 0.0) + credit * sets
        if total > SESSION_SETS_MAX + EPSILON or \
                site.ledger.totals.get(group, 0.0) + total > WEEKLY_SETS_MAX + EPSILON:
            capped.append(group)
    return capped


def _copy(site: DaySite) -> DaySite:
    return replace(site, blocks=[[replace(i) for i in block] for block in site.blocks])


def _probe(option: Option, sets: int) -> Item:
    return Item(option=option, sets=sets, rank=0, base_rest=option.rest, rest=option.rest,
                rir=None, weight_lbs=None)


def _holds(blocks: Blocks, slug: str, sets: int) -> bool:
    return any(item.slug == slug and item.sets >= sets for block in blocks for item in block)


def replacement_with_room(site: DaySite, old_slug: str, option: Option, sets: int, *,
                          gear: frozenset[GearTag],
                          accept: Callable[[Option], bool] | None = None,
                          drop_floor: int = ACCESSORY_PRIORITY) -> Blocks | None:
    """The day with the exercise `old_slug` replaced by `option` at `sets` sets or more, the
    day's other work having given way a set at a time; None when nothing more can give way.
    The site is left as it was."""
    trial = _copy(site)
    probe = _probe(option, sets)
    weights = group_weights(site.pool.profile)
    while give_way(trial, probe, sets, weights, floor=SECONDARY_COMPOUND_PRIORITY,
                   drop_floor=drop_floor, spare=frozenset({old_slug})):
        position = locate(trial.blocks, old_slug)
        assert position is not None  # spared
        blocks = find_replacement(trial, position, gear=gear, accept=accept,
                                  candidates=(option.exercise,), min_sets=sets)
        if blocks is not None and _holds(blocks, option.slug, sets):
            return blocks
    return None


def substitute(site: DaySite, position: tuple[int, int], *, gear: frozenset[GearTag],
               accept: Callable[[Option], bool] | None = None,
               candidates: Sequence[Exercise] | None = None) -> Blocks | None:
    """The day with the exercise at `position` replaced by the best candidate that comes in
    at the working-set floor or more: as it stands if one fits, else the first (in the
    candidates' order) the day's other work can make room for. None: nothing can replace it."""
    placed = find_replacement(site, position, gear=gear, accept=accept, candidates=candidates)
    if placed is not None:
        return placed
    old = site.blocks[position[0]][position[1]]
    sets = rx.floor_sets(old.sets)
    present = {item.slug for item in site.items()}
    for exercise in candidates if candidates is not None else candidate_exercises(old.slug):
        option = site.pool.by_slug.get(exercise.slug)
        if option is None or exercise.slug in present:
            continue
        if (accept is not None and not accept(option)) or not usable_here(site, option, gear):
            continue
        blocks = replacement_with_room(site, old.slug, option, sets, gear=gear, accept=accept)
        if blocks is not None:
            return blocks
    return None


@dataclass(frozen=True, slots=True)
class Folded:
    """An exercise that left the day, its sets given to a close substitute already there."""

    blocks: Blocks
    into: Item
    sets_before: int


def fold_into_present(site: DaySite, position: tuple[int, int], *, gear: frozenset[GearTag],
                      accept: Callable[[Option], bool] | None = None) -> Folded | None:
    """The day without the exercise at `position`, its sets added to a close substitute (the
    catalog's substitutes or the same movement pattern) that the day already holds, up to that
    exercise's set ceiling: what a coach says when the only alternative is already planned
    ("do those sets on the chest-supported row instead"). None when no such exercise is there
    or it could take no extra set within the caps and the time the day already uses."""
    old = site.blocks[position[0]][position[1]]
    close = {exercise.slug for exercise in close_substitutes(old.slug)}
    allowance = max(site.budget_seconds, seconds_of(site.blocks))
    for present in site.items():
        if present.slug not in close:
            continue
        if (accept is not None and not accept(present.option)) or \
                not usable_here(site, present.option, gear):
            continue
        trial = _copy(site)
        trial.blocks = normalized([[i for i in block if i.slug != old.slug]
                                   for block in trial.blocks])
        into = next(i for i in trial.items() if i.slug == present.slug)
        ceiling = rx.max_sets(site.goal, into.option.exercise)
        groups = [group for group, _ in into.option.credits]
        for sets in range(min(ceiling, present.sets + old.sets), present.sets, -1):
            into.sets = sets
            if caps_hold(site, trial.blocks, groups) and \
                    seconds_of(trial.blocks) <= allowance + EPSILON:
                return Folded(blocks=trial.blocks, into=into, sets_before=present.sets)
    return None
