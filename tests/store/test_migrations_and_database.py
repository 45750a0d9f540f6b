"""The shipped migrations build exactly the mapped schema; transactions and types behave
the same on both databases."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError

from fitcoach.brain.ports import UserSettings
from fitcoach.store.database import Database
from fitcoach.store.migrate import alembic_config, upgrade
from fitcoach.store.models import ApiToken, Base, ContextCacheRow, User
from tests.store.conftest import NOW
from tests.store.databases import BACKENDS, provision


def _head(database: Database) -> str | None:
    return ScriptDirectory.from_config(alembic_config(database.engine)).get_current_head()


def test_the_migrations_build_the_mapped_schema(database: Database) -> None:
    with database.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, Base.metadata) == []
        assert context.get_current_revision() == _head(database)


def test_upgrading_again_changes_nothing(database: Database) -> None:
    upgrade(database)
    with database.engine.connect() as connection:
        assert MigrationContext.configure(connection).get_current_revision() == _head(database)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_fresh_database_migrates_from_nothing(backend: str, tmp_path: Path) -> None:
    with provision(backend, tmp_path) as fresh, fresh.read() as session:
        assert session.scalars(select(User)).all() == []


def test_a_failed_write_transaction_writes_nothing(
        database: Database, new_user: Callable[..., UserSettings]) -> None:
    user = new_user()

    def write_then_fail() -> None:
        with database.write(lock_user=user.user_id) as session:
            session.add(ApiToken(token_hash="f" * 64, user_id=user.user_id, created_at=NOW))
            session.flush()
            raise RuntimeError("the request failed after writing")

    with pytest.raises(RuntimeError):
        write_then_fail()
    with database.read() as session:
        assert session.get(ApiToken, "f" * 64) is None


def test_foreign_keys_are_enforced(database: Database) -> None:
    with pytest.raises(IntegrityError), database.write() as session:
        session.add(ApiToken(token_hash="e" * 64, user_id="usr_nobody", created_at=NOW))


def test_timestamps_come_back_aware_and_in_utc(database: Database) -> None:
    rome = dt.timezone(dt.timedelta(hours=2))
    expires = dt.datetime(2026, 9, 14, 12, 30, tzinfo=rome)
    with database.write() as session:
        session.add(ContextCacheRow(key="k-utc", provider="p", model="m", prompt_hash="h",
                                    cache_name="c", expires_at=expires, created_at=NOW,
                                    updated_at=NOW))
    with database.read() as session:
        row = session.get(ContextCacheRow, "k-utc")
        assert row is not None
        assert row.expires_at == expires
        assert row.expires_at.tzinfo == dt.UTC
    with database.write() as session:
        session.delete(session.get(ContextCacheRow, "k-utc"))


def test_naive_timestamps_are_refused(database: Database) -> None:
    def write_naive() -> None:
        with database.write() as session:
            session.add(ContextCacheRow(key="k-naive", provider="p", model="m",
                                        prompt_hash="h", cache_name="c",
                                        expires_at=dt.datetime(2026, 9, 14),
                                        created_at=NOW, updated_at=NOW))

    with pytest.raises(Exception, match="naive datetime"):
        write_naive()


def test_sqlite_runs_in_wal_mode_with_foreign_keys(database: Database) -> None:
    if not database.is_sqlite:
        pytest.skip("SQLite settings")
    with database.read() as session:
        assert session.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert session.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert session.execute(text("PRAGMA busy_timeout")).scalar() > 0
