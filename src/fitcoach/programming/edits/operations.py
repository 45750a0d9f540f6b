"""Plan edit operations: the small vocabulary in which brains express a plan change (DESIGN D1).

A brain never writes `proposal.data`; it emits a short list of these, and the engine applies
them to the active plan. Each is a plain, JSON-friendly model so LLMs can produce them under a
JSON schema and the embedded brain can build them directly.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from fitcoach.catalog.vocabulary import (
    AcuteCondition,
    BodyPart,
    GearTag,
    MuscleGroup,
    Pattern,
    Weekday,
)
from fitcoach.programming.focus import Focus


class _Op(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SwapReason(StrEnum):
    GEAR_BUSY = "gear_busy"
    MISSING_GEAR = "missing_gear"
    PAIN = "pain"
    PREFERENCE = "preference"


class GenerateWeek(_Op):
    """Build a whole week from the profile, optionally overriding parts of the schedule."""

    op: Literal["generate_week"] = "generate_week"
    training_days: tuple[Weekday, ...] | None = None
    days_per_week: Annotated[int, Field(ge=1, le=7)] | None = None
    minutes_per_session: Annotated[int, Field(ge=15, le=180)] | None = None
    priority_groups: tuple[MuscleGroup, ...] | None = None
    day_focus: dict[Weekday, Focus] = Field(default_factory=dict)


class MoveTrainingDays(_Op):
    """Move the existing sessions onto new weekdays: in order, or as `sessions` maps them
    (old day → new day), every session not named staying on its day. One session moved
    ({thursday: wednesday}) and two swapped ({monday: tuesday, tuesday: monday}) are both
    such maps; `training_days` is then the week they leave."""

    op: Literal["move_training_days"] = "move_training_days"
    training_days: tuple[Weekday, ...]
    day_focus: dict[Weekday, Focus] = Field(default_factory=dict)
    sessions: dict[Weekday, Weekday] = Field(default_factory=dict)


class SetDayFocus(_Op):
    op: Literal["set_day_focus"] = "set_day_focus"
    day: Weekday
    focus: Focus


class ShortenDay(_Op):
    """Fit a day into N minutes: keep the anchor compound, trim volume, superset the rest."""

    op: Literal["shorten_day"] = "shorten_day"
    day: Weekday
    minutes: Annotated[int, Field(ge=10, le=180)]
    keep_focus: MuscleGroup | None = None


class SwapExercise(_Op):
    op: Literal["swap_exercise"] = "swap_exercise"
    day: Weekday
    exercise_id: str
    reason: SwapReason = SwapReason.PREFERENCE
    busy_gear: tuple[GearTag, ...] = ()
    replacement_id: str | None = None


class AvoidOnDays(_Op):
    """Keep a body part or movement pattern out of some days (all training days if none)."""

    op: Literal["avoid"] = "avoid"
    days: tuple[Weekday, ...] = ()
    body_parts: tuple[BodyPart, ...] = ()
    patterns: tuple[Pattern, ...] = ()
    overhead: bool = False


class SoreArea(_Op):
    """One body part a new acute state concerns, and how (soreness, fatigue, a tweak)."""

    body_part: BodyPart
    condition: AcuteCondition = AcuteCondition.SORENESS


class RelieveAcute(_Op):
    """A new acute state (DESIGN D9): the engine chooses the session that gives way, the
    next one not yet done or past that loads the area before the state fades (today's
    included), and keeps the area out of it (lighter as well when tired all over). `day`
    is set only when the user names the day (or is looking at it): then that day is the one.
    `start` is a day the user points to without fixing it ("and Friday?"): the engine picks
    from there on. `until` is the state's last date; left out, the condition's default."""

    op: Literal["relieve_acute"] = "relieve_acute"
    areas: Annotated[tuple[SoreArea, ...], Field(min_length=1)]
    day: Weekday | None = None
    start: Weekday | None = None
    until: dt.date | None = None
    patterns: tuple[Pattern, ...] = ()
    overhead: bool = False
    lighter: bool = False  # the user also asks for a lighter session


class ProtectForEvent(_Op):
    """Spare the named body parts in the days before an event and keep the event days free.

    `busy_minutes` marks a stretch the user is still around for but short of time (a crazy
    week at work, family staying over): its training days stay training days, each fitted
    into that many minutes, instead of being cleared."""

    op: Literal["protect_for_event"] = "protect_for_event"
    name: str
    start: dt.date
    end: dt.date | None = None
    protect: tuple[BodyPart, ...] = ()
    travel: bool = False
    busy_minutes: Annotated[int, Field(ge=10, le=180)] | None = None


class Deload(_Op):
    """Cut volume (and load) for one day, or the whole week when no day is named."""

    op: Literal["deload"] = "deload"
    day: Weekday | None = None


class StartBlock(_Op):
    """Start a new training block this week: its week 1, volume back near the bottom of the
    10-20 band, to rise again over the build weeks (`programming.blocks`)."""

    op: Literal["start_block"] = "start_block"
    weeks: Annotated[int, Field(ge=4, le=6)] = 5


class GroupVolume(_Op):
    """More or fewer weekly working sets for one muscle group ("more volume for shoulders"),
    within the weekly and session caps and the user's minutes."""

    op: Literal["group_volume"] = "group_volume"
    group: MuscleGroup
    more: bool = True
    sets: Annotated[int, Field(ge=1, le=6)] = 2


class AddExercise(_Op):
    op: Literal["add_exercise"] = "add_exercise"
    day: Weekday
    exercise_id: str
    target_sets: Annotated[int, Field(ge=1, le=6)] | None = None


class RemoveExercise(_Op):
    op: Literal["remove_exercise"] = "remove_exercise"
    day: Weekday
    exercise_id: str


class MakeRestDay(_Op):
    op: Literal["make_rest_day"] = "make_rest_day"
    day: Weekday


EditOperation = Annotated[
    GenerateWeek
    | MoveTrainingDays
    | SetDayFocus
    | ShortenDay
    | SwapExercise
    | AvoidOnDays
    | RelieveAcute
    | ProtectForEvent
    | Deload
    | StartBlock
    | GroupVolume
    | AddExercise
    | RemoveExercise
    | MakeRestDay,
    Field(discriminator="op"),
]

EDIT_OPERATION_ADAPTER: TypeAdapter[EditOperation] = TypeAdapter(EditOperation)
EDIT_OPERATIONS_ADAPTER: TypeAdapter[list[EditOperation]] = TypeAdapter(list[EditOperation])
