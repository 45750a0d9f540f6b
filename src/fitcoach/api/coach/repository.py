"""Staged proposals and the chat transcript."""

from __future__ import annotations

import datetime as dt
from typing import Any, cast

from sqlalchemy import Table, bindparam, select, update
from sqlalchemy.orm import Session

from fitcoach.api.coach.schemas import ProposalStatus
from fitcoach.api.ids import well_formed
from fitcoach.brain.contract import Proposal
from fitcoach.brain.ports import ChatLine, ChatRole
from fitcoach.store import lean
from fitcoach.store.models import ChatMessageRow, ProposalRow


class ProposalRepository:
    def __init__(self, session: Session) -> None:
        self.session = session

    def get(self, user_id: str, proposal_id: str) -> ProposalRow | None:
        if not well_formed(proposal_id):
            return None
        row = self.session.get(ProposalRow, proposal_id)
        return row if row is not None and row.user_id == user_id else None

    def supersede_pending(self, user_id: str, now: dt.datetime) -> None:
        lean.execute(self.session, _SUPERSEDE, {"owner": user_id, "now": now})

    def pending_id(self, user_id: str) -> str | None:
        """The proposal staged and still waiting for Accept (at most one is pending)."""
        return lean.scalar(self.session, _PENDING, {"owner": user_id})

    def reject_pending(self, user_id: str, proposal_id: str, now: dt.datetime) -> None:
        """Turned down in words ("no thanks, keep it"): as the Reject button would, and only
        the proposal the turn was read with (one staged since by a concurrent request, which
        the user has not seen yet, stays pending)."""
        lean.execute(self.session, _REJECT,
                     {"proposal_id": proposal_id, "owner": user_id, "now": now})

    def add(self, user_id: str, proposal: Proposal, base_plan_version: int | None,
            now: dt.datetime) -> None:
        self.insert(proposal_row(user_id, proposal, base_plan_version, now))

    def insert(self, row: dict[str, Any]) -> None:
        """Store a staged proposal built by `proposal_row` (one Core statement)."""
        lean.insert_many(self.session, _INSERT_PROPOSAL, [row])


def proposal_row(user_id: str, proposal: Proposal, base_plan_version: int | None,
                 now: dt.datetime) -> dict[str, Any]:
    """The row of a staged plan change, built before the write transaction: the plan's JSON
    is the costly part, and it needs no lock."""
    if proposal.id is None or proposal.data is None:
        raise ValueError("only a staged plan change (with id and data) is stored")
    return {"id": proposal.id, "user_id": user_id, "type": proposal.type.value,
            "target_day": proposal.target_day.value if proposal.target_day else None,
            "summary_diff": proposal.summary_diff, "data": proposal.data.model_dump(mode="json"),
            "base_plan_version": base_plan_version, "status": ProposalStatus.PENDING.value,
            "result_version": None, "created_at": now, "decided_at": None}


class ChatRepository:
    def __init__(self, session: Session) -> None:
        self.session = session

    def recent(self, user_id: str, limit: int) -> list[ChatLine]:
        """The last `limit` lines, oldest first."""
        self.session.flush()  # what this transaction wrote counts (as with autoflush)
        rows = lean.rows(self.session, _RECENT, {"user_id": user_id, "limit": limit})
        return [ChatLine(role=ChatRole(role), text=text, at=at)
                for role, text, at in reversed(rows)]

    def add(self, user_id: str, role: ChatRole, text: str, at: dt.datetime,
            proposal_id: str | None = None) -> None:
        self.add_lines(user_id, [(role, text, proposal_id)], at)

    def add_lines(self, user_id: str, lines: list[tuple[ChatRole, str, str | None]],
                  at: dt.datetime) -> None:
        """Append (role, text, proposal id) lines in one statement, in order."""
        self.insert_lines(chat_line_rows(user_id, lines, at))

    def insert_lines(self, rows: list[dict[str, Any]]) -> None:
        """Append lines built by `chat_line_rows`, in order, in one statement."""
        lean.insert_many(self.session, _INSERT_LINES, rows)


def chat_line_rows(user_id: str, lines: list[tuple[ChatRole, str, str | None]],
                   at: dt.datetime) -> list[dict[str, Any]]:
    return [{"user_id": user_id, "role": role.value, "text": text, "proposal_id": proposal_id,
             "created_at": at} for role, text, proposal_id in lines]


# Built once, on the tables (Core): a statement's construction and cache key cost more
# than its execution, and none of these needs the ORM's identity map, so they run on the
# session's connection (`Session.execute` adds the ORM's per-statement set-up and result
# wrapping: a fifth of the snapshot's CPU in the profile of docs/performance.md).
# A mapped class's table is a Table (SQLAlchemy types __table__ as the wider FromClause).
_PROPOSALS = cast(Table, ProposalRow.__table__)
_LINES = cast(Table, ChatMessageRow.__table__)
# An INSERT built per call is a new statement whose cache key is computed again each time.
_INSERT_PROPOSAL = _PROPOSALS.insert()
_INSERT_LINES = _LINES.insert()
_SUPERSEDE = (
    update(_PROPOSALS)
    .where(_PROPOSALS.c.user_id == bindparam("owner"),
           _PROPOSALS.c.status == ProposalStatus.PENDING.value)
    .values(status=ProposalStatus.SUPERSEDED.value, decided_at=bindparam("now")))
_PENDING = (
    select(_PROPOSALS.c.id)
    .where(_PROPOSALS.c.user_id == bindparam("owner"),
           _PROPOSALS.c.status == ProposalStatus.PENDING.value)
    .order_by(_PROPOSALS.c.created_at.desc()).limit(1))
_REJECT = (
    update(_PROPOSALS)
    .where(_PROPOSALS.c.id == bindparam("proposal_id"),
           _PROPOSALS.c.user_id == bindparam("owner"),
           _PROPOSALS.c.status == ProposalStatus.PENDING.value)
    .values(status=ProposalStatus.REJECTED.value, decided_at=bindparam("now")))
_RECENT = (
    select(_LINES.c.role, _LINES.c.text, _LINES.c.created_at)
    .where(_LINES.c.user_id == bindparam("user_id"))
    .order_by(_LINES.c.id.desc()).limit(bindparam("limit")))
