"""Reliability tests (issue 7): abuse limits, prompt injection, secrets, faults.

They reuse the HTTP fixtures of `tests/e2e` (each test runs on SQLite and on PostgreSQL);
`FakeClock` replaces the rate limiter's wall clock so budgets refill without sleeping.
"""

from __future__ import annotations

from tests.e2e.conftest import app, client, database, new_user, turns  # noqa: F401


class FakeClock:
    """Seconds since the epoch, moved by hand."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
