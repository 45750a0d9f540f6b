"""GET /api/coach/history: the caller's conversation as the server stored it, so a new
device (or a cleared browser) shows the same chat.

The lines are the ones each turn appends (`ChatRepository.add_lines`): the user's message
and the coach's answer, the answer with the id of the proposal it staged. This module only
reads them; pruning (`limits.storage`) decides how far back they go.

Paging runs backwards from the newest line: a full page carries the `X-Fitcoach-Next-Before`
header (as `GET /api/workouts/logs` does), and passing it as `before` answers the lines
older than that page. The cursor is a position, not a line to look up: a line pruned
between two requests leaves the next page shorter, never a 404, and since every query is
the caller's own lines, a cursor copied from anyone else shows nothing of theirs.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, cast

from fastapi import APIRouter, Query, Response
from pydantic import BaseModel
from sqlalchemy import Table, bindparam, select
from sqlalchemy.orm import Session

from fitcoach.api.dependencies import CallerDep, DatabaseDep
from fitcoach.api.errors import error_responses
from fitcoach.api.workouts.endpoints import NEXT_PAGE_HEADER
from fitcoach.brain.ports import ChatRole
from fitcoach.brain.proposals import ProposalStatus
from fitcoach.store.models import ChatMessageRow, ProposalRow

DEFAULT_LINES = 50
MAX_LINES = 200  # the web client keeps as many

router = APIRouter()


class HistoryProposal(BaseModel):
    """The plan change a coach line staged, as the chat answer carried it, with where it
    stands now (a pending card can still be accepted; the others are decided)."""

    id: str
    type: str
    target_day: str | None
    summary_diff: str | None
    data: dict[str, Any]  # the staged week or day, as stored (not re-validated on read)
    status: ProposalStatus


class HistoryLine(BaseModel):
    role: ChatRole
    message: str
    proposal: HistoryProposal | None = None
    at: dt.datetime


@router.get("/history", response_model=list[HistoryLine], responses={
    200: {"headers": {NEXT_PAGE_HEADER: {
        "description": "present when the page is full: the `before` of the next (older) "
                       "page", "schema": {"type": "string"}}}},
    **error_responses({422: "`limit` or `before` out of range"})})
def read_history(caller: CallerDep, database: DatabaseDep, response: Response,
                 limit: Annotated[int, Query(ge=1, le=MAX_LINES)] = DEFAULT_LINES,
                 before: Annotated[str | None, Query(
                     pattern=r"^[1-9][0-9]{0,17}$",
                     description="the `X-Fitcoach-Next-Before` of the page before: only "
                                 "older lines")] = None) -> list[HistoryLine]:
    """The caller's most recent chat lines (at most `limit`), newest last."""
    with database.read() as session:
        rows = session.execute(_RECENT, {
            "owner": caller.user_id, "limit": limit,
            "before": int(before) if before is not None else _NO_CURSOR}).all()
        proposals = _proposals(session, caller.user_id,
                               {row.proposal_id for row in rows if row.proposal_id})
    if len(rows) == limit:
        response.headers[NEXT_PAGE_HEADER] = str(rows[-1].id)
    return [HistoryLine(role=ChatRole(row.role), message=row.text, at=row.created_at,
                        proposal=proposals.get(row.proposal_id) if row.proposal_id else None)
            for row in reversed(rows)]


def _proposals(session: Session, user_id: str, ids: set[str]) -> dict[str, HistoryProposal]:
    if not ids:
        return {}
    rows = session.execute(
        select(_PROPOSALS.c.id, _PROPOSALS.c.type, _PROPOSALS.c.target_day,
               _PROPOSALS.c.summary_diff, _PROPOSALS.c.data, _PROPOSALS.c.status)
        .where(_PROPOSALS.c.user_id == user_id, _PROPOSALS.c.id.in_(ids))).all()
    return {row.id: HistoryProposal(id=row.id, type=row.type, target_day=row.target_day,
                                    summary_diff=row.summary_diff, data=row.data,
                                    status=ProposalStatus(row.status)) for row in rows}


# Larger than any id the store hands out: the first page has no cursor.
_NO_CURSOR = 10**18
_LINES = cast(Table, ChatMessageRow.__table__)  # a mapped class's table is a Table
_PROPOSALS = cast(Table, ProposalRow.__table__)
_RECENT = (
    select(_LINES.c.id, _LINES.c.role, _LINES.c.text, _LINES.c.proposal_id,
           _LINES.c.created_at)
    .where(_LINES.c.user_id == bindparam("owner"), _LINES.c.id < bindparam("before"))
    .order_by(_LINES.c.id.desc()).limit(bindparam("limit")))
