"""Opaque public ids with a prefix that says what they name (`usr_…`, `prop_…`, `log_…`)."""

from __future__ import annotations

import re
import secrets

# What every id we mint looks like; anything else cannot name a row, of anyone.
_ID_SHAPE = re.compile(r"^[a-z]{2,5}_[0-9a-f]{24}$")


def new_id(prefix: str) -> str:
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
