"""Engines, sessions and the two kinds of transaction the service uses.

`read()` is a consistent snapshot for loading state. `write(lock_user=...)` is the one
transaction a request writes in: it commits when the block ends and rolls back on any
exception, so a failed request writes nothing. It serialises writers of the same user:
PostgreSQL locks the user's row (`SELECT … FOR UPDATE`); SQLite has one writer at a time
anyway, and `BEGIN IMMEDIATE` takes that lock up front so a transaction that read first can
never fail to upgrade to a writer half-way; its writers queue in `SqliteWriteGate` first.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext, suppress
from typing import Any

from sqlalchemy import Engine, bindparam, create_engine, event, select, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from fitcoach.store.models import User

SQLITE_BUSY_TIMEOUT_MS = 15_000
SQLITE_SYNCHRONOUS = ("FULL", "NORMAL")


def _sqlite_engine(url: URL, synchronous: str = "FULL", **options: Any) -> Engine:
    if synchronous not in SQLITE_SYNCHRONOUS:
        raise ValueError(f"synchronous must be one of {SQLITE_SYNCHRONOUS}, not {synchronous!r}")
    in_memory = url.database in (None, "", ":memory:")
    if in_memory:
        # One shared connection, or every session would see its own empty database.
        options |= {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
    engine = create_engine(url, **options)

    @event.listens_for(engine, "connect")
    def _configure(dbapi_connection: Any, record: Any) -> None:
        # Let the dialect hook below issue BEGIN itself (pysqlite would otherwise
        # start transactions late and in its own way).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        if not in_memory:
            cursor.execute("PRAGMA journal_mode=WAL")
            # WAL + FULL: a commit is on disk before it returns, so an acknowledged write
            # survives a power cut as well as a crash; NORMAL survives process crashes only
            # (docs/reliability.md has the trade-off and its measured cost).
            cursor.execute(f"PRAGMA synchronous={synchronous}")
        record.info[_SYNCHRONOUS_KEY] = synchronous
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    # SQLAlchemy issues no BEGIN for pysqlite (its `do_begin` does nothing), so the dialect's
    # hook sends it straight to the driver. Not a "begin" event, as SQLAlchemy's docs show:
    # an engine with any connection event listener dispatches before/after events around
    # every statement, about a tenth of the Python calls a chat turn makes outside the brain
    # (docs/performance.md). Errors still come back wrapped (`Connection._begin_impl`): a
    # lock held past the busy timeout is an OperationalError, answered 503.
    dialect: Any = engine.dialect
    dialect.do_begin = _begin_on_driver
    return engine


# Set by `Database.write` around its first checkout, on its own thread: `write` is the
# `synchronous` setting the transaction's commit needs (None: a read).
_BEGIN = threading.local()
_SYNCHRONOUS_KEY = "fitcoach_synchronous"  # a pooled SQLite connection's current setting


def _begin_on_driver(pooled: Any) -> None:
    synchronous = getattr(_BEGIN, "write", None)
    if synchronous is None:
        pooled.execute("BEGIN")
        return
    # SQLite refuses to change the setting inside a transaction, so it is set before one,
    # and kept per pooled connection: only a change costs a statement, and every write
    # states what it needs, so none has to undo it afterwards.
    if pooled.info.get(_SYNCHRONOUS_KEY) != synchronous:
        pooled.execute(f"PRAGMA synchronous={synchronous}")
        pooled.info[_SYNCHRONOUS_KEY] = synchronous
    pooled.execute("BEGIN IMMEDIATE")


@contextmanager
def _write_begin(synchronous: str) -> Iterator[None]:
    """The transaction begun on this thread inside the block takes the write lock up front
    and commits with `synchronous`."""
    _BEGIN.write = synchronous
    try:
        yield
    finally:
        _BEGIN.write = None


def build_engine(url: str | URL, *, pool_size: int = 10, max_overflow: int = 20,
                 sqlite_synchronous: str = "FULL") -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _sqlite_engine(parsed, sqlite_synchronous)
    # No pre-ping: it costs a round trip on every checkout. A connection the server closed
    # fails its request once and is then discarded by the pool (issue 7 covers the 503).
    return create_engine(parsed, pool_size=pool_size, max_overflow=max_overflow,
                         pool_recycle=3600)


_GATES: weakref.WeakSet[SqliteWriteGate] = weakref.WeakSet()


def _reset_gates_in_child() -> None:
    for gate in list(_GATES):
        gate._after_fork_in_child()


class SqliteWriteGate:
    """The queue in front of one SQLite file's single writer.

    SQLite lets one transaction write at a time; a writer that finds the lock taken sleeps
    in SQLite's busy handler with growing pauses (1, 2, 5 … up to 100 ms) and tries again,
    so under load a writer waits far longer than the lock is held, and the writers of a
    busy process keep winning against a sleeping one (p99 in seconds with two workers).
    Here the threads of a process queue on a lock and the processes on an exclusive
    `flock` of a file beside the database, polled every 0.2-2 ms: each writer waits about
    as long as the writers before it hold the lock. After the busy timeout a writer goes
    on regardless and SQLite decides, as before. A process that dies releases its flock.
    """

    def __init__(self, database_path: str, timeout_s: float = SQLITE_BUSY_TIMEOUT_MS / 1000
                 ) -> None:
        self.path = f"{database_path}-writers.lock"
        self.timeout_s = timeout_s
        self._threads = threading.Lock()
        self._fd: int | None = None
        _GATES.add(self)

    def _try_flock(self) -> bool:
        if self._fd is None:
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def close(self) -> None:
        """Close the lock file (reopened by the next writer, if any).

        Waits for the thread in turn, if any, to leave; one that has not left by the
        timeout keeps the descriptor (leaked rather than closed under its feet).
        """
        if not self._threads.acquire(timeout=self.timeout_s):
            return
        try:
            fd, self._fd = self._fd, None
            if fd is not None:
                os.close(fd)
        finally:
            self._threads.release()

    def _after_fork_in_child(self) -> None:
        # A descriptor inherited through fork() shares the parent's lock instead of queueing
        # behind it, and `_threads` may have been copied held by a thread that does not
        # exist here. Closing the copy leaves the parent's lock alone (it lives until every
        # descriptor of the open file is closed or unlocks it; the child never unlocks it).
        self._threads = threading.Lock()
        fd, self._fd = self._fd, None
        if fd is not None:
            with suppress(OSError):
                os.close(fd)

    @contextmanager
    def held(self) -> Iterator[None]:
        deadline = time.monotonic() + self.timeout_s
        in_turn = self._threads.acquire(timeout=self.timeout_s)
        locked = False
        try:
            # Only the thread holding `_threads` touches `_fd`: flock on a descriptor that
            # already holds the lock succeeds, and that thread's LOCK_UN would then release
            # the lock the thread in turn relies on. A thread that gave up goes straight on.
            pause = 0.0002
            try:
                while (in_turn and not (locked := self._try_flock())
                       and time.monotonic() < deadline):
                    time.sleep(pause)
                    pause = min(2 * pause, 0.002)
            except OSError:
                pass  # no lock file (a missing directory): SQLite reports the real problem
            yield
        finally:
            if locked:
                assert self._fd is not None
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            if in_turn:
                self._threads.release()


class Database:
    """One engine and the transactions over it; one instance per process."""

    def __init__(self, url: str | URL, *, pool_size: int = 10, max_overflow: int = 20,
                 sqlite_synchronous: str = "FULL") -> None:
        self.engine = build_engine(url, pool_size=pool_size, max_overflow=max_overflow,
                                   sqlite_synchronous=sqlite_synchronous)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        self._synchronous = sqlite_synchronous
        file = self.engine.url.database if self.is_sqlite else None
        self._write_gate = (SqliteWriteGate(file)
                            if file and file != ":memory:" and not file.startswith("file:")
                            else None)
        # PostgreSQL's default, READ COMMITTED, takes a snapshot per statement; a read is
        # several statements that must agree, so it asks for one snapshot for the whole
        # transaction, read-only (psycopg sends both with its BEGIN). SQLite's deferred
        # read transaction in WAL mode is one snapshot already.
        read_engine = (self.engine if self.is_sqlite else self.engine.execution_options(
            isolation_level="REPEATABLE READ", postgresql_readonly=True))
        self._read_sessions = sessionmaker(read_engine, expire_on_commit=False)
        self._write_sessions = sessionmaker(self.engine, expire_on_commit=False)

    @property
    def url(self) -> URL:
        return self.engine.url

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A consistent snapshot: every statement in it sees the same committed state.

        Read-only: PostgreSQL refuses a write in it; on SQLite closing the session rolls
        back anything written in it.
        """
        with self._read_sessions() as session:
            yield session

    @contextmanager
    def write(self, *, lock_user: str | None = None, durable: bool = True
              ) -> Iterator[Session]:
        """One atomic transaction; with `lock_user`, no other writer of that user runs.

        `durable=False` is for bookkeeping whose last few commits a power cut may forget
        (the rate limits' counters): its commit waits for no flush to disk (SQLite:
        `synchronous=NORMAL` for that commit, so no fsync; PostgreSQL: `synchronous_commit =
        off`). It is still atomic, and a process crash loses nothing of it.
        """
        if self.is_sqlite:  # one writer at a time anyway
            gate = self._write_gate.held() if self._write_gate is not None else nullcontext()
            with gate, self._write_sessions() as session, session.begin():
                # Begun here, at once, and only this transaction: a read opened inside the
                # block (its own session) must stay a deferred BEGIN.
                with _write_begin(self._synchronous if durable else "NORMAL"):
                    session.connection()
                yield session
            return
        with self._write_sessions() as session, session.begin():
            if not durable:
                session.execute(_ASYNC_COMMIT)
            if lock_user is not None:
                session.execute(_LOCK_USER, {"user_id": lock_user})
            yield session

    def dispose(self) -> None:
        self.engine.dispose()
        if self._write_gate is not None:
            self._write_gate.close()


os.register_at_fork(after_in_child=_reset_gates_in_child)

_ASYNC_COMMIT = text("SET LOCAL synchronous_commit = off")
_LOCK_USER = (select(User.__table__.c.id).where(User.__table__.c.id == bindparam("user_id"))
              .with_for_update())
