"""Recovery spacing: 48 h between heavy compound sessions of a group; no heavy lower-back-
dominant lifts on consecutive days (Sunday → Monday included: the week repeats)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from itertools import combinations

from fitcoach.catalog.vocabulary import MuscleGroup, Weekday
from fitcoach.programming.rules.recovery import heavy_groups, heavy_lower_back, too_close
from fitcoach.programming.validator.view import PlanView
from fitcoach.programming.validator.violations import Code, Violation, error


def check_recovery(view: PlanView) -> Iterator[Violation]:
    if not view.complete_week:
        return
    heavy_days: dict[MuscleGroup, set[Weekday]] = defaultdict(set)
    lower_back_days: set[Weekday] = set()
    for day in view.training_days:
        for item in view.resolved(day):
            for group in heavy_groups(item.exercise):
                heavy_days[group].add(day.weekday)
            if heavy_lower_back(item.exercise):
                lower_back_days.add(day.weekday)
    for group, days in sorted(heavy_days.items(), key=lambda kv: kv[0].value):
        for first, second in combinations(sorted(days, key=lambda d: d.index), 2):
            if too_close(first.index, second.index):
                yield error(Code.RECOVERY_48H,
                            f"{group.value} takes heavy compound work on {first.display_name} "
                            f"and {second.display_name}, less than 48 hours apart", second)
    for first, second in combinations(sorted(lower_back_days, key=lambda d: d.index), 2):
        if too_close(first.index, second.index):
            yield error(Code.LOWER_BACK_CONSECUTIVE,
                        f"heavy lower-back-dominant lifts on {first.display_name} and "
                        f"{second.display_name}, consecutive days", second)
