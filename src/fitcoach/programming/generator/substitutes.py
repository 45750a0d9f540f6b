"""Replace one exercise of a day with the best substitute that breaks nothing.

Candidates come in this order: the catalog's own substitutes, then any exercise of the same
movement pattern, then any sharing a primary muscle group. A candidate must be doable with
the gear at hand (busy gear removed), allowed on that date by the conditions rules and the
edit's own limits, recovery-safe against the rest of the week, compatible with its superset
partners, keep the day's sequencing (blocks may be re-sorted to make room), keep the session
and weekly caps, and fit the time budget (with fewer sets if that is what it takes, never under the
working-set floor; `edits.room` makes room when nothing fits as the day stands).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import Exercise
from fitcoach.catalog.vocabulary import GearTag
from fitcoach.programming.generator import prescription as rx
from fitcoach.programming.generator.items import Item
from fitcoach.programming.generator.options import Option
from fitcoach.programming.generator.site import Blocks, DaySite, try_placing, usable_here


@cache
def candidate_exercises(slug: str) -> tuple[Exercise, ...]:
    exercise = CATALOG.get(slug)
    ordered: dict[str, Exercise] = {}
    for substitute in exercise.substitutes:
        ordered.setdefault(substitute, CATALOG.get(substitute))
    for other in CATALOG:
        if other.pattern is exercise.pattern:
            ordered.setdefault(other.slug, other)
    for other in CATALOG:
        if other.primary_groups & exercise.primary_groups:
            ordered.setdefault(other.slug, other)
    ordered.pop(slug, None)
    return tuple(ordered.values())


@cache
def close_substitutes(slug: str) -> tuple[Exercise, ...]:
    """The catalog's substitutes and same-pattern exercises only: what a coach would offer
    unprompted (sharing a muscle group is a last resort, not a suggestion)."""
    exercise = CATALOG.get(slug)
    return tuple(c for c in candidate_exercises(slug)
                 if c.slug in exercise.substitutes or c.pattern is exercise.pattern)


def gentler_on_joints(original: Exercise) -> Callable[[Option], bool]:
    """For a swap because of pain: less stress where the original stressed most."""
    worst = max(original.joint_stress.values(), default=0)

    def accept(option: Option) -> bool:
        for joint, level in original.joint_stress.items():
            limit = level - 1 if level == worst else level
            if option.exercise.joint_stress.get(joint, 0) > limit:
                return False
        return True

    return accept


def replacement_item(site: DaySite, option: Option, old: Item, in_transition: bool) -> Item:
    rir = old.rir if old.rir == rx.LIGHT_RIR else rx.target_rir(site.goal, option.exercise)
    rest = min(option.rest, old.rest) if in_transition else option.rest
    return Item(option=option, sets=old.sets, rank=old.rank, base_rest=option.rest, rest=rest,
                rir=rir, weight_lbs=rx.target_weight_lbs(site.pool.profile, option.exercise,
                                                         option.reps, rir))


def find_replacement(site: DaySite, position: tuple[int, int], *, gear: frozenset[GearTag],
                     accept: Callable[[Option], bool] | None = None,
                     candidates: Sequence[Exercise] | None = None,
                     min_sets: int | None = None) -> Blocks | None:
    """The day with the exercise at `position` replaced by the best valid candidate that fits
    with `min_sets` working sets or more (default: the floor, `prescription.floor_sets` of the
    old exercise's sets): a candidate a cap or the time would leave one lone set is passed
    over, never squeezed in."""
    block_index, index = position
    old = site.blocks[block_index][index]
    least = rx.floor_sets(old.sets) if min_sets is None else min_sets
    present = {item.slug for item in site.items()} - {old.slug}
    in_transition = index < len(site.blocks[block_index]) - 1
    for exercise in candidates if candidates is not None else candidate_exercises(old.slug):
        option = site.pool.by_slug.get(exercise.slug)
        if option is None or exercise.slug in present or exercise.slug == old.slug:
            continue
        if (accept is not None and not accept(option)) or not usable_here(site, option, gear):
            continue
        placed = try_placing(site, position, replacement_item(site, option, old, in_transition),
                             least)
        if placed is not None:
            return placed
    return None


def locate(blocks: Blocks, slug: str) -> tuple[int, int] | None:
    for block_index, block in enumerate(blocks):
        for index, item in enumerate(block):
            if item.slug == slug:
                return block_index, index
    return None
