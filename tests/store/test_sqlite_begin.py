"""How SQLite transactions begin (store.database): BEGIN sent straight to the driver, a write
taking the write lock as it begins, a read inside a write staying a reader, and a lock held
elsewhere reported as SQLAlchemy's OperationalError (the API's 503)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import exc, text
from sqlalchemy.orm import Session

from fitcoach.api.errors import database_unavailable
from fitcoach.store import database as database_module
from fitcoach.store.database import Database


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Database]:
    # A short busy timeout: a mistake here fails at once instead of after 15 s.
    monkeypatch.setattr(database_module, "SQLITE_BUSY_TIMEOUT_MS", 100)
    database = Database(f"sqlite:///{tmp_path / 'begin.db'}")
    with database.write() as session:
        session.execute(text("CREATE TABLE t (x INTEGER)"))
    yield database
    database.dispose()


def _other_writer_gets_the_lock(database: Database) -> bool:
    other = sqlite3.connect(database.url.database or "", isolation_level=None, timeout=0)
    try:
        other.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        if "locked" not in str(error):
            raise
        return False
    finally:
        other.close()  # rolls back what it began
    return True


def test_no_connection_event_listener_taxes_every_statement(database: Database) -> None:
    # Any connection event listener on the engine makes SQLAlchemy dispatch events around
    # every statement; BEGIN is the dialect's hook, the PRAGMAs a pool event.
    assert not database.engine._has_events


def test_a_write_holds_the_write_lock_from_its_start(database: Database) -> None:
    assert _other_writer_gets_the_lock(database)
    with database.write():
        assert not _other_writer_gets_the_lock(database)  # before any statement of its own
    assert _other_writer_gets_the_lock(database)


def test_a_read_stays_a_reader_inside_a_write_and_after_one(database: Database) -> None:
    with database.write() as session:
        session.execute(text("INSERT INTO t VALUES (1)"))
        with database.read() as reader:  # a deferred BEGIN: it would wait on the writer
            assert reader.execute(text("SELECT count(*) FROM t")).scalar_one() == 0
    with database.read() as reader:
        assert reader.execute(text("SELECT count(*) FROM t")).scalar_one() == 1
        assert _other_writer_gets_the_lock(database)


def test_a_write_that_fails_writes_nothing(database: Database) -> None:
    def fails_half_way() -> None:
        with database.write() as session:
            session.execute(text("INSERT INTO t VALUES (2)"))
            raise RuntimeError("the request failed half-way")

    with pytest.raises(RuntimeError):
        fails_half_way()
    with database.read() as reader:
        assert reader.execute(text("SELECT count(*) FROM t")).scalar_one() == 0


def test_a_lock_held_elsewhere_is_an_operational_error_meaning_unavailable(
        database: Database) -> None:
    holder = sqlite3.connect(database.url.database or "", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(exc.OperationalError) as raised, database.write():
            pass
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert database_unavailable(raised.value)


def _synchronous(session: Session) -> int:
    return int(session.execute(text("PRAGMA synchronous")).scalar_one())  # 1 NORMAL, 2 FULL


def test_only_a_write_that_asks_skips_the_flush_to_disk(database: Database) -> None:
    # The rate limits' counters skip the fsync; user data, written after them on the same
    # pooled connection, does not.
    for _ in range(2):
        with database.write(durable=False) as session:
            assert _synchronous(session) == 1
            session.execute(text("INSERT INTO t VALUES (3)"))
        with database.write() as session:
            assert _synchronous(session) == 2
    with database.read() as reader:
        assert reader.execute(text("SELECT count(*) FROM t")).scalar_one() == 2


def test_a_database_configured_normal_stays_normal(tmp_path: Path) -> None:
    database = Database(f"sqlite:///{tmp_path / 'normal.db'}", sqlite_synchronous="NORMAL")
    try:
        for durable in (False, True):
            with database.write(durable=durable) as session:
                assert _synchronous(session) == 1
    finally:
        database.dispose()
