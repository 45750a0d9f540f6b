"""What a week cannot train, and what would unlock it.

A gap is a muscle group the week's split asks for that no exercise can serve: either the gear
allows none (the message names the cheapest gear that would unlock one, and which exercises
it unlocks), or the user's current limits rule out every option on every training day. A
priority group gets a plainer message of its own: one the gear cannot serve says the week
cannot train it, and one the user's limits narrow (a knee condition with a quads priority)
says which exercises they rule out, what the week gives it instead, and that those would add
more once the limits ease — whenever it stays under its priority target.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import GearTag, MuscleGroup
from fitcoach.programming.generator.options import GROUP_ORDER, OptionPool
from fitcoach.programming.generator.site import EPSILON
from fitcoach.programming.generator.targets import weekly_targets
from fitcoach.programming.text import phrases as tx


class GapReason(StrEnum):
    GEAR = "gear"
    CONDITIONS = "conditions"
    LIMITED = "limited"  # a priority the user's limits narrow below its target


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
              language: str, week_sets: Mapping[MuscleGroup, float] | None = None,
              planned: Iterable[str] = ()) -> tuple[Gap, ...]:
    """The week's gaps; `week_sets` and `planned` (the plan's slugs) let a priority the
    user's limits narrow say what it gets."""
    wanted = set(groups)
    dates = tuple(dates)
    profile = pool.profile
    gear = profile.gear
    planned = tuple(planned)
    gaps: list[Gap] = []
    for group in GROUP_ORDER:
        if group not in wanted:
            continue
        options = pool.by_group[group]
        name = tx.group(language, group)
        priority = group in profile.priority_groups
        if not options:
            unlock = _cheapest_unlock(group, gear)
            unlocked = tuple(e.slug for e in CATALOG.targeting(group)
                             if e.doable_with(gear | unlock))
            gaps.append(Gap(
                group=group, reason=GapReason.GEAR,
                unlock_gear=tuple(sorted(unlock, key=lambda tag: tag.value)), unlocks=unlocked,
                message=tx.say(language, "gap.priority_gear" if priority else "gap.gear",
                               group=name, gear=tx.gear(language, unlock),
                               exercises=tx.join(language, [CATALOG.get(s).name
                                                            for s in unlocked])),
            ))
        elif dates and not any(pool.allowed(o, day) for o in options for day in dates):
            gaps.append(Gap(group=group, reason=GapReason.CONDITIONS,
                            message=tx.say(language, "gap.conditions", group=name)))
        elif priority and week_sets is not None and dates:
            limited = _limited_priority(pool, group, dates, language, week_sets, planned)
            if limited is not None:
                gaps.append(limited)
    return tuple(gaps)


def _limited_priority(pool: OptionPool, group: MuscleGroup, dates: tuple[dt.date, ...],
                      language: str, week_sets: Mapping[MuscleGroup, float],
                      planned: tuple[str, ...]) -> Gap | None:
    """A priority whose own exercises the user's limits rule out on every training day, when
    the week leaves it under its priority target."""
    sets = week_sets.get(group, 0.0)
    if sets + EPSILON >= weekly_targets(pool.profile)[group]:
        return None
    own = [o for o in pool.by_group[group] if o.main_group is group]
    excluded = [o.exercise for o in own if not any(pool.allowed(o, day) for day in dates)]
    if not excluded:
        return None
    kept = [CATALOG.get(slug) for slug in dict.fromkeys(planned)
            if group in CATALOG.get(slug).primary_groups]
    name = tx.group(language, group)
    return Gap(group=group, reason=GapReason.LIMITED,
               message=tx.say(language, "gap.priority_limited", group=name,
                              excluded=tx.join(language, [e.name for e in excluded]),
                              sets=f"{sets:g}",
                              kept=tx.join(language, [e.name for e in kept])))
