"""The dynamic texts of a turn, in the same words for every provider."""

from __future__ import annotations

import json
from collections.abc import Sequence

from fitcoach.brain.decision import ToolResult

REPAIR_HEADER = "[ANSWER REJECTED]"


def repair_text(problems: Sequence[str]) -> str:
    """What the model reads when its previous answer was refused (see the system
    instruction: it answers the same user message again, fixing these)."""
    lines = [REPAIR_HEADER, "The server could not use your previous answer:"]
    lines += [f"- {problem}" for problem in problems]
    lines.append("Answer the same user message again with one corrected JSON object.")
    return "\n".join(lines)


def tool_results_text(results: Sequence[ToolResult]) -> str:
    """Tool results as plain text, for a transcript that no longer holds the model's own
    function-call turn (it has to be rebuilt) or for a model without native tools."""
    lines = ["[TOOL RESULTS]"]
    for result in results:
        arguments = json.dumps(result.call.args, ensure_ascii=False, sort_keys=True)
        payload = json.dumps(result.result, ensure_ascii=False, separators=(",", ":"))
        lines.append(f"{result.call.name}({arguments}) -> {payload}")
    return "\n".join(lines)


def tool_result_payload(result: ToolResult) -> str:
    """One result as the JSON text a tool message carries."""
    return json.dumps(result.result, ensure_ascii=False, separators=(",", ":"))
