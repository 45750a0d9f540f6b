"""Relieve a new acute state: the engine picks the session (`edits.relief`) and keeps the sore
area out of it, lighter as well when tired all over; with no session to change, it says so."""

from __future__ import annotations

from fitcoach.programming.edits.context import EditContext
from fitcoach.programming.edits.operations import AvoidOnDays, Deload, RelieveAcute
from fitcoach.programming.edits.ops.avoid import avoid, avoided_text
from fitcoach.programming.edits.ops.deload import deload
from fitcoach.programming.edits.relief import choose_relief, relief_operations
from fitcoach.programming.text import phrases as tx


def relieve_acute(ctx: EditContext, op: RelieveAcute) -> str:
    relief = choose_relief(ctx.plan, op, ctx.today)
    summaries: list[str] = []
    for step in relief_operations(op, relief):
        if isinstance(step, AvoidOnDays):
            summaries.append(avoid(ctx, step))
        elif isinstance(step, Deload):
            if step.day is not None and not ctx.plan.days[step.day].is_training_day:
                continue  # keeping the area out left nothing there to lighten
            summaries.append(deload(ctx, step))
    if summaries:
        return " • ".join(summaries)
    what = avoided_text(ctx.language, AvoidOnDays(body_parts=relief.parts,
                                                  patterns=op.patterns, overhead=op.overhead))
    return tx.say(ctx.language, "diff.no_change",
                  reason=tx.say(ctx.language, "reason.nothing_to_avoid", what=what))
