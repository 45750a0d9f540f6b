"""The static half of every LLM prompt: identical bytes for every turn of every user.

Three parts, in the order providers send them: the system instruction (persona, rules,
memory protocol, routing, the edit-operation contract), the reference (worked examples,
vocabulary, exercise index) and the tool declarations. The response schema travels with
every request but never changes either. `fingerprint` hashes all four: a Gemini context
cache built from an older prompt is recognised as stale by it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from fitcoach.brain.providers.llm_common.answer_model import answer_json_schema
from fitcoach.brain.providers.llm_common.reference import exercise_index, vocabulary_reference
from fitcoach.brain.tools import TOOL_DECLARATIONS, ToolDeclaration

# Rough size used only to decide whether explicit caching is worth trying before the
# provider says so: four characters per token is the usual rule of thumb for English.
CHARS_PER_TOKEN = 4


@dataclass(frozen=True, slots=True)
class StaticPrompt:
    system_instruction: str
    reference: str
    tools: tuple[ToolDeclaration, ...]
    response_schema: dict[str, Any]

    @property
    def fingerprint(self) -> str:
        """sha256 of everything static, canonically serialised."""
        canonical = json.dumps(
            {"system_instruction": self.system_instruction, "reference": self.reference,
             "tools": [tool.as_dict() for tool in self.tools],
             "response_schema": self.response_schema},
            ensure_ascii=False, sort_keys=True, separators=(",", ":"),
        )
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()

    @property
    def approximate_tokens(self) -> int:
        text = self.system_instruction + self.reference + json.dumps(
            [tool.as_dict() for tool in self.tools])
        return len(text) // CHARS_PER_TOKEN

    def combined_text(self) -> str:
        """System instruction and reference as one text, for providers with a single
        system message (the OpenAI-compatible chat format)."""
        return f"{self.system_instruction}\n\n{self.reference}"


def _prompt_file(name: str) -> str:
    return resources.files("fitcoach.brain.prompts").joinpath(name).read_text("utf-8")


@cache
def static_prompt() -> StaticPrompt:
    """The process's static prompt, built once."""
    reference = "\n\n".join([
        _prompt_file("worked_examples.md").strip(),
        vocabulary_reference(),
        exercise_index(),
    ])
    return StaticPrompt(
        system_instruction=_prompt_file("system_instruction.md").strip(),
        reference=reference,
        tools=TOOL_DECLARATIONS,
        response_schema=answer_json_schema(),
    )
