"""One chat turn over HTTP: snapshot, think, then persist in one locked transaction.

1. Load the caller's snapshot (live memory, this week's plan and its version, the last chat
   lines) in a read transaction.
2. Run the turn pipeline outside any write transaction: a brain may take seconds, and no
   lock or connection is held meanwhile (its log reader opens short reads of its own).
3. In one write transaction that locks the user: reload the live memory, re-apply the
   turn's mutations to it (`memory.apply.apply_mutations`, all or nothing), store the staged
   proposal (superseding older pending ones) and both chat lines.
If another turn of the same user changed the memory in between so that the mutations no
longer apply, the whole turn runs once more on a fresh snapshot; a second conflict answers
409 and nothing of the turn is written.
"""

from __future__ import annotations

import datetime as dt
import inspect
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from fitcoach.api.coach.heads import TurnHeads, turn_heads
from fitcoach.api.coach.meta import public_meta
from fitcoach.api.coach.repository import (
    ChatRepository,
    ProposalRepository,
    chat_line_rows,
    proposal_row,
)
from fitcoach.api.coach.schemas import ChatRequest
from fitcoach.api.dependencies import INVALID_TOKEN, Brains, TurnRunner
from fitcoach.api.errors import MemoryConflict, Unauthorized
from fitcoach.api.ids import new_memory_id, new_proposal_id
from fitcoach.api.limits.storage import (
    make_memory_room,
    memory_full_reason,
    prune_chat_history,
)
from fitcoach.api.memory.repository import MemoryRepository
from fitcoach.api.plans.repository import UNREAD
from fitcoach.api.plans.service import current_plan, keep_this_week
from fitcoach.brain.contract import ChatTurnResult, Proposal, ProposalType
from fitcoach.brain.ports import (
    ChatLine,
    ChatRole,
    PlanState,
    RouteContext,
    TurnInput,
    TurnOutcome,
    UserSettings,
)
from fitcoach.memory.apply import MemoryMutationError, MutationOutcome, apply_mutations
from fitcoach.memory.entries import MemoryItem, Operation
from fitcoach.programming.calendar import as_proposed as week_as_proposed
from fitcoach.programming.calendar import scheduled
from fitcoach.programming.plan import DayPlan, WeeklyPlan
from fitcoach.store.database import Database
from fitcoach.store.log_reader import SqlLogReader

HISTORY_LINES = 10
TURN_ATTEMPTS = 2


@dataclass(frozen=True, slots=True)
class StorageLimits:
    """Per-user caps the turn enforces as it writes (`api.limits.storage`)."""

    memory_max_items: int = 500
    chat_history_max_lines: int = 2000


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a turn reads before it thinks: live memory, this week's plan and its version,
    the last chat lines, the pending proposal (and, through the turn's log reader, the known
    loads)."""

    memory: tuple[MemoryItem, ...]
    plan: PlanState
    history: tuple[ChatLine, ...]
    pending_proposal_id: str | None
    week_unkept: bool = False  # this week was first read by this snapshot (D10)


def read_snapshot(session: Session, caller: UserSettings, now: dt.datetime,
                  reader: SqlLogReader | None = None, heads: TurnHeads | None = None
                  ) -> Snapshot:
    """The snapshot, read in the caller's read transaction (the chat endpoint's is the one
    that authenticated the request, and read the `heads` with the token); `reader` (the
    turn's log reader) reads what every turn needs from the logs in it too."""
    user_id = caller.user_id
    memory = MemoryRepository(session).live(user_id, now)
    plan = current_plan(session, user_id, caller.timezone, now,
                        UNREAD if heads is None else heads.latest_version)
    history = ChatRepository(session).recent(user_id, HISTORY_LINES)
    pending = (ProposalRepository(session).pending_id(user_id) if heads is None
               else heads.pending_proposal_id)
    if reader is not None:
        reader.preload(session)
    return Snapshot(memory=tuple(memory),
                    plan=PlanState(plan=plan.plan, version=plan.version) if plan else PlanState(),
                    history=tuple(history), pending_proposal_id=pending,
                    week_unkept=plan is not None and plan.unkept)


def turn_input(snapshot: Snapshot, caller: UserSettings, request: ChatRequest,
               now: dt.datetime) -> TurnInput:
    return TurnInput(
        message=request.message,
        route=RouteContext(active_tab=request.active_tab, selected_day=request.selected_day),
        now=now, settings=caller, memory=snapshot.memory, plan=snapshot.plan,
        history=snapshot.history, pending_proposal_id=snapshot.pending_proposal_id)


def load_turn(database: Database, caller: UserSettings, request: ChatRequest,
              now: dt.datetime, reader: SqlLogReader | None = None) -> TurnInput:
    """The turn's input from a snapshot read in a transaction of its own."""
    with database.read() as session:
        snapshot = read_snapshot(session, caller, now, reader)
    return turn_input(snapshot, caller, request, now)


def as_proposed(proposal: Proposal) -> Proposal:
    """The proposal as if built on the base plan: every day `scheduled`, no completion.

    The brain is handed the plan with this week's completions overlaid (it may see what was
    done: DESIGN D7, as the terminal chat does), so the days an edit leaves alone would come
    back with the overlay's `completed` status and log id. A completion is a fact about a
    date, overlaid on read, never part of a plan version (D2's data assurances; D6: Accept
    writes exactly the proposal). The pipeline already proposes that way
    (`programming.calendar.as_proposed`); the service stores nothing else, whatever turn
    runner produced the proposal.
    """
    data = proposal.data
    if isinstance(data, WeeklyPlan):
        data = week_as_proposed(data)
    elif isinstance(data, DayPlan):
        data = scheduled(data, data.date)
    else:
        return proposal
    return proposal.model_copy(update={"data": data})


def _meta(outcome: TurnOutcome, memory: MutationOutcome, attempt: int,
          user_id: str) -> dict[str, Any] | None:
    meta = public_meta({**(outcome.result.meta or {}), **outcome.meta}, user_id=user_id)
    if memory.dropped:
        meta["memory_dropped"] = [{"index": d.index, "reason": d.reason,
                                   "duplicate_of": d.duplicate_of} for d in memory.dropped]
    if attempt > 1:
        meta["attempts"] = attempt
    return meta or None


_NO_MEMORY_CHANGE = MutationOutcome(applied=(), created=(), updated=(), invalidated=(),
                                    dropped=(), items=())


def persist_turn(database: Database, caller: UserSettings, turn: TurnInput,
                 outcome: TurnOutcome, attempt: int,
                 limits: StorageLimits = StorageLimits()) -> ChatTurnResult:
    """Write the turn's effects under the user's lock; raises MemoryMutationError (and
    writes nothing) when the mutations no longer apply to the memory as it now is."""
    user_id, now, result = caller.user_id, turn.now, outcome.result
    stages_plan = result.proposal.type is not ProposalType.NONE
    # Only memory and proposals race with the user's other turns; a turn that changes
    # neither just appends its two chat lines and needs no lock.
    needs_lock = bool(result.memory_mutations) or stages_plan or result.rejects_pending
    # What does not depend on the memory as it is under the lock is built before taking it
    # (SQLite has one writer at a time: the lock is held for the statements only).
    proposal, staged = result.proposal, None
    if stages_plan:
        proposal = as_proposed(proposal).model_copy(update={"id": new_proposal_id()})
        base_version = (outcome.base_plan_version if outcome.base_plan_version is not None
                        else turn.plan.version)
        staged = proposal_row(user_id, proposal, base_version, now)
    lines = chat_line_rows(user_id, [(ChatRole.USER, turn.message, None),
                                     (ChatRole.COACH, result.message, proposal.id)], now)
    creates = sum(m.operation is Operation.CREATE for m in result.memory_mutations)
    with database.write(lock_user=user_id if needs_lock else None) as session:
        memory = _NO_MEMORY_CHANGE
        if result.memory_mutations:
            memory_repository = MemoryRepository(session)
            room = make_memory_room(session, user_id, creates, limits.memory_max_items, now)
            memory = apply_mutations(memory_repository.live(user_id, now),
                                     result.memory_mutations, now, new_memory_id,
                                     tz=caller.timezone, room=room,
                                     full_reason=memory_full_reason(limits.memory_max_items))
            memory_repository.save_outcome(user_id, memory, source="chat", now=now)
        proposals = ProposalRepository(session)
        if result.rejects_pending and turn.pending_proposal_id is not None:
            proposals.reject_pending(user_id, turn.pending_proposal_id, now)
        if staged is not None:
            proposals.supersede_pending(user_id, now)
            proposals.insert(staged)
        ChatRepository(session).insert_lines(lines)
        prune_chat_history(session, user_id, limits.chat_history_max_lines)
    return result.model_copy(update={"proposal": proposal,
                                     "memory_mutations": list(memory.applied),
                                     "meta": _meta(outcome, memory, attempt, user_id)})


async def _think(run_turn: TurnRunner, turn: TurnInput, brains: Brains,
                 reader: SqlLogReader) -> TurnOutcome:
    options = {} if brains.fallback is None else {"fallback": brains.fallback}
    if inspect.iscoroutinefunction(run_turn):
        # On the event loop: LLM brains await their providers there. The log reader's
        # queries are short indexed reads.
        return await run_turn(turn, brains.primary, reader, **options)
    outcome = await run_in_threadpool(run_turn, turn, brains.primary, reader, **options)
    if inspect.isawaitable(outcome):
        outcome = await outcome
    return outcome


@dataclass(frozen=True, slots=True)
class OpenedTurn:
    """A chat request authenticated and its first snapshot read, in one read transaction."""

    caller: UserSettings
    now: dt.datetime
    snapshot: Snapshot
    reader: SqlLogReader


def open_turn(database: Database, token_hash: str, now: dt.datetime | None,
              clock_error: Exception | None = None) -> OpenedTurn:
    """Authenticate (401 first, as every endpoint does), then refuse a bad test clock
    (`clock_error`, 400), then read the snapshot in the same transaction: one round of the
    thread pool and one transaction instead of two of each. The token is still looked up
    on every request: a revoked token is refused at once."""
    with database.read() as session:
        heads = turn_heads(session, token_hash)
        if heads is None:
            raise Unauthorized(INVALID_TOKEN)
        if clock_error is not None:
            raise clock_error
        assert now is not None
        caller = heads.caller
        reader = SqlLogReader(database, caller.user_id, caller.timezone)
        snapshot = read_snapshot(session, caller, now, reader, heads)
    return OpenedTurn(caller, now, snapshot, reader)


@dataclass(frozen=True, slots=True)
class Coach:
    database: Database
    brains: Brains
    run_turn: TurnRunner
    limits: StorageLimits = StorageLimits()

    async def chat(self, caller: UserSettings, request: ChatRequest, now: dt.datetime,
                   opened: OpenedTurn | None = None) -> ChatTurnResult:
        """The turn; `opened` is its first snapshot when the request already read one."""
        conflict: MemoryMutationError | None = None
        for attempt in range(1, TURN_ATTEMPTS + 1):
            if attempt == 1 and opened is not None:
                reader = opened.reader
                turn = turn_input(opened.snapshot, caller, request, now)
            else:
                reader = SqlLogReader(self.database, caller.user_id, caller.timezone)
                turn = await run_in_threadpool(load_turn, self.database, caller, request,
                                               now, reader)
            outcome = await _think(self.run_turn, turn, self.brains, reader)
            try:
                return await run_in_threadpool(persist_turn, self.database, caller, turn,
                                               outcome, attempt, self.limits)
            except MemoryMutationError as error:
                conflict = error
        raise MemoryConflict(
            f"the memory changed during this turn and the coach's update no longer applies "
            f"({conflict}); nothing was saved, please send the message again")


async def take_turn(coach: Coach, token_hash: str, request: ChatRequest,
                    now: dt.datetime) -> ChatTurnResult:
    """One chat turn without an HTTP request (the terminal chat, the evals: `fitcoach.local`),
    in the chat endpoint's steps: authenticate and read the first snapshot in one
    transaction (`open_turn`), keep a week first seen through the chat (D10), then the turn
    (`Coach.chat`). No rate limit: the caller is the only user of its process."""
    opened = open_turn(coach.database, token_hash, now)
    if opened.snapshot.week_unkept:
        keep_this_week(coach.database, opened.caller, now)
    return await coach.chat(opened.caller, request, now, opened)
