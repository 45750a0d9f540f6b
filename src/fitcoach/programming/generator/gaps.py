"""What a week cannot train, and what would unlock it.

A gap is a muscle group the week's split asks for that no exercise can serve: either the gear
allows none (the message names the cheapest gear that would unlock one, and which exercises
it unlocks), or the user's current limits rule out every option on every training day.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import GearTag, MuscleGroup
from fitcoach.programming.generator.options import GROUP_ORDER, OptionPool
from fitcoach.programming.text import phrases as tx


class GapReason(StrEnum):
    GEAR = "gear"
    CONDITIONS = "conditions"


class Gap(BaseModel):
    model_config = ConfigDict(frozen=True)

    group: MuscleGroup
    reason: GapReason
    unlock_gear: tuple[GearTag, ...] = ()
    unlocks: tuple[str, ...] = ()  # slugs that gear would make possible
    message: str


# A rough price and bulk of each piece of gear, to suggest the cheapest unlock first.
GEAR_COST: dict[GearTag, int] = {
    GearTag.PULL_UP_BAR: 1, GearTag.AB_WHEEL: 1, GearTag.ROPE: 1, GearTag.DUMBBELLS: 2,
    GearTag.FLAT_BENCH: 2, GearTag.INCLINE_BENCH: 2, GearTag.BARBELL: 3,
    GearTag.SQUAT_RACK: 4, GearTag.CABLE_MACHINE: 4, GearTag.LEG_PRESS_MACHINE: 5,
    GearTag.LEG_EXTENSION_MACHINE: 5, GearTag.HAMSTRING_MACHINE: 5,
    GearTag.CALF_RAISE_MACHINE: 5, GearTag.KETTLEBELL: 2,
}


def _cheapest_unlock(group: MuscleGroup, gear: frozenset[GearTag]) -> frozenset[GearTag]:
    """The cheapest gear to add for some exercise of the group (more unlocked breaks ties)."""
    targeting = CATALOG.targeting(group)
    best: tuple[int, int, tuple[str, ...]] | None = None
    chosen: frozenset[GearTag] = frozenset()
    for exercise in targeting:
        for option in exercise.gear_options:
            missing = option - gear
            unlocked = sum(1 for e in targeting if e.doable_with(gear | missing))
            key = (sum(GEAR_COST[tag] for tag in missing), -unlocked,
                   tuple(sorted(tag.value for tag in missing)))
            if best is None or key < best:
                best, chosen = key, missing
    return chosen


def find_gaps(pool: OptionPool, groups: Iterable[MuscleGroup], dates: Iterable[dt.date],
              language: str) -> tuple[Gap, ...]:
    wanted = set(groups)
    dates = tuple(dates)
    gear = pool.profile.gear
    gaps: list[Gap] = []
    for group in GROUP_ORDER:
        if group not in wanted:
            continue
        options = pool.by_group[group]
        name = tx.group(language, group)
        if not options:
            unlock = _cheapest_unlock(group, gear)
            unlocked = tuple(e.slug for e in CATALOG.targeting(group)
                             if e.doable_with(gear | unlock))
            gaps.append(Gap(
                group=group, reason=GapReason.GEAR,
                unlock_gear=tuple(sorted(unlock, key=lambda tag: tag.value)), unlocks=unlocked,
                message=tx.say(language, "gap.gear", group=name, gear=tx.gear(language, unlock),
                               exercises=tx.join(language, [CATALOG.get(s).name
                                                            for s in unlocked])),
            ))
        elif dates and not any(pool.allowed(o, day) for o in options for day in dates):
            gaps.append(Gap(group=group, reason=GapReason.CONDITIONS,
                            message=tx.say(language, "gap.conditions", group=name)))
    return tuple(gaps)
