"""The slice of a plan a check looks at, with catalog entries resolved once."""

from __future__ import annotations

from dataclasses import dataclass, field

from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import Exercise
from fitcoach.programming.plan import Block, DayPlan, PlannedExercise, WeeklyPlan
from fitcoach.programming.profile import Profile


@dataclass(frozen=True)
class ResolvedExercise:
    planned: PlannedExercise
    exercise: Exercise


@dataclass(frozen=True)
class PlanView:
    """Days in calendar order; `week` is set when the whole week is being judged."""

    days: tuple[DayPlan, ...]
    profile: Profile | None = None
    week: WeeklyPlan | None = None
    _resolved: dict[int, tuple[ResolvedExercise, ...]] = field(default_factory=dict,
                                                               compare=False)

    @property
    def complete_week(self) -> bool:
        return self.week is not None

    @property
    def training_days(self) -> tuple[DayPlan, ...]:
        return tuple(day for day in self.days if day.is_training_day)

    def resolved(self, day: DayPlan) -> tuple[ResolvedExercise, ...]:
        """The day's exercises that exist in the catalog (unknown slugs are reported once,
        by the catalog check, and skipped everywhere else)."""
        key = id(day)
        if key not in self._resolved:
            self._resolved[key] = tuple(
                ResolvedExercise(planned, exercise)
                for planned in day.exercises
                if (exercise := CATALOG.find(planned.exercise_id)) is not None
            )
        return self._resolved[key]

    @staticmethod
    def resolved_block(block: Block) -> tuple[ResolvedExercise, ...]:
        return tuple(
            ResolvedExercise(planned, exercise)
            for planned in block.exercises
            if (exercise := CATALOG.find(planned.exercise_id)) is not None
        )
