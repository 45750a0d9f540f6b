"""GET /api/plans/current."""

from __future__ import annotations

from fastapi import APIRouter, Response

from fitcoach.api.dependencies import CallerDep, DatabaseDep, NowDep
from fitcoach.api.errors import AUTH_ERROR_RESPONSES, NotFound, error_responses
from fitcoach.api.plans.loads import plan_with_loads
from fitcoach.api.plans.service import current_plan
from fitcoach.programming.plan import WeeklyPlan

router = APIRouter(prefix="/api/plans", tags=["plans"],
                   responses=AUTH_ERROR_RESPONSES)

PLAN_VERSION_HEADER = "X-Fitcoach-Plan-Version"

@router.get("/current", response_model=WeeklyPlan,
            responses={**error_responses({404: "the user has never accepted a plan"}),
                       204: {"description": "no plan yet, asked with `?optional=true`"}})
def read_current_plan(caller: CallerDep, database: DatabaseDep, now: NowDep,
                      response: Response, optional: bool = False) -> WeeklyPlan | Response:
    """The plan of the caller's current week (their time zone), completed days marked, and
    each planned exercise with history carrying its `last` session and, for loaded work,
    `target_weight_lbs` by double progression (DESIGN D10).

    The plan's version is in the `X-Fitcoach-Plan-Version` header. A user who has not
    accepted a plan yet gets 404; with `?optional=true` (the web client's start-up question,
    for which "none yet" is an answer, not an error) 204 with no body.
    """
    with database.read() as session:
        current = current_plan(session, caller.user_id, caller.timezone, now)
        if current is None:
            if optional:
                return Response(status_code=204)
            raise NotFound("no plan yet: accept a proposal from the coach first")
        plan = plan_with_loads(session, caller, current.plan, now)
    response.headers[PLAN_VERSION_HEADER] = str(current.version)
    return plan
