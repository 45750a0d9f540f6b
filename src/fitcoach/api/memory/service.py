"""Reading the memory and deleting from it, on the user's own behalf."""

from __future__ import annotations

import datetime as dt

from fitcoach.api.errors import NotFound
from fitcoach.api.memory.repository import MemoryRepository
from fitcoach.api.memory.schemas import MemoryItemView, MemoryListing
from fitcoach.store.database import Database

DELETED_BY_USER = "deleted by user"


def list_memory(database: Database, user_id: str, now: dt.datetime,
                include_expired: bool) -> MemoryListing:
    with database.read() as session:
        repository = MemoryRepository(session)
        items = repository.everything(user_id) if include_expired else repository.live(
            user_id, now)
    listing = MemoryListing()
    for item in items:
        getattr(listing, item.tier.value).append(MemoryItemView.of(item, now))
    return listing


def delete_memory(database: Database, user_id: str, memory_id: str, now: dt.datetime) -> None:
    """Invalidate one of the caller's items; the row and the audit keep what it said.

    Deleting an item that is already invalidated changes nothing (DELETE is idempotent);
    another user's id is unknown here (404, never 403).
    """
    with database.write(lock_user=user_id) as session:
        repository = MemoryRepository(session)
        item = repository.get(user_id, memory_id)
        if item is None:
            raise NotFound(f"no memory item {memory_id!r}")
        if item.invalidated_at is None:
            repository.invalidate(user_id, item, DELETED_BY_USER, source="user", now=now)
