"""Shared moves of several edits: clear a day of what it may no longer hold, refill it, and
rebuild a whole session for a focus — always with the generator's own machinery."""

from __future__ import annotations

from dataclasses import dataclass

from fitcoach.catalog.models import Exercise
from fitcoach.catalog.vocabulary import GearTag, MuscleGroup, Weekday
from fitcoach.programming import metrics
from fitcoach.programming.edits.context import EditContext, normalized
from fitcoach.programming.edits.room import substitute
from fitcoach.programming.focus import Focus
from fitcoach.programming.generator import prescription as rx
from fitcoach.programming.generator.ledger import WeekLedger
from fitcoach.programming.generator.options import GROUP_ORDER, OptionPool, traits_of
from fitcoach.programming.generator.session import DayContext, SessionBuilder
from fitcoach.programming.generator.site import Blocks, budget_seconds
from fitcoach.programming.generator.split import DaySlot
from fitcoach.programming.generator.substitutes import locate
from fitcoach.programming.generator.targets import (
    foundation_groups,
    group_weights,
    importance_order,
    weekly_targets,
)
from fitcoach.programming.plan import DayPlan
from fitcoach.programming.rules.landmarks import SESSION_SETS_MAX, WEEKLY_SETS_MAX

# A day given a focus trains each of its groups at least this much (if the week allows).
FOCUS_DAY_MIN_SETS = 4.0
FOCUS_DAY_STRETCH = 2.0


@dataclass(frozen=True, slots=True)
class Change:
    old: Exercise
    new: Exercise | None  # None: removed
    # Set only for work that stayed but gave sets to make room: (sets before, sets after).
    trimmed: tuple[int, int] | None = None


def clear_day(ctx: EditContext, weekday: Weekday, pool: OptionPool,
              gear: frozenset[GearTag] | None = None) -> tuple[Blocks, list[Change]]:
    """Replace (else remove) every exercise the pool no longer allows on that day."""
    site = ctx.site(weekday, pool=pool)
    gear = ctx.profile.gear if gear is None else gear
    changes: list[Change] = []
    for slug in [item.slug for item in site.items()]:
        position = locate(site.blocks, slug)
        if position is None:
            continue
        item = site.blocks[position[0]][position[1]]
        if pool.allowed(item.option, site.date) and item.option.exercise.doable_with(gear):
            continue
        replaced = substitute(site, position, gear=gear)
        if replaced is not None:
            new_slugs = {i.slug for b in replaced for i in b} - {i.slug for i in site.items()}
            site.blocks = replaced
            changes.append(Change(item.option.exercise, pool.by_slug[new_slugs.pop()].exercise))
        else:
            site.blocks[position[0]] = [i for i in site.blocks[position[0]] if i is not item]
            site.blocks = normalized(site.blocks)
            changes.append(Change(item.option.exercise, None))
    return site.blocks, changes


def _day_groups(day: DayPlan) -> tuple[MuscleGroup, ...]:
    """The groups a day trains directly, in the order its exercises first reach them."""
    seen: list[MuscleGroup] = []
    for planned in day.exercises:
        primary = traits_of(planned.exercise_id).primary
        seen += [g for g in GROUP_ORDER if g in primary and g not in seen]
    return tuple(seen)


def refill(ctx: EditContext, weekday: Weekday, blocks: Blocks, pool: OptionPool,
           original: DayPlan) -> Blocks:
    """Top a day back up toward the volume it had, within its old length and every cap."""
    if not original.is_training_day:
        return blocks
    targets = metrics.group_sets(original.exercises)
    groups = _day_groups(original)
    ledger = WeekLedger.of_days(ctx.plan.days.values(), skip=weekday)
    minutes = min(ctx.profile.minutes_for(weekday), original.duration_minutes)
    day_ctx = DayContext(
        weekday=weekday, date=ctx.date(weekday), goal=ctx.profile.goal,
        groups=importance_order(ctx.profile, groups), weights=group_weights(ctx.profile),
        targets=targets, stretch=targets,
        headroom={g: WEEKLY_SETS_MAX - ledger.totals.get(g, 0.0) for g in GROUP_ORDER},
        budget_seconds=budget_seconds(minutes), ledger=ledger, pool=pool,
        light=all(e.target_rir == rx.LIGHT_RIR for e in original.exercises),
        pair_from_start=any(block.is_superset for block in original.blocks),
    )
    items = [item for block in blocks for item in block]
    return SessionBuilder(day_ctx, items).build()


def build_focus_day(ctx: EditContext, weekday: Weekday, focus: Focus,
                    pool: OptionPool | None = None) -> Blocks:
    """A fresh session for a focus, consistent with the other six days: their recovery
    spacing, and what they leave of each group's weekly target and cap; its main movements
    are laid first, as the generator lays them."""
    pool = pool or ctx.pool
    slot = DaySlot(focus)
    ledger = WeekLedger.of_days(ctx.plan.days.values(), skip=weekday)
    weekly = weekly_targets(ctx.profile)
    targets = {}
    for group in slot.groups:
        left = weekly[group] - ledger.totals.get(group, 0.0)
        targets[group] = min(float(SESSION_SETS_MAX), max(FOCUS_DAY_MIN_SETS, left))
    stretch = {g: min(float(SESSION_SETS_MAX), t + FOCUS_DAY_STRETCH) for g, t in targets.items()}
    day_ctx = DayContext(
        weekday=weekday, date=ctx.date(weekday), goal=ctx.profile.goal,
        groups=importance_order(ctx.profile, slot.groups), weights=group_weights(ctx.profile),
        targets=targets, stretch=stretch,
        headroom={g: WEEKLY_SETS_MAX - ledger.totals.get(g, 0.0) for g in GROUP_ORDER},
        budget_seconds=budget_seconds(ctx.profile.minutes_for(weekday)), ledger=ledger,
        pool=pool, preferred_patterns=slot.preferred_patterns,
        foundation=foundation_groups(ctx.profile, slot.groups),
        foundation_patterns=slot.foundation_patterns,
        priority=frozenset(ctx.profile.priority_groups),
    )
    return SessionBuilder(day_ctx).build()
