"""Reliability tests (issue 7): abuse limits, prompt injection, secrets, faults.

They reuse the HTTP fixtures of `tests/e2e` (each test runs on SQLite and on PostgreSQL);
`FakeClock` replaces the rate limiter's wall clock so budgets refill without sleeping.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fitcoach.store.database import Database
from tests.e2e.conftest import app, client, database, new_user, turns  # noqa: F401
from tests.store.databases import sqlite_database


class FakeClock:
    """Seconds since the epoch, moved by hand."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture(scope="module")
def sqlite_only(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    """For tests where the database engine plays no part (LLM providers, secrets in logs):
    SQLite only, to keep the suite fast."""
    with sqlite_database(tmp_path_factory.mktemp("sqlite-only")) as fresh:
        yield fresh
