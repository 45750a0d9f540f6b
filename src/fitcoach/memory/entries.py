"""The three memory tiers: their entry schemas, stored items and the mutations a turn emits.

Entries keep the seed's fields exactly (`category`, `fact`, `source`; `body_part`,
`condition`, `fact`, `effective_date`, `expires_at`; `event`, `fact`, `week_start_date`,
`expires_at`). Optional structured fields next to them (the parsed `gear` of DESIGN D3, the
goal's schedule, a condition's body parts, an event's dates) let the engine derive a profile
without re-reading free text.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Annotated, Any

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, model_validator

from fitcoach.catalog.vocabulary import (
    AcuteCondition,
    BodyPart,
    Experience,
    GearTag,
    Goal,
    MuscleGroup,
    Pattern,
    Weekday,
)


class Tier(StrEnum):
    STAPLES = "tier_1_staples"
    PHYSIOLOGICAL = "tier_2_physiological"
    SITUATIONAL = "tier_3_situational"


class Operation(StrEnum):
    CREATE = "CREATE"
    UPDATE = "UPDATE"
    DELETE = "DELETE"


class StapleCategory(StrEnum):
    EQUIPMENT = "equipment"
    GOAL = "goal"
    CHRONIC_CONDITION = "chronic_condition"
    PREFERENCE = "preference"


class Tone(StrEnum):
    """How the user wants to be coached (Tier 1 `preference`)."""

    BALANCED = "balanced"
    TOUGH_LOVE = "tough_love"
    GENTLE = "gentle"
    SCIENTIFIC = "scientific"
    BRIEF = "brief"


Fact = Annotated[str, Field(min_length=1, max_length=500)]


class _Entry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class StapleEntry(_Entry):
    category: StapleCategory
    fact: Fact
    source: str = "conversation"
    # equipment
    gear: tuple[GearTag, ...] | None = None
    max_dumbbell_lbs: Annotated[float, Field(gt=0, le=300)] | None = None
    # goal (the seed keeps the schedule in the goal fact, so do we)
    goal: Goal | None = None
    priority_groups: tuple[MuscleGroup, ...] | None = None
    training_days: tuple[Weekday, ...] | None = None
    days_per_week: Annotated[int, Field(ge=1, le=7)] | None = None
    minutes_per_session: Annotated[int, Field(ge=15, le=180)] | None = None
    experience: Experience | None = None
    # chronic_condition
    body_parts: tuple[BodyPart, ...] | None = None
    avoid_patterns: tuple[Pattern, ...] | None = None
    avoid_exercises: tuple[str, ...] | None = None
    # preference
    tone: Tone | None = None

    @model_validator(mode="after")
    def _fields_fit_category(self) -> StapleEntry:
        allowed = _CATEGORY_FIELDS[self.category]
        stray = [
            name
            for name in _STRUCTURED_FIELDS
            if getattr(self, name) is not None and name not in allowed
        ]
        if stray:
            raise ValueError(f"fields {stray} do not belong to a {self.category.value} entry")
        return self


_STRUCTURED_FIELDS = (
    "gear", "max_dumbbell_lbs", "goal", "priority_groups", "training_days", "days_per_week",
    "minutes_per_session", "experience", "body_parts", "avoid_patterns", "avoid_exercises",
    "tone",
)
_CATEGORY_FIELDS: dict[StapleCategory, frozenset[str]] = {
    StapleCategory.EQUIPMENT: frozenset({"gear", "max_dumbbell_lbs"}),
    StapleCategory.GOAL: frozenset(
        {"goal", "priority_groups", "training_days", "days_per_week", "minutes_per_session",
         "experience"}
    ),
    StapleCategory.CHRONIC_CONDITION: frozenset(
        {"body_parts", "avoid_patterns", "avoid_exercises"}
    ),
    StapleCategory.PREFERENCE: frozenset({"tone"}),
}
# Public name for the mapping above: dedup compares a staple's structured content by category.
CATEGORY_FIELDS = _CATEGORY_FIELDS


class PhysiologicalEntry(_Entry):
    body_part: BodyPart
    condition: AcuteCondition
    fact: Fact
    effective_date: dt.date
    expires_at: AwareDatetime

    @model_validator(mode="after")
    def _expires_after_start(self) -> PhysiologicalEntry:
        if self.expires_at.date() < self.effective_date:
            raise ValueError("expires_at is before effective_date")
        return self


class SituationalEntry(_Entry):
    event: Annotated[str, Field(min_length=1, max_length=200)]
    fact: Fact
    week_start_date: dt.date
    expires_at: AwareDatetime
    event_date: dt.date | None = None
    end_date: dt.date | None = None
    protect: tuple[BodyPart, ...] | None = None
    travel: bool | None = None
    # A busy stretch ("next week is crazy at work, half an hour at most"): its sessions are
    # kept, each this many minutes at most.
    busy_minutes: Annotated[int, Field(ge=10, le=180)] | None = None

    @property
    def span(self) -> tuple[dt.date, dt.date]:
        """The event's first and last day: its date (else its week's Monday) to its end date.

        Swapped into order if given backwards, so a span is always usable.
        """
        start = self.event_date or self.week_start_date
        end = self.end_date or start
        return min(start, end), max(start, end)


Entry = StapleEntry | PhysiologicalEntry | SituationalEntry

ENTRY_MODEL: dict[Tier, type[_Entry]] = {
    Tier.STAPLES: StapleEntry,
    Tier.PHYSIOLOGICAL: PhysiologicalEntry,
    Tier.SITUATIONAL: SituationalEntry,
}


def parse_entry(tier: Tier, data: dict[str, Any]) -> Entry:
    """Validate a raw entry against its tier's schema (raises pydantic.ValidationError)."""
    return ENTRY_MODEL[tier].model_validate(data)  # type: ignore[return-value]


class MemoryItem(BaseModel):
    """A stored memory fact with its identity and lifecycle."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    memory_id: str
    tier: Tier
    entry: StapleEntry | PhysiologicalEntry | SituationalEntry
    created_at: AwareDatetime
    updated_at: AwareDatetime
    invalidated_at: AwareDatetime | None = None
    invalidation_reason: str | None = None

    @property
    def expires_at(self) -> dt.datetime | None:
        return getattr(self.entry, "expires_at", None)

    def is_active(self, now: dt.datetime) -> bool:
        """Not invalidated and not expired (an item expires when now > expires_at)."""
        if self.invalidated_at is not None:
            return False
        expires = self.expires_at
        return expires is None or now <= expires


class MemoryMutation(BaseModel):
    """One line of the seed's `memory_mutations` array."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    operation: Operation
    target_tier: Tier
    memory_id: str | None = None
    entry: dict[str, Any] | None = None
    reason: Annotated[str, Field(min_length=1, max_length=500)]

    @model_validator(mode="after")
    def _shape(self) -> MemoryMutation:
        if self.operation in (Operation.UPDATE, Operation.DELETE) and not self.memory_id:
            raise ValueError(f"{self.operation.value} needs a memory_id")
        if self.operation in (Operation.CREATE, Operation.UPDATE) and self.entry is None:
            raise ValueError(f"{self.operation.value} needs an entry")
        return self
