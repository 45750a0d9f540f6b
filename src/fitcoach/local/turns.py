"""What the in-process service hands its callers (the terminal's views, the evals, tests):
small read-only records of a turn, a staged proposal, an accept and a logged workout, made
from what the service answered and stored."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from fitcoach.analytics.logs import WorkoutRecord
from fitcoach.analytics.records import NewRecord
from fitcoach.brain.contract import ChatTurnResult, Proposal, ProposalType
from fitcoach.brain.ports import RouteContext, TurnInput, TurnOutcome
from fitcoach.brain.proposals import ProposalStatus
from fitcoach.memory.apply import DroppedMutation
from fitcoach.memory.entries import MemoryMutation
from fitcoach.programming.plan import DayPlan, WeeklyPlan
from fitcoach.store.models import ProposalRow


@dataclass(frozen=True)
class StagedProposal:
    """A stored proposal as it stands: its plan change and where it is in its life."""

    proposal: Proposal
    base_version: int | None
    staged_at: dt.datetime
    status: ProposalStatus
    result_version: int | None = None

    @property
    def id(self) -> str:
        return self.proposal.id or ""


def staged_from_row(row: ProposalRow) -> StagedProposal:
    kind = ProposalType(row.type)
    data: WeeklyPlan | DayPlan = (DayPlan.model_validate(row.data)
                                  if kind is ProposalType.UPDATE_DAY
                                  else WeeklyPlan.model_validate(row.data))
    proposal = Proposal(id=row.id, type=kind, target_day=row.target_day,
                        summary_diff=row.summary_diff, data=data)
    return StagedProposal(proposal=proposal, base_version=row.base_plan_version,
                          staged_at=row.created_at, status=ProposalStatus(row.status),
                          result_version=row.result_version)


@dataclass(frozen=True)
class MemoryChange:
    """The turn's memory mutations as the service applied them (ids filled in), and those
    it dropped (a fact already known, no room left), with the reason."""

    applied: tuple[MemoryMutation, ...]
    dropped: tuple[DroppedMutation, ...]


def memory_change(outcome: TurnOutcome, answered: ChatTurnResult) -> MemoryChange:
    """From the answer (`memory_mutations` applied, `meta.memory_dropped` by index into
    what the brain asked for)."""
    asked = outcome.result.memory_mutations
    dropped = tuple(
        DroppedMutation(index=d["index"], mutation=asked[d["index"]], reason=d["reason"],
                        duplicate_of=d.get("duplicate_of"))
        for d in (answered.meta or {}).get("memory_dropped", ()))
    return MemoryChange(applied=tuple(answered.memory_mutations), dropped=dropped)


@dataclass(frozen=True)
class TurnRecord:
    """One turn: what it read (the snapshot: the plan as the user saw it, the pending
    proposal), the pipeline's outcome (its own meta, before the service reduces it to
    public codes), the answer the service gave, what it did to memory, the proposal it
    staged, and how long the whole turn took."""

    message: str
    route: RouteContext
    now: dt.datetime
    turn: TurnInput
    outcome: TurnOutcome
    answer: ChatTurnResult
    memory: MemoryChange
    staged: StagedProposal | None
    latency_ms: float


@dataclass(frozen=True)
class AcceptedPlan:
    plan: WeeklyPlan  # as the user sees it (completions overlaid)
    version: int
    proposal: StagedProposal


@dataclass(frozen=True)
class LoggedWorkout:
    workout: WorkoutRecord
    new_records: tuple[NewRecord, ...]
