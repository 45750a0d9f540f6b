"""Suggested edits: chips a person can tap, each one an edit operation the engine can apply.

Every suggestion is built from the operation it stands for, so the text and the operation can
never disagree, and only offered when the engine's own checks say it would apply: the
substitute exists, the new day is free, the extra exercise fits the time and the caps.
The texts name the weekday, the minutes or the exercises explicitly, in a regular phrasing
the coach's language understanding can parse back.
"""

from __future__ import annotations

from dataclasses import dataclass

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import WEEKDAYS, Weekday
from fitcoach.programming.edits.operations import (
    AddExercise,
    EditOperation,
    MakeRestDay,
    MoveTrainingDays,
    ShortenDay,
    SwapExercise,
)
from fitcoach.programming.generator import prescription as rx
from fitcoach.programming.generator.items import Item
from fitcoach.programming.generator.ledger import WeekLedger
from fitcoach.programming.generator.options import GROUP_ORDER, OptionPool
from fitcoach.programming.generator.site import DaySite, site_of, try_inserting, usable_here
from fitcoach.programming.generator.substitutes import close_substitutes, find_replacement
from fitcoach.programming.generator.targets import weekly_targets
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.programming.profile import Profile
from fitcoach.programming.rules.conditions import day_blocked_by_event
from fitcoach.programming.text import phrases as tx

SHORTEN_MIN_DURATION = 25
SHORTEN_BY_MINUTES = 10
SHORTEN_FLOOR_MINUTES = 15
ADDED_EXERCISE_SETS = 2
LIGHT_DAY_FREQUENCY = 6
ADD_FOR_GROUPS = 3  # only the groups furthest under target are worth a chip


@dataclass(frozen=True, slots=True)
class SuggestedEdit:
    text: str
    operation: EditOperation


def describe(operation: EditOperation, language: str, plan: WeeklyPlan | None = None) -> str:
    """The chip text of an operation (only the kinds the engine suggests)."""
    if isinstance(operation, ShortenDay):
        return tx.say(language, "edit.shorten", day=tx.weekday(language, operation.day),
                      minutes=operation.minutes)
    if isinstance(operation, SwapExercise):
        new = CATALOG.get(operation.replacement_id or operation.exercise_id).name
        return tx.say(language, "edit.swap", old=CATALOG.get(operation.exercise_id).name,
                      new=new, day=tx.weekday(language, operation.day))
    if isinstance(operation, AddExercise):
        return tx.say(language, "edit.add", exercise=CATALOG.get(operation.exercise_id).name,
                      day=tx.weekday(language, operation.day))
    if isinstance(operation, MakeRestDay):
        return tx.say(language, "edit.rest", day=tx.weekday(language, operation.day))
    if isinstance(operation, MoveTrainingDays) and plan is not None:
        before = {d for d, day in plan.days.items() if day.is_training_day}
        after = set(operation.training_days)
        source = min(before - after, key=lambda day: day.index)
        target = min(after - before, key=lambda day: day.index)
        return tx.say(language, "edit.move", day=tx.weekday(language, source),
                      target=tx.weekday(language, target))
    raise ValueError(f"no chip text for {operation.op}")


Sites = dict[Weekday, DaySite]


def _site(plan: WeeklyPlan, weekday: Weekday, profile: Profile, pool: OptionPool,
          sites: Sites | None) -> DaySite:
    """A day's site, built once per plan when the caller shares a cache (sites are only
    read here: every trial works on copies)."""
    if sites is None:
        return site_of(plan, weekday, profile, pool)
    if weekday not in sites:
        sites[weekday] = site_of(plan, weekday, profile, pool)
    return sites[weekday]


def day_suggestions(plan: WeeklyPlan, weekday: Weekday, profile: Profile, pool: OptionPool,
                    language: str, sites: Sites | None = None) -> tuple[SuggestedEdit, ...]:
    day = plan.days[weekday]
    if not day.is_training_day:
        return ()
    operations: list[EditOperation] = []
    if day.duration_minutes >= SHORTEN_MIN_DURATION:
        minutes = max(SHORTEN_FLOOR_MINUTES,
                      5 * ((day.duration_minutes - SHORTEN_BY_MINUTES) // 5))
        operations.append(ShortenDay(day=weekday, minutes=minutes))
    site = _site(plan, weekday, profile, pool, sites)
    anchor = site.blocks[0][0]
    replaced = find_replacement(site, (0, 0), gear=profile.gear,
                                candidates=close_substitutes(anchor.slug))
    if replaced is not None:
        new_slugs = {i.slug for block in replaced for i in block} - \
            {i.slug for i in site.items()}
        if new_slugs:
            operations.append(SwapExercise(day=weekday, exercise_id=anchor.slug,
                                           replacement_id=new_slugs.pop()))
    if len(plan.training_days) >= LIGHT_DAY_FREQUENCY and all(
            e.target_rir == rx.LIGHT_RIR for e in day.exercises):
        operations.append(MakeRestDay(day=weekday))  # the light day of a 6-7 day week
    return tuple(SuggestedEdit(describe(op, language, plan), op) for op in operations)


def _move_later(plan: WeeklyPlan, profile: Profile) -> MoveTrainingDays | None:
    """Move the last session of the week to the free day right after it."""
    training = [d for d in WEEKDAYS if plan.days[d].is_training_day]
    for source in reversed(training):
        if source.index == 6:
            continue
        target = WEEKDAYS[source.index + 1]
        target_day = plan.days[target]
        if target_day.is_training_day or day_blocked_by_event(profile, target_day.date):
            continue
        if profile.minutes_for(target) < plan.days[source].duration_minutes:
            continue
        days = tuple(target if d is source else d for d in training)
        return MoveTrainingDays(training_days=tuple(sorted(days, key=lambda d: d.index)))
    return None


def _add_where_time_is_left(plan: WeeklyPlan, profile: Profile, pool: OptionPool,
                            sites: Sites | None) -> AddExercise | None:
    """An isolation exercise for the group furthest under its weekly target, on the first
    day with the time and the caps for it."""
    targets = weekly_targets(profile)
    totals = WeekLedger.of_days(plan.days.values()).totals
    short = sorted((g for g in GROUP_ORDER if totals.get(g, 0.0) < targets[g] - 1),
                   key=lambda g: (totals.get(g, 0.0) - targets[g], GROUP_ORDER.index(g)))
    short = short[:ADD_FOR_GROUPS]
    for weekday in WEEKDAYS:
        if not plan.days[weekday].is_training_day:
            continue
        site = _site(plan, weekday, profile, pool, sites)
        present = {item.slug for item in site.items()}
        for group in short:
            for option in pool.by_group[group]:
                if option.priority < 3 or option.slug in present:
                    continue
                if not usable_here(site, option, profile.gear):
                    continue
                item = Item(option=option, sets=ADDED_EXERCISE_SETS, rank=99,
                            base_rest=option.rest, rest=option.rest, rir=None, weight_lbs=None)
                placed = try_inserting(site, item)
                if placed is not None and item.sets == ADDED_EXERCISE_SETS:
                    return AddExercise(day=weekday, exercise_id=option.slug,
                                       target_sets=ADDED_EXERCISE_SETS)
    return None


def week_suggestions(plan: WeeklyPlan, profile: Profile, pool: OptionPool, language: str,
                     sites: Sites | None = None) -> tuple[SuggestedEdit, ...]:
    operations: list[EditOperation] = []
    if (move := _move_later(plan, profile)) is not None:
        operations.append(move)
    if (add := _add_where_time_is_left(plan, profile, pool, sites)) is not None:
        operations.append(add)
    return tuple(SuggestedEdit(describe(op, language, plan), op) for op in operations)


def all_suggestions(plan: WeeklyPlan, profile: Profile,
                    language: str = "en") -> tuple[SuggestedEdit, ...]:
    """The week's chips and every day's, each with the operation it stands for (so a client
    or a brain can turn a tapped chip straight back into its operation)."""
    pool = OptionPool(profile)
    sites: Sites = {}
    chips = list(week_suggestions(plan, profile, pool, language, sites))
    for weekday in WEEKDAYS:
        chips += day_suggestions(plan, weekday, profile, pool, language, sites)
    return tuple(chips)
