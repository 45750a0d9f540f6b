"""Provision migrated, isolated databases for tests: a temporary SQLite file, or a private
schema on the PostgreSQL server at `FITCOACH_TEST_PG_URL` (skipped when it does not answer).

Each PostgreSQL run gets its own schema, selected through `search_path`, and drops it
afterwards, so concurrent or repeated runs never see each other's rows.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest
from sqlalchemy.engine import make_url

from fitcoach.store.database import Database
from fitcoach.store.migrate import upgrade

DEFAULT_PG_URL = "postgresql+psycopg://root@127.0.0.1:5432/test"
BACKENDS = [pytest.param("sqlite", id="sqlite"),
            pytest.param("postgres", id="postgres", marks=pytest.mark.postgres)]


def pg_url() -> str:
    return os.environ.get("FITCOACH_TEST_PG_URL", DEFAULT_PG_URL)


def _libpq(url: str) -> str:
    parsed = make_url(url)
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


@contextmanager
def sqlite_database(directory: Path, revision: str = "head") -> Iterator[Database]:
    database = Database(f"sqlite:///{directory / 'fitcoach-test.db'}")
    upgrade(database, revision)
    try:
        yield database
    finally:
        database.dispose()


@contextmanager
def postgres_database(revision: str = "head") -> Iterator[Database]:
    base = pg_url()
    try:
        admin = psycopg.connect(_libpq(base), autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as error:
        pytest.skip(f"PostgreSQL at {base} does not answer: {error}")
    schema = f"fitcoach_test_{secrets.token_hex(6)}"
    admin.execute(f'CREATE SCHEMA "{schema}"')
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    database = Database(url)
    try:
        upgrade(database, revision)
        yield database
    finally:
        database.dispose()
        admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
        admin.close()


@contextmanager
def provision(backend: str, directory: Path, revision: str = "head") -> Iterator[Database]:
    """A database migrated to `revision` (the latest by default)."""
    if backend == "sqlite":
        with sqlite_database(directory, revision) as database:
            yield database
    else:
        with postgres_database(revision) as database:
            yield database
