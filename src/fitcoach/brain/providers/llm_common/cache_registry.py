"""Where API processes share the names of provider-side context caches.

One Gemini context cache serves every process: whoever creates it records its name here,
the others read it instead of creating their own. The store implements this over the
`context_caches` table (`fitcoach.store.cache_registry`); tests and single-process tools
use the in-memory one.
"""

from __future__ import annotations

import datetime as dt
import threading
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class CacheRecord:
    key: str  # provider:model:variant
    provider: str
    model: str
    prompt_hash: str  # fingerprint of the static prompt the cache holds
    cache_name: str  # the provider's resource name, e.g. cachedContents/abc123
    expires_at: dt.datetime  # aware, UTC


class CacheRegistry(Protocol):
    def get(self, key: str) -> CacheRecord | None:
        ...

    def save(self, record: CacheRecord) -> None:
        """Insert or replace the record for `record.key`."""
        ...

    def forget(self, key: str, cache_name: str) -> None:
        """Drop the record for `key` if it still names `cache_name` (another process may
        already have replaced it with a fresh cache, which must survive)."""
        ...


class InMemoryCacheRegistry:
    """A registry for one process (tests, the terminal chat, evals)."""

    def __init__(self) -> None:
        self._records: dict[str, CacheRecord] = {}
        self._lock = threading.Lock()

    def get(self, key: str) -> CacheRecord | None:
        with self._lock:
            return self._records.get(key)

    def save(self, record: CacheRecord) -> None:
        with self._lock:
            self._records[record.key] = record

    def forget(self, key: str, cache_name: str) -> None:
        with self._lock:
            record = self._records.get(key)
            if record is not None and record.cache_name == cache_name:
                del self._records[key]
