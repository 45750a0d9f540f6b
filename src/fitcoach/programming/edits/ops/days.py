"""Whole-day and single-exercise edits: make a rest day, remove an exercise, add one.

Adding to a day that is already full makes room the way a coach would: the day's most
expendable accessory volume gives way (the lowest in the sequencing hierarchy first — core and
metabolic work, then isolation — and among those the least important for the user's goals, the
later in the session the sooner), one set at a time down to two sets, then the exercise
itself. When the sets asked for cannot fit that way, fewer do, but never fewer than two
(`prescription.MIN_SETS`, unless fewer were asked for): to reach them, secondary compounds
that train the same muscles are trimmed too, down to two sets, never dropped (`edits.room`).
The anchor and the heavy compounds are never touched. The summary says what was trimmed or
dropped; only when even that cannot fit the new exercise is the addition refused.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from fitcoach.catalog.vocabulary import MuscleGroup
from fitcoach.programming.edits.context import EditContext, normalized
from fitcoach.programming.edits.operations import AddExercise, MakeRestDay, RemoveExercise
from fitcoach.programming.edits.ops import checks
from fitcoach.programming.edits.result import EditRejected, RejectCode
from fitcoach.programming.edits.room import (
    ACCESSORY_PRIORITY,
    SECONDARY_COMPOUND_PRIORITY,
    give_way,
)
from fitcoach.programming.generator import prescription as rx
from fitcoach.programming.generator.arrange import set_block_rests
from fitcoach.programming.generator.items import Item
from fitcoach.programming.generator.site import (
    EPSILON,
    Blocks,
    DaySite,
    caps_hold,
    pairs_hold,
    recovery_safe,
    seconds_of,
    try_inserting,
)
from fitcoach.programming.generator.targets import group_weights
from fitcoach.programming.rules.equipment import missing_gear
from fitcoach.programming.rules.sequencing import first_out_of_order
from fitcoach.programming.text import phrases as tx

DEFAULT_ADDED_SETS = 3


def make_rest_day(ctx: EditContext, op: MakeRestDay) -> str:
    day_name = tx.weekday(ctx.language, op.day)
    if not ctx.day(op.day).is_training_day:
        return tx.say(ctx.language, "diff.no_change",
                      reason=tx.say(ctx.language, "reason.already_rest", day=day_name))
    ctx.put({op.day: ctx.rest(op.day)})
    return tx.say(ctx.language, "diff.rest_day", day=day_name)


def remove_exercise(ctx: EditContext, op: RemoveExercise) -> str:
    exercise = checks.in_day(ctx, op.day, op.exercise_id)
    site = ctx.site(op.day)
    blocks = normalized([[i for i in block if i.slug != op.exercise_id]
                         for block in site.blocks])
    ctx.put({op.day: ctx.finish(op.day, blocks)})
    return tx.say(ctx.language, "diff.removed", exercise=exercise.name,
                  day=tx.weekday(ctx.language, op.day))


def _pairings(blocks: Blocks, item: Item) -> list[tuple[Blocks, list[Item]]]:
    """Every way to pair `item` with a straight block (never the anchor) in session order."""
    trials = []
    for index, block in enumerate(blocks):
        if len(block) != 1 or index == 0:
            continue
        for pair in ([block[0], item], [item, block[0]]):
            trial = [*blocks[:index], pair, *blocks[index + 1:]]
            flat = [i.option.exercise for b in trial for i in b]
            if first_out_of_order(flat) is None and pairs_hold(pair):
                trials.append((trial, pair))
    return trials


def add_exercise(ctx: EditContext, op: AddExercise) -> str:
    exercise = checks.known_exercise(op.exercise_id)
    checks.training_day(ctx, op.day)
    site = ctx.site(op.day)
    day_name = tx.weekday(ctx.language, op.day)
    if any(item.slug == exercise.slug for item in site.items()):
        raise EditRejected(RejectCode.ALREADY_IN_DAY,
                           f"{exercise.name} is already in {op.day.display_name}'s session")
    if problem := missing_gear(exercise, ctx.profile.gear):
        raise EditRejected(RejectCode.MISSING_GEAR, problem)
    if reason := ctx.pool.reason(exercise, site.date):
        raise EditRejected(RejectCode.EXCLUDED, reason)
    option = ctx.pool.by_slug[exercise.slug]
    if not recovery_safe(site, option):
        raise EditRejected(RejectCode.RECOVERY,
                           f"{exercise.name} on {op.day.display_name} would load a muscle group "
                           "within 48 hours of its last heavy session")
    rir = rx.target_rir(ctx.profile.goal, exercise)
    wanted = op.target_sets or DEFAULT_ADDED_SETS
    item = Item(option=option, sets=wanted, rank=len(site.items()), base_rest=option.rest,
                rest=option.rest, rir=rir,
                weight_lbs=rx.target_weight_lbs(ctx.profile, exercise, option.reps, rir))
    # The sets asked for, accessories making room if need be; else as many as fit down to
    # the working-set floor, secondary compounds on the same muscles trimmed too if need be.
    weights = group_weights(ctx.profile)
    least = rx.floor_sets(wanted)
    room = (_placed(site, item, wanted) or _making_room(site, item, weights, wanted)
            or _placed(site, item, least)
            or _making_room(site, item, weights, least, floor=SECONDARY_COMPOUND_PRIORITY))
    if room is None:
        raise EditRejected(RejectCode.NO_ROOM,
                           f"{exercise.name} does not fit in {op.day.display_name}'s session "
                           f"with {least} working sets without breaking its time budget, its "
                           "order or a volume cap, even with the day's other work on the same "
                           "muscles trimmed")
    ctx.put({op.day: ctx.finish(op.day, room.blocks)})
    if item.sets < wanted:
        ctx.notes.append(f"{exercise.name}: {item.sets} of {wanted} sets fit")
    parts = [tx.say(ctx.language, "diff.added", exercise=exercise.name, day=day_name,
                    sets=item.sets, reps=option.reps)]
    if room.trimmed:
        parts.append(tx.say(ctx.language, "diff.trimmed", exercises=", ".join(
            f"{old.option.exercise.name} ({old.sets}➔{sets})" for old, sets in room.trimmed)))
    if room.dropped:
        parts.append(tx.say(ctx.language, "diff.dropped", exercises=tx.exercise_names(
            ctx.language, [old.option.exercise for old in room.dropped])))
    return " • ".join(parts)


@dataclass(slots=True)
class _Room:
    """Where the new exercise went, and what gave way for it (item as it was, sets left)."""

    blocks: Blocks
    trimmed: list[tuple[Item, int]]
    dropped: list[Item]


def _placed(site: DaySite, item: Item, minimum: int) -> _Room | None:
    """The day with `item` in it at `minimum` sets or more, the site left as it was."""
    wanted = item.sets
    for place in (try_inserting, _as_superset):  # straight sets first, else a superset
        # Timed as it would stand: straight sets rest fully, whatever a superset tried earlier
        # (one leading a pair rests only the walk to its partner) left on the item.
        item.rest = item.base_rest
        trial = replace(site, blocks=[[replace(i) for i in block] for block in site.blocks])
        blocks = place(trial, item)
        if blocks is not None and item.sets >= minimum:
            return _Room(blocks, [], [])
        item.sets = wanted  # fewer sets as straight sets may still mean all of them paired
    item.rest = item.base_rest
    return None


def _making_room(site: DaySite, item: Item, weights: dict[MuscleGroup, float],
                 minimum: int, floor: int = ACCESSORY_PRIORITY) -> _Room | None:
    """Trim the day's most expendable volume (`room.give_way`, priorities `floor` and below),
    a step at a time, until `item` fits at `minimum` sets or more; None when all that may
    give way has given what it can."""
    trial = replace(site, blocks=[[replace(i) for i in block] for block in site.blocks])
    before = {i.slug: i for i in site.items()}
    while give_way(trial, item, minimum, weights, floor=floor):
        room = _placed(trial, item, minimum)
        if room is not None:
            kept = {i.slug: i for i in trial.items()}
            room.trimmed = [(old, kept[slug].sets) for slug, old in before.items()
                            if slug in kept and kept[slug].sets < old.sets]
            room.dropped = [old for slug, old in before.items() if slug not in kept]
            return room
    return None


def _as_superset(site: DaySite, item: Item) -> Blocks | None:
    """Fold the new exercise into a superset with a straight block when time is short."""
    groups = [group for group, _ in item.option.credits]
    wanted = item.sets
    for trial, (first, second) in _pairings(site.blocks, item):
        for sets in range(wanted, 0, -1):
            item.sets = sets
            set_block_rests([first, second], rx.SUPERSET_TRANSITION_REST)
            if caps_hold(site, trial, groups) and \
                    seconds_of(trial) <= site.budget_seconds + EPSILON:
                return trial
        first.rest, item.sets = first.base_rest, wanted
    return None
