"""A block's weeks on the calendar: the first week of a block, the week after, k weeks on.

A block id is made from the Monday it starts on: the engine makes no random ids, and two
blocks never start in the same week of one user's plan history.
"""

from __future__ import annotations

import datetime as dt

from fitcoach.programming.blocks.ramp import DEFAULT_WEEKS
from fitcoach.programming.plan import BlockPhase, TrainingBlock


def block_id(start: dt.date) -> str:
    return f"block-{start.isoformat()}"


def _phase(week_index: int, weeks: int) -> BlockPhase:
    return BlockPhase.DELOAD if week_index == weeks else BlockPhase.BUILD


def first_week(start: dt.date, weeks: int = DEFAULT_WEEKS) -> TrainingBlock:
    """Week 1 of a new block starting in the week of `start` (a Monday)."""
    return TrainingBlock(id=block_id(start), week_index=1, weeks=weeks,
                         phase=_phase(1, weeks))


def next_week(block: TrainingBlock, next_start: dt.date) -> TrainingBlock:
    """The week after `block`'s week: one week further, or, after the deload (or the last
    week), week 1 of a new block of the same length starting on `next_start`."""
    if block.phase is BlockPhase.DELOAD or block.week_index >= block.weeks:
        return first_week(next_start, block.weeks)
    index = block.week_index + 1
    return block.model_copy(update={"week_index": index, "phase": _phase(index, block.weeks)})


def advance(block: TrainingBlock, start: dt.date, target: dt.date) -> TrainingBlock:
    """The block week of the week starting `target`, given that the week starting `start`
    was `block`'s: blocks follow the calendar, one week per week."""
    if target < start:
        raise ValueError("a block only moves forward")
    week, current = start, block
    while week < target:
        week += dt.timedelta(days=7)
        current = next_week(current, week)
    return current
