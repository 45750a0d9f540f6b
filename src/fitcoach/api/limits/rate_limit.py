"""Per-user rate limits on the expensive routes (chat turns, workout logs).

The algorithm is GCRA, a token bucket kept as one number per user and action: the
*theoretical arrival time* (TAT). With a limit of N requests per minute each request costs
an interval T = 60 s / N, and a request at `now` is allowed while

    max(TAT, now) + T <= now + 60 s

that is, a user may spend a burst of N at once and then one every T. Allowed requests move
the TAT forward by T; denied ones leave it alone and learn when to retry.

The state lives in the database (`rate_limits`), decided and updated by **one upsert**
(`INSERT … ON CONFLICT DO UPDATE … RETURNING`), so it is exact with any number of API
processes on one PostgreSQL: PostgreSQL applies concurrent upserts of a row one after the
other, each on the latest version; SQLite has one writer at a time anyway. A per-process
token bucket would allow N × workers; PostgreSQL advisory locks would cost a round trip
more and still need the counter somewhere. The counter is not user data: on PostgreSQL its
transaction commits asynchronously (`synchronous_commit = off`, no WAL flush to wait for),
since losing the last few decisions in a server crash only forgets a little spending.

The clock is the wall clock of the process (`time.time`), not the request's *now*, so the
development clock header (`X-Fitcoach-Now`) can neither be used to skip a limit nor trip one
in tests that travel in time; tests replace `RateLimiter.clock` instead. A TAT more than a
window ahead (a clock that moved backwards, another process's skewed clock) is pulled back
to one window ahead, so skew can delay a user by at most a window.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

from sqlalchemy import BigInteger, bindparam, case, text
from sqlalchemy.dialects import postgresql, sqlite

from fitcoach.api.errors import ErrorResponse, FitcoachError
from fitcoach.settings import Settings
from fitcoach.store.database import Database
from fitcoach.store.models import RateLimitRow

WINDOW_SECONDS = 60
_US = 1_000_000


class Action(StrEnum):
    CHAT = "chat"
    LOG = "log"


class RateLimited(FitcoachError):
    status_code = 429
    code = "rate_limited"

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message, headers={"Retry-After": str(retry_after)})
        self.retry_after = retry_after


@dataclass(frozen=True, slots=True)
class Decision:
    allowed: bool
    retry_after_seconds: int  # 0 when allowed


def per_minute(settings: Settings, action: Action) -> int:
    """The configured limit; 0 means no limit."""
    if action is Action.CHAT:
        return settings.rate_limit_chat_per_minute
    return settings.rate_limit_log_per_minute


_WHAT = {Action.CHAT: "chat messages", Action.LOG: "workout logs"}


class RateLimiter:
    """Decides and records, in one statement, whether a user may make one more request."""

    def __init__(self, database: Database, settings: Settings,
                 clock: Callable[[], float] = time.time) -> None:
        self.database = database
        self.settings = settings
        self.clock = clock

    def consume(self, user_id: str, action: Action) -> Decision:
        limit = per_minute(self.settings, action)
        if limit <= 0:
            return Decision(allowed=True, retry_after_seconds=0)
        now = int(self.clock() * _US)
        window = WINDOW_SECONDS * _US
        interval = window // limit
        statement = _upsert(self.database.is_sqlite)
        with self.database.write() as session:
            if not self.database.is_sqlite:
                session.execute(_ASYNC_COMMIT)
            tat, denied = session.connection().execute(statement, {
                "user_id": user_id, "action": action.value, "now": now, "window": window,
                "interval": interval}).one()
        if not denied:
            return Decision(allowed=True, retry_after_seconds=0)
        # The next request fits when max(TAT, t) + T <= t + window, i.e. t >= TAT + T - window.
        wait_us = tat + interval - window - now
        return Decision(allowed=False, retry_after_seconds=max(1, math.ceil(wait_us / _US)))

    def enforce(self, user_id: str, action: Action) -> None:
        """Spend one request of the user's budget, or raise `RateLimited` (429)."""
        decision = self.consume(user_id, action)
        if not decision.allowed:
            limit = per_minute(self.settings, action)
            raise RateLimited(
                f"too many {_WHAT[action]}: at most {limit} a minute; "
                f"try again in {decision.retry_after_seconds} s",
                retry_after=decision.retry_after_seconds)


_ASYNC_COMMIT = text("SET LOCAL synchronous_commit = off")


@cache
def _upsert(sqlite_dialect: bool) -> Any:
    """The deciding upsert, built once per dialect with bound parameters (building and
    hashing the expression cost more than running it)."""
    row = RateLimitRow.__table__.c
    now, window, interval = (bindparam(name, type_=BigInteger())
                             for name in ("now", "window", "interval"))
    ahead = now + window
    # max(TAT, now), with a TAT more than a window ahead pulled back to now + window.
    base = case((row.tat_us > ahead, ahead), (row.tat_us > now, row.tat_us), else_=now)
    allowed = base + interval <= ahead
    insert = sqlite.insert if sqlite_dialect else postgresql.insert
    return insert(RateLimitRow.__table__).values(
        user_id=bindparam("user_id"), action=bindparam("action"), tat_us=now + interval,
        denied=False,
    ).on_conflict_do_update(
        index_elements=["user_id", "action"],
        set_={"tat_us": case((allowed, base + interval), else_=base),
              "denied": case((allowed, False), else_=True)},
    ).returning(row.tat_us, row.denied)


RATE_LIMIT_RESPONSES = {429: {
    "model": ErrorResponse,
    "description": "over the user's rate limit; nothing was done, retry after Retry-After "
                   "seconds",
    "headers": {"Retry-After": {"description": "seconds to wait before trying again",
                                "schema": {"type": "integer", "minimum": 1}}},
}}
