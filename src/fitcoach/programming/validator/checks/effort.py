"""Effort: prescribed reps in reserve stay within the seed's 1-3 RIR."""

from __future__ import annotations

from collections.abc import Iterator

from fitcoach.programming.rules.landmarks import RIR_MAX, RIR_MIN
from fitcoach.programming.validator.view import PlanView
from fitcoach.programming.validator.violations import Code, Violation, error


def check_effort(view: PlanView) -> Iterator[Violation]:
    for day in view.days:
        for planned in day.exercises:
            rir = planned.target_rir
            if rir is not None and not RIR_MIN <= rir <= RIR_MAX:
                yield error(Code.REPS_IN_RESERVE,
                            f"{planned.name} prescribes {rir} RIR, outside {RIR_MIN}-{RIR_MAX}",
                            day.weekday, planned.exercise_id)
