"""Give one day a new focus: rebuild its session against the other six days."""

from __future__ import annotations

from fitcoach.programming.edits.context import EditContext
from fitcoach.programming.edits.operations import SetDayFocus
from fitcoach.programming.edits.result import EditRejected, RejectCode
from fitcoach.programming.edits.rework import build_focus_day
from fitcoach.programming.generator import materialize as mt
from fitcoach.programming.rules.conditions import day_blocked_by_event
from fitcoach.programming.text import phrases as tx


def set_day_focus(ctx: EditContext, op: SetDayFocus) -> str:
    if event := day_blocked_by_event(ctx.profile, ctx.date(op.day)):
        raise EditRejected(RejectCode.EVENT_DAY,
                           f"{op.day.display_name} is the day of {event.name}; keep it free")
    blocks = build_focus_day(ctx, op.day, op.focus)
    if not blocks:
        raise EditRejected(RejectCode.NOTHING_FITS,
                           f"no exercise for that focus fits {op.day.display_name} with the gear "
                           "and limits at hand")
    focus = tx.focus(ctx.language, op.focus)
    title = mt.emphasis_title(ctx.language, focus, blocks[0][0].option.exercise,
                              ctx.profile.priority_groups)
    ctx.put({op.day: ctx.finish(op.day, blocks, title=title)})
    return tx.say(ctx.language, "diff.focus", day=tx.weekday(ctx.language, op.day), focus=focus)
