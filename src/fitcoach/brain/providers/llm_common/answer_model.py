"""The JSON object an LLM brain answers with, and the schema that constrains it (DESIGN D1).

It is the seed's output contract with `proposal.data` replaced by edit operations: the model
routes, speaks and records memory, the engine writes the plan. Edit operations come straight
from the engine's own models, so the schema the model is held to is the one the engine
validates. A memory entry is drafted with every tier's fields optional: the server fills the
TTL defaults and validates the entry against its tier when the mutation is applied, and an
UPDATE only carries the fields that change.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, create_model

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import Locale
from fitcoach.brain.providers.llm_common.json_schema import for_llm
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.memory.entries import ENTRY_MODEL, Operation, Tier
from fitcoach.programming.edits.operations import EditOperation


def _entry_draft_fields() -> dict[str, Any]:
    """Every field of every tier's entry, each optional, in the tiers' order."""
    fields: dict[str, Any] = {}
    for model in ENTRY_MODEL.values():
        for name, info in model.model_fields.items():
            if name in fields:
                continue
            annotation: Any = info.annotation
            if info.metadata:
                annotation = Annotated[(annotation, *info.metadata)]
            fields[name] = (annotation | None, None)
    return fields


EntryDraft: type[BaseModel] = create_model(
    "EntryDraft", __config__=ConfigDict(frozen=True, extra="forbid"), **_entry_draft_fields(),
)


class MutationDraft(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    operation: Operation
    target_tier: Tier
    memory_id: str | None
    entry: EntryDraft | None
    reason: Annotated[str, Field(min_length=1, max_length=500)]


class LLMAnswer(BaseModel):
    """Field order is generation order: decide first, phrase the message last."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    proposal_type: ProposalType
    target_day: Weekday | None
    language: Locale
    edits: list[EditOperation]
    memory_mutations: list[MutationDraft]
    message: Annotated[str, Field(min_length=1, max_length=4000)]


@cache
def answer_json_schema() -> dict[str, Any]:
    """The response schema sent to the provider (the same bytes on every request)."""
    return for_llm(LLMAnswer.model_json_schema())
