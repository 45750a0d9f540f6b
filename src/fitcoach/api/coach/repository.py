"""Staged proposals and the chat transcript."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from fitcoach.api.coach.schemas import ProposalStatus
from fitcoach.api.ids import well_formed
from fitcoach.brain.contract import Proposal
from fitcoach.brain.ports import ChatLine, ChatRole
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
        self.session.execute(
            update(ProposalRow)
            .where(ProposalRow.user_id == user_id,
                   ProposalRow.status == ProposalStatus.PENDING.value)
            .values(status=ProposalStatus.SUPERSEDED.value, decided_at=now))

    def add(self, user_id: str, proposal: Proposal, base_plan_version: int | None,
            now: dt.datetime) -> None:
        if proposal.id is None or proposal.data is None:
            raise ValueError("only a staged plan change (with id and data) is stored")
        self.session.add(ProposalRow(
            id=proposal.id, user_id=user_id, type=proposal.type.value,
            target_day=proposal.target_day.value if proposal.target_day else None,
            summary_diff=proposal.summary_diff, data=proposal.data.model_dump(mode="json"),
            base_plan_version=base_plan_version, status=ProposalStatus.PENDING.value,
            result_version=None, created_at=now, decided_at=None))


class ChatRepository:
    def __init__(self, session: Session) -> None:
        self.session = session

    def recent(self, user_id: str, limit: int) -> list[ChatLine]:
        """The last `limit` lines, oldest first."""
        rows = self.session.scalars(
            select(ChatMessageRow).where(ChatMessageRow.user_id == user_id)
            .order_by(ChatMessageRow.id.desc()).limit(limit)).all()
        return [ChatLine(role=ChatRole(row.role), text=row.text, at=row.created_at)
                for row in reversed(rows)]

    def add(self, user_id: str, role: ChatRole, text: str, at: dt.datetime,
            proposal_id: str | None = None) -> None:
        self.session.add(ChatMessageRow(user_id=user_id, role=role.value, text=text,
                                        proposal_id=proposal_id, created_at=at))
