"""What endpoints receive: the database, the settings, *now*, the caller, the brain.

Each is a FastAPI dependency, so tests can replace any of them (`app.dependency_overrides`):
the e2e tests swap the turn runner and the brain for scripted fakes.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, Request, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from fitcoach.api.auth import bearer_token, hash_token
from fitcoach.api.errors import InvalidClock, Unauthorized
from fitcoach.api.users.repository import UserRepository
from fitcoach.brain.ports import TurnOutcome, UserSettings
from fitcoach.settings import Settings
from fitcoach.store.database import Database

CLOCK_HEADER = "X-Fitcoach-Now"

# `brain.pipeline.run_turn(turn, brain, logs, *, fallback=None)` is async; a plain function
# works too. `fallback` is passed only when there is one.
TurnRunner = Callable[..., TurnOutcome | Awaitable[TurnOutcome]]


# Dependencies that do no I/O are `async def`: FastAPI then runs them on the event loop
# instead of handing each to a worker thread.
async def get_settings(request: Request) -> Settings:
    return request.app.state.settings


async def get_database(request: Request) -> Database:
    return request.app.state.database


SettingsDep = Annotated[Settings, Depends(get_settings)]
DatabaseDep = Annotated[Database, Depends(get_database)]


# The test clock's range: far enough from datetime's own limits (years 1-9999) that no
# computation from *now* (a week ahead, a TTL, a time zone) can overflow into a 500.
CLOCK_EARLIEST = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
CLOCK_LATEST = dt.datetime(3000, 1, 1, tzinfo=dt.UTC)  # exclusive


def parse_clock(value: str) -> dt.datetime:
    """The header's moment in UTC; InvalidClock (400) when it is not an ISO-8601 timestamp
    within [1970, 3000): an offset that carries it past datetime's range included."""
    shown = value if len(value) <= 64 else value[:64] + "…"
    try:
        moment = dt.datetime.fromisoformat(value.strip())
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=dt.UTC)  # the contract's timestamps are UTC
        moment = moment.astimezone(dt.UTC)
    except (ValueError, OverflowError):
        raise InvalidClock(
            f"{CLOCK_HEADER} must be an ISO-8601 timestamp, got {shown!r}") from None
    if not CLOCK_EARLIEST <= moment < CLOCK_LATEST:
        raise InvalidClock(
            f"{CLOCK_HEADER} must be between {CLOCK_EARLIEST.date()} and "
            f"{(CLOCK_LATEST - dt.timedelta(days=1)).date()} (UTC), got {shown!r}")
    return moment


def request_now(settings: Settings, clock_header: str | None) -> dt.datetime:
    """The request's *now*: the wall clock, or the test clock header when the server allows
    it (InvalidClock when that header is not a valid moment)."""
    if settings.dev_clock and clock_header is not None:
        return parse_clock(clock_header)
    return dt.datetime.now(dt.UTC)


async def get_now(
    settings: SettingsDep,
    x_fitcoach_now: Annotated[str | None, Header(include_in_schema=False)] = None,
) -> dt.datetime:
    """The request's *now* (`request_now`)."""
    return request_now(settings, x_fitcoach_now)


NowDep = Annotated[dt.datetime, Depends(get_now)]


INVALID_TOKEN = "the bearer token is not valid"


def authenticated(session: Session, token_hash: str) -> UserSettings:
    """The token's user, read in `session`; 401 when no user holds it."""
    caller = UserRepository(session).by_token_hash(token_hash)
    if caller is None:
        raise Unauthorized(INVALID_TOKEN)
    return caller


def _user_of_token(database: Database, token_hash: str) -> UserSettings:
    with database.read() as session:
        return authenticated(session, token_hash)


def presented_token_hash(request: Request) -> str:
    """The hash of the request's bearer token; 401 when it sends none."""
    token = bearer_token(request.headers.get("authorization"))
    if token is None:
        raise Unauthorized("send Authorization: Bearer <token> (POST /api/users gives one)")
    return hash_token(token)


# Declares the scheme in the OpenAPI document (clients and fuzzers then know every route
# but sign-up needs it); the header itself is read and checked by `bearer_token`.
BEARER = HTTPBearer(auto_error=False, scheme_name="bearer",
                    description="the token `POST /api/users` returned")
BearerDep = Annotated[HTTPAuthorizationCredentials | None, Security(BEARER)]


async def get_caller(request: Request, database: DatabaseDep,
                     _credentials: BearerDep = None) -> UserSettings:
    """The authenticated user, from `Authorization: Bearer <token>`; 401 otherwise."""
    token_hash = presented_token_hash(request)
    # Looked up on every request, never remembered: a revoke anywhere counts at once.
    if database.is_sqlite:
        # On the event loop, as the chat turn's own token and snapshot read
        # (`coach.endpoints.open_chat_turn`): a read in WAL mode waits on no writer, and the
        # trip to a worker thread and back costs more CPU than the one-statement read.
        return _user_of_token(database, token_hash)
    return await run_in_threadpool(_user_of_token, database, token_hash)


CallerDep = Annotated[UserSettings, Depends(get_caller)]


@dataclass(frozen=True, slots=True)
class Brains:
    """The configured brain, and the embedded one the pipeline falls back to (DESIGN D8)."""

    primary: Any
    fallback: Any | None = None


_brain_lock = threading.Lock()


def build_brains(app: FastAPI) -> Brains:
    """Build the brains from the app's settings once; every later call returns the same."""
    state = app.state
    brains = getattr(state, "brains", None)
    if brains is None:
        with _brain_lock:
            brains = getattr(state, "brains", None)
            if brains is None:
                # Imported here so the service starts (and its tests run) without them.
                from fitcoach.brain.factory import build_brain
                from fitcoach.store.cache_registry import SqlCacheRegistry

                primary, fallback = build_brain(
                    state.settings, cache_registry=SqlCacheRegistry(state.database))
                brains = state.brains = Brains(primary, fallback)
    return brains


async def close_app_brains(app: FastAPI) -> None:
    """At shutdown: close the brains the app built, if it built any."""
    brains = getattr(app.state, "brains", None)
    if isinstance(brains, Brains):
        from fitcoach.brain.factory import close_brains

        await close_brains(brains.primary, brains.fallback)


async def get_brain(request: Request) -> Brains:
    """The configured brains (`FITCOACH_BRAIN`), built on first use (the app's start-up
    builds them; an app run without its lifespan builds them in a worker thread)."""
    brains = getattr(request.app.state, "brains", None)
    if isinstance(brains, Brains):
        return brains
    return await run_in_threadpool(build_brains, request.app)


# Both are `async def` though they do no I/O, so that FastAPI calls them on the event loop:
# a plain `def` dependency costs every chat turn a round trip through the thread pool.
async def get_turn_runner() -> TurnRunner:
    from fitcoach.brain.pipeline import run_turn

    return run_turn


BrainDep = Annotated[Brains, Depends(get_brain)]
TurnRunnerDep = Annotated[TurnRunner, Depends(get_turn_runner)]
