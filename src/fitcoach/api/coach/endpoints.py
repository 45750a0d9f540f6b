"""POST /api/coach/chat and the proposal decisions."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from fitcoach.api.coach import history, proposals
from fitcoach.api.coach.schemas import AcceptedPlan, ChatRequest, ProposalDecision
from fitcoach.api.coach.service import Coach, StorageLimits
from fitcoach.api.dependencies import (
    BrainDep,
    CallerDep,
    DatabaseDep,
    NowDep,
    TurnRunnerDep,
)
from fitcoach.api.errors import AUTH_ERROR_RESPONSES, error_responses
from fitcoach.api.limits.rate_limit import RATE_LIMIT_RESPONSES, Action
from fitcoach.api.plans.loads import plan_with_loads
from fitcoach.brain.contract import ChatTurnResult

router = APIRouter(prefix="/api/coach", tags=["coach"],
                   responses=AUTH_ERROR_RESPONSES)
router.include_router(history.router)  # GET /api/coach/history: reads the stored chat


@router.post("/chat", response_model=ChatTurnResult,
             responses={**error_responses({409: "a concurrent turn changed the memory twice"}),
                        **RATE_LIMIT_RESPONSES})
async def chat(body: ChatRequest, caller: CallerDep, database: DatabaseDep, now: NowDep,
               brains: BrainDep, run_turn: TurnRunnerDep, request: Request) -> JSONResponse:
    """One coaching turn: the seed's `{message, proposal, memory_mutations}` (plus `meta`).

    Memory mutations are applied at once and returned with their ids; a plan change is only
    staged: it changes nothing until `POST /api/coach/proposals/{id}/accept`.
    """
    await run_in_threadpool(request.app.state.rate_limiter.enforce, caller.user_id,
                            Action.CHAT)
    settings = request.app.state.settings
    limits = StorageLimits(memory_max_items=settings.memory_max_items,
                           chat_history_max_lines=settings.chat_history_max_lines)
    result = await Coach(database, brains, run_turn, limits).chat(caller, body, now)
    return JSONResponse(result.seed_json())


@router.post("/proposals/{proposal_id}/accept", response_model=AcceptedPlan,
             responses=error_responses({404: "no such proposal of the caller",
                                            409: "outdated, superseded or rejected"}))
def accept_proposal(proposal_id: str, caller: CallerDep, database: DatabaseDep,
                    now: NowDep) -> AcceptedPlan:
    """Write the staged plan as the next plan version (idempotent). The plan answered
    carries each exercise's load and last session from the logs, as `GET
    /api/plans/current` shows it."""
    accepted = proposals.accept(database, caller, proposal_id, now)
    with database.read() as session:
        plan = plan_with_loads(session, caller, accepted.plan, now)
    return accepted.model_copy(update={"plan": plan})


@router.post("/proposals/{proposal_id}/reject", response_model=ProposalDecision,
             responses=error_responses({404: "no such proposal of the caller",
                                            409: "already accepted"}))
def reject_proposal(proposal_id: str, caller: CallerDep, database: DatabaseDep,
                    now: NowDep) -> ProposalDecision:
    """Turn a staged proposal down; the plan is untouched."""
    return proposals.reject(database, caller, proposal_id, now)
