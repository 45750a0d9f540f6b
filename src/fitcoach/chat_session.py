"""One user's coaching session held in memory: the terminal chat and the evaluation suite.

It keeps what the HTTP service keeps in its database (the memory items, the accepted plan
and its version, the staged proposals, the chat lines, the workout logs) and follows the
service's rules for them:
- a turn runs through the real pipeline (`brain.pipeline.run_turn`); its memory mutations are
  then applied with `memory.apply.apply_mutations`, all or nothing (DESIGN D5);
- a proposal is staged with the plan version it was built on, and a new one supersedes the
  older pending ones; nothing but `accept` ever writes the plan (DESIGN D6); what may be
  accepted or rejected and what accepting writes are the rules of `brain.proposals`, shared
  with the HTTP service;
- a logged workout marks the plan day of its local date completed (DESIGN D7): the plan is
  shown and sent to the brain with that overlay (`programming.calendar.with_completions`,
  as the service does), while an accepted day edit goes into the plan without it.
"""

from __future__ import annotations

import datetime as dt
import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from fitcoach.analytics.logs import ExerciseRecord, WorkoutRecord
from fitcoach.analytics.records import NewRecord, update_records
from fitcoach.brain.contract import Proposal, ProposalType
from fitcoach.brain.decision import Brain
from fitcoach.brain.memory_logs import InMemoryLogReader
from fitcoach.brain.pipeline import run_turn
from fitcoach.brain.ports import (
    ChatLine,
    ChatRole,
    PlanState,
    RouteContext,
    TurnInput,
    TurnOutcome,
    UserSettings,
)
from fitcoach.brain.profile_builder import ProfileBuild, build_profile
from fitcoach.brain.proposals import (
    AcceptStep,
    ProposalRefused,
    ProposalStatus,
    accept_step,
    next_version,
    plan_after_accept,
    status_after_reject,
)
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.memory.apply import MutationOutcome, apply_mutations
from fitcoach.memory.entries import MemoryItem
from fitcoach.memory.render import active_items
from fitcoach.programming.calendar import (
    Completion,
    completed_date,
    completes,
    for_week,
    settled_days,
    with_completions,
)
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.timekeeping import local_date, week_start

HISTORY_LINES = 10
Clock = Callable[[], dt.datetime]


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class SessionError(Exception):
    """A request the session refuses (nothing changed); the message says why."""


@dataclass
class StagedProposal:
    proposal: Proposal
    base_version: int | None
    staged_at: dt.datetime
    status: ProposalStatus = ProposalStatus.PENDING
    result_version: int | None = None
    result_plan: WeeklyPlan | None = None

    @property
    def id(self) -> str:
        return self.proposal.id or ""


@dataclass(frozen=True)
class TurnRecord:
    """What one turn did: the pipeline's outcome, the memory as applied, the staged proposal."""

    message: str
    route: RouteContext
    now: dt.datetime
    outcome: TurnOutcome
    memory: MutationOutcome
    staged: StagedProposal | None
    latency_ms: float


@dataclass(frozen=True)
class AcceptedPlan:
    plan: WeeklyPlan
    version: int
    proposal: StagedProposal


@dataclass(frozen=True)
class LoggedWorkout:
    workout: WorkoutRecord
    new_records: tuple[NewRecord, ...]


def _counter(prefix: str) -> Callable[[], str]:
    numbers = itertools.count(1)
    return lambda: f"{prefix}_{next(numbers):03d}"


@dataclass
class ChatSession:
    settings: UserSettings
    brain: Brain
    fallback: Brain | None = None
    memory: list[MemoryItem] = field(default_factory=list)  # invalidated items included
    plan: WeeklyPlan | None = None
    version: int | None = None
    logs: InMemoryLogReader | None = None
    route: RouteContext = field(default_factory=RouteContext)
    clock: Clock = utc_now
    history: list[ChatLine] = field(default_factory=list)
    completions: dict[dt.date, Completion] = field(default_factory=dict)  # by local date
    proposals: list[StagedProposal] = field(default_factory=list)
    new_memory_id: Callable[[], str] = field(default_factory=lambda: _counter("mem"))
    new_proposal_id: Callable[[], str] = field(default_factory=lambda: _counter("prop"))
    new_log_id: Callable[[], str] = field(default_factory=lambda: _counter("log"))

    def __post_init__(self) -> None:
        if self.logs is None:
            self.logs = InMemoryLogReader(timezone=self.settings.timezone)
        if self.plan is not None and self.version is None:
            self.version = 1

    # -- reading -------------------------------------------------------------------------------
    @property
    def log_reader(self) -> InMemoryLogReader:
        assert self.logs is not None  # set in __post_init__
        return self.logs

    def now(self) -> dt.datetime:
        return self.clock()

    def today(self, now: dt.datetime | None = None) -> dt.date:
        moment = now or self.now()
        return local_date(moment, self.settings.timezone)

    def base_plan(self, now: dt.datetime | None = None) -> WeeklyPlan | None:
        """The accepted plan on this week's dates (carried forward from an older week), every
        day as accepted: what an accepted day edit is placed into."""
        if self.plan is None:
            return None
        return for_week(self.plan, week_start(self.today(now)))

    def current_plan(self, now: dt.datetime | None = None) -> WeeklyPlan | None:
        """The plan as the user sees it: the base plan with the days a workout was logged on
        marked completed."""
        base = self.base_plan(now)
        return None if base is None else with_completions(base, self.completions)

    def active_memory(self, now: dt.datetime | None = None) -> tuple[MemoryItem, ...]:
        return active_items(self.memory, now or self.now())

    def profile(self, now: dt.datetime | None = None) -> ProfileBuild:
        moment = now or self.now()
        return build_profile(self.active_memory(moment), now=moment, settings=self.settings,
                             known_loads=self.log_reader.known_loads())

    def pending(self) -> StagedProposal | None:
        return next((p for p in reversed(self.proposals)
                     if p.status is ProposalStatus.PENDING), None)

    def find_proposal(self, proposal_id: str | None) -> StagedProposal:
        if proposal_id is None:
            staged = self.pending()
            if staged is None:
                raise SessionError("there is no staged proposal")
            return staged
        for staged in self.proposals:
            if staged.id == proposal_id:
                return staged
        raise SessionError(f"no proposal {proposal_id!r}")

    # -- a chat turn ---------------------------------------------------------------------------
    def turn_input(self, message: str, *, route: RouteContext | None = None,
                   now: dt.datetime | None = None) -> TurnInput:
        moment = now or self.now()
        return TurnInput(
            message=message, route=route or self.route, now=moment, settings=self.settings,
            memory=tuple(item for item in self.memory if item.invalidated_at is None),
            plan=PlanState(plan=self.current_plan(moment), version=self.version),
            history=tuple(self.history[-HISTORY_LINES:]),
            pending_proposal_id=pending.id if (pending := self.pending()) else None,
        )

    async def send(self, message: str, *, route: RouteContext | None = None,
                   now: dt.datetime | None = None) -> TurnRecord:
        """Run one turn and keep what it changed: memory applied, proposal staged."""
        turn = self.turn_input(message, route=route, now=now)
        started = time.perf_counter()
        outcome = await run_turn(turn, self.brain, self.log_reader, fallback=self.fallback)
        latency_ms = (time.perf_counter() - started) * 1000
        result = outcome.result
        memory = apply_mutations(self.memory, result.memory_mutations, turn.now,
                                 self.new_memory_id, tz=self.settings.timezone)
        self.memory = list(memory.items)
        if result.rejects_pending and (waiting := self.pending()) is not None:
            waiting.status = ProposalStatus.REJECTED  # turned down in words, as by the button
        staged = self._stage(result.proposal, outcome.base_plan_version, turn.now)
        self.history += [ChatLine(role=ChatRole.USER, text=message, at=turn.now),
                         ChatLine(role=ChatRole.COACH, text=result.message, at=turn.now)]
        return TurnRecord(message=message, route=turn.route, now=turn.now, outcome=outcome,
                          memory=memory, staged=staged, latency_ms=latency_ms)

    def _stage(self, proposal: Proposal, base_version: int | None,
               now: dt.datetime) -> StagedProposal | None:
        if proposal.type is ProposalType.NONE:
            return None
        for older in self.proposals:
            if older.status is ProposalStatus.PENDING:
                older.status = ProposalStatus.SUPERSEDED
        staged = StagedProposal(
            proposal=proposal.model_copy(update={"id": self.new_proposal_id()}),
            base_version=base_version, staged_at=now)
        self.proposals.append(staged)
        return staged

    # -- accept and reject ---------------------------------------------------------------------
    def accept(self, proposal_id: str | None = None,
               now: dt.datetime | None = None) -> AcceptedPlan:
        """Accept by the rules of `brain.proposals`, as the HTTP service does."""
        staged = self.find_proposal(proposal_id)
        proposal = staged.proposal
        try:
            step = accept_step(staged.status, base_version=staged.base_version,
                               current_version=self.version, name=staged.id)
            if step is AcceptStep.REPLAY:
                assert staged.result_plan is not None
                assert staged.result_version is not None
                return AcceptedPlan(plan=with_completions(staged.result_plan, self.completions),
                                    version=staged.result_version, proposal=staged)
            base = self.base_plan(now)
            settled = settled_days(with_completions(base, self.completions),
                                   self.today(now)) if base is not None else frozenset()
            plan = plan_after_accept(proposal.type, proposal.target_day, proposal.data, base,
                                     settled=settled)
        except ProposalRefused as refused:
            raise SessionError(refused.message) from refused
        self.plan = plan
        self.version = next_version(self.version)
        staged.status = ProposalStatus.ACCEPTED
        staged.result_version = self.version
        staged.result_plan = plan
        return AcceptedPlan(plan=with_completions(plan, self.completions),
                            version=self.version, proposal=staged)

    def reject(self, proposal_id: str | None = None) -> StagedProposal:
        staged = self.find_proposal(proposal_id)
        try:
            staged.status = status_after_reject(staged.status, name=staged.id)
        except ProposalRefused as refused:
            raise SessionError(refused.message) from refused
        return staged

    # -- workout logs --------------------------------------------------------------------------
    def log_workout(self, exercises: Sequence[ExerciseRecord],
                    now: dt.datetime | None = None, *,
                    day: Weekday | None = None) -> LoggedWorkout:
        """Record a finished workout; the analytical tools see it from the next turn on, and
        the plan day it completes (`programming.calendar.completed_date`: its local date, or
        with `day` that day of the log's own week, as the HTTP service does) is marked done
        by it, unless it is already done or a rest day (`completes`)."""
        if not exercises:
            raise SessionError("a workout needs at least one exercise")
        moment = now or self.now()
        workout = WorkoutRecord(log_id=self.new_log_id(), completed_at=moment,
                                exercises=tuple(exercises))
        announced: list[NewRecord] = []
        for entry in workout.exercises:
            previous = self.log_reader.records(entry.exercise_id)
            update = update_records(previous, entry.exercise_id, entry.sets, workout.log_id,
                                    moment)
            announced += update.new_prs
        self.log_reader.add(workout)
        date = completed_date(self.today(moment), day)
        if completes(self.base_plan(moment), date, self.completions):
            self.completions[date] = Completion(workout.log_id, moment)
        return LoggedWorkout(workout=workout, new_records=tuple(announced))


