"""From the model's text to a `BrainDecision`, or a list of problems the model can fix.

Checks that need no engine: the text is one JSON object, it matches the answer schema, every
slug exists in the catalog, every memory id names an active item of the user in the right
tier, and the routing fits the edits. The engine and validator judge the rest in the
pipeline; whatever fails there comes back as the repair round's errors too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from pydantic import ValidationError

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.decision import BrainDecision, BrainRequest
from fitcoach.brain.providers.llm_common.answer_model import LLMAnswer, MutationDraft
from fitcoach.brain.providers.llm_common.errors import AnswerRejected
from fitcoach.catalog import CATALOG
from fitcoach.memory.entries import MemoryMutation, Operation
from fitcoach.memory.render import active_items
from fitcoach.programming.edits.operations import RelieveAcute

# Some servers wrap JSON in a markdown fence even in JSON mode.
_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)
_SLUG_FIELDS = ("exercise_id", "replacement_id")
MAX_REPORTED_PROBLEMS = 12


def parse_answer(text: str | None, request: BrainRequest) -> BrainDecision:
    """The decision the text states; raises `AnswerRejected` listing everything wrong."""
    answer = _validated(_json_object(text))
    problems = [*_unknown_slugs(answer), *_bad_memory_ids(answer, request),
                *_routing_problems(answer)]
    if problems:
        raise AnswerRejected(problems[:MAX_REPORTED_PROBLEMS])
    return BrainDecision(
        proposal_type=answer.proposal_type,
        target_day=answer.target_day,
        message=answer.message.strip(),
        memory_mutations=tuple(_mutation(draft) for draft in answer.memory_mutations),
        edits=tuple(answer.edits),
        language=answer.language,
    )


def _json_object(text: str | None) -> Any:
    if text is None or not text.strip():
        raise AnswerRejected(["the answer was empty: reply with one JSON object"])
    fenced = _FENCE.match(text)
    body = fenced.group(1) if fenced else text
    try:
        data = json.loads(body)
    except json.JSONDecodeError as error:
        raise AnswerRejected([f"the answer is not valid JSON ({error.msg} at line "
                              f"{error.lineno}, column {error.colno}): reply with one JSON "
                              "object and nothing else"]) from None
    if not isinstance(data, dict):
        raise AnswerRejected(["the answer must be one JSON object, not "
                              f"a {type(data).__name__}"])
    return data


def _validated(data: dict[str, Any]) -> LLMAnswer:
    try:
        return LLMAnswer.model_validate(data)
    except ValidationError as invalid:
        raise AnswerRejected([_describe(error) for error in invalid.errors()]
                             [:MAX_REPORTED_PROBLEMS]) from None


def _describe(error: Any) -> str:
    where = ".".join(str(part) for part in error["loc"]) or "answer"
    return f"{where}: {error['msg']}"


def _unknown_slugs(answer: LLMAnswer) -> Iterable[str]:
    for index, edit in enumerate(answer.edits):
        for field in _SLUG_FIELDS:
            slug = getattr(edit, field, None)
            if slug is not None and slug not in CATALOG:
                yield (f"edits.{index}.{field}: unknown exercise slug {slug!r}; use a slug "
                       "from the exercise index exactly as written")
    for index, draft in enumerate(answer.memory_mutations):
        for slug in getattr(draft.entry, "avoid_exercises", None) or ():
            if slug not in CATALOG:
                yield (f"memory_mutations.{index}.entry.avoid_exercises: unknown exercise "
                       f"slug {slug!r}")


def _bad_memory_ids(answer: LLMAnswer, request: BrainRequest) -> Iterable[str]:
    active = {item.memory_id: item.tier for item in
              active_items(request.turn.memory, request.turn.now)}
    known = ", ".join(f"{memory_id} ({tier.value})" for memory_id, tier in active.items())
    for index, draft in enumerate(answer.memory_mutations):
        where = f"memory_mutations.{index}"
        if draft.operation is Operation.CREATE:
            if draft.entry is None:
                yield f"{where}: CREATE needs an entry"
            continue
        if not draft.memory_id:
            yield f"{where}: {draft.operation.value} needs the memory_id of an active item"
        elif draft.memory_id not in active:
            yield (f"{where}: memory_id {draft.memory_id!r} is not an active memory of this "
                   f"user; active ids: {known or 'none'}")
        elif active[draft.memory_id] is not draft.target_tier:
            yield (f"{where}: {draft.memory_id} belongs to "
                   f"{active[draft.memory_id].value}, not {draft.target_tier.value}")
        if draft.operation is Operation.UPDATE and draft.entry is None:
            yield f"{where}: UPDATE needs an entry with the fields that change"


def _routing_problems(answer: LLMAnswer) -> Iterable[str]:
    if answer.proposal_type is ProposalType.NONE:
        if answer.edits:
            yield "proposal_type NONE must come with an empty edits list"
        if answer.target_day is not None:
            yield "proposal_type NONE must have target_day null"
        return
    if not answer.edits:
        yield f"proposal_type {answer.proposal_type.value} needs at least one edit operation"
    # A new acute state's session is the engine's choice: the model cannot name it.
    engine_chooses = any(isinstance(op, RelieveAcute) and op.day is None
                         for op in answer.edits)
    if answer.proposal_type is ProposalType.UPDATE_DAY and answer.target_day is None \
            and not engine_chooses:
        yield "proposal_type UPDATE_DAY needs target_day, the weekday it changes"
    if answer.proposal_type is ProposalType.UPDATE_WEEK and answer.target_day is not None:
        yield "proposal_type UPDATE_WEEK must have target_day null"


def _mutation(draft: MutationDraft) -> MemoryMutation:
    entry = None
    if draft.entry is not None and draft.operation is not Operation.DELETE:
        entry = draft.entry.model_dump(mode="json", exclude_none=True)
    return MemoryMutation(operation=draft.operation, target_tier=draft.target_tier,
                          memory_id=draft.memory_id or None, entry=entry, reason=draft.reason)
