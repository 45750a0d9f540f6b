"""The seed's output contract for one chat turn: message, proposal, memory_mutations.

`data` is the full day object for UPDATE_DAY and the full weekly plan for UPDATE_WEEK, as the
engine materialised them; the routing rules of the seed (what is null when) are enforced here
so no turn can leave the pipeline half-formed.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fitcoach.catalog.vocabulary import Weekday
from fitcoach.memory.entries import MemoryMutation
from fitcoach.programming.plan import DayPlan, WeeklyPlan


class ProposalType(StrEnum):
    NONE = "NONE"
    UPDATE_DAY = "UPDATE_DAY"
    UPDATE_WEEK = "UPDATE_WEEK"


class Proposal(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str | None = None
    type: ProposalType = ProposalType.NONE
    target_day: Weekday | None = None
    summary_diff: str | None = None
    data: WeeklyPlan | DayPlan | None = None

    @model_validator(mode="after")
    def _routing_shape(self) -> Proposal:
        if self.type is ProposalType.NONE:
            if any(v is not None for v in (self.data, self.summary_diff, self.target_day)):
                raise ValueError("a NONE proposal has null data, summary_diff and target_day")
            return self
        if not self.id or not self.summary_diff:
            raise ValueError(f"{self.type.value} needs an id and a summary_diff")
        if self.type is ProposalType.UPDATE_DAY:
            if self.target_day is None or not isinstance(self.data, DayPlan):
                raise ValueError("UPDATE_DAY needs target_day and a day object")
            if self.data.weekday is not self.target_day:
                raise ValueError("UPDATE_DAY data is not the target day")
        elif self.target_day is not None or not isinstance(self.data, WeeklyPlan):
            raise ValueError("UPDATE_WEEK has target_day null and a weekly plan")
        return self

    @classmethod
    def none(cls) -> Proposal:
        return cls()


class ChatTurnResult(BaseModel):
    """What POST /api/coach/chat answers: the seed's three keys, plus optional metadata."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    message: str = Field(min_length=1)
    proposal: Proposal
    memory_mutations: list[MemoryMutation] = Field(default_factory=list)
    meta: dict[str, Any] | None = None
    # Tappable answers to a clarifying question (DESIGN §4, D9): an extra key, present only
    # when the coach asks.
    suggested_replies: list[str] | None = None
    # This turn turns the staged proposal down ("no thanks, keep it as it was"): an effect
    # the caller applies when it saves the turn, never part of the answer.
    rejects_pending: bool = Field(default=False, exclude=True)

    def seed_json(self) -> dict[str, Any]:
        """The contract as JSON, without `meta` or `suggested_replies` when there are none."""
        return self.model_dump(mode="json", exclude_none=False, exclude=self._absent())

    def seed_json_bytes(self) -> bytes:
        """`seed_json()` encoded, in one pass of Pydantic's serialiser (no dict between)."""
        return self.__pydantic_serializer__.to_json(self, exclude_none=False,
                                                    exclude=self._absent())

    def _absent(self) -> set[str]:
        return {key for key in ("meta", "suggested_replies") if getattr(self, key) is None}
