"""Errors that know their HTTP status, and the one place that turns them into responses.

Every failure leaves as `{"error": {"code": "...", "message": "..."}}`: our own errors, request
validation, unknown routes, and anything unexpected (a 500 that never leaks internals).
Raising one of these inside a write transaction also rolls it back: a failed request writes
nothing.
"""

from __future__ import annotations

import logging
import re
import sqlite3
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlalchemy import exc as sql
from starlette.exceptions import HTTPException as StarletteHTTPException

from fitcoach.api.security_headers import BASE_HEADERS

logger = logging.getLogger("fitcoach.api")

ERROR_SECURITY_HEADERS = {**BASE_HEADERS, "Content-Security-Policy":
                          "default-src 'none'; frame-ancestors 'none'"}


class FitcoachError(Exception):
    status_code = 500
    code = "internal_error"

    def __init__(self, message: str, *, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.headers = headers


class BadRequest(FitcoachError):
    status_code = 400
    code = "bad_request"


class InvalidClock(BadRequest):
    code = "invalid_clock"


class Unauthorized(FitcoachError):
    status_code = 401
    code = "unauthorized"

    def __init__(self, message: str) -> None:
        super().__init__(message, headers={"WWW-Authenticate": "Bearer"})


class NotFound(FitcoachError):
    status_code = 404
    code = "not_found"


class Conflict(FitcoachError):
    status_code = 409
    code = "conflict"


class ProposalOutdated(Conflict):
    code = "proposal_outdated"


class ProposalSuperseded(Conflict):
    code = "proposal_superseded"


class ProposalRejected(Conflict):
    code = "proposal_rejected"


class ProposalAccepted(Conflict):
    code = "proposal_accepted"


class NoPlanToEdit(Conflict):
    code = "no_plan"


class IdempotencyKeyReused(Conflict):
    code = "idempotency_key_reused"


class MemoryConflict(Conflict):
    code = "memory_conflict"


class InvalidInput(FitcoachError):
    """Well-formed JSON that breaks a rule only the service can check (needs *now*, say)."""

    status_code = 422
    code = "validation_error"


DATABASE_UNAVAILABLE = "database_unavailable"
DATABASE_RETRY_AFTER_SECONDS = 1


def error_body(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorResponse(BaseModel):
    """The one shape of every error answer."""

    error: ErrorDetail


def error_responses(descriptions: dict[int, str]) -> dict[int | str, dict[str, Any]]:
    """OpenAPI entries for error statuses: `error_responses({404: "no such item"})`."""
    return {status: {"model": ErrorResponse, "description": description}
            for status, description in descriptions.items()}


# Statuses any route can answer, documented once for the whole API.
COMMON_ERROR_RESPONSES = error_responses({
    400: "malformed JSON, or a malformed or out-of-range X-Fitcoach-Now header",
    413: "the request body is over the size limit",
    422: "the request breaks a validation rule; the message says which",
    500: "an unexpected failure; nothing was written",
    503: "the database is unavailable (connection lost, locked, out of connections); "
         "nothing was written, retry after Retry-After seconds",
})
AUTH_ERROR_RESPONSES = error_responses({401: "missing or invalid bearer token"})


def _describe_validation(error: RequestValidationError) -> tuple[int, str, str]:
    details = list(error.errors())
    if any(detail.get("type") == "json_invalid" for detail in details):
        return 400, "malformed_json", "the request body is not valid JSON"
    parts = []
    for detail in details[:5]:
        where = ".".join(str(p) for p in detail.get("loc", ()) if p != "body") or "body"
        parts.append(f"{where}: {detail.get('msg', 'invalid')}")
    more = f" (and {len(details) - 5} more)" if len(details) > 5 else ""
    return 422, "validation_error", "; ".join(parts) + more


_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    415: "unsupported_media_type",
    429: "rate_limited",
}


# SQLite reports most failures, bad SQL included, as OperationalError: only these mean the
# database cannot be used right now (locked past the busy timeout, the disk failing or full,
# the file unreachable); anything else is a bug and stays a 500.
_SQLITE_UNAVAILABLE = ("SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_IOERR", "SQLITE_CANTOPEN",
                       "SQLITE_FULL", "SQLITE_READONLY", "SQLITE_PROTOCOL")
_SQLITE_UNAVAILABLE_TEXT = ("database is locked", "database table is locked",
                            "disk I/O error", "unable to open database",
                            "database or disk is full", "readonly database")


def database_unavailable(error: Exception) -> bool:
    """Whether a database error means "unavailable, retry" rather than a bug."""
    if isinstance(error, sql.TimeoutError):  # no pooled connection came free in time
        return True
    if getattr(error, "connection_invalidated", False):
        return True
    original = getattr(error, "orig", None)
    if isinstance(original, sqlite3.Error):
        name = getattr(original, "sqlite_errorname", None) or ""
        return name.startswith(_SQLITE_UNAVAILABLE) or any(
            text in str(original) for text in _SQLITE_UNAVAILABLE_TEXT)
    # PostgreSQL: OperationalError is the server or the link failing (refused, terminated,
    # shut down, cancelled); InterfaceError a connection that is already closed.
    return isinstance(error, sql.OperationalError | sql.InterfaceError)


_HTTP_METHODS = frozenset({"get", "put", "post", "delete", "patch", "head", "options", "trace"})


def _allowed_methods(app: FastAPI, path: str) -> str | None:
    """Every method the API documents at `path` (None for a path it does not document).
    Starlette's own 405 names only the methods of the first route that matched the path,
    and two routes may share one (POST and DELETE /api/users/me/token)."""
    patterns = getattr(app.state, "allowed_methods", None)
    if patterns is None:
        patterns = app.state.allowed_methods = [
            (re.compile("^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template)) + "$"),
             ", ".join(sorted(m.upper() for m in operations if m in _HTTP_METHODS)))
            for template, operations in app.openapi().get("paths", {}).items()]
    for pattern, methods in patterns:
        if pattern.match(path):
            return methods
    return None


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(FitcoachError)
    async def _ours(_request: Request, error: FitcoachError) -> JSONResponse:
        return JSONResponse(error_body(error.code, error.message), status_code=error.status_code,
                            headers=error.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        status, code, message = _describe_validation(error)
        return JSONResponse(error_body(code, message), status_code=status)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = _HTTP_CODES.get(error.status_code, "http_error")
        message = error.detail if isinstance(error.detail, str) else code.replace("_", " ")
        headers = getattr(error, "headers", None)
        allowed = _allowed_methods(app, request.url.path) if error.status_code == 405 else None
        if allowed:
            headers = {**(headers or {}), "Allow": allowed}
        return JSONResponse(error_body(code, message), status_code=error.status_code,
                            headers=headers)

    @app.exception_handler(sql.OperationalError)
    @app.exception_handler(sql.InterfaceError)
    @app.exception_handler(sql.TimeoutError)
    @app.exception_handler(sql.DBAPIError)
    async def _database(request: Request, error: Exception) -> JSONResponse:
        # Lost connections, a locked or unreadable SQLite file, an exhausted pool: the
        # transaction rolled back, so nothing was written and a retry is safe. Other database
        # errors (a broken constraint, bad SQL) are bugs and stay 500s.
        if not database_unavailable(error):
            return await _unexpected(request, error)
        logger.warning("database unavailable on %s %s: %s", request.method, request.url.path,
                       type(getattr(error, "orig", None) or error).__name__)
        return JSONResponse(
            error_body(DATABASE_UNAVAILABLE,
                       "the database is unavailable; nothing was saved, please try again"),
            status_code=503, headers={"Retry-After": str(DATABASE_RETRY_AFTER_SECONDS)})

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, error: Exception) -> JSONResponse:
        logger.exception("unhandled error on %s %s", request.method, request.url.path)
        # Answered outside every middleware (Starlette's ServerErrorMiddleware), so the
        # security headers are set here.
        return JSONResponse(error_body("internal_error", "something went wrong on our side"),
                            status_code=500, headers=ERROR_SECURITY_HEADERS)
