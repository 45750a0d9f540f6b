"""POST /api/coach/chat and the proposal decisions."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from fitcoach.api.coach import history, proposals
from fitcoach.api.coach.schemas import AcceptedPlan, ChatRequest, ProposalDecision
from fitcoach.api.coach.service import Coach, OpenedTurn, StorageLimits, open_turn
from fitcoach.api.dependencies import (
    CLOCK_HEADER,
    BearerDep,
    BrainDep,
    CallerDep,
    DatabaseDep,
    NowDep,
    SettingsDep,
    TurnRunnerDep,
    presented_token_hash,
    request_now,
)
from fitcoach.api.errors import AUTH_ERROR_RESPONSES, InvalidClock, error_responses
from fitcoach.api.limits.rate_limit import RATE_LIMIT_RESPONSES, Action, per_minute
from fitcoach.api.plans.loads import plan_with_loads, plate_steps
from fitcoach.api.plans.service import keep_this_week
from fitcoach.brain.contract import ChatTurnResult

router = APIRouter(prefix="/api/coach", tags=["coach"],
                   responses=AUTH_ERROR_RESPONSES)
router.include_router(history.router)  # GET /api/coach/history: reads the stored chat


async def open_chat_turn(request: Request, database: DatabaseDep, settings: SettingsDep,
                         _credentials: BearerDep = None) -> OpenedTurn:
    """The caller and the turn's first snapshot, read in one transaction on one trip to the
    thread pool. Refuses in the order every endpoint does: no token, then a token no user
    holds (401), then a bad test clock (400); the body is validated after this."""
    token_hash = presented_token_hash(request)
    now, clock_error = None, None
    try:
        now = request_now(settings, request.headers.get(CLOCK_HEADER))
    except InvalidClock as error:
        clock_error = error  # after the token: a stranger learns nothing from it
    if database.is_sqlite:
        # On the event loop, as the embedded brain's own log reads are: a read in WAL mode
        # waits on no writer, and the trip to a worker thread and back (a queue hand-off and
        # two GIL switches) cost more CPU than the read itself (docs/performance.md).
        opened = open_turn(database, token_hash, now, clock_error)
    else:
        opened = await run_in_threadpool(open_turn, database, token_hash, now, clock_error)
    if opened.snapshot.week_unkept:
        # The snapshot is read-only, so a week first seen through the chat is kept now (D10):
        # the week the brain answers about stays that week. A write, so never on the event
        # loop (it may wait on the write gate); once a week per user.
        await run_in_threadpool(keep_this_week, database, opened.caller, opened.now)
    return opened


OpenedTurnDep = Annotated[OpenedTurn, Depends(open_chat_turn)]


@router.post("/chat", response_model=ChatTurnResult,
             responses={**error_responses({409: "a concurrent turn changed the memory twice"}),
                        **RATE_LIMIT_RESPONSES})
async def chat(opened: OpenedTurnDep, body: ChatRequest, database: DatabaseDep,
               brains: BrainDep, run_turn: TurnRunnerDep, request: Request) -> Response:
    """One coaching turn: the seed's `{message, proposal, memory_mutations}` (plus `meta`).

    Memory mutations are applied at once and returned with their ids; a plan change is only
    staged: it changes nothing until `POST /api/coach/proposals/{id}/accept`.
    """
    caller = opened.caller
    limiter = request.app.state.rate_limiter
    if per_minute(limiter.settings, Action.CHAT) > 0:  # no trip to the pool when off
        await run_in_threadpool(limiter.enforce, caller.user_id, Action.CHAT)
    settings = request.app.state.settings
    limits = StorageLimits(memory_max_items=settings.memory_max_items,
                           chat_history_max_lines=settings.chat_history_max_lines)
    result = await Coach(database, brains, run_turn, limits).chat(caller, body, opened.now,
                                                                  opened)
    # Serialised once, by Pydantic, and not validated again against `response_model`.
    return Response(result.seed_json_bytes(), media_type="application/json")


@router.post("/proposals/{proposal_id}/accept", response_model=AcceptedPlan,
             responses=error_responses({404: "no such proposal of the caller",
                                            409: "outdated, superseded or rejected"}))
def accept_proposal(proposal_id: str, caller: CallerDep, database: DatabaseDep,
                    now: NowDep, settings: SettingsDep) -> AcceptedPlan:
    """Write the staged plan as the next plan version (idempotent). The plan answered
    carries each exercise's load and last session from the logs, as `GET
    /api/plans/current` shows it."""
    accepted = proposals.accept(database, caller, proposal_id, now)
    with database.read() as session:
        plan = plan_with_loads(session, caller, accepted.plan, now, plate_steps(settings))
    return accepted.model_copy(update={"plan": plan})


@router.post("/proposals/{proposal_id}/reject", response_model=ProposalDecision,
             responses=error_responses({404: "no such proposal of the caller",
                                            409: "already accepted"}))
def reject_proposal(proposal_id: str, caller: CallerDep, database: DatabaseDep,
                    now: NowDep) -> ProposalDecision:
    """Turn a staged proposal down; the plan is untouched."""
    return proposals.reject(database, caller, proposal_id, now)
