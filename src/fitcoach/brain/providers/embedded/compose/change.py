"""What a turn asks of the plan, as the embedded brain plans it: the proposal, the engine
operations, and the facts its message cites, or why nothing is staged (`Skip`). Shared by
each intent's module (`edits` for onboarding, the week, one day and events; `swaps`;
`acute`)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum

from fitcoach.brain.contract import ProposalType
from fitcoach.catalog.vocabulary import (
    WEEKDAYS,
    BodyPart,
    GearTag,
    Weekday,
)
from fitcoach.programming.edits.operations import EditOperation
from fitcoach.programming.plan import DayPlan, WeeklyPlan

MIN_MINUTES, MAX_MINUTES = 15, 180


class ChangeKind(StrEnum):
    GENERATE = "generate"
    MOVE = "move"
    FOCUS = "focus"
    SHORTEN = "shorten"
    SWAP = "swap"
    ADD = "add"
    REMOVE = "remove"
    REST = "rest"
    DELOAD = "deload"
    BLOCK = "block"  # a new training block starts this week
    VOLUME = "volume"  # more or fewer weekly sets for a muscle group
    AVOID = "avoid"
    PROTECT = "protect"


class Skip(StrEnum):
    """Why a change the user asked for is answered without a proposal."""

    NO_PLAN = "no_plan"
    NOT_IN_DAY = "not_in_day"
    ALREADY_IN_DAY = "already_in_day"
    REST_DAY = "rest_day"
    ALREADY_REST = "already_rest"
    NOTHING_NEEDS_GEAR = "nothing_needs_gear"
    NOTHING_LOADS = "nothing_loads"
    DAY_TAKEN = "day_taken"
    NOTHING_TO_AVOID = "nothing_to_avoid"  # the day named does not load the part kept out
    DAY_SPARED = "day_spared"  # an acute state spares the day on screen, not later ones
    EVENT_OUTSIDE_WEEK = "event_outside_week"
    UNCLEAR_DAY = "unclear_day"
    UNCLEAR_WEEK = "unclear_week"
    UNCLEAR_SWAP = "unclear_swap"
    WHICH_EXERCISE = "which_exercise"  # a family word, and the day holds several members
    SAME_WEEK = "same_week"  # the days asked for are the days already trained
    NEXT_WEEK = "next_week"  # a week change asked for next week: only this week is staged


@dataclass(frozen=True)
class PlannedChange:
    """The proposal a turn asks for, and the facts its message will cite."""

    proposal_type: ProposalType = ProposalType.NONE
    target_day: Weekday | None = None
    edits: tuple[EditOperation, ...] = ()
    kinds: tuple[ChangeKind, ...] = ()
    skip: Skip | None = None
    day: Weekday | None = None
    exercise: str | None = None
    replacement: str | None = None
    minutes: int | None = None
    previous_minutes: int | None = None
    gear: tuple[GearTag, ...] = ()
    parts: tuple[BodyPart, ...] = ()
    days: tuple[Weekday, ...] = ()
    event: str | None = None
    event_kind: str | None = None
    event_start: dt.date | None = None
    event_end: dt.date | None = None
    until: dt.date | None = None
    options: tuple[str, ...] = ()  # the exercises a family word may mean on that day
    other: Weekday | None = None  # the day whose session would move onto a taken `day`
    moves: tuple[tuple[Weekday, Weekday], ...] = ()  # sessions moved: (old day, new day)
    # An acute change: the later sessions before the state fades that load the part too (the
    # reply names them and offers the words that change them as well).
    later: tuple[Weekday, ...] = ()


NONE = PlannedChange()


def skip_change(skip: Skip, **facts: object) -> PlannedChange:
    return PlannedChange(skip=skip, **facts)  # type: ignore[arg-type]



def clamp_minutes(value: int) -> int:
    return max(MIN_MINUTES, min(MAX_MINUTES, value))


def sorted_days(days: set[Weekday] | tuple[Weekday, ...]) -> tuple[Weekday, ...]:
    return tuple(sorted(set(days), key=lambda day: day.index))


def training_days(plan: WeeklyPlan) -> tuple[Weekday, ...]:
    return tuple(d for d in WEEKDAYS if plan.days[d].is_training_day)


def day_slugs(day: DayPlan) -> list[str]:
    return [e.exercise_id for e in day.exercises]



def ordered_gear(gear: frozenset[GearTag] | set[GearTag]) -> tuple[GearTag, ...]:
    return tuple(sorted(gear, key=lambda tag: tag.value))
