"""POST /api/workouts/log and GET /api/workouts/logs."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request, Response, status

from fitcoach.api.dependencies import CallerDep, DatabaseDep, NowDep
from fitcoach.api.errors import AUTH_ERROR_RESPONSES, InvalidInput, error_responses
from fitcoach.api.limits.rate_limit import RATE_LIMIT_RESPONSES, Action
from fitcoach.api.text import exercise_slug_schema
from fitcoach.api.workouts import corrections, service
from fitcoach.api.workouts.schemas import (
    MAX_AFTER_NOW_ISO,
    MAX_AFTER_NOW_KEY,
    LogCorrection,
    LogCreated,
    WorkoutLogRequest,
    WorkoutLogView,
)
from fitcoach.catalog import CATALOG

router = APIRouter(prefix="/api/workouts", tags=["workouts"],
                   responses=AUTH_ERROR_RESPONSES)


@router.post("/log", status_code=status.HTTP_201_CREATED, response_model=LogCreated,
             responses={**error_responses({
                 409: "idempotency key reused for another workout",
                 422: "the request breaks a validation rule, including the one JSON Schema "
                      "has no keyword for: completed_at more than "
                      f"{MAX_AFTER_NOW_KEY} ({MAX_AFTER_NOW_ISO}) after the server's now"}),
                        **RATE_LIMIT_RESPONSES})
def log_workout(body: WorkoutLogRequest, caller: CallerDep, database: DatabaseDep,
                now: NowDep, request: Request) -> LogCreated:
    """Record a finished workout. With an `idempotency_key`, a retry answers the first
    log's id and records again and writes nothing. Marks the day completed on the plan and
    returns the personal records it broke."""
    request.app.state.rate_limiter.enforce(caller.user_id, Action.LOG)
    return service.log_workout(database, caller, body, now)


NEXT_PAGE_HEADER = "X-Fitcoach-Next-Before"


@router.get("/logs", response_model=list[WorkoutLogView], responses={
    200: {"headers": {NEXT_PAGE_HEADER: {
        "description": "present when the page is full: the `before` of the next page",
        "schema": {"type": "string"}}}},
    **error_responses({404: "`before` names no log of the caller's"})})
def read_logs(caller: CallerDep, database: DatabaseDep, response: Response,
              exercise: Annotated[str | None, Query(
                  max_length=64, json_schema_extra=exercise_slug_schema)] = None,
              limit: Annotated[int, Query(ge=1, le=100)] = 20,
              before: Annotated[str | None, Query(
                  pattern=r"^log_[0-9a-f]{24}$",
                  description="a log id of the caller's: only the logs after it in this "
                              "order (the next page)")] = None) -> list[WorkoutLogView]:
    """The caller's logs, newest first; `exercise` keeps those with sets of that slug.

    Paging: a full page carries the `X-Fitcoach-Next-Before` header; pass its value as
    `before` (with the same `exercise` and `limit`) for the next page.
    """
    if exercise is not None and exercise not in CATALOG:
        raise InvalidInput(f"unknown exercise {exercise!r}")
    page = service.recent_logs(database, caller.user_id, limit, exercise, before)
    if page.next_before is not None:
        response.headers[NEXT_PAGE_HEADER] = page.next_before
    return page.logs


LOG_ID = Path(pattern=r"^log_[0-9a-f]{24}$", description="a log id of the caller's")


@router.patch("/logs/{log_id}", response_model=WorkoutLogView, responses=error_responses({
    404: "no log of the caller's has this id",
    422: "the correction breaks a validation rule (as for a new log), or names nothing"}))
def correct_log(log_id: Annotated[str, LOG_ID], body: LogCorrection, caller: CallerDep,
                database: DatabaseDep, now: NowDep) -> WorkoutLogView:
    """Correct one of the caller's logs: its time, its day, or its sets (which replace all
    the old ones). Records, known loads and the plan day it completes follow."""
    return corrections.correct_log(database, caller, log_id, body, now)


@router.delete("/logs/{log_id}", status_code=status.HTTP_204_NO_CONTENT,
               response_class=Response,
               responses=error_responses({404: "no log of the caller's has this id"}))
def delete_log(log_id: Annotated[str, LOG_ID], caller: CallerDep, database: DatabaseDep,
               now: NowDep) -> Response:
    """Delete one of the caller's logs; records, known loads and the plan day it completed
    follow (the day falls back to another log of that date, or to scheduled)."""
    corrections.delete_log(database, caller, log_id, now)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
