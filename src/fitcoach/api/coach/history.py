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
from enum import StrEnum
from typing import Annotated, Any, cast

from fastapi import APIRouter, Query, Response
from pydantic import BaseModel
from sqlalchemy import Table, bindparam, select
from sqlalchemy.orm import Session

from fitcoach.api.dependencies import CallerDep, DatabaseDep, NowDep
from fitcoach.api.errors import error_responses
from fitcoach.api.plans.service import overlay, this_week
from fitcoach.api.workouts.endpoints import NEXT_PAGE_HEADER
from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import ChatRole, UserSettings
from fitcoach.brain.proposals import ProposalStatus, Refusal
from fitcoach.programming.calendar import settled_days
from fitcoach.store.models import ChatMessageRow, ProposalRow
from fitcoach.timekeeping import local_date

DEFAULT_LINES = 50
MAX_LINES = 200  # the web client keeps as many

router = APIRouter()


class HistoryStatus(StrEnum):
    """Where a staged proposal stands now: the stored statuses, and `outdated` for one still
    pending that Accept would refuse (409) as things stand: built on an older plan version,
    or a day edit of a day already logged or past. So a new device never offers an Accept
    that can only fail."""

    PENDING = "pending"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    SUPERSEDED = "superseded"
    OUTDATED = "outdated"


class HistoryProposal(BaseModel):
    """The plan change a coach line staged, as the chat answer carried it, with where it
    stands now (a pending card can still be accepted; the others are decided)."""

    id: str
    type: str
    target_day: str | None
    summary_diff: str | None
    data: dict[str, Any]  # the staged week or day, as stored (not re-validated on read)
    status: HistoryStatus
    # Why an `outdated` one would be refused: the code Accept's 409 would carry
    # (`proposal_outdated`, `proposal_settled`); null otherwise.
    refusal: str | None = None


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
def read_history(caller: CallerDep, database: DatabaseDep, response: Response, now: NowDep,
                 limit: Annotated[int, Query(ge=1, le=MAX_LINES)] = DEFAULT_LINES,
                 before: Annotated[str | None, Query(
                     pattern=r"^[1-9][0-9]{0,17}$",
                     description="the `X-Fitcoach-Next-Before` of the page before: only "
                                 "older lines")] = None) -> list[HistoryLine]:
    """The caller's most recent chat lines (at most `limit`), newest last. A proposal still
    pending that Accept would refuse now reads `outdated`, with the refusal's code."""
    with database.read() as session:
        rows = session.execute(_RECENT, {
            "owner": caller.user_id, "limit": limit,
            "before": int(before) if before is not None else _NO_CURSOR}).all()
        proposals = _proposals(session, caller, now,
                               {row.proposal_id for row in rows if row.proposal_id})
    if len(rows) == limit:
        response.headers[NEXT_PAGE_HEADER] = str(rows[-1].id)
    return [HistoryLine(role=ChatRole(row.role), message=row.text, at=row.created_at,
                        proposal=proposals.get(row.proposal_id) if row.proposal_id else None)
            for row in reversed(rows)]


def _proposals(session: Session, caller: UserSettings, now: dt.datetime,
               ids: set[str]) -> dict[str, HistoryProposal]:
    if not ids:
        return {}
    rows = session.execute(
        select(_PROPOSALS.c.id, _PROPOSALS.c.type, _PROPOSALS.c.target_day,
               _PROPOSALS.c.summary_diff, _PROPOSALS.c.data, _PROPOSALS.c.status,
               _PROPOSALS.c.base_plan_version)
        .where(_PROPOSALS.c.user_id == caller.user_id, _PROPOSALS.c.id.in_(ids))).all()
    refusals = _pending_refusals(session, caller, now, [row for row in rows
                                 if row.status == ProposalStatus.PENDING.value])
    return {row.id: HistoryProposal(
        id=row.id, type=row.type, target_day=row.target_day, summary_diff=row.summary_diff,
        data=row.data, refusal=refusals.get(row.id),
        status=HistoryStatus.OUTDATED if row.id in refusals else HistoryStatus(row.status))
        for row in rows}


def _pending_refusals(session: Session, caller: UserSettings, now: dt.datetime,
                      pending: list[Any]) -> dict[str, str]:
    """The refusal code Accept would answer now for each pending row that it would refuse,
    by the same rules (`brain.proposals.accept_step`, `plan_after_accept`): a base version
    that is not the current one; a day edit of a settled day (logged, or before today)."""
    if not pending:
        return {}
    found = this_week(session, caller.user_id, caller.timezone, now)
    version = found[0].version if found else None
    settled = settled_days(overlay(session, caller.user_id, found[1].plan),
                           local_date(now, caller.timezone)) if found else frozenset()
    refusals: dict[str, str] = {}
    for row in pending:
        if row.base_plan_version != version:
            refusals[row.id] = Refusal.OUTDATED.value
        elif row.type == ProposalType.UPDATE_DAY.value and row.target_day in settled:
            refusals[row.id] = Refusal.SETTLED.value
    return refusals


# Larger than any id the store hands out: the first page has no cursor.
_NO_CURSOR = 10**18
_LINES = cast(Table, ChatMessageRow.__table__)  # a mapped class's table is a Table
_PROPOSALS = cast(Table, ProposalRow.__table__)
_RECENT = (
    select(_LINES.c.id, _LINES.c.role, _LINES.c.text, _LINES.c.proposal_id,
           _LINES.c.created_at)
    .where(_LINES.c.user_id == bindparam("owner"), _LINES.c.id < bindparam("before"))
    .order_by(_LINES.c.id.desc()).limit(bindparam("limit")))
