"""Request and response bodies of the coach: the chat turn and proposal decisions."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator

from fitcoach.api.text import NO_NUL, is_blank, visible_text_schema
from fitcoach.brain.ports import ActiveTab
from fitcoach.brain.proposals import ProposalStatus
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.programming.plan import WeeklyPlan

MAX_MESSAGE_CHARS = 4000


class ChatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    message: Annotated[str, Field(min_length=1, max_length=MAX_MESSAGE_CHARS,
                                  json_schema_extra=visible_text_schema), NO_NUL]
    active_tab: ActiveTab = ActiveTab.COACH
    selected_day: Weekday | None = None

    @field_validator("message")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if is_blank(value):
            raise ValueError("the message is empty")
        return value


class AcceptedPlan(BaseModel):
    plan: WeeklyPlan
    version: int


class ProposalDecision(BaseModel):
    proposal_id: str
    status: ProposalStatus
