"""One user of the application service, in this process: `fitcoach chat` and the evals.

Every action goes through the service the HTTP API calls, over a real store: a turn is
`api.coach.service.take_turn` (the chat endpoint's steps: snapshot, think, persist under
the user's lock; memory applied all or nothing, a new proposal superseding the pending
one), Accept and Reject are `api.coach.proposals`, a workout is
`api.workouts.service.log_workout` (records, known loads, the plan day it completes). What
this class adds is only what an HTTP client would hold: its token, its clock, the tab it is
on. Reads (the plan, the memory, the pending proposal) go through the repositories the
endpoints read with.

Ids are minted in order (`api.ids.minted_in_order`): rows written at the same instant read
back in the order they were written, so a run at a pretended *now* is the same every time.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from fitcoach.analytics.logs import ExerciseRecord, WorkoutRecord
from fitcoach.api.auth import hash_token
from fitcoach.api.coach import proposals
from fitcoach.api.coach.repository import ProposalRepository
from fitcoach.api.coach.schemas import ChatRequest
from fitcoach.api.coach.service import Coach, StorageLimits, load_turn, take_turn
from fitcoach.api.dependencies import Brains
from fitcoach.api.errors import NotFound
from fitcoach.api.ids import IdSequence, minted_in_order
from fitcoach.api.memory.repository import MemoryRepository
from fitcoach.api.plans.repository import PlanRepository
from fitcoach.api.plans.service import current_plan
from fitcoach.api.users.schemas import CreateUserRequest
from fitcoach.api.users.service import create_user
from fitcoach.api.workouts.service import log_workout
from fitcoach.brain.decision import Brain
from fitcoach.brain.pipeline import run_turn
from fitcoach.brain.ports import LogReader, RouteContext, TurnInput, TurnOutcome, UserSettings
from fitcoach.brain.profile_builder import ProfileBuild, build_profile
from fitcoach.brain.proposals import ProposalStatus
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.local.seed import log_request, seed_memory, seed_plan, seed_workouts
from fitcoach.local.store import in_memory_database
from fitcoach.local.turns import (
    AcceptedPlan,
    LoggedWorkout,
    StagedProposal,
    TurnRecord,
    memory_change,
    staged_from_row,
)
from fitcoach.memory.entries import MemoryItem
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.store.database import Database
from fitcoach.store.log_reader import SqlLogReader
from fitcoach.store.models import ProposalRow
from fitcoach.timekeeping import local_date

Clock = Callable[[], dt.datetime]
# How a caller watches the log reads of a turn (the evals note the tools' reads).
ReaderWrapper = Callable[[LogReader], LogReader]


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


@dataclass
class LocalCoach:
    """Sign one up with `LocalCoach.sign_up`; `brain`, `fallback` and `route` may change
    between turns, as a client's tab does."""

    database: Database
    caller: UserSettings
    token_hash: str
    brain: Brain
    fallback: Brain | None = None
    clock: Clock = utc_now
    route: RouteContext = field(default_factory=RouteContext)
    limits: StorageLimits = field(default_factory=StorageLimits)
    ids: IdSequence = field(default_factory=IdSequence)
    watch_reads: ReaderWrapper | None = None

    @classmethod
    def sign_up(cls, settings: UserSettings, brain: Brain, fallback: Brain | None = None, *,
                clock: Clock = utc_now, database: Database | None = None,
                memory: Sequence[MemoryItem] = (), plan: WeeklyPlan | None = None,
                version: int = 1, workouts: Sequence[WorkoutRecord] = (),
                ids: IdSequence | None = None) -> LocalCoach:
        """A new user with `settings`' language, units and zone (their id is the store's),
        in `database` (default: a new in-memory one), starting from `memory`, an accepted
        `plan` as `version`, and `workouts` logged at their own times; `ids` mints their
        ids (a fixed stem: a test that names them)."""
        database = database or in_memory_database()
        now = clock()
        ids = ids or IdSequence()
        request = CreateUserRequest(display_name=settings.display_name or "you",
                                    locale=settings.locale, units=settings.units,
                                    timezone=settings.timezone)
        with minted_in_order(ids):
            created = create_user(database, request, now)
        caller = settings.model_copy(update={"user_id": created.user_id,
                                             "display_name": request.display_name})
        coach = cls(database=database, caller=caller, token_hash=hash_token(created.token),
                    brain=brain, fallback=fallback, clock=clock, ids=ids)
        with minted_in_order(ids):
            seed_memory(database, caller, memory, now)
            if plan is not None:
                seed_plan(database, caller, plan, version, now)
            seed_workouts(database, caller, workouts)
        return coach

    # -- reading -------------------------------------------------------------------------------
    @property
    def settings(self) -> UserSettings:
        return self.caller

    def now(self) -> dt.datetime:
        return self.clock()

    def today(self, now: dt.datetime | None = None) -> dt.date:
        return local_date(now or self.now(), self.caller.timezone)

    @property
    def log_reader(self) -> SqlLogReader:
        """A fresh reader of the user's logs (it keeps the known loads it read once)."""
        return SqlLogReader(self.database, self.caller.user_id, self.caller.timezone)

    @property
    def plan(self) -> WeeklyPlan | None:
        """The newest accepted plan version, as accepted."""
        with self.database.read() as session:
            stored = PlanRepository(session).latest(self.caller.user_id)
        return stored.plan if stored else None

    @property
    def version(self) -> int | None:
        with self.database.read() as session:
            return PlanRepository(session).latest_version(self.caller.user_id)

    def current_plan(self, now: dt.datetime | None = None) -> WeeklyPlan | None:
        """This week's plan as the user sees it (`GET /api/plans/current`, without loads):
        the logged days marked completed."""
        with self.database.read() as session:
            found = current_plan(session, self.caller.user_id, self.caller.timezone,
                                 now or self.now())
        return found.plan if found else None

    def base_plan(self, now: dt.datetime | None = None) -> WeeklyPlan | None:
        """This week's plan without completions: what an accepted day edit goes into."""
        with self.database.read() as session:
            found = current_plan(session, self.caller.user_id, self.caller.timezone,
                                 now or self.now())
        return found.base if found else None

    @property
    def memory(self) -> list[MemoryItem]:
        """Every item ever stored, invalidated and expired ones included, oldest first."""
        with self.database.read() as session:
            return MemoryRepository(session).everything(self.caller.user_id)

    def active_memory(self, now: dt.datetime | None = None) -> tuple[MemoryItem, ...]:
        with self.database.read() as session:
            return tuple(MemoryRepository(session).live(self.caller.user_id, now or self.now()))

    def profile(self, now: dt.datetime | None = None) -> ProfileBuild:
        moment = now or self.now()
        return build_profile(self.active_memory(moment), now=moment, settings=self.caller,
                             known_loads=self.log_reader.known_loads())

    @property
    def proposals(self) -> list[StagedProposal]:
        """Every proposal staged so far, oldest first."""
        with self.database.read() as session:
            rows = session.query(ProposalRow).filter_by(user_id=self.caller.user_id) \
                .order_by(ProposalRow.created_at, ProposalRow.id).all()
            return [staged_from_row(row) for row in rows]

    def proposal(self, proposal_id: str) -> StagedProposal:
        with self.database.read() as session:
            row = ProposalRepository(session).get(self.caller.user_id, proposal_id)
            if row is None:
                raise NotFound(f"no proposal {proposal_id!r}")
            return staged_from_row(row)

    def pending(self) -> StagedProposal | None:
        with self.database.read() as session:
            pending = ProposalRepository(session).pending_id(self.caller.user_id)
        return None if pending is None else self.proposal(pending)

    def _chosen(self, proposal_id: str | None) -> str:
        if proposal_id is not None:
            return proposal_id
        staged = self.pending()
        if staged is None:
            raise NotFound("there is no staged proposal")
        return staged.id

    # -- a chat turn ---------------------------------------------------------------------------
    def _request(self, message: str, route: RouteContext | None) -> ChatRequest:
        where = route or self.route
        return ChatRequest(message=message, active_tab=where.active_tab,
                           selected_day=where.selected_day)

    def turn_input(self, message: str, *, route: RouteContext | None = None,
                   now: dt.datetime | None = None) -> TurnInput:
        """What a turn would read now (`api.coach.service.load_turn`)."""
        return load_turn(self.database, self.caller, self._request(message, route),
                         now or self.now(), self.log_reader)

    async def send(self, message: str, *, route: RouteContext | None = None,
                   now: dt.datetime | None = None) -> TurnRecord:
        """One turn through the service; what it answered, applied and staged."""
        moment = now or self.now()
        request = self._request(message, route)
        seen: list[tuple[TurnInput, TurnOutcome]] = []

        async def think(turn: TurnInput, brain: Brain, reader: LogReader,
                        **options: Any) -> TurnOutcome:
            watched = self.watch_reads(reader) if self.watch_reads else reader
            outcome = await run_turn(turn, brain, watched, **options)
            seen.append((turn, outcome))
            return outcome

        coach = Coach(self.database, Brains(self.brain, self.fallback), think, self.limits)
        started = time.perf_counter()
        with minted_in_order(self.ids):
            answer = await take_turn(coach, self.token_hash, request, moment)
        latency_ms = (time.perf_counter() - started) * 1000
        turn, outcome = seen[-1]  # the attempt that was stored
        staged = None
        if answer.proposal.id:  # as `persist_turn` stored it: pending, on the turn's plan
            base = (outcome.base_plan_version if outcome.base_plan_version is not None
                    else turn.plan.version)
            staged = StagedProposal(proposal=answer.proposal, base_version=base,
                                    staged_at=moment, status=ProposalStatus.PENDING)
        return TurnRecord(message=message,
                          route=RouteContext(active_tab=request.active_tab,
                                             selected_day=request.selected_day),
                          now=moment, turn=turn, outcome=outcome, answer=answer,
                          memory=memory_change(outcome, answer), staged=staged,
                          latency_ms=latency_ms)

    # -- accept and reject ---------------------------------------------------------------------
    def accept(self, proposal_id: str | None = None,
               now: dt.datetime | None = None) -> AcceptedPlan:
        """`POST /api/coach/proposals/{id}/accept` (the pending one when no id is given);
        refusals are the service's (`api.errors.Conflict`, `NotFound`)."""
        chosen = self._chosen(proposal_id)
        with minted_in_order(self.ids):
            accepted = proposals.accept(self.database, self.caller, chosen, now or self.now())
        return AcceptedPlan(plan=accepted.plan, version=accepted.version,
                            proposal=self.proposal(chosen))

    def reject(self, proposal_id: str | None = None,
               now: dt.datetime | None = None) -> StagedProposal:
        chosen = self._chosen(proposal_id)
        proposals.reject(self.database, self.caller, chosen, now or self.now())
        return self.proposal(chosen)

    # -- workout logs --------------------------------------------------------------------------
    def log_workout(self, exercises: Sequence[ExerciseRecord],
                    now: dt.datetime | None = None, *,
                    day: Weekday | None = None) -> LoggedWorkout:
        """`POST /api/workouts/log`, finished at `now`; `day` is the planned day it
        completes (that weekday of its week), by default its own date's."""
        moment = now or self.now()
        request = log_request(exercises, moment, day)  # refuses an empty workout
        with minted_in_order(self.ids):
            created = log_workout(self.database, self.caller, request, moment)
        workout = WorkoutRecord(log_id=created.log_id, completed_at=moment,
                                exercises=tuple(exercises))
        return LoggedWorkout(workout=workout, new_records=tuple(created.new_prs))
