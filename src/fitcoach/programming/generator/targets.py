"""Weekly set targets per muscle group, and each training day's share of them.

Targets sit inside the seed's 10-20 landmark: every trained group aims at 12 hard sets a week
(10 for beginners), priority groups at 16 (14 beginner, 18 advanced). When the time is there,
a second pass may stretch each group 2 sets further, never past 18, so secondary credit from
other days cannot push a group over the 20-set cap. A group's target is split evenly over
the days whose focus includes it, in proportion to how few groups each day trains (a push
day gives the chest more than an upper day; a light day takes a smaller share).

The foundation of a day is its main groups, laid before anything else (see the session
builder): the user's priorities first, then the big movers of the day's focus in the focus's
order (quads, chest, back, hamstrings, shoulders, glutes for a full-body day).

Weights decide who wins after the foundation, when time is short: a priority doubles its
group's weight; the big movers count once, glutes a little less (every squat, lunge and hinge
trains them), arms less again, calves and core least (every press, row, squat and hinge
already feeds them).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from fitcoach.catalog.vocabulary import Experience, MuscleGroup, Weekday
from fitcoach.programming.generator.split import DaySlot
from fitcoach.programming.profile import Profile
from fitcoach.programming.rules.landmarks import WEEKLY_SETS_MAX, WEEKLY_SETS_MIN

G = MuscleGroup
BASE_TARGET: dict[Experience, float] = {
    Experience.BEGINNER: 10.0, Experience.INTERMEDIATE: 12.0, Experience.ADVANCED: 12.0,
}
PRIORITY_TARGET: dict[Experience, float] = {
    Experience.BEGINNER: 14.0, Experience.INTERMEDIATE: 16.0, Experience.ADVANCED: 18.0,
}
# A priority group aims at least this many times what the week gives it without the
# priority (within the priority target and the 20-set cap): the issue's +25%, with room for
# the caps and the time to take a little of it back.
PRIORITY_RAISE = 1.3
STRETCH_EXTRA = 2.0
STRETCH_CEILING = WEEKLY_SETS_MAX - 2.0
LIGHT_DAY_SHARE = 0.4
EXTRA_DAY_SHARE = 0.5
PRIORITY_WEIGHT = 2.0
GROUP_WEIGHT: dict[MuscleGroup, float] = {
    G.CHEST: 1.0, G.BACK: 1.0, G.SHOULDERS: 1.0, G.QUADS: 1.0, G.HAMSTRINGS: 1.0,
    G.GLUTES: 0.8, G.BICEPS: 0.7, G.TRICEPS: 0.7, G.CALVES: 0.6, G.CORE: 0.4,
}
# The big movers: each gets a compound of its own in every session whose focus includes it.
MAJOR_GROUPS: frozenset[MuscleGroup] = frozenset(
    {G.QUADS, G.CHEST, G.BACK, G.HAMSTRINGS, G.SHOULDERS, G.GLUTES})

DayShares = dict[Weekday, dict[MuscleGroup, float]]


def weekly_targets(profile: Profile) -> dict[MuscleGroup, float]:
    base = BASE_TARGET[profile.experience]
    high = PRIORITY_TARGET[profile.experience]
    return {g: high if g in profile.priority_groups else base for g in MuscleGroup}


def raised_targets(targets: Mapping[MuscleGroup, float], plain: Mapping[MuscleGroup, float],
                   priorities: tuple[MuscleGroup, ...]) -> dict[MuscleGroup, float]:
    """`targets` with each priority group raised to PRIORITY_RAISE × its sets in the week built
    without priorities (`plain`), up to the stretch ceiling (the other days' secondary credit
    then still fits under the 20-set cap, and a block's deload week, about half the sets,
    stays under its 12 per group)."""
    raised = dict(targets)
    for group in priorities:
        wanted = PRIORITY_RAISE * plain.get(group, 0.0)
        raised[group] = max(targets[group], min(STRETCH_CEILING, wanted))
    return raised


def floor_targets() -> dict[MuscleGroup, float]:
    """The landmark floor each group's session cap room is kept for (see the session
    builder): no group's extras push another under it."""
    return {g: float(WEEKLY_SETS_MIN) for g in MuscleGroup}


def stretch_targets(targets: Mapping[MuscleGroup, float]) -> dict[MuscleGroup, float]:
    return {g: max(t, min(STRETCH_CEILING, t + STRETCH_EXTRA)) for g, t in targets.items()}


def group_weights(profile: Profile) -> dict[MuscleGroup, float]:
    """A priority doubles its group's weight: it wins over every other group of its kind, and
    a priority chest still outranks a priority biceps when both are short."""
    return {g: GROUP_WEIGHT[g] * (PRIORITY_WEIGHT if g in profile.priority_groups else 1.0)
            for g in MuscleGroup}


def _day_weight(slot: DaySlot) -> float:
    """How much of its groups' weekly work a day takes: a session's time is spread over its
    groups, so a push day (three groups) gives the chest more than an upper day (six), and an
    arms day the arms more than a full-body day; a light day takes a smaller share still."""
    return (LIGHT_DAY_SHARE if slot.light else 1.0) / len(slot.groups)


def day_shares(slots: Mapping[Weekday, DaySlot],
               weekly: Mapping[MuscleGroup, float]) -> DayShares:
    """Each day's part of each group's weekly number, over the days that train the group."""
    weight_sum: dict[MuscleGroup, float] = defaultdict(float)
    for slot in slots.values():
        for group in slot.groups:
            weight_sum[group] += _group_day_weight(slot, group)
    shares: DayShares = {}
    for day, slot in slots.items():
        shares[day] = {g: weekly[g] * _group_day_weight(slot, g) / weight_sum[g]
                       for g in slot.groups}
    return shares


def _group_day_weight(slot: DaySlot, group: MuscleGroup) -> float:
    """A priority group on a day whose focus leaves it out takes a smaller share there: the
    days built around it do most of its work."""
    return _day_weight(slot) * (EXTRA_DAY_SHARE if group in slot.extra else 1.0)


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


def foundation_groups(profile: Profile, groups: tuple[MuscleGroup, ...],
                      light: bool = False) -> tuple[MuscleGroup, ...]:
    """A day's main groups, laid first: its priority groups, then its big movers in the
    focus's order. A light day has none (no heavy work, small groups only)."""
    if light:
        return ()
    ordered = importance_order(profile, groups)
    return tuple(g for g in ordered if g in profile.priority_groups or g in MAJOR_GROUPS)
