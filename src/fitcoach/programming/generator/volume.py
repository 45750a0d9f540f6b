"""A beginner's week holds fewer sets than an advanced lifter's on the same options.

The set targets already differ by experience (10 against 12 a group, `targets`), but with time
to spare the greedy's second pass and the pulling balance fill a beginner's sessions as full
as an advanced lifter's, and a beginner's simpler variations (`experience`) can even take more
sets (a lat pulldown comes in at three where a pull-up took the back's cap). A coach gives a
beginner about 70-85% of the advanced dose: enough to grow on, little enough that technique
and recovery keep up.

So a beginner's week is built as usual and then brought to `BEGINNER_SHARE` of the week the
same profile would get as an advanced lifter (`reference`: its working sets), one working set
at a time, from the exercise with the most sets: an accessory before a compound, the later day
first. The first pass never takes an exercise under three sets if it is the day's anchor or
under two otherwise, never touches the work of a priority group (a priority still moves its
group's sets against the same beginner's plain week), and never takes a pull set the week
needs to keep pulls at 0.8 × presses. If that cannot bring the week under the advanced week
itself (the hard bound), a second pass may trim any exercise to two sets and then drop the
least important exercises of a day (never its anchor), the pulls the balance needs last. Sets
only go down, and no trim or drop that would make a session slower is kept, so every cap, the
time and the recovery rules still hold.

An intermediate lifter's week is scaled the same way to `INTERMEDIATE_SHARE` of the advanced
week (a middle dose: the targets alone left them at the advanced week's sets on most
profiles), and a beginner's hard bound is the intermediate week's sets, not only the advanced
one's, so beginner ≤ intermediate ≤ advanced on the same options (`Dose`).
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from fitcoach.catalog.vocabulary import Experience, MuscleGroup, Weekday
from fitcoach.programming.generator import prescription as rx
from fitcoach.programming.generator.balance import (
    ACCESSORY_PRIORITY,
    PRESSES,
    PULL_RATIO,
    PULLS,
    pattern_sets,
)
from fitcoach.programming.generator.items import Item
from fitcoach.programming.generator.session import SessionBuilder
from fitcoach.programming.generator.site import EPSILON
from fitcoach.programming.rules.landmarks import WEEKLY_SETS_MIN

BEGINNER_SHARE = 0.8
INTERMEDIATE_SHARE = 0.9
SHARES: dict[Experience, float] = {Experience.BEGINNER: BEGINNER_SHARE,
                                   Experience.INTERMEDIATE: INTERMEDIATE_SHARE}

Builders = dict[Weekday, SessionBuilder]


@dataclass(frozen=True, slots=True)
class Dose:
    """How far a week below the advanced level is scaled: toward `share` × `reference` (the
    advanced week's working sets), and never over `ceiling` (the next experience's week)."""

    reference: int
    share: float
    ceiling: int
    # An intermediate's dose comes off the accessories only (isolation and core work above
    # two sets), never taking a group under the 10-set landmark: the main lifts keep every
    # set the week gave them. A beginner's may trim the main lifts too.
    accessories_only: bool = False

    @property
    def gentle(self) -> int:
        return math.floor(self.share * self.reference + EPSILON)


def week_total(builders: Builders) -> int:
    return sum(item.sets for builder in builders.values() for item in builder.items)


def scale_to_reference(builders: Builders, dose: Dose, priorities: tuple[MuscleGroup, ...],
                       chosen: frozenset[Weekday] = frozenset()) -> frozenset[Weekday]:
    """Trim the week to the dose's share of its reference working sets, and at the least to
    its ceiling (see the module); returns the days that lost sets. An intermediate's dose
    leaves the days whose focus the user chose (`chosen`: an arms day) as built."""
    trimmed: set[Weekday] = set()
    order = tuple(builders)
    protected = frozenset(priorities)
    refused: set[int] = set()  # items a trim would make slower (see `_trim`)
    while week_total(builders) > dose.gentle:
        found = _victim(builders, order, protected, refused, hard=False,
                        accessories_only=dose.accessories_only,
                        skip=chosen if dose.accessories_only else frozenset())
        if found is None:
            break
        if _trim(builders[found[0]], found[1], refused):
            trimmed.add(found[0])
    while week_total(builders) > dose.ceiling:
        # The pulls the balance needs go last: a set off anything else, then an exercise
        # dropped, before a pull's set or the pull itself.
        for pulls in (False, True):
            found = _victim(builders, order, frozenset(), refused, hard=True, pulls=pulls)
            if found is not None:
                if _trim(builders[found[0]], found[1], refused):
                    trimmed.add(found[0])
                break
            dropped = _droppable(builders, order, refused, pulls=pulls)
            if dropped is not None:
                if _drop(builders[dropped[0]], dropped[1], refused):
                    trimmed.add(dropped[0])
                break
        else:
            break
    return frozenset(trimmed)


def _trim(builder: SessionBuilder, item: Item, refused: set[int]) -> bool:
    """One set off the item, unless the session then runs longer than its time: a superset
    partner left with fewer sets than a heavy lead gives the lead its full rest back
    (`arrange`), which can cost more than the set saved."""
    builder.change_sets(item, -1)
    if builder.seconds <= builder.ctx.budget_seconds + EPSILON:
        return True
    builder.change_sets(item, 1)
    refused.add(id(item))
    return False


def _drop(builder: SessionBuilder, item: Item, refused: set[int]) -> bool:
    """The exercise out, unless its superset partner would then rest longer than it saves."""
    builder.remove(item)
    if builder.seconds <= builder.ctx.budget_seconds + EPSILON:
        return True
    builder.restore(item)
    refused.add(id(item))
    return False


def _victim(builders: Builders, order: tuple[Weekday, ...], protected: frozenset[MuscleGroup],
            refused: set[int], hard: bool, pulls: bool = False,
            accessories_only: bool = False,
            skip: frozenset[Weekday] = frozenset()) -> tuple[Weekday, Item] | None:
    """The exercise to lose a set: the most sets, an accessory first, the later day first;
    `pulls`: a pull set the week's balance needs may go too; `accessories_only`: isolation
    and core work only, and no group under the weekly landmark."""
    presses = sum(pattern_sets(b.items, PRESSES) for b in builders.values())
    pull_sets = sum(pattern_sets(b.items, PULLS) for b in builders.values())
    week: dict[MuscleGroup, float] = defaultdict(float)
    if accessories_only:
        for builder in builders.values():
            for group, sets in builder.credits.items():
                week[group] += sets
    best: tuple[Weekday, Item] | None = None
    best_key: tuple[int, ...] = ()
    for position, day in enumerate(order):
        if day in skip:
            continue
        for item in builders[day].items:
            floor = rx.FOUNDATION_SETS if item.rank == 0 and not hard else rx.MIN_SETS
            if item.sets <= floor or id(item) in refused:
                continue
            if any(group in protected for group, _ in item.option.credits):
                continue
            if accessories_only and (item.priority < ACCESSORY_PRIORITY or any(
                    week[group] - credit < WEEKLY_SETS_MIN - EPSILON
                    for group, credit in item.option.credits)):
                continue
            pull = item.option.exercise.pattern in PULLS
            if not pulls and pull and pull_sets - 1 < PULL_RATIO * presses - EPSILON:
                continue
            key = (item.sets, item.priority, position, item.rank)
            if best is None or key > best_key:
                best, best_key = (day, item), key
    return best


def _droppable(builders: Builders, order: tuple[Weekday, ...], refused: set[int],
               pulls: bool = False) -> tuple[Weekday, Item] | None:
    """The least important exercise of the week that is not its day's anchor (`pulls`: a
    pull the week's balance needs may go too)."""
    presses = sum(pattern_sets(b.items, PRESSES) for b in builders.values())
    pull_sets = sum(pattern_sets(b.items, PULLS) for b in builders.values())
    best: tuple[Weekday, Item] | None = None
    best_key: tuple[int, ...] = ()
    for position, day in enumerate(order):
        items = builders[day].items
        for item in items:
            if item.rank == 0 or len(items) < 2 or id(item) in refused:
                continue
            if not pulls and item.option.exercise.pattern in PULLS \
                    and pull_sets - item.sets < PULL_RATIO * presses - EPSILON:
                continue
            key = (item.priority, position, item.rank)
            if best is None or key > best_key:
                best, best_key = (day, item), key
    return best
