"""The weekly plan as the seed shapes it: plan → days → blocks → planned exercises.

Field names are the seed's, exactly; `model_dump(mode="json")` gives the seed's JSON. Optional
fields the seed lacks (`target_rir`, `target_weight_lbs`, `last`) are left out of the JSON when
unset,
so a plan without them serialises to the seed's shape key for key. Rules about what a *good*
plan is live in the validator, not here: these models only fix the shape and the types.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    field_validator,
    model_serializer,
    model_validator,
)

from fitcoach.analytics.logs import SetRecord
from fitcoach.catalog.models import REPS_PATTERN
from fitcoach.catalog.vocabulary import WEEKDAYS, MuscleGroup, Weekday


class DayStatus(StrEnum):
    SCHEDULED = "scheduled"
    COMPLETED = "completed"


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", use_enum_values=False)


class LastSession(_Model):
    """The latest logged session of a planned exercise (DESIGN D10): every set of it."""

    completed_at: dt.datetime
    sets: tuple[SetRecord, ...]


class PlannedExercise(_Model):
    exercise_id: str
    name: str
    target_sets: Annotated[int, Field(ge=1, le=10)]
    target_reps: str
    rest_seconds: Annotated[int, Field(ge=0, le=600)]
    # Our additions: effort target and, when the user's history supports it, a load.
    target_rir: Annotated[int, Field(ge=0, le=5)] | None = None
    target_weight_lbs: Annotated[float, Field(gt=0, le=2000)] | None = None
    # Read from the logs when a plan is shown (`programming.loads`), never stored.
    last: LastSession | None = None
    # Set when `target_weight_lbs` is an estimate (DESIGN D10): the exercise was never
    # logged, and its load was estimated from this logged one of the same movement pattern
    # (`analytics.load_estimates`). Absent for a load from the exercise's own history.
    target_weight_estimated_from: str | None = None

    @field_validator("target_reps")
    @classmethod
    def _reps_shape(cls, value: str) -> str:
        if not REPS_PATTERN.match(value):
            raise ValueError(f"target_reps {value!r} must look like '8-10', '12' or '30-45s'")
        return value

    @model_serializer(mode="wrap")
    def _drop_unset_extras(self, handler: Any) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for key in ("target_rir", "target_weight_lbs", "last", "target_weight_estimated_from"):
            if data.get(key) is None:
                data.pop(key, None)
        return data


class Block(_Model):
    label: str
    exercises: Annotated[tuple[PlannedExercise, ...], Field(min_length=1, max_length=3)]

    @property
    def is_superset(self) -> bool:
        return len(self.exercises) > 1


class MuscleFocus(_Model):
    muscle: MuscleGroup
    intensity: Annotated[int, Field(ge=0, le=100)]


class DayPlan(_Model):
    date: dt.date
    day_of_week: str
    is_rest_day: bool
    status: DayStatus = DayStatus.SCHEDULED
    completed_log_id: str | None = None
    completed_at: dt.datetime | None = None
    title: str
    focus_tag: str
    duration_minutes: Annotated[int, Field(ge=0, le=600)]
    estimated_volume_lbs: Annotated[int, Field(ge=0)]
    coach_note: str
    muscle_focus: tuple[MuscleFocus, ...] = ()
    suggested_edits: tuple[str, ...] = ()
    blocks: tuple[Block, ...] = ()

    @property
    def weekday(self) -> Weekday:
        return WEEKDAYS[self.date.weekday()]

    @property
    def exercises(self) -> tuple[PlannedExercise, ...]:
        return tuple(e for block in self.blocks for e in block.exercises)

    @property
    def is_training_day(self) -> bool:
        return not self.is_rest_day and bool(self.blocks)


class WeekSummary(_Model):
    total_time_minutes: Annotated[int, Field(ge=0)]
    total_volume_lbs: Annotated[int, Field(ge=0)]
    frequency: Annotated[int, Field(ge=0, le=7)]


class BlockPhase(StrEnum):
    BUILD = "build"
    DELOAD = "deload"


class TrainingBlock(_Model):
    """Where a week sits in its training block (mesocycle, DESIGN D10); the rules of a block
    (how volume rises, what a deload cuts) live in `programming.blocks`."""

    id: Annotated[str, Field(min_length=1, max_length=64)]
    week_index: Annotated[int, Field(ge=1, le=6)]
    weeks: Annotated[int, Field(ge=4, le=6)]
    phase: BlockPhase

    @model_validator(mode="after")
    def _index_in_block(self) -> TrainingBlock:
        if self.week_index > self.weeks:
            raise ValueError(f"week {self.week_index} of a {self.weeks}-week block")
        return self


class WeeklyPlan(_Model):
    week_start_date: dt.date
    theme: str
    summary: WeekSummary
    suggested_edits: tuple[str, ...] = ()
    days: dict[Weekday, DayPlan]
    # Optional so plans stored before blocks existed still parse; left out of the JSON when unset.
    block: TrainingBlock | None = None

    @model_serializer(mode="wrap")
    def _drop_unset_block(self, handler: Any) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if data.get("block") is None:
            data.pop("block", None)
        return data

    @field_validator("days")
    @classmethod
    def _calendar_order(cls, days: dict[Weekday, DayPlan]) -> dict[Weekday, DayPlan]:
        # Keep Monday → Sunday order whatever order the input used, for stable JSON.
        return {day: days[day] for day in WEEKDAYS if day in days}

    def day(self, weekday: Weekday) -> DayPlan:
        return self.days[weekday]

    @property
    def training_days(self) -> list[DayPlan]:
        return [d for d in self.days.values() if d.is_training_day]

    def with_day(self, weekday: Weekday, day: DayPlan) -> WeeklyPlan:
        """A new plan with one day replaced (the summary is not recomputed here)."""
        return self.model_copy(update={"days": {**self.days, weekday: day}})
