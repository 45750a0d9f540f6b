"""The engine's view of a person: everything the generator, the edits and the validator need.

A profile is derived from the living memory (and the user's settings and history) by the
brain; the engine never reads memory entries itself. It carries no clock: acute states and
events carry their own dates.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fitcoach.analytics.known_loads import KnownLoad
from fitcoach.catalog.vocabulary import (
    WEEKDAYS,
    AcuteCondition,
    BodyPart,
    Experience,
    GearTag,
    Goal,
    MuscleGroup,
    Pattern,
    Unit,
    Weekday,
)


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ChronicConstraint(_Model):
    """A lasting limitation: what to keep away from, for good."""

    body_parts: tuple[BodyPart, ...] = ()
    patterns: tuple[Pattern, ...] = ()
    exercises: tuple[str, ...] = ()
    # Exercises stressing the body parts' joints above this level are excluded (1 keeps
    # moderate stress, 0 excludes any stress).
    max_joint_stress: Annotated[int, Field(ge=0, le=1)] = 1
    note: str = ""


class AcuteState(_Model):
    """A Tier 2 state: it shapes the days from `since` until `until` (exclusive)."""

    body_part: BodyPart  # BodyPart.WHOLE_BODY for general fatigue
    condition: AcuteCondition
    since: dt.date
    until: dt.datetime
    note: str = ""

    def affects(self, day: dt.date) -> bool:
        day_start = dt.datetime.combine(day, dt.time(), tzinfo=self.until.tzinfo)
        return self.since <= day and day_start < self.until


class UpcomingEvent(_Model):
    """A Tier 3 event: protect body parts before it, keep its days free (or bodyweight)."""

    name: str
    start: dt.date
    end: dt.date
    protect: tuple[BodyPart, ...] = ()
    travel: bool = False
    # A busy stretch (work, guests): its days keep training, each at most this long.
    busy_minutes: Annotated[int, Field(ge=10, le=180)] | None = None

    @model_validator(mode="after")
    def _ordered(self) -> UpcomingEvent:
        if self.end < self.start:
            raise ValueError("an event cannot end before it starts")
        return self

    def covers(self, day: dt.date) -> bool:
        return self.start <= day <= self.end

    def in_lead_up(self, day: dt.date, days_before: int = 2) -> bool:
        return self.start - dt.timedelta(days=days_before) <= day < self.start


class Profile(_Model):
    training_days: tuple[Weekday, ...] | None = None
    days_per_week: Annotated[int, Field(ge=1, le=7)] | None = None
    minutes_per_session: Annotated[int, Field(ge=15, le=180)] = 45
    minutes_by_day: dict[Weekday, Annotated[int, Field(ge=10, le=180)]] = Field(
        default_factory=dict
    )
    goal: Goal = Goal.HYPERTROPHY
    priority_groups: tuple[MuscleGroup, ...] = ()
    gear: frozenset[GearTag] = frozenset()
    max_dumbbell_lbs: Annotated[float, Field(gt=0, le=300)] | None = None
    experience: Experience = Experience.INTERMEDIATE
    chronic: tuple[ChronicConstraint, ...] = ()
    acute: tuple[AcuteState, ...] = ()
    events: tuple[UpcomingEvent, ...] = ()
    known_loads: dict[str, KnownLoad] = Field(default_factory=dict)
    unit: Unit = Unit.LB

    @model_validator(mode="after")
    def _schedule_given(self) -> Profile:
        if self.training_days is not None:
            if len(set(self.training_days)) != len(self.training_days):
                raise ValueError("training_days repeats a day")
            if not self.training_days:
                raise ValueError("training_days needs at least one day")
            if self.days_per_week is not None and self.days_per_week != len(self.training_days):
                raise ValueError("days_per_week disagrees with training_days")
        elif self.days_per_week is None:
            raise ValueError("give training_days or days_per_week")
        return self

    @property
    def session_count(self) -> int:
        return len(self.training_days) if self.training_days else int(self.days_per_week or 0)

    def minutes_for(self, day: Weekday) -> int:
        """The session budget of one weekday."""
        return self.minutes_by_day.get(day, self.minutes_per_session)

    def with_busy_days(self, week_start: dt.date) -> Profile:
        """This profile for the week starting `week_start`, each day a busy event covers
        budgeted at the event's minutes (never above the day's own budget)."""
        budgets = dict(self.minutes_by_day)
        for event in self.events:
            if event.busy_minutes is None:
                continue
            for index, day in enumerate(WEEKDAYS):
                if event.covers(week_start + dt.timedelta(days=index)):
                    budgets[day] = min(budgets.get(day, self.minutes_per_session),
                                       event.busy_minutes)
        if budgets == self.minutes_by_day:
            return self
        return self.model_copy(update={"minutes_by_day": budgets})
