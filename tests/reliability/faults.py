"""Database faults on demand, for one engine: the connection dies at a chosen point of a
request's write transaction.

On PostgreSQL the server really ends the session (`pg_terminate_backend`, waiting until it
is gone), so the next statement, or the COMMIT, fails as it would when the server restarts
or the network drops. SQLite has no server to lose; there the point raises the error a
failing disk gives (`disk I/O error`) from the driver, where SQLAlchemy sees driver errors.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from sqlalchemy import event

from fitcoach.store.database import Database
from tests.store.databases import _libpq, pg_url

COMMIT = "COMMIT"


def terminate_backend(pid: int) -> None:
    with psycopg.connect(_libpq(pg_url()), autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s, 10000)", (pid,))


def _pid(connection: Any) -> int:
    # A psycopg connection, or the pool's proxy around one (what do_commit receives).
    return getattr(connection, "dbapi_connection", connection).info.backend_pid


class Fault:
    """Armed once: the first time a write reaches the point, the database goes away."""

    def __init__(self, database: Database, at: str) -> None:
        self.database = database
        self.at = at
        self.fired = 0

    def _hit(self, dbapi_connection: Any) -> None:
        self.fired += 1
        if self.database.is_sqlite:
            raise sqlite3.OperationalError("disk I/O error")
        terminate_backend(_pid(dbapi_connection))

    def before_execute(self, conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if not self.fired and self.at != COMMIT and statement.startswith(self.at):
            self._hit(cursor.connection)

    def do_commit(self, original: Any, dbapi_connection: Any) -> None:
        if not self.fired and self.at == COMMIT:
            self._hit(dbapi_connection)
        original(dbapi_connection)


@contextmanager
def database_fault(database: Database, at: str) -> Iterator[Fault]:
    """Lose the database when a statement starting with `at` runs, or at `COMMIT`."""
    fault = Fault(database, at)
    engine = database.engine
    dialect = engine.dialect
    original_commit = dialect.do_commit
    event.listen(engine, "before_cursor_execute", fault.before_execute)
    # do_commit is where SQLAlchemy turns a driver error at COMMIT into its own error.
    dialect.do_commit = lambda connection: fault.do_commit(original_commit, connection)  # type: ignore[method-assign]
    try:
        yield fault
    finally:
        event.remove(engine, "before_cursor_execute", fault.before_execute)
        dialect.do_commit = original_commit  # type: ignore[method-assign]


def kill_idle_connections(database: Database) -> int:
    """Terminate every PostgreSQL session the engine's pool holds; how many there were."""
    pool = database.engine.pool
    pids = []
    for record in list(getattr(pool, "_pool").queue):  # idle connections  # noqa: B009
        if record.dbapi_connection is not None:
            pids.append(_pid(record.dbapi_connection))
    for pid in pids:
        terminate_backend(pid)
    return len(pids)
