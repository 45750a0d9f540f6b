"""GET /healthz: the process answers and its database does too."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from fitcoach.api.dependencies import DatabaseDep
from fitcoach.api.errors import error_body, error_responses

router = APIRouter(tags=["health"])


@router.get("/healthz", responses=error_responses({503: "the database does not answer"}))
def healthz(database: DatabaseDep) -> JSONResponse:
    try:
        with database.read() as session:
            session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        return JSONResponse(error_body("database_unavailable", "the database does not answer"),
                            status_code=503)
    return JSONResponse({"status": "ok"})
