"""POST /api/coach/chat and the proposal decisions."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from fitcoach.api.coach import proposals
from fitcoach.api.coach.schemas import AcceptedPlan, ChatRequest, ProposalDecision
from fitcoach.api.coach.service import Coach
from fitcoach.api.dependencies import (
    BrainDep,
    CallerDep,
    DatabaseDep,
    NowDep,
    TurnRunnerDep,
)
from fitcoach.api.errors import AUTH_ERROR_RESPONSES, error_responses
from fitcoach.brain.contract import ChatTurnResult

router = APIRouter(prefix="/api/coach", tags=["coach"],
                   responses=AUTH_ERROR_RESPONSES)


@router.post("/chat", response_model=ChatTurnResult,
             responses=error_responses({409: "a concurrent turn changed the memory twice"}))
async def chat(body: ChatRequest, caller: CallerDep, database: DatabaseDep, now: NowDep,
               brains: BrainDep, run_turn: TurnRunnerDep) -> JSONResponse:
    """One coaching turn: the seed's `{message, proposal, memory_mutations}` (plus `meta`).

    Memory mutations are applied at once and returned with their ids; a plan change is only
    staged: it changes nothing until `POST /api/coach/proposals/{id}/accept`.
    """
    result = await Coach(database, brains, run_turn).chat(caller, body, now)
    return JSONResponse(result.seed_json())


@router.post("/proposals/{proposal_id}/accept", response_model=AcceptedPlan,
             responses=error_responses({404: "no such proposal of the caller",
                                            409: "outdated, superseded or rejected"}))
def accept_proposal(proposal_id: str, caller: CallerDep, database: DatabaseDep,
                    now: NowDep) -> AcceptedPlan:
    """Write the staged plan as the next plan version (idempotent)."""
    return proposals.accept(database, caller, proposal_id, now)


@router.post("/proposals/{proposal_id}/reject", response_model=ProposalDecision,
             responses=error_responses({404: "no such proposal of the caller",
                                            409: "already accepted"}))
def reject_proposal(proposal_id: str, caller: CallerDep, database: DatabaseDep,
                    now: NowDep) -> ProposalDecision:
    """Turn a staged proposal down; the plan is untouched."""
    return proposals.reject(database, caller, proposal_id, now)
