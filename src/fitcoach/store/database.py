"""Engines, sessions and the two kinds of transaction the service uses.

`read()` is a consistent snapshot for loading state. `write(lock_user=...)` is the one
transaction a request writes in: it commits when the block ends and rolls back on any
exception, so a failed request writes nothing. It serialises writers of the same user:
PostgreSQL locks the user's row (`SELECT … FOR UPDATE`); SQLite has one writer at a time
anyway, and `BEGIN IMMEDIATE` takes that lock up front so a transaction that read first can
never fail to upgrade to a writer half-way.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, create_engine, event, select
from sqlalchemy.engine import URL, make_url
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from fitcoach.store.models import User

SQLITE_BUSY_TIMEOUT_MS = 15_000
SQLITE_SYNCHRONOUS = ("FULL", "NORMAL")
_WRITE_OPTION = "fitcoach_write"


def _sqlite_engine(url: URL, synchronous: str = "FULL", **options: Any) -> Engine:
    if synchronous not in SQLITE_SYNCHRONOUS:
        raise ValueError(f"synchronous must be one of {SQLITE_SYNCHRONOUS}, not {synchronous!r}")
    in_memory = url.database in (None, "", ":memory:")
    if in_memory:
        # One shared connection, or every session would see its own empty database.
        options |= {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
    engine = create_engine(url, **options)

    @event.listens_for(engine, "connect")
    def _configure(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" event below issue BEGIN itself (pysqlite would otherwise
        # start transactions late and in its own way).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        if not in_memory:
            cursor.execute("PRAGMA journal_mode=WAL")
            # WAL + FULL: a commit is on disk before it returns, so an acknowledged write
            # survives a power cut as well as a crash; NORMAL survives process crashes only
            # (docs/reliability.md has the trade-off and its measured cost).
            cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        writing = connection.get_execution_options().get(_WRITE_OPTION, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writing else "BEGIN")

    return engine


def build_engine(url: str | URL, *, pool_size: int = 10, max_overflow: int = 20,
                 sqlite_synchronous: str = "FULL") -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _sqlite_engine(parsed, sqlite_synchronous)
    # No pre-ping: it costs a round trip on every checkout. A connection the server closed
    # fails its request once and is then discarded by the pool (issue 7 covers the 503).
    return create_engine(parsed, pool_size=pool_size, max_overflow=max_overflow,
                         pool_recycle=3600)


class Database:
    """One engine and the transactions over it; one instance per process."""

    def __init__(self, url: str | URL, *, pool_size: int = 10, max_overflow: int = 20,
                 sqlite_synchronous: str = "FULL") -> None:
        self.engine = build_engine(url, pool_size=pool_size, max_overflow=max_overflow,
                                   sqlite_synchronous=sqlite_synchronous)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        self._read_sessions = sessionmaker(self.engine, expire_on_commit=False)
        write_engine = self.engine.execution_options(**{_WRITE_OPTION: True})
        self._write_sessions = sessionmaker(write_engine, expire_on_commit=False)

    @property
    def url(self) -> URL:
        return self.engine.url

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A read-only snapshot; closing the session rolls back anything written in it."""
        with self._read_sessions() as session:
            yield session

    @contextmanager
    def write(self, *, lock_user: str | None = None) -> Iterator[Session]:
        """One atomic transaction; with `lock_user`, no other writer of that user runs."""
        with self._write_sessions() as session, session.begin():
            if lock_user is not None and not self.is_sqlite:
                session.execute(select(User.id).where(User.id == lock_user).with_for_update())
            yield session

    def dispose(self) -> None:
        self.engine.dispose()
