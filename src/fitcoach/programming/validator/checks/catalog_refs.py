"""Zero hallucinated slugs: every exercise exists, and its denormalised name matches."""

from __future__ import annotations

from collections.abc import Iterator

from fitcoach.catalog import CATALOG
from fitcoach.programming.validator.view import PlanView
from fitcoach.programming.validator.violations import Code, Violation, error


def check_catalog_refs(view: PlanView) -> Iterator[Violation]:
    for day in view.days:
        for planned in day.exercises:
            exercise = CATALOG.find(planned.exercise_id)
            if exercise is None:
                yield error(Code.SLUG_UNKNOWN,
                            f"'{planned.exercise_id}' is not in the exercise index",
                            day.weekday, planned.exercise_id)
            elif planned.name != exercise.name:
                yield error(Code.NAME_MISMATCH,
                            f"'{planned.exercise_id}' is called '{exercise.name}', "
                            f"not '{planned.name}'", day.weekday, planned.exercise_id)
