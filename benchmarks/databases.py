"""Throw-away, migrated databases for benchmarks: a SQLite file in a temp directory, or a
private schema on the PostgreSQL server at `FITCOACH_BENCH_PG_URL` (dropped afterwards)."""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
from sqlalchemy.engine import URL, make_url

from fitcoach.store.database import Database
from fitcoach.store.migrate import upgrade

DEFAULT_PG_URL = "postgresql+psycopg://root@127.0.0.1:5432/test"


def pg_url() -> str:
    return os.environ.get("FITCOACH_BENCH_PG_URL", DEFAULT_PG_URL)


def postgres_available() -> bool:
    try:
        psycopg.connect(_libpq(pg_url()), connect_timeout=3).close()
    except psycopg.OperationalError:
        return False
    return True


def _libpq(url: str | URL) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


@contextmanager
def scratch_url(backend: str) -> Iterator[str]:
    """A URL to an empty database that disappears when the block ends."""
    if backend == "sqlite":
        with tempfile.TemporaryDirectory(prefix="fitcoach-bench-") as directory:
            yield f"sqlite:///{Path(directory) / 'bench.db'}"
        return
    schema = f"fitcoach_bench_{secrets.token_hex(5)}"
    with psycopg.connect(_libpq(pg_url()), autocommit=True) as admin:
        admin.execute(f'CREATE SCHEMA "{schema}"')
        try:
            url = make_url(pg_url()).update_query_dict({"options": f"-csearch_path={schema}"})
            yield url.render_as_string(hide_password=False)
        finally:
            admin.execute(f'DROP SCHEMA "{schema}" CASCADE')


@contextmanager
def scratch_database(backend: str, **options: int) -> Iterator[Database]:
    with scratch_url(backend) as url:
        database = Database(url, **options)
        try:
            upgrade(database)
            yield database
        finally:
            database.dispose()
