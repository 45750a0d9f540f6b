"""Swap one exercise for the best substitute (or the one asked for) on one day.

With busy gear ("the bench is taken"), the rest of that day's session is cleared of it too:
every other exercise needing it is swapped for a substitute that does not, else dropped.

An exercise the user asks for keeps the sets of the one it replaces: when the session cap of
its muscle groups (or the time) would leave it fewer, the day's other work on those groups
gives way as it does for an added exercise (accessories first, then secondary compounds;
never the anchor), rather than one lone working set of the newcomer.
"""

from __future__ import annotations

from fitcoach.catalog.vocabulary import GearTag
from fitcoach.programming.edits.context import EditContext
from fitcoach.programming.edits.operations import SwapExercise, SwapReason
from fitcoach.programming.edits.ops import checks
from fitcoach.programming.edits.ops.avoid import change_texts
from fitcoach.programming.edits.result import EditRejected, RejectCode
from fitcoach.programming.edits.rework import clear_day
from fitcoach.programming.edits.room import (
    SECONDARY_COMPOUND_PRIORITY,
    Folded,
    fold_into_present,
    replacement_with_room,
    substitute,
)
from fitcoach.programming.generator.site import DaySite, recovery_safe
from fitcoach.programming.generator.substitutes import gentler_on_joints, locate
from fitcoach.programming.rules.equipment import missing_gear
from fitcoach.programming.text import phrases as tx


def _why_not(site: DaySite, ctx: EditContext, op: SwapExercise, gear: frozenset[GearTag]) -> str:
    """Why the requested replacement cannot go in."""
    wanted = checks.known_exercise(op.replacement_id or "")
    if wanted.slug == op.exercise_id:
        return f"{wanted.name} is the exercise being replaced"
    if any(item.slug == wanted.slug for item in site.items()):
        return f"{wanted.name} is already in {op.day.display_name}'s session"
    if problem := missing_gear(wanted, gear):
        busy = set(ctx.profile.gear) - set(gear)
        return problem + (" (busy right now)" if busy else "")
    if reason := ctx.pool.reason(wanted, site.date):
        return reason
    if wanted.slug in ctx.pool.by_slug and not recovery_safe(site, ctx.pool.by_slug[wanted.slug]):
        return f"{wanted.name} would break the 48-hour recovery spacing"
    return (f"{wanted.name} cannot take that place without breaking the superset pairing, the "
            "exercise order, a volume cap or the time budget")


def _fold(ctx: EditContext, op: SwapExercise, old_name: str, folded: Folded,
          gear: frozenset[GearTag]) -> str:
    """The swap when the only fitting alternative is already on the day: its sets go there."""
    ctx.put({op.day: ctx.finish(op.day, folded.blocks)})
    parts = [tx.say(ctx.language, "diff.folded", old=old_name,
                    new=folded.into.option.exercise.name, before=folded.sets_before,
                    after=folded.into.sets)]
    return " • ".join(parts + _clear_busy_gear(ctx, op, gear))


def swap_exercise(ctx: EditContext, op: SwapExercise) -> str:
    old = checks.in_day(ctx, op.day, op.exercise_id)
    site = ctx.site(op.day)
    position = locate(site.blocks, op.exercise_id)
    assert position is not None  # checks.in_day found it
    gear = frozenset(ctx.profile.gear - set(op.busy_gear))
    accept = gentler_on_joints(old) if op.reason is SwapReason.PAIN else None
    candidates = None
    if op.replacement_id is not None:
        candidates = (checks.known_exercise(op.replacement_id),)
    replaced = substitute(site, position, gear=gear, accept=accept, candidates=candidates)
    if replaced is None:
        if op.replacement_id is not None:
            raise EditRejected(RejectCode.NO_SUBSTITUTE, _why_not(site, ctx, op, gear))
        if (folded := fold_into_present(site, position, gear=gear, accept=accept)) is not None:
            return _fold(ctx, op, old.name, folded, gear)
        raise EditRejected(RejectCode.NO_SUBSTITUTE,
                           f"no exercise can replace {old.name} on {op.day.display_name} with "
                           "the gear at hand and every rule kept")
    before = {item.slug: item for item in site.items()}
    new = next(item for block in replaced for item in block if item.slug not in before)
    wanted = before[op.exercise_id].sets
    if op.replacement_id is not None and new.sets < wanted:
        # A secondary compound on the same muscles may be dropped for what the user asked for.
        roomier = replacement_with_room(site, op.exercise_id, new.option, wanted, gear=gear,
                                        accept=accept, drop_floor=SECONDARY_COMPOUND_PRIORITY)
        if roomier is not None:
            replaced = roomier
            new = next(item for block in replaced for item in block if item.slug not in before)
    ctx.put({op.day: ctx.finish(op.day, replaced)})
    parts = [tx.say(ctx.language, "diff.swapped", old=old.name, new=new.option.exercise.name,
                    sets=new.sets, reps=new.option.reps)]
    kept = {item.slug: item.sets for block in replaced for item in block}
    trimmed = [f"{item.option.exercise.name} ({item.sets}➔{kept[slug]})"
               for slug, item in before.items() if slug in kept and kept[slug] < item.sets]
    dropped = [item.option.exercise for slug, item in before.items()
               if slug not in kept and slug != op.exercise_id]
    if trimmed:
        parts.append(tx.say(ctx.language, "diff.trimmed", exercises=", ".join(trimmed)))
    if dropped:
        parts.append(tx.say(ctx.language, "diff.dropped",
                            exercises=tx.exercise_names(ctx.language, dropped)))
    return " • ".join(parts + _clear_busy_gear(ctx, op, gear))


def _clear_busy_gear(ctx: EditContext, op: SwapExercise, gear: frozenset[GearTag]) -> list[str]:
    """Busy gear stays busy for the rest of the session: nothing else that day may need it."""
    if not op.busy_gear:
        return []
    blocks, changes = clear_day(ctx, op.day, ctx.pool, gear=gear)
    if not changes:
        return []
    ctx.put({op.day: ctx.finish(op.day, blocks)})
    return change_texts(ctx.language, changes)

