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
    """Ids that sort in the order they were minted: a random stem of 48 bits (unique per
    sequence, so sequences never collide in one database or in the process-wide plan
    caches) and a counter. An in-process user of the service (`fitcoach.local`) mints
    with one: rows written at the same instant (the memory items of one turn, or of
    several turns run at one pretended *now*) then read back in the order they were
    written, as they were made, run after run."""

    def __init__(self) -> None:
        self._stem = secrets.token_hex(6)
        self._numbers = itertools.count(1)

    def next(self, prefix: str) -> str:
        return f"{prefix}_{self._stem}{next(self._numbers):012x}"


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
