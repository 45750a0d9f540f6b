"""What one chat turn costs the database and the event loop: statements, transactions and
trips to the thread pool per request.

A turn authenticates and reads its snapshot in one read transaction, spends its rate-limit
budget in a write of its own (before thinking, so a refused turn costs no brain), and writes
its effects in one more (docs/performance.md, "Server efficiency"). The budgets are what
the service does today, per kind of turn; a change that adds a round trip (a second
authentication read, a row looked up before it is updated, one INSERT per audit row) fails
here. Deterministic: statements are counted, nothing is timed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import anyio.to_thread
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from fitcoach.api.app import create_app
from fitcoach.settings import Settings
from fitcoach.store.database import Database
from tests.e2e.conftest import Api, sign_up


@dataclass
class Counted:
    statements: list[str] = field(default_factory=list)
    transactions: int = 0


@contextmanager
def counted(database: Database) -> Iterator[Counted]:
    seen = Counted()

    def on_statement(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if statement.split(None, 1)[0].upper() != "BEGIN":  # SQLite's BEGIN is a statement
            seen.statements.append(statement)

    def on_begin(_conn: Any) -> None:
        seen.transactions += 1

    event.listen(database.engine, "before_cursor_execute", on_statement)
    event.listen(database.engine, "begin", on_begin)
    try:
        yield seen
    finally:
        event.remove(database.engine, "before_cursor_execute", on_statement)
        event.remove(database.engine, "begin", on_begin)


# (statements, transactions) of one POST /api/coach/chat, for a user with an accepted week.
# The token lookup carries the newest plan version and the pending proposal (`coach.heads`).
# PostgreSQL adds the user's row lock to a turn that writes memory or a proposal, and the
# rate-limit write's `SET LOCAL synchronous_commit`.
BUDGETS: dict[str, dict[str, tuple[int, int]]] = {
    "sqlite": {
        "hello": (9, 3),
        "remember: Trains before work": (13, 3),
        "update first: Trains before work, at 6": (12, 3),
        "day tuesday Lighter": (11, 3),
        "week Fresh start": (11, 3),
    },
    "postgresql": {
        "hello": (10, 3),
        "remember: Trains before work": (15, 3),
        "update first: Trains before work, at 6": (14, 3),
        "day tuesday Lighter": (13, 3),
        "week Fresh start": (13, 3),
    },
}


@pytest.mark.parametrize("message", list(BUDGETS["sqlite"]))
def test_a_chat_turn_stays_within_its_statement_budget(
        new_user: Callable[..., Api], database: Database, message: str) -> None:
    api = new_user()
    api.accepted_week()
    api.chat("remember: Likes dumbbells")  # an item for `update first`
    with counted(database) as seen:
        api.chat(message)
    budget_statements, budget_transactions = BUDGETS[database.engine.dialect.name][message]
    listing = "\n".join(s.split("\n", 1)[0][:100] for s in seen.statements)
    assert len(seen.statements) <= budget_statements, listing
    assert seen.transactions <= budget_transactions, listing


def test_the_budget_counts_what_a_turn_runs(new_user: Callable[..., Api],
                                           database: Database) -> None:
    """The counter sees the turn's statements: the token lookup, its snapshot, its lines."""
    api = new_user()
    with counted(database) as seen:
        api.chat("hello")
    tables = " ".join(seen.statements)
    assert "FROM users" in tables
    assert "INSERT INTO chat_messages" in tables
    assert seen.transactions >= 2


def test_a_chat_turn_makes_few_trips_to_the_thread_pool(
        database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each trip to the thread pool is a queue hand-off and two GIL switches. With the
    embedded brain (whose turn is a coroutine) a turn makes two: the rate-limit write and the
    persist; on PostgreSQL the token and snapshot read is a third (a network round trip is
    not made on the event loop; SQLite's read is). A `def` dependency, or a read of its own,
    adds one."""
    settings = Settings(db=database.url.render_as_string(hide_password=False),
                        dev_clock=True, brain="embedded", rate_limit_signup_per_minute=0)
    client = TestClient(create_app(settings, database=database, web_directory=None))
    api = sign_up(client)
    api.chat("thanks!")  # the first request of an app without its lifespan builds the brain
    trips: list[str] = []
    run_sync = anyio.to_thread.run_sync

    async def counting(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        trips.append(getattr(func, "__qualname__", repr(func)))
        return await run_sync(func, *args, **kwargs)

    monkeypatch.setattr(anyio.to_thread, "run_sync", counting)
    api.chat("thanks!")
    assert len(trips) <= (2 if database.is_sqlite else 3), trips


def test_on_sqlite_a_chat_turn_runs_its_statements_on_the_driver(
        new_user: Callable[..., Api], database: Database,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLAlchemy's execution costs a statement ~10× SQLite's own work (docs/performance.md):
    the turn's prebuilt statements go to the driver's cursor (`store.lean`) unless someone
    listens to statement events (the budget above, which then sees them all). The rate
    limit's upsert alone keeps SQLAlchemy's path."""
    if not database.is_sqlite:
        pytest.skip("PostgreSQL keeps SQLAlchemy's execution")
    from sqlalchemy.engine import Connection

    api = new_user()
    api.accepted_week()
    api.chat("remember: Likes dumbbells")
    through_sqlalchemy: list[str] = []
    execute = Connection.execute

    def counting(self: Connection, statement: Any, *args: Any, **kwargs: Any) -> Any:
        through_sqlalchemy.append(str(statement).split("\n", 1)[0][:80])
        return execute(self, statement, *args, **kwargs)

    monkeypatch.setattr(Connection, "execute", counting)
    for message in ("hello", "day tuesday Lighter", "week Fresh start"):
        api.chat(message)
    # The rate limit's upsert reads its own RETURNING, which `lean` leaves to SQLAlchemy.
    assert [s for s in through_sqlalchemy if "rate_limits" not in s] == []
    assert len(through_sqlalchemy) == 3


def test_an_authenticated_read_looks_the_token_up_on_the_loop_on_sqlite(
        database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """`GET /api/users/me` is a `def` endpoint: FastAPI runs it, and then validates its
    answer, in the thread pool (two trips). On SQLite the token lookup (`get_caller`)
    reads on the event loop, as the chat turn's does, and adds none; PostgreSQL's lookup
    makes a trip of its own (a network round trip is not made on the loop)."""
    settings = Settings(db=database.url.render_as_string(hide_password=False),
                        dev_clock=True, brain="embedded", rate_limit_signup_per_minute=0)
    client = TestClient(create_app(settings, database=database, web_directory=None))
    api = sign_up(client)
    trips: list[str] = []
    run_sync = anyio.to_thread.run_sync

    async def counting(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        trips.append(getattr(func, "__qualname__", repr(func)))
        return await run_sync(func, *args, **kwargs)

    monkeypatch.setattr(anyio.to_thread, "run_sync", counting)
    answer = client.get("/api/users/me", headers={"Authorization": f"Bearer {api.token}"})
    assert answer.status_code == 200
    assert answer.json()["user_id"] == api.user_id
    assert len(trips) == (2 if database.is_sqlite else 3), trips
    refused = client.get("/api/users/me", headers={"Authorization": "Bearer nope"})
    assert refused.status_code == 401
