"""Shared pieces of the memory tests: the seed's runtime clock and a predictable id factory."""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable

import pytest

# The seed's runtime context block is rendered at this moment (SPEC §3).
SEED_NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)


def counter_ids(start: int = 1) -> Callable[[], str]:
    """mem_01, mem_02, … like the seed's examples."""
    counter = itertools.count(start)
    return lambda: f"mem_{next(counter):02d}"


@pytest.fixture
def now() -> dt.datetime:
    return SEED_NOW


@pytest.fixture
def new_id() -> Callable[[], str]:
    return counter_ids()
