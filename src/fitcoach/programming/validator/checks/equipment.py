"""Equipment strictness against the user's inventory, and loads within what they own."""

from __future__ import annotations

from collections.abc import Iterator

from fitcoach.programming.rules.equipment import missing_gear, over_load_limit
from fitcoach.programming.validator.view import PlanView
from fitcoach.programming.validator.violations import Code, Violation, error


def check_equipment(view: PlanView) -> Iterator[Violation]:
    profile = view.profile
    if profile is None:
        return
    for day in view.days:
        for item in view.resolved(day):
            if problem := missing_gear(item.exercise, profile.gear):
                yield error(Code.EQUIPMENT_MISSING, f"{problem}, which the user does not have",
                            day.weekday, item.exercise.slug)
            if over_load_limit(item.exercise, item.planned.target_weight_lbs,
                               profile.max_dumbbell_lbs):
                yield error(Code.EQUIPMENT_LOAD,
                            f"{item.exercise.name} asks for {item.planned.target_weight_lbs:g} lb, "
                            f"above the heaviest dumbbell ({profile.max_dumbbell_lbs:g} lb)",
                            day.weekday, item.exercise.slug)
