"""Rate limits: per user on the expensive routes (chat turns, workout logs), and per client
address on sign-up (the one route without a user to count against).

The algorithm is GCRA, a token bucket kept as one number per user and action: the
*theoretical arrival time* (TAT). With a limit of N requests per minute each request costs
an interval T = 60 s / N, and a request at `now` is allowed while

    max(TAT, now) + T <= now + 60 s

that is, a user may spend a burst of N at once and then one every T. Allowed requests move
the TAT forward by T; denied ones leave it alone and learn when to retry.

The state lives in the database (`rate_limits` per user, `client_rate_limits` per client
address, whose stale rows are pruned every `PRUNE_EVERY` sign-ups), decided and updated by
**one upsert** (`INSERT … ON CONFLICT DO UPDATE … RETURNING`), so it is exact with any number of API
processes on one PostgreSQL: PostgreSQL applies concurrent upserts of a row one after the
other, each on the latest version; SQLite has one writer at a time anyway. A per-process
token bucket would allow N × workers; PostgreSQL advisory locks would cost a round trip
more and still need the counter somewhere. The counter is not user data, so its transaction
waits for no flush to disk (`Database.write(durable=False)`: PostgreSQL's `synchronous_commit
= off`, SQLite's `synchronous=NORMAL`, no fsync): losing the last few decisions in a power
cut or a server crash only forgets a little spending.

The clock is the wall clock of the process (`time.time`), not the request's *now*, so the
development clock header (`X-Fitcoach-Now`) can neither be used to skip a limit nor trip one
in tests that travel in time; tests replace `RateLimiter.clock` instead. A TAT more than a
window ahead (a clock that moved backwards, another process's skewed clock) is pulled back
to one window ahead, so skew can delay a user by at most a window.
"""

from __future__ import annotations

import ipaddress
import itertools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any, cast

from sqlalchemy import BigInteger, Table, bindparam, case, delete
from sqlalchemy.dialects import postgresql, sqlite

from fitcoach.api.errors import ErrorResponse, FitcoachError
from fitcoach.settings import Settings
from fitcoach.store.database import Database
from fitcoach.store.models import ClientRateLimitRow, RateLimitRow

WINDOW_SECONDS = 60
_US = 1_000_000
PRUNE_EVERY = 64  # per-client requests of a process between two prunes of stale budgets


class Action(StrEnum):
    CHAT = "chat"
    LOG = "log"
    SIGNUP = "signup"  # per client address, not per user


PER_CLIENT = frozenset({Action.SIGNUP})


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
    if action is Action.SIGNUP:
        return settings.rate_limit_signup_per_minute
    return settings.rate_limit_log_per_minute


_WHAT = {Action.CHAT: "chat messages", Action.LOG: "workout logs",
         Action.SIGNUP: "sign-ups from this address"}

MAX_CLIENT_KEY = 64


def client_key(host: str | None) -> str:
    """Whom a per-client budget belongs to: the IPv4 address, or the /64 of an IPv6 one (a
    single host usually holds a whole /64, so counting single addresses would let it sign up
    without limit). Anything else (a test client's name, no address) is kept as it is."""
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host[:MAX_CLIENT_KEY]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class RateLimiter:
    """Decides and records, in one statement, whether a user may make one more request."""

    def __init__(self, database: Database, settings: Settings,
                 clock: Callable[[], float] = time.time) -> None:
        self.database = database
        self.settings = settings
        self.clock = clock
        self.prune_every = PRUNE_EVERY
        self._per_client_requests = itertools.count()  # next() is atomic under the GIL

    def consume(self, key: str, action: Action) -> Decision:
        """Spend one request of `key`'s budget for `action`: a user id, or for the actions
        in `PER_CLIENT` a `client_key`."""
        limit = per_minute(self.settings, action)
        if limit <= 0:
            return Decision(allowed=True, retry_after_seconds=0)
        now = int(self.clock() * _US)
        window = WINDOW_SECONDS * _US
        interval = window // limit
        per_client = action in PER_CLIENT
        statement = _upsert(self.database.is_sqlite, per_client)
        with self.database.write(durable=False) as session:
            tat, denied = session.connection().execute(statement, {
                "key": key, "action": action.value, "now": now, "window": window,
                "interval": interval}).one()
        if per_client and next(self._per_client_requests) % self.prune_every == 0:
            # A budget whose TAT is past is the same as none: drop those a window old, in a
            # transaction of its own (it then waits on no lock while holding one). Not on
            # every sign-up (a durable transaction each): on the first of the process and
            # every `prune_every`-th after it, which bounds what stale rows can pile up.
            with self.database.write(durable=False) as session:
                session.connection().execute(_PRUNE_CLIENTS, {"stale": now - window})
        if not denied:
            return Decision(allowed=True, retry_after_seconds=0)
        # The next request fits when max(TAT, t) + T <= t + window, i.e. t >= TAT + T - window.
        wait_us = tat + interval - window - now
        return Decision(allowed=False, retry_after_seconds=max(1, math.ceil(wait_us / _US)))

    def enforce(self, key: str, action: Action) -> None:
        """Spend one request of the budget (a user's; a client's for sign-up), or raise
        `RateLimited` (429)."""
        decision = self.consume(key, action)
        if not decision.allowed:
            limit = per_minute(self.settings, action)
            raise RateLimited(
                f"too many {_WHAT[action]}: at most {limit} a minute; "
                f"try again in {decision.retry_after_seconds} s",
                retry_after=decision.retry_after_seconds)


_CLIENTS = cast(Table, ClientRateLimitRow.__table__)  # a mapped class's table is a Table
_PRUNE_CLIENTS = delete(_CLIENTS).where(
    _CLIENTS.c.tat_us < bindparam("stale", type_=BigInteger()))


@cache
def _upsert(sqlite_dialect: bool, per_client: bool = False) -> Any:
    """The deciding upsert, built once per dialect and table with bound parameters (building
    and hashing the expression cost more than running it)."""
    table = _CLIENTS if per_client else cast(Table, RateLimitRow.__table__)
    key = "client" if per_client else "user_id"
    row = table.c
    now, window, interval = (bindparam(name, type_=BigInteger())
                             for name in ("now", "window", "interval"))
    ahead = now + window
    # max(TAT, now), with a TAT more than a window ahead pulled back to now + window.
    base = case((row.tat_us > ahead, ahead), (row.tat_us > now, row.tat_us), else_=now)
    allowed = base + interval <= ahead
    insert = sqlite.insert if sqlite_dialect else postgresql.insert
    return insert(table).values(
        {key: bindparam("key"), "action": bindparam("action"), "tat_us": now + interval,
         "denied": False},
    ).on_conflict_do_update(
        index_elements=[key, "action"],
        set_={"tat_us": case((allowed, base + interval), else_=base),
              "denied": case((allowed, False), else_=True)},
    ).returning(row.tat_us, row.denied)


RATE_LIMIT_RESPONSES: dict[int | str, dict[str, Any]] = {429: {
    "model": ErrorResponse,
    "description": "over the rate limit (the user's; the client address's for sign-up); "
                   "nothing was done, retry after Retry-After seconds",
    "headers": {"Retry-After": {"description": "seconds to wait before trying again",
                                "schema": {"type": "integer", "minimum": 1}}},
}}
