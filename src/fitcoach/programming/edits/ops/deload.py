"""Deload a day or the whole week: about half the sets, 3 reps in reserve, lighter loads."""

from __future__ import annotations

import math

from fitcoach.programming.edits.context import EditContext, base_title
from fitcoach.programming.edits.operations import Deload
from fitcoach.programming.edits.ops import checks
from fitcoach.programming.edits.result import EditRejected, RejectCode
from fitcoach.programming.generator import prescription as rx
from fitcoach.programming.plan import BlockPhase
from fitcoach.programming.text import phrases as tx


def deload(ctx: EditContext, op: Deload) -> str:
    if op.day is not None:
        checks.training_day(ctx, op.day)
        days = [op.day]
    else:
        days = [d for d in ctx.training_days() if d not in ctx.settled]
        if not days and ctx.training_days():
            raise EditRejected(RejectCode.DAY_PAST,
                               "every session of this week is already done or past")
        if not days:
            raise EditRejected(RejectCode.REST_DAY, "the week has no training day to deload")
    before = after = 0
    changed = {}
    for weekday in days:
        site = ctx.site(weekday)
        for item in site.items():
            before += item.sets
            item.sets = max(1, math.ceil(item.sets / 2))
            after += item.sets
            item.rir = rx.LIGHT_RIR
            if item.weight_lbs is not None:
                item.weight_lbs = rx.target_weight_lbs(
                    ctx.profile, item.option.exercise, item.option.reps, rx.LIGHT_RIR)
        title = tx.say(ctx.language, "title.deload",
                       title=base_title(ctx.day(weekday).title))
        changed[weekday] = ctx.finish(weekday, site.blocks, title=title)
    ctx.put(changed)
    _mark_block(ctx, every_session=op.day is None and not any(
        d in ctx.settled for d in ctx.training_days()))
    if op.day is not None:
        return tx.say(ctx.language, "diff.deload_day", day=tx.weekday(ctx.language, op.day),
                      before=before, after=after, rir=rx.LIGHT_RIR)
    return tx.say(ctx.language, "diff.deload_week", before=before, after=after,
                  rir=rx.LIGHT_RIR)


def _mark_block(ctx: EditContext, *, every_session: bool) -> None:
    """A whole week deloaded is the block's deload (DESIGN D10): the validator then judges
    it by the deload's rules, and the next week starts a new block. A week with sessions
    already done keeps its phase: what is left is lighter, but it is not a deload week."""
    block = ctx.plan.block
    if every_session and block is not None and block.phase is not BlockPhase.DELOAD:
        ctx.plan = ctx.plan.model_copy(update={
            "block": block.model_copy(update={"phase": BlockPhase.DELOAD})})
