"""The first statement of a chat turn: the token's user, with the user's newest plan version
and pending proposal, in one round trip.

The three are single values keyed by the user, so they come back as one row (two correlated
scalar subqueries beside the token lookup) instead of three statements: on SQLite each
statement costs the turn more in SQLAlchemy's execution than in the database. The token
is still looked up on every request, in the turn's own read transaction: a revoked token
is refused at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from sqlalchemy import Table, bindparam, func, select
from sqlalchemy.orm import Session

from fitcoach.api.coach.schemas import ProposalStatus
from fitcoach.brain.ports import Locale, UserSettings
from fitcoach.catalog.vocabulary import Unit
from fitcoach.store import lean
from fitcoach.store.models import ApiToken, PlanVersionRow, ProposalRow, User


@dataclass(frozen=True, slots=True)
class TurnHeads:
    caller: UserSettings
    latest_version: int | None  # the newest plan version; None before the first plan
    pending_proposal_id: str | None  # the proposal waiting for Accept (at most one)


def turn_heads(session: Session, token_hash: str) -> TurnHeads | None:
    """None when no user holds the token."""
    found = lean.rows(session, _HEADS, {"token_hash": token_hash})
    if not found:
        return None
    user_id, display_name, locale, units, timezone, latest_version, pending_id = found[0]
    caller = UserSettings(user_id=user_id, display_name=display_name, locale=Locale(locale),
                          units=Unit(units), timezone=timezone)
    return TurnHeads(caller, latest_version, pending_id)


# A mapped class's table is a Table (SQLAlchemy types __table__ as the wider FromClause).
_USERS, _TOKENS = cast(Table, User.__table__), cast(Table, ApiToken.__table__)
_VERSIONS, _PROPOSALS = cast(Table, PlanVersionRow.__table__), cast(Table, ProposalRow.__table__)
# The same queries as `PlanRepository.latest_version` and `ProposalRepository.pending_id`.
_LATEST = (select(func.max(_VERSIONS.c.version))
           .where(_VERSIONS.c.user_id == _USERS.c.id).scalar_subquery())
_PENDING = (select(_PROPOSALS.c.id)
            .where(_PROPOSALS.c.user_id == _USERS.c.id,
                   _PROPOSALS.c.status == ProposalStatus.PENDING.value)
            .order_by(_PROPOSALS.c.created_at.desc()).limit(1).scalar_subquery())
_HEADS = (
    select(_USERS.c.id, _USERS.c.display_name, _USERS.c.locale, _USERS.c.units,
           _USERS.c.timezone, _LATEST.label("latest_version"), _PENDING.label("pending_id"))
    .join(_TOKENS, _TOKENS.c.user_id == _USERS.c.id)
    .where(_TOKENS.c.token_hash == bindparam("token_hash")))
