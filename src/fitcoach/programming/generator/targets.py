"""Weekly set targets per muscle group, and each training day's share of them.

Targets sit inside the seed's 10-20 landmark: every trained group aims at 12 hard sets a week
(10 for beginners), priority groups at 16 (14 beginner, 18 advanced). When the time is there,
a second pass may stretch each group 2 sets further, never past 18, so secondary credit from
other days cannot push a group over the 20-set cap. A group's target is split evenly over
the days whose focus includes it (a light day takes a smaller share).

Weights decide who wins when time is short: priority groups count double, the big movers
once, arms and glutes a little less, calves and core least.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from fitcoach.catalog.vocabulary import Experience, MuscleGroup, Weekday
from fitcoach.programming.generator.split import DaySlot
from fitcoach.programming.profile import Profile
from fitcoach.programming.rules.landmarks import WEEKLY_SETS_MAX

G = MuscleGroup
BASE_TARGET: dict[Experience, float] = {
    Experience.BEGINNER: 10.0, Experience.INTERMEDIATE: 12.0, Experience.ADVANCED: 12.0,
}
PRIORITY_TARGET: dict[Experience, float] = {
    Experience.BEGINNER: 14.0, Experience.INTERMEDIATE: 16.0, Experience.ADVANCED: 18.0,
}
STRETCH_EXTRA = 2.0
STRETCH_CEILING = WEEKLY_SETS_MAX - 2.0
LIGHT_DAY_SHARE = 0.4
PRIORITY_WEIGHT = 2.0
GROUP_WEIGHT: dict[MuscleGroup, float] = {
    G.CHEST: 1.0, G.BACK: 1.0, G.SHOULDERS: 1.0, G.QUADS: 1.0, G.HAMSTRINGS: 1.0,
    G.GLUTES: 0.8, G.BICEPS: 0.8, G.TRICEPS: 0.8, G.CALVES: 0.6, G.CORE: 0.6,
}

DayShares = dict[Weekday, dict[MuscleGroup, float]]


def weekly_targets(profile: Profile) -> dict[MuscleGroup, float]:
    base = BASE_TARGET[profile.experience]
    high = PRIORITY_TARGET[profile.experience]
    return {g: high if g in profile.priority_groups else base for g in MuscleGroup}


def stretch_targets(targets: Mapping[MuscleGroup, float]) -> dict[MuscleGroup, float]:
    return {g: max(t, min(STRETCH_CEILING, t + STRETCH_EXTRA)) for g, t in targets.items()}


def group_weights(profile: Profile) -> dict[MuscleGroup, float]:
    return {g: PRIORITY_WEIGHT if g in profile.priority_groups else GROUP_WEIGHT[g]
            for g in MuscleGroup}


def day_shares(slots: Mapping[Weekday, DaySlot],
               weekly: Mapping[MuscleGroup, float]) -> DayShares:
    """Each day's part of each group's weekly number, over the days that train the group."""
    weight_sum: dict[MuscleGroup, float] = defaultdict(float)
    for slot in slots.values():
        for group in slot.groups:
            weight_sum[group] += LIGHT_DAY_SHARE if slot.light else 1.0
    shares: DayShares = {}
    for day, slot in slots.items():
        weight = LIGHT_DAY_SHARE if slot.light else 1.0
        shares[day] = {g: weekly[g] * weight / weight_sum[g] for g in slot.groups}
    return shares


def later_reserve(shares: DayShares, order: tuple[Weekday, ...]) -> DayShares:
    """For each day, what the days built after it still need: kept out of its headroom."""
    reserve: DayShares = {}
    running: dict[MuscleGroup, float] = defaultdict(float)
    for day in reversed(order):
        reserve[day] = dict(running)
        for group, sets in shares.get(day, {}).items():
            running[group] += sets
    return reserve


def importance_order(profile: Profile, groups: tuple[MuscleGroup, ...]) -> tuple[
        MuscleGroup, ...]:
    """A day's groups, the user's priorities first (in the order they gave them)."""
    first = tuple(g for g in profile.priority_groups if g in groups)
    return first + tuple(g for g in groups if g not in first)
