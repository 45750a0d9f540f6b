"""GET /api/export (everything, as JSON) and GET /api/export/logs.csv (the logs)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse, Response

from fitcoach.api.dependencies import CallerDep, DatabaseDep, NowDep
from fitcoach.api.errors import AUTH_ERROR_RESPONSES
from fitcoach.api.export import service

router = APIRouter(prefix="/api/export", tags=["export"], responses=AUTH_ERROR_RESPONSES)


@router.get("", response_model=dict[str, Any])
def export_everything(caller: CallerDep, database: DatabaseDep, now: NowDep) -> JSONResponse:
    """All of the caller's data: profile, memory with its audit trail, proposals, every plan
    version, day completions, logs with their sets (and the kept warm-ups and exercises
    outside the catalog), records, imports and the chat."""
    data = service.export_all(database, caller, now)
    return JSONResponse(jsonable_encoder(data), headers={
        "Content-Disposition": 'attachment; filename="fitcoach-export.json"'})


@router.get("/logs.csv", response_class=Response, responses={
    200: {"content": {"text/csv": {"schema": {"type": "string"}}},
          "description": "the logs in Strong's CSV layout, weights in the user's unit"}})
def export_logs(caller: CallerDep, database: DatabaseDep) -> Response:
    """The caller's logged sets in Strong's CSV layout (`;`-separated, with a unit column),
    which Strong, Hevy and `POST /api/imports?source=strong` read."""
    return Response(service.export_logs_csv(database, caller), media_type="text/csv",
                    headers={"Content-Disposition": 'attachment; filename="fitcoach-logs.csv"'})
