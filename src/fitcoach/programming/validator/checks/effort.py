"""Effort: prescribed reps in reserve stay within the seed's 1-3 RIR (3-5 in a deload week,
whose own rules are `checks/block.py`'s)."""

from __future__ import annotations

from collections.abc import Iterator

from fitcoach.programming.blocks.shape import DELOAD_RIR_MAX
from fitcoach.programming.plan import BlockPhase
from fitcoach.programming.rules.landmarks import RIR_MAX, RIR_MIN
from fitcoach.programming.validator.view import PlanView
from fitcoach.programming.validator.violations import Code, Violation, error


def check_effort(view: PlanView) -> Iterator[Violation]:
    block = view.week.block if view.week is not None else None
    deload = block is not None and block.phase is BlockPhase.DELOAD
    highest = DELOAD_RIR_MAX if deload else RIR_MAX
    for day in view.days:
        for planned in day.exercises:
            rir = planned.target_rir
            if rir is not None and not RIR_MIN <= rir <= highest:
                yield error(Code.REPS_IN_RESERVE,
                            f"{planned.name} prescribes {rir} RIR, outside {RIR_MIN}-{highest}",
                            day.weekday, planned.exercise_id)
