"""Several priorities share a tight week fairly.

The greedy serves the neediest group by weight, so in a week with little time to spare the
priority whose exercises are quickest or weigh more takes the extra volume: 3 × 75 minutes of
strength with biceps and calves first gave the biceps 16 sets (twice the plain week's 8) and
the calves 9 (6 without priorities). A coach splits the extra between the two.

Once the week is built, while one priority's gain over the plain week (its sets with the
priorities / without them) is ahead of another's by more than a single set would change, a
set moves from the ahead group's direct work to the behind group's, on a day that has both
(never a pull's set, never onto a press: the week's pull:press balance stays as built): a
set off the ahead group's exercise with the most sets (never under two), then one more set
of the behind group's exercise (or a new exercise for it), within that day's time and every
cap, judged against the rest of the week as built. A move that does not fit is undone. The
ahead group never goes under what the plain week gave it.
"""

from __future__ import annotations

from collections.abc import Mapping

from fitcoach.catalog.vocabulary import MuscleGroup
from fitcoach.programming.generator import prescription as rx
from fitcoach.programming.generator.balance import PRESSES, PULLS
from fitcoach.programming.generator.items import Item
from fitcoach.programming.generator.session import Outcome, SessionBuilder
from fitcoach.programming.generator.site import EPSILON
from fitcoach.programming.generator.week import Builders, rebased_on_the_rest, week_sets

_MAX_MOVES = 40  # one set at a time; a week's priorities hold far fewer


def share_fairly(builders: Builders, before: Mapping[MuscleGroup, float],
                 priorities: tuple[MuscleGroup, ...]) -> None:
    """Even out the priorities' gains over the plain week (`before`); see the module."""
    groups = [g for g in priorities if before.get(g, 0.0) > EPSILON]
    if len(groups) < 2:
        return
    order = tuple(builders)
    for _ in range(_MAX_MOVES):
        sets = week_sets(builders)
        gain = {g: sets.get(g, 0.0) / before[g] for g in groups}
        ahead = max(groups, key=lambda g: (gain[g], -groups.index(g)))
        behind = min(groups, key=lambda g: (gain[g], groups.index(g)))
        # Stop when one more set moved would put the behind group ahead.
        if gain[ahead] - 1 / before[ahead] < gain[behind] + 1 / before[behind] - EPSILON:
            return
        if sets.get(ahead, 0.0) - 1 < before[ahead] - EPSILON:
            return
        if not any(_move(rebased_on_the_rest(builders, order, day), ahead, behind)
                   for day in order if _trains(builders[day], ahead)):
            return


def _trains(builder: SessionBuilder, group: MuscleGroup) -> bool:
    return any(group in item.option.primary for item in builder.items)


def _move(builder: SessionBuilder, ahead: MuscleGroup, behind: MuscleGroup) -> bool:
    # Pulls never give and presses never take: the week's pull:press balance stays as built.
    donors = sorted((item for item in builder.items if ahead in item.option.primary
                     and behind not in item.option.primary and item.sets > rx.MIN_SETS
                     and item.option.exercise.pattern not in PULLS),
                    key=lambda item: (-item.sets, -item.rank))
    for donor in donors:
        builder.change_sets(donor, -1)
        if _grow(builder, behind):
            builder.rearrange()
            return True
        builder.change_sets(donor, 1)
    return False


def _grow(builder: SessionBuilder, group: MuscleGroup) -> bool:
    goal = builder.ctx.goal
    only = not builder.ranked(group)  # calves: one calf raise may take one set more
    takers: list[Item] = sorted(
        (item for item in builder.items if group in item.option.primary
         and item.option.exercise.pattern not in PRESSES
         and item.sets < rx.max_sets(goal, item.option.exercise) + (1 if only else 0)),
        key=lambda item: (item.sets, item.rank))
    if any(builder.add_set(item, group) is Outcome.GROWN for item in takers):
        return True
    newcomers = [o for o in builder.ranked(group) if o.exercise.pattern not in PRESSES]
    return bool(newcomers) and builder.add_exercise(group, newcomers) is Outcome.GROWN
