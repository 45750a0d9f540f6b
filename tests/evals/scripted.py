"""Brains with fixed answers, to check that the scorer counts right and wrong answers."""

from __future__ import annotations

from fitcoach.brain.decision import BrainDecision, BrainRequest, Materialized
from fitcoach.brain.ports import LogReader


class ScriptedBrain:
    """Answers every round with the same decision; tool calls only in the first round."""

    def __init__(self, decision: BrainDecision, name: str = "scripted") -> None:
        self.decision = decision
        self.name = name
        self.requests: list[BrainRequest] = []

    async def decide(self, request: BrainRequest, logs: LogReader) -> BrainDecision:
        self.requests.append(request)
        if request.tool_results:
            return self.decision.model_copy(update={"tool_calls": ()})
        return self.decision

    def finalize_message(self, request: BrainRequest, decision: BrainDecision,
                         outcome: Materialized | None) -> str:
        return decision.message
