"""Turns, requests and answers for the LLM brain tests, shaped as the pipeline makes them."""

from __future__ import annotations

import datetime as dt
from typing import Any

from fitcoach.brain.decision import BrainDecision, BrainRequest, Materialized, ToolResult
from fitcoach.brain.memory_logs import InMemoryLogReader
from fitcoach.brain.ports import LogReader, TurnInput, UserSettings
from fitcoach.brain.profile_builder import build_profile
from fitcoach.memory.entries import MemoryItem, PhysiologicalEntry, StapleEntry, Tier
from fitcoach.memory.render import active_items, render_runtime_context

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)


def staple(memory_id: str, **entry: Any) -> MemoryItem:
    return MemoryItem(memory_id=memory_id, tier=Tier.STAPLES, entry=StapleEntry(**entry),
                      created_at=NOW - dt.timedelta(days=10),
                      updated_at=NOW - dt.timedelta(days=10))


def soreness(memory_id: str) -> MemoryItem:
    return MemoryItem(memory_id=memory_id, tier=Tier.PHYSIOLOGICAL, entry=PhysiologicalEntry(
        body_part="hamstrings", condition="soreness", fact="Hamstrings sore after deadlifts.",
        effective_date=dt.date(2026, 9, 13), expires_at=NOW + dt.timedelta(days=2)),
        created_at=NOW - dt.timedelta(days=1), updated_at=NOW - dt.timedelta(days=1))


HOME_GYM = staple("mem_01", category="equipment", fact="Dumbbells up to 50 lb, adjustable bench.",
                  gear=("dumbbells", "flat_bench", "incline_bench"), max_dumbbell_lbs=50)


def turn(message: str, *, user_id: str = "u1", memory: tuple[MemoryItem, ...] = (HOME_GYM,)
         ) -> TurnInput:
    return TurnInput(message=message, now=NOW, settings=UserSettings(user_id=user_id),
                     memory=memory)


def request_for(turn_input: TurnInput, *, round: int = 0,
                tool_results: tuple[ToolResult, ...] = (),
                repair_errors: tuple[str, ...] = ()) -> BrainRequest:
    items = active_items(turn_input.memory, turn_input.now)
    context = render_runtime_context(
        now=turn_input.now, timezone=turn_input.settings.timezone,
        active_tab=turn_input.route.active_tab.value, selected_day=None, items=items,
        plan=None, message=turn_input.message)
    profile = build_profile(items, now=turn_input.now, settings=turn_input.settings)
    return BrainRequest(turn=turn_input, context_block=context, profile=profile,
                        tool_results=tool_results, repair_errors=repair_errors, round=round)


def logs() -> LogReader:
    return InMemoryLogReader()


def none_answer(message: str = "Keep the elbow tucked and pull to the hip.") -> dict[str, Any]:
    return {"proposal_type": "NONE", "target_day": None, "language": "en", "edits": [],
            "memory_mutations": [], "message": message}


def swap_answer(slug: str = "incline-db-bench-press") -> dict[str, Any]:
    return {"proposal_type": "UPDATE_DAY", "target_day": "monday", "language": "en",
            "edits": [{"op": "swap_exercise", "day": "monday", "exercise_id": slug,
                       "reason": "gear_busy", "busy_gear": ["incline_bench"]}],
            "memory_mutations": [], "message": "Swap staged: push-ups instead."}


class FallbackBrain:
    """Stands in for the embedded brain: always answers, and says it was the one."""

    name = "fallback"

    def __init__(self) -> None:
        self.calls = 0

    async def decide(self, request: BrainRequest, logs: LogReader) -> BrainDecision:
        self.calls += 1
        return BrainDecision(message="The fallback brain answered.")

    def finalize_message(self, request: BrainRequest, decision: BrainDecision,
                         outcome: Materialized | None) -> str:
        return decision.message
