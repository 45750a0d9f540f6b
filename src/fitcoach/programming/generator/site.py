"""A day under edit and the checks that keep it valid while it changes.

A `DaySite` holds one day as built items together with everything it is judged against: the
rest of the week (ledger), the options and exclusions of the profile (pool), and the time
budget. Changes are tried on copies and accepted only if they keep the day's sequencing,
superset pairing, session and weekly caps and time, so an edit never has to be undone.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from fitcoach.catalog.vocabulary import GearTag, Goal, MuscleGroup, Weekday
from fitcoach.programming import metrics
from fitcoach.programming.generator.arrange import set_block_rests
from fitcoach.programming.generator.items import Item, items_of_blocks, session_seconds
from fitcoach.programming.generator.ledger import WeekLedger
from fitcoach.programming.generator.options import Option, OptionPool
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.programming.profile import Profile
from fitcoach.programming.rules.landmarks import SESSION_SETS_MAX, WEEKLY_SETS_MAX
from fitcoach.programming.rules.pairing import pairing_problem
from fitcoach.programming.rules.sequencing import first_out_of_order

EPSILON = 1e-9  # float slack when comparing sums of seconds and fractional sets
Blocks = list[list[Item]]


def budget_seconds(minutes: float) -> float:
    """Exercise time in a session of `minutes`, the warm-up excluded."""
    return max(0.0, (minutes - metrics.WARMUP_MINUTES) * 60)


@dataclass(slots=True)
class DaySite:
    """A day being edited, and what it is judged against."""

    weekday: Weekday
    date: dt.date
    blocks: Blocks
    budget_seconds: float  # exercise time, the warm-up excluded
    ledger: WeekLedger  # the other days of the week
    pool: OptionPool
    goal: Goal

    def items(self) -> list[Item]:
        return [item for block in self.blocks for item in block]


def credits_of(blocks: Blocks) -> dict[MuscleGroup, float]:
    totals: dict[MuscleGroup, float] = defaultdict(float)
    for block in blocks:
        for item in block:
            for group, credit in item.option.credits:
                totals[group] += credit * item.sets
    return totals


def seconds_of(blocks: Blocks) -> float:
    return session_seconds([item for block in blocks for item in block])


def in_sequence(blocks: Blocks) -> Blocks | None:
    """The blocks if their order keeps the hierarchy, else re-sorted if that fixes it."""
    flat = [item.option.exercise for block in blocks for item in block]
    if first_out_of_order(flat) is None:
        return blocks
    resorted = sorted(blocks, key=lambda block: (min(i.priority for i in block),
                                                  max(i.priority for i in block)))
    flat = [item.option.exercise for block in resorted for item in block]
    return resorted if first_out_of_order(flat) is None else None


def unpaired(blocks: Blocks, keep: int) -> Blocks:
    """The blocks with every superset but `keep` split into straight sets at their full rest.

    A replacement of a middle priority (push-ups for a bench press) cannot go anywhere in a
    day whose overhead press is paired with a curl: the hierarchy holds only with the press
    and the curl apart. Splitting costs time (the pair's short rests become full ones), which
    the caller's time check then judges."""
    split: Blocks = []
    for index, block in enumerate(blocks):
        if index == keep or len(block) < 2:
            split.append(block)
        else:
            split.extend([replace(item, rest=item.base_rest)] for item in block)
    return split


def caps_hold(site: DaySite, blocks: Blocks, groups: Sequence[MuscleGroup]) -> bool:
    credits = credits_of(blocks)
    for group in groups:
        sets = credits.get(group, 0.0)
        if sets > SESSION_SETS_MAX + EPSILON:
            return False
        if site.ledger.totals.get(group, 0.0) + sets > WEEKLY_SETS_MAX + EPSILON:
            return False
    return True


def pairs_hold(block: list[Item]) -> bool:
    return all(
        pairing_problem(a.option.exercise, b.option.exercise) is None
        for index, a in enumerate(block) for b in block[index + 1:]
    )


def recovery_safe(site: DaySite, option: Option) -> bool:
    if not (option.heavy or option.heavy_lower_back):
        return True
    return not site.ledger.heavy_conflict(option, site.weekday.index)


def usable_here(site: DaySite, option: Option, gear: frozenset[GearTag]) -> bool:
    return (option.exercise.doable_with(gear) and site.pool.allowed(option, site.date)
            and recovery_safe(site, option))


def _ordered_block(block: list[Item], index: int, item: Item) -> list[Item]:
    """The block with `item` at `index`, its members re-sorted by priority if the newcomer
    broke their order; the same short transition rest moves to whoever now goes first."""
    row = list(block)
    row[index] = item
    if len(row) == 1 or all(a.priority <= b.priority for a, b in pairwise(row)):
        return row
    transition = min(member.rest for member in block[:-1])
    row = [member if member is item else replace(member) for member in row]  # trials copy
    row.sort(key=lambda member: member.priority)
    set_block_rests(row, transition)
    return row


def try_placing(site: DaySite, position: tuple[int, int], item: Item,
                min_sets: int = 1) -> Blocks | None:
    """The day with `item` at `position`, at the most sets (≤ its own, ≥ `min_sets`) that
    keep it valid."""
    block_index, index = position
    before = seconds_of(site.blocks)
    allowance = max(site.budget_seconds, before)
    groups = [group for group, _ in item.option.credits]
    wanted = item.sets
    for sets in range(wanted, min_sets - 1, -1):
        item.sets = sets
        block = _ordered_block(site.blocks[block_index], index, item)
        if not pairs_hold(block):
            return None
        trial = [block if i == block_index else row for i, row in enumerate(site.blocks)]
        ordered = in_sequence(trial) or in_sequence(unpaired(trial, block_index))
        if ordered is None:
            return None
        if caps_hold(site, ordered, groups) and seconds_of(ordered) <= allowance + EPSILON:
            return ordered
    item.sets = wanted
    return None


def site_of(plan: WeeklyPlan, weekday: Weekday, profile: Profile, pool: OptionPool,
            budget_minutes: float | None = None) -> DaySite:
    day = plan.days[weekday]
    minutes = profile.minutes_for(weekday) if budget_minutes is None else budget_minutes
    return DaySite(weekday=weekday, date=day.date,
                   blocks=items_of_blocks(day.blocks, profile.goal),
                   budget_seconds=budget_seconds(minutes),
                   ledger=WeekLedger.of_days(plan.days.values(), skip=weekday),
                   pool=pool, goal=profile.goal)


def try_inserting(site: DaySite, item: Item) -> Blocks | None:
    """The day with `item` as a straight block at the latest position the sequencing allows,
    at the most sets (≤ its own) that keep caps and time."""
    groups = [group for group, _ in item.option.credits]
    wanted = item.sets
    for position in range(len(site.blocks), -1, -1):  # the latest valid place first
        trial = [*site.blocks[:position], [item], *site.blocks[position:]]
        flat = [i.option.exercise for block in trial for i in block]
        if first_out_of_order(flat) is not None:
            continue
        for sets in range(wanted, 0, -1):
            item.sets = sets
            if caps_hold(site, trial, groups) and \
                    seconds_of(trial) <= site.budget_seconds + EPSILON:
                return trial
        item.sets = wanted
        return None
    return None
