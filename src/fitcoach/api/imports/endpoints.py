"""POST /api/imports?source=strong|hevy: another app's CSV export as the request body."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, status
from starlette.concurrency import run_in_threadpool

from fitcoach.api.dependencies import CallerDep, DatabaseDep, NowDep
from fitcoach.api.errors import AUTH_ERROR_RESPONSES, FitcoachError, error_responses
from fitcoach.api.imports import service
from fitcoach.api.imports.formats import Source
from fitcoach.api.imports.schemas import ImportResult
from fitcoach.api.limits.rate_limit import RATE_LIMIT_RESPONSES, Action
from fitcoach.catalog.vocabulary import Unit

IMPORT_PATH = "/api/imports"
MAX_IMPORT_BYTES = 10 * 1024 * 1024
CSV_TYPES = frozenset({"text/csv", "text/plain", "application/csv", "application/vnd.ms-excel"})

router = APIRouter(tags=["imports"], responses=AUTH_ERROR_RESPONSES)


class UnsupportedMediaType(FitcoachError):
    status_code = 415
    code = "unsupported_media_type"


@router.post(
    IMPORT_PATH, status_code=status.HTTP_201_CREATED, response_model=ImportResult,
    openapi_extra={"requestBody": {"required": True, "content": {
        "text/csv": {"schema": {"type": "string", "maxLength": MAX_IMPORT_BYTES}}}}},
    responses={**error_responses({
        413: f"the file is larger than {MAX_IMPORT_BYTES} bytes",
        415: "the body is not sent as text/csv",
        422: "the file is not the export `source` names, or a line of it is malformed (the "
             "message names the line); nothing was imported"}),
        **RATE_LIMIT_RESPONSES})
async def import_history(
        request: Request, caller: CallerDep, database: DatabaseDep, now: NowDep,
        source: Annotated[Source, Query(description="the app that wrote the file")],
        unit: Annotated[Unit | None, Query(
            description="the unit of the file's weights when it does not say (Strong's "
                        "current export has no unit column); default: the user's")] = None,
) -> ImportResult:
    """Bring in the workouts of a Strong or Hevy CSV export (DESIGN D11), all or nothing.

    Exercise names are matched to the catalog; the sets of names it has no match for are
    kept in the history and reported in `unmapped`. Workouts an earlier import brought in
    are skipped (`skipped_duplicates`), so importing the same file twice adds nothing.
    """
    media = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media not in CSV_TYPES:
        raise UnsupportedMediaType("send the CSV file as the body, with Content-Type: text/csv")
    body = await request.body()

    def run() -> ImportResult:  # the rate limiter and the import both talk to the database
        request.app.state.rate_limiter.enforce(caller.user_id, Action.LOG)
        return service.import_csv(database, caller, source, body, unit, now)

    return await run_in_threadpool(run)
