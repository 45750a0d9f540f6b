"""Sequencing hierarchy: priority never goes back down within a session."""

from __future__ import annotations

from collections.abc import Iterator

from fitcoach.programming.rules.sequencing import first_out_of_order
from fitcoach.programming.validator.view import PlanView
from fitcoach.programming.validator.violations import Code, Violation, error


def check_sequencing(view: PlanView) -> Iterator[Violation]:
    for day in view.training_days:
        items = view.resolved(day)
        index = first_out_of_order([item.exercise for item in items])
        if index is not None:
            late = items[index].exercise
            yield error(Code.SEQUENCE_PRIORITY,
                        f"{late.name} (priority {late.priority}) comes after a priority "
                        f"{max(i.exercise.priority for i in items[:index])} exercise",
                        day.weekday, late.slug)
