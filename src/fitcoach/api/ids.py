"""Opaque public ids with a prefix that says what they name (`usr_…`, `prop_…`, `log_…`)."""

from __future__ import annotations

import itertools
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

# What every id we mint looks like; anything else cannot name a row, of anyone.
_ID_SHAPE = re.compile(r"^[a-z]{2,5}_[0-9a-f]{24}$")


class IdSequence:
    """Ids that sort in the order they were minted: a stem of 48 random bits (unique per
    sequence, so sequences never collide in one database or in the process-wide plan
    caches) and a counter per prefix. An in-process user of the service (`fitcoach.local`)
    mints with one: rows written at the same instant (the memory items of one turn, or of
    several turns run at one pretended *now*) then read back in the order they were
    written, as they were made, run after run. `stem` fixes the stem (tests that type ids)."""

    def __init__(self, stem: str | None = None) -> None:
        self._stem = stem if stem is not None else secrets.token_hex(6)
        if not re.fullmatch(r"[0-9a-f]{12}", self._stem):
            raise ValueError(f"a stem is 12 hexadecimal digits, not {self._stem!r}")
        self._numbers: dict[str, itertools.count[int]] = {}

    def next(self, prefix: str) -> str:
        numbers = self._numbers.setdefault(prefix, itertools.count(1))
        return f"{prefix}_{self._stem}{next(numbers):012x}"


_SEQUENCE: ContextVar[IdSequence | None] = ContextVar("fitcoach_id_sequence", default=None)


@contextmanager
def minted_in_order(sequence: IdSequence) -> Iterator[None]:
    """Every id minted in this context (and the worker threads it hands work to, which
    copy it) comes from `sequence`."""
    token = _SEQUENCE.set(sequence)
    try:
        yield
    finally:
        _SEQUENCE.reset(token)


def new_id(prefix: str) -> str:
    sequence = _SEQUENCE.get()
    if sequence is not None:
        return sequence.next(prefix)
    # 96 random bits: unique without coordination between API processes.
    return f"{prefix}_{secrets.token_hex(12)}"


def new_user_id() -> str:
    return new_id("usr")


def new_memory_id() -> str:
    return new_id("mem")


def new_proposal_id() -> str:
    return new_id("prop")


def new_log_id() -> str:
    return new_id("log")


def well_formed(value: str) -> bool:
    return _ID_SHAPE.match(value) is not None
