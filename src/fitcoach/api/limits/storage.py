"""Per-user storage caps: memory items and chat history (issue 7, "Bad input and abuse").

Both run inside the chat turn's write transaction, so they are as atomic as the turn.

- **Memory**: at most `memory_max_items` rows per user, counting active, expired and deleted
  items (deleted ones are kept as an audit trail, expired ones for `include_expired`). When a
  turn's CREATEs would pass the cap, the oldest expired or deleted items are pruned first
  (their `memory_audit` rows stay). If the active items alone fill the cap, the CREATEs that
  do not fit are dropped and reported in the answer's `meta.memory_dropped` with the reason
  `MEMORY_FULL`; the rest of the turn (other mutations, the proposal) still applies.
- **Chat history**: at most `chat_history_max_lines` lines per user; older lines are
  deleted as new ones arrive. The coach reads only the last few lines of context anyway.
"""

from __future__ import annotations

import datetime as dt
from typing import cast

from sqlalchemy import Table, bindparam, delete, func, or_, select
from sqlalchemy.orm import Session

from fitcoach.store import lean
from fitcoach.store.models import ChatMessageRow, MemoryItemRow


def memory_full_reason(cap: int) -> str:
    return (f"memory is full: {cap} items are kept per user and all are in force; delete "
            f"some (DELETE /api/memory/{{memory_id}}) to make room")


def make_memory_room(session: Session, user_id: str, wanted: int, cap: int,
                     now: dt.datetime) -> int:
    """Prune the oldest expired or deleted items until `wanted` new ones fit under `cap`
    (or nothing inactive is left); answer how many new items fit."""
    if wanted <= 0:
        return 0
    items = MemoryItemRow
    stored = session.connection().scalar(_COUNT_ITEMS, {"owner": user_id}) or 0
    excess = stored + wanted - cap
    if excess > 0:
        inactive = session.scalars(
            select(items.id).where(items.user_id == user_id,
                                   or_(items.invalidated_at.is_not(None), items.expires_at < now))
            .order_by(items.created_at, items.id).limit(excess)).all()
        if inactive:
            session.execute(delete(items).where(items.id.in_(inactive)))
            stored -= len(inactive)
    return max(0, min(wanted, cap - stored))


def prune_chat_history(session: Session, user_id: str, keep: int) -> None:
    """Delete the user's chat lines older than the newest `keep`."""
    lean.execute(session, _PRUNE_LINES, {"owner": user_id, "skip": keep - 1})


# Every chat turn runs these: built once, on the table (no ORM session synchronisation).
_LINES = cast(Table, ChatMessageRow.__table__)  # a mapped class's table is a Table
_ITEMS = cast(Table, MemoryItemRow.__table__)
_COUNT_ITEMS = select(func.count()).select_from(_ITEMS).where(
    _ITEMS.c.user_id == bindparam("owner"))
_PRUNE_LINES = delete(_LINES).where(
    _LINES.c.user_id == bindparam("owner"),
    _LINES.c.id < (select(_LINES.c.id).where(_LINES.c.user_id == bindparam("owner"))
                   .order_by(_LINES.c.id.desc()).offset(bindparam("skip")).limit(1)
                   .scalar_subquery()))
