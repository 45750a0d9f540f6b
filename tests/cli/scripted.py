"""A brain that answers a fixed script, one decision per turn, for driving the terminal."""

from __future__ import annotations

from collections.abc import Sequence

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.decision import BrainDecision, BrainRequest, Materialized
from fitcoach.brain.ports import LogReader
from fitcoach.catalog.vocabulary import MuscleGroup, Weekday
from fitcoach.memory.entries import MemoryMutation, Operation, Tier
from fitcoach.programming.edits.operations import GenerateWeek, ShortenDay

MON, TUE, THU, FRI = Weekday.MONDAY, Weekday.TUESDAY, Weekday.THURSDAY, Weekday.FRIDAY


class ScriptBrain:
    name = "script"

    def __init__(self, decisions: Sequence[BrainDecision]) -> None:
        self.decisions = list(decisions)
        self.turns = 0

    async def decide(self, request: BrainRequest, logs: LogReader) -> BrainDecision:
        if request.round == 0:
            self.turns += 1
        decision = self.decisions[min(self.turns, len(self.decisions)) - 1]
        if request.tool_results:  # the tools answered: now the final decision
            return decision.model_copy(update={"tool_calls": ()})
        return decision

    def finalize_message(self, request: BrainRequest, decision: BrainDecision,
                         outcome: Materialized | None) -> str:
        if outcome is not None and outcome.summary_diff:
            return f"{decision.message} ({outcome.summary_diff})"
        return decision.message


def _staple(category: str, fact: str, **fields: object) -> MemoryMutation:
    return MemoryMutation(operation=Operation.CREATE, target_tier=Tier.STAPLES,
                          entry={"category": category, "fact": fact, **fields},
                          reason="onboarding")


ONBOARDING = BrainDecision(
    proposal_type=ProposalType.UPDATE_WEEK,
    message="Welcome! Here is your first week.",
    memory_mutations=(
        _staple("equipment", "Dumbbells up to 50 lb and an adjustable bench.",
                gear=["dumbbells", "flat_bench", "incline_bench"], max_dumbbell_lbs=50),
        _staple("goal", "Hypertrophy, chest first; Mon/Tue/Thu/Fri, 45 minutes.",
                goal="hypertrophy", priority_groups=["Chest"],
                training_days=["monday", "tuesday", "thursday", "friday"],
                minutes_per_session=45),
    ),
    edits=(GenerateWeek(training_days=(MON, TUE, THU, FRI), minutes_per_session=45),),
)

SHORTER_MONDAY = BrainDecision(
    proposal_type=ProposalType.UPDATE_DAY, target_day=MON,
    message="Monday trimmed to 30 minutes.",
    edits=(ShortenDay(day=MON, minutes=30, keep_focus=MuscleGroup.CHEST),),
)

CHAT = BrainDecision(message="Nice work, keep it up.")
