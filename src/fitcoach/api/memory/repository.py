"""Memory items and the audit of every mutation applied to them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any, cast

from sqlalchemy import Table, Text, bindparam, or_, select, update
from sqlalchemy import cast as sql_cast
from sqlalchemy.orm import Session

from fitcoach.api.ids import well_formed
from fitcoach.api.memory.cache import LIVE_ITEMS
from fitcoach.memory.apply import MutationOutcome
from fitcoach.memory.entries import MemoryItem, MemoryMutation, Operation, Tier, parse_entry
from fitcoach.store import lean
from fitcoach.store.models import MemoryAuditRow, MemoryItemRow


def to_item(row: MemoryItemRow) -> MemoryItem:
    return _item(row.id, row.tier, row.entry, row.created_at, row.updated_at,
                 row.invalidated_at, row.invalidation_reason)


def _item(memory_id: str, tier_name: str, entry: dict[str, Any], created_at: dt.datetime,
          updated_at: dt.datetime, invalidated_at: dt.datetime | None,
          invalidation_reason: str | None) -> MemoryItem:
    tier = Tier(tier_name)
    return MemoryItem(memory_id=memory_id, tier=tier, entry=parse_entry(tier, entry),
                      created_at=created_at, updated_at=updated_at,
                      invalidated_at=invalidated_at, invalidation_reason=invalidation_reason)


def _copy_into(row: MemoryItemRow, item: MemoryItem) -> None:
    row.tier = item.tier.value
    row.entry = item.entry.model_dump(mode="json", exclude_none=True)
    row.created_at = item.created_at
    row.updated_at = item.updated_at
    row.invalidated_at = item.invalidated_at
    row.invalidation_reason = item.invalidation_reason
    row.expires_at = item.expires_at


class MemoryRepository:
    def __init__(self, session: Session) -> None:
        self.session = session

    def _ordered(self, *conditions: object) -> list[MemoryItem]:
        rows = self.session.scalars(
            select(MemoryItemRow).where(*conditions)  # type: ignore[arg-type]
            .order_by(MemoryItemRow.created_at, MemoryItemRow.id))
        return [to_item(row) for row in rows]

    def live(self, user_id: str, now: dt.datetime) -> list[MemoryItem]:
        """Not invalidated and not expired (an item lives while now <= expires_at)."""
        # Every chat turn reads this: a prebuilt Core query, each row's entry as its JSON
        # text, parsed once per distinct row content (`cache`).
        self.session.flush()  # what this transaction wrote counts (as with autoflush)
        rows = lean.rows(self.session, _LIVE, {"user_id": user_id, "now": now})
        return [LIVE_ITEMS.item(*row) for row in rows]

    def everything(self, user_id: str) -> list[MemoryItem]:
        return self._ordered(MemoryItemRow.user_id == user_id)

    def get(self, user_id: str, memory_id: str) -> MemoryItem | None:
        if not well_formed(memory_id):
            return None
        row = self.session.get(MemoryItemRow, memory_id)
        return None if row is None or row.user_id != user_id else to_item(row)

    def _write(self, user_id: str, item: MemoryItem, new: bool = False) -> None:
        row = None if new else self.session.get(MemoryItemRow, item.memory_id)
        if row is None:
            row = MemoryItemRow(id=item.memory_id, user_id=user_id)
            self.session.add(row)
        elif row.user_id != user_id:
            raise ValueError(f"{item.memory_id} does not belong to {user_id}")
        _copy_into(row, item)

    def _audit(self, user_id: str, mutations: Iterable[MemoryMutation], source: str,
               now: dt.datetime) -> None:
        rows = [{"user_id": user_id, "memory_id": m.memory_id or "",
                 "operation": m.operation.value, "tier": m.target_tier.value, "entry": m.entry,
                 "reason": m.reason, "source": source, "applied_at": now} for m in mutations]
        if rows:  # one statement for the batch (an ORM flush inserts row by row here)
            self.session.connection().execute(_INSERT_AUDIT, rows)

    def save_outcome(self, user_id: str, outcome: MutationOutcome, source: str,
                     now: dt.datetime) -> None:
        """Write every item a batch changed, in its final state, and audit each mutation:
        one statement per kind of write (new items, changed items, audit rows), on the
        tables. The changed items are the caller's live ones (`live` read them, not the
        ORM), so no row is looked up first."""
        changed: dict[str, MemoryItem] = {}
        for item in (*outcome.created, *outcome.updated, *outcome.invalidated):
            changed[item.memory_id] = item  # one final state per item
        created = {item.memory_id for item in outcome.created}
        new_rows = [_row(user_id, item) for key, item in changed.items() if key in created]
        updates = [{"item_id": key, "owner": user_id,
                    **{f"new_{name}": value for name, value in _row(user_id, item).items()
                       if name in _CHANGEABLE}}
                   for key, item in changed.items() if key not in created]
        self.session.flush()  # the ORM's pending writes first, as they were before these
        if new_rows:
            self.session.connection().execute(_INSERT_ITEMS, new_rows)
        if updates:
            # executemany; the owner condition is the ownership check `_write` makes.
            self.session.connection().execute(_UPDATE_ITEM, updates)
        self._audit(user_id, outcome.applied, source, now)

    def invalidate(self, user_id: str, item: MemoryItem, reason: str, source: str,
                   now: dt.datetime) -> None:
        self._write(user_id, item.model_copy(
            update={"invalidated_at": now, "invalidation_reason": reason}))
        self._audit(user_id, [MemoryMutation(operation=Operation.DELETE, target_tier=item.tier,
                                             memory_id=item.memory_id, reason=reason)],
                    source, now)


def _row(user_id: str, item: MemoryItem) -> dict[str, Any]:
    return {"id": item.memory_id, "user_id": user_id, "tier": item.tier.value,
            "entry": item.entry.model_dump(mode="json", exclude_none=True),
            "created_at": item.created_at, "updated_at": item.updated_at,
            "invalidated_at": item.invalidated_at,
            "invalidation_reason": item.invalidation_reason, "expires_at": item.expires_at}


_ITEMS = cast(Table, MemoryItemRow.__table__)  # a mapped class's table is a Table
_AUDIT = cast(Table, MemoryAuditRow.__table__)
# Built once: an INSERT built per call is a new statement whose cache key is computed again.
_INSERT_ITEMS, _INSERT_AUDIT = _ITEMS.insert(), _AUDIT.insert()
_CHANGEABLE = ("tier", "entry", "created_at", "updated_at", "invalidated_at",
               "invalidation_reason", "expires_at")
# Bound names differ from the columns': SQLAlchemy reserves a column's own name for SET.
_UPDATE_ITEM = (
    update(_ITEMS)
    .where(_ITEMS.c.id == bindparam("item_id"), _ITEMS.c.user_id == bindparam("owner"))
    .values({name: bindparam(f"new_{name}") for name in _CHANGEABLE}))
_LIVE = (
    # The entry as text (no JSON decoding: the cache's key), on PostgreSQL jsonb's own
    # canonical text.
    select(_ITEMS.c.id, _ITEMS.c.tier, sql_cast(_ITEMS.c.entry, Text), _ITEMS.c.created_at,
           _ITEMS.c.updated_at,
           _ITEMS.c.invalidated_at, _ITEMS.c.invalidation_reason)
    .where(_ITEMS.c.user_id == bindparam("user_id"), _ITEMS.c.invalidated_at.is_(None),
           or_(_ITEMS.c.expires_at.is_(None), _ITEMS.c.expires_at >= bindparam("now")))
    .order_by(_ITEMS.c.created_at, _ITEMS.c.id))
