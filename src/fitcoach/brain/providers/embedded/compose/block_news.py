"""A new training block is said once (DESIGN D10: "then a new block starts and the coach says
so"): the first reply of the week a block begins, whatever the user asked, opens with it.
"Once" is read from the conversation: no coach line yet on or after the block's Monday."""

from __future__ import annotations

from fitcoach.brain.ports import ChatRole
from fitcoach.brain.providers.embedded.compose.context import TurnView
from fitcoach.brain.providers.embedded.compose.reply import Reply
from fitcoach.programming.plan import BlockPhase, TrainingBlock
from fitcoach.timekeeping import local_date


def new_block(view: TurnView) -> TrainingBlock | None:
    """The block that began this week, if the coach has not replied since it began."""
    plan = view.plan
    block = plan.block if plan is not None else None
    if plan is None or block is None or block.week_index != 1 \
            or block.phase is not BlockPhase.BUILD:
        return None
    for line in view.request.turn.history:
        if line.role is ChatRole.COACH \
                and local_date(line.at, view.timezone) >= plan.week_start_date:
            return None
    return block


def announce_new_block(reply: Reply, view: TurnView) -> None:
    block = new_block(view)
    if block is None:
        return
    text = reply.say("block.new", weeks=block.weeks, build=block.weeks - 1)
    reply.parts.insert(0, (text, True))
