"""What the rest of the week already holds, so one day can be built consistently with it.

The ledger keeps the running weekly set totals per group (for the 20-set cap), the weekdays
on which each group took heavy compound work and those with a heavy lower-back-dominant lift
(for the recovery rules), and how often each exercise was used (for variety).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import MuscleGroup, Weekday
from fitcoach.programming.generator.items import Item
from fitcoach.programming.generator.options import Option, traits_of
from fitcoach.programming.plan import DayPlan, PlannedExercise
from fitcoach.programming.rules.recovery import too_close


@dataclass(slots=True)
class WeekLedger:
    totals: dict[MuscleGroup, float] = field(default_factory=lambda: defaultdict(float))
    heavy_days: dict[MuscleGroup, set[int]] = field(default_factory=lambda: defaultdict(set))
    lower_back_days: set[int] = field(default_factory=set)
    uses: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def heavy_conflict(self, option: Option, day_index: int) -> bool:
        """Would this heavy compound on this weekday break the 48 h or lower-back rule?"""
        for group in option.heavy:
            if any(too_close(day_index, other) for other in self.heavy_days.get(group, ())):
                return True
        return option.heavy_lower_back and any(
            too_close(day_index, other) for other in self.lower_back_days
        )

    def record(self, day_index: int, exercises: Iterable[PlannedExercise]) -> None:
        """Add a day's exercises: credits as `metrics.group_sets` counts them (primary 1,
        secondary half a set), heavy groups and lower-back load as the recovery rules see
        them; unknown slugs are the catalog check's business and are skipped."""
        for planned in exercises:
            if planned.exercise_id not in CATALOG:
                continue
            traits = traits_of(planned.exercise_id)
            for group, credit in traits.credits:
                self.totals[group] += credit * planned.target_sets
            self.uses[planned.exercise_id] += 1
            for group in traits.heavy:
                self.heavy_days[group].add(day_index)
            if traits.heavy_lower_back:
                self.lower_back_days.add(day_index)

    def record_items(self, day_index: int, items: Iterable[Item]) -> None:
        """`record` for a session still being built (its items, not yet planned)."""
        for item in items:
            option = item.option
            for group, credit in option.credits:
                self.totals[group] += credit * item.sets
            self.uses[option.slug] += 1
            for group in option.heavy:
                self.heavy_days[group].add(day_index)
            if option.heavy_lower_back:
                self.lower_back_days.add(day_index)

    @classmethod
    def of_days(cls, days: Iterable[DayPlan], skip: Weekday | None = None) -> WeekLedger:
        """The ledger of a plan's training days, leaving one weekday out (the one rebuilt)."""
        ledger = cls()
        for day in days:
            if day.is_training_day and day.weekday is not skip:
                ledger.record(day.weekday.index, day.exercises)
        return ledger
