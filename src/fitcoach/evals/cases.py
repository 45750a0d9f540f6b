"""The scenario cases of the public suite and what each expects, as read from the data files.

A case is one user message sent from a named starting state (`states.yaml`) at a fixed
*now*, with the route context the client would send. Its expectations are written by hand
from the seed and common sense:
- the route: the proposal type (one, or the few that are equally right) and the target day;
- the memory operations, matched one to one against what the turn applied (by tier, category
  or condition, body part, TTL window, the fixture item an UPDATE or DELETE names, and
  fields of the stored entry); anything beyond them is a mistake unless `memory_extra_ok`;
- the analytical tools the turn must call, with their arguments;
- the plan the proposal carries (training and rest days, durations, slugs that must or must
  not appear, the sets an exercise keeps, the muscle groups a day trains, the gear the user
  really owns);
- the message: its language, its length in sentences, the numbers from the user's logs it
  must cite, the words it must contain;
- whether the coach should ask one clarifying question with `suggested_replies` (DESIGN D9):
  it must for a genuinely ambiguous message, and asking about a clear one is a miss.

A case may carry `history`: messages sent first in the same session (a dialogue), so the
scored message is a follow-up ("yes, do that", "and Friday too?"); only the scored turn is
judged.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Annotated, Any

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, field_validator, model_validator

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import ActiveTab, Locale
from fitcoach.brain.tools import ToolName
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import (
    AcuteCondition,
    BodyPart,
    GearTag,
    MuscleGroup,
    Weekday,
)
from fitcoach.memory.entries import Operation, StapleCategory, Tier

SEED_NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)  # Monday, as in the seed


class CaseIntent(StrEnum):
    """The eight intents of SPEC §4, and the kinds of NONE turns around them."""

    ONBOARDING = "onboarding"
    DAY_CHANGE = "day_change"
    WEEK_OVERHAUL = "week_overhaul"
    GYM_SWAP = "gym_swap"
    ACUTE_STATE = "acute_state"
    SITUATIONAL_EVENT = "situational_event"
    PROGRESS_REVIEW = "progress_review"
    FORM_QA = "form_qa"
    CONVERSATION = "conversation"
    MEMORY_UPDATE = "memory_update"
    ONBOARDING_QUESTION = "onboarding_question"
    DIALOGUE = "dialogue"  # a follow-up read against the turns before it (`history`)
    PLAN_QUESTION = "plan_question"  # "why no biceps this week?": answered from the plan
    UNKNOWN = "unknown"


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _known_slugs(slugs: tuple[str, ...]) -> tuple[str, ...]:
    unknown = [slug for slug in slugs if slug not in CATALOG]
    if unknown:
        raise ValueError(f"unknown exercise slugs {unknown}")
    return slugs


Slugs = tuple[str, ...]


class DayExpect(_Model):
    rest: bool | None = None
    max_duration: int | None = None
    gear: tuple[GearTag, ...] | None = None  # every exercise doable with just this gear
    absent: Slugs = ()
    present: Slugs = ()
    present_any: Slugs = ()
    includes_groups: tuple[MuscleGroup, ...] = ()  # each trained by a primary mover
    only_groups: tuple[MuscleGroup, ...] = ()  # every exercise's primary groups within these
    avoid_groups: tuple[MuscleGroup, ...] = ()  # no exercise with these as a primary group
    # Each exercise is on the day with at least this many sets (a swap keeps sensible sets).
    min_sets: dict[str, Annotated[int, Field(ge=1)]] = Field(default_factory=dict)

    _slugs = field_validator("absent", "present", "present_any")(_known_slugs)

    @field_validator("min_sets")
    @classmethod
    def _known_sets(cls, value: dict[str, int]) -> dict[str, int]:
        _known_slugs(tuple(value))
        return value


class PlanExpect(_Model):
    """What `proposal.data` must look like. Slug lists apply to the whole data (the week, or
    the one day of an UPDATE_DAY); `days` narrows them to a weekday."""

    gear: tuple[GearTag, ...] | None = None  # what the user owns; default: their memory's
    training_days: tuple[Weekday, ...] | None = None
    training_day_count: int | None = None
    rest_days: tuple[Weekday, ...] = ()
    max_duration: int | None = None
    absent: Slugs = ()
    present: Slugs = ()
    present_any: Slugs = ()
    days: dict[Weekday, DayExpect] = Field(default_factory=dict)

    _slugs = field_validator("absent", "present", "present_any")(_known_slugs)


class MemoryExpect(_Model):
    op: Operation
    tier: Tier
    category: StapleCategory | None = None
    condition: AcuteCondition | None = None
    body_part: tuple[BodyPart, ...] = ()  # any of these
    memory_id: str | None = None  # the fixture item an UPDATE or DELETE must name
    ttl_hours: tuple[float, float] | None = None  # expires_at - now, inclusive window
    expires_between: tuple[AwareDatetime, AwareDatetime] | None = None
    entry: dict[str, Any] = Field(default_factory=dict)  # subset of the stored entry

    @field_validator("body_part", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return (value,) if isinstance(value, str) else value

    @model_validator(mode="after")
    def _names_its_target(self) -> MemoryExpect:
        if self.op in (Operation.UPDATE, Operation.DELETE) and not self.memory_id:
            raise ValueError(f"a {self.op.value} expectation names the fixture item")
        if self.category is not None and self.tier is not Tier.STAPLES:
            raise ValueError("category belongs to tier_1_staples")
        if self.condition is not None and self.tier is not Tier.PHYSIOLOGICAL:
            raise ValueError("condition belongs to tier_2_physiological")
        return self

    def describe(self) -> str:
        parts = [self.op.value, self.tier.value]
        for value in (self.category, self.condition, self.memory_id):
            if value is not None:
                parts.append(str(value))
        if self.body_part:
            parts.append("/".join(self.body_part))
        if self.ttl_hours:
            parts.append(f"ttl {self.ttl_hours[0]:g}-{self.ttl_hours[1]:g} h")
        if self.expires_between:
            parts.append(f"expires {self.expires_between[0].isoformat()}.."
                         f"{self.expires_between[1].isoformat()}")
        if self.entry:
            parts.append(f"entry ⊇ {self.entry}")
        return " ".join(parts)


class ToolExpect(_Model):
    name: ToolName
    exercise_slug: str | None = None
    muscle_group: MuscleGroup | None = None

    def describe(self) -> str:
        argument = self.exercise_slug or (self.muscle_group.value if self.muscle_group else "")
        return f"{self.name.value}({argument})"


class MessageExpect(_Model):
    language: Locale | None = None  # default: the case's language
    # Further languages that are equally right: a message written in another language than
    # the user's locale may be answered in either.
    languages: tuple[Locale, ...] = ()
    max_sentences: int | None = None
    numbers: tuple[float, ...] = ()  # each must appear in the message
    # Words the message must contain (case-insensitive), written by hand for the case's
    # language: the later session an acute state touches ("Thursday", "목요일").
    mentions: tuple[str, ...] = ()


class Clarify(StrEnum):
    """Whether the coach should answer with one clarifying question and suggested replies."""

    MUST = "must"  # the message is genuinely ambiguous: asking is the right answer
    MAY = "may"  # asking and answering are both right
    NEVER = "never"  # the message is clear to a person: asking is a miss


# The NONE kinds where a question back is the natural answer (the essentials are missing,
# or there is nothing to act on), so asking is never a miss there unless a case says so.
_ASKING_INTENTS = frozenset({CaseIntent.ONBOARDING_QUESTION, CaseIntent.UNKNOWN})


class Expect(_Model):
    proposal: tuple[ProposalType, ...]
    # The turn turns the staged proposal (from `history`) down, or must leave it pending.
    rejects_pending: bool | None = None
    suggested_replies: bool | None = None  # the answer carries tappable replies (or not)
    target_day: Weekday | None = None
    memory: tuple[MemoryExpect, ...] = ()
    memory_extra_ok: bool = False
    tools: tuple[ToolExpect, ...] = ()
    plan: PlanExpect | None = None
    message: MessageExpect = MessageExpect()
    clarify: Clarify | None = None  # default: MAY for the asking intents, else NEVER

    @field_validator("proposal", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return (value,) if isinstance(value, str) else value

    @model_validator(mode="after")
    def _coherent(self) -> Expect:
        if self.target_day is not None and ProposalType.UPDATE_DAY not in self.proposal:
            raise ValueError("target_day is only expected of UPDATE_DAY")
        if self.plan is not None and self.proposal == (ProposalType.NONE,):
            raise ValueError("a NONE answer carries no plan to check")
        if self.clarify is Clarify.MUST and ProposalType.NONE not in self.proposal:
            raise ValueError("a clarifying question stages nothing: expect NONE")
        return self


class RouteInput(_Model):
    active_tab: ActiveTab = ActiveTab.COACH
    selected_day: Weekday | None = None


class PriorTurn(_Model):
    """A message sent before the scored one, in the same session and at the same *now*."""

    message: Annotated[str, Field(min_length=1, max_length=4000)]
    route: RouteInput = RouteInput()
    accept: bool = False  # press Accept on the proposal this turn staged before going on


class Case(_Model):
    id: Annotated[str, Field(pattern=r"^[a-z]{2}-[a-z0-9_-]+$")]
    language: Locale
    intent: CaseIntent
    state: str
    message: Annotated[str, Field(min_length=1, max_length=4000)]
    route: RouteInput = RouteInput()
    now: AwareDatetime = SEED_NOW
    note: str = ""
    # What the starting plan must hold for the case to make sense (a swap needs the exercise
    # it swaps on that day); checked against the fixture before the case runs.
    base_has: dict[Weekday, Slugs] = Field(default_factory=dict)
    history: tuple[PriorTurn, ...] = ()
    expect: Expect

    @field_validator("base_has")
    @classmethod
    def _known(cls, value: dict[Weekday, tuple[str, ...]]) -> dict[Weekday, tuple[str, ...]]:
        for slugs in value.values():
            _known_slugs(slugs)
        return value

    @property
    def reply_language(self) -> Locale:
        return self.expect.message.language or self.language

    @property
    def reply_languages(self) -> tuple[Locale, ...]:
        return (self.reply_language, *self.expect.message.languages)

    @property
    def clarify(self) -> Clarify:
        if self.expect.clarify is not None:
            return self.expect.clarify
        return Clarify.MAY if self.intent in _ASKING_INTENTS else Clarify.NEVER
