"""Parsed live memory items, kept in memory and keyed by everything they are made from.

Every chat turn reads the user's live memory, and validating each stored entry into its
Pydantic model (and, before that, decoding its JSON) cost more than reading the rows. The
key is the row's whole content as stored: id, tier, timestamps and the entry's JSON text,
so a row that changed in any way (an update, an edit through the API, another process's
write) is a different key and is parsed afresh; nothing needs invalidating. An item is
frozen (`MemoryItem`), so one parsed copy can be handed to every request.
"""

from __future__ import annotations

import datetime as dt
import json
import threading
from collections import OrderedDict

from fitcoach.memory.entries import MemoryItem, Tier, parse_entry

MAX_ITEMS = 8192

Key = tuple[str, str, str, dt.datetime, dt.datetime, str | None]


class MemoryItemCache:
    def __init__(self, max_entries: int = MAX_ITEMS) -> None:
        self.max_entries = max_entries
        self._items: OrderedDict[Key, MemoryItem] = OrderedDict()
        self._lock = threading.Lock()

    def item(self, memory_id: str, tier_name: str, entry_json: str, created_at: dt.datetime,
             updated_at: dt.datetime, invalidated_at: dt.datetime | None,
             invalidation_reason: str | None) -> MemoryItem:
        """The item of a stored row (its entry as the JSON text the database holds)."""
        if invalidated_at is not None:  # not a live item: not worth keeping
            return _parse(memory_id, tier_name, entry_json, created_at, updated_at,
                          invalidated_at, invalidation_reason)
        key = (memory_id, tier_name, entry_json, created_at, updated_at, invalidation_reason)
        with self._lock:
            item = self._items.get(key)
            if item is not None:
                self._items.move_to_end(key)
                return item
        item = _parse(memory_id, tier_name, entry_json, created_at, updated_at, None,
                      invalidation_reason)
        with self._lock:
            self._items[key] = item
            while len(self._items) > self.max_entries:
                self._items.popitem(last=False)
        return item


def _parse(memory_id: str, tier_name: str, entry_json: str, created_at: dt.datetime,
           updated_at: dt.datetime, invalidated_at: dt.datetime | None,
           invalidation_reason: str | None) -> MemoryItem:
    tier = Tier(tier_name)
    return MemoryItem(memory_id=memory_id, tier=tier,
                      entry=parse_entry(tier, json.loads(entry_json)),
                      created_at=created_at, updated_at=updated_at,
                      invalidated_at=invalidated_at, invalidation_reason=invalidation_reason)


# Memory ids are random, so one process-wide cache serves every database it talks to.
LIVE_ITEMS = MemoryItemCache()
