"""Shared fixture of the memory tests: a predictable id factory."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest


@pytest.fixture
def new_id() -> Callable[[], str]:
    """mem_01, mem_02, … like the seed's examples; a fresh count for every test."""
    counter = itertools.count(1)
    return lambda: f"mem_{next(counter):02d}"
