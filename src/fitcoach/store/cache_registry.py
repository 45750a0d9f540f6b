"""The LLM context-cache registry over the `context_caches` table (shared by all processes).

Implements `brain.providers.llm_common.cache_registry.CacheRegistry`. Each call is its own
short transaction: a registry read or write never holds a user's lock.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError

from fitcoach.brain.providers.llm_common.cache_registry import CacheRecord
from fitcoach.store.database import Database
from fitcoach.store.models import ContextCacheRow


class SqlCacheRegistry:
    def __init__(self, database: Database) -> None:
        self._database = database

    def get(self, key: str) -> CacheRecord | None:
        with self._database.read() as session:
            row = session.get(ContextCacheRow, key)
            if row is None:
                return None
            return CacheRecord(key=row.key, provider=row.provider, model=row.model,
                               prompt_hash=row.prompt_hash, cache_name=row.cache_name,
                               expires_at=row.expires_at)

    def save(self, record: CacheRecord) -> None:
        try:
            self._upsert(record)
        except IntegrityError:
            # Another process inserted the same key between our read and our insert: the
            # row exists now, so this second try updates it.
            self._upsert(record)

    def forget(self, key: str, cache_name: str) -> None:
        with self._database.write() as session:
            session.execute(delete(ContextCacheRow).where(ContextCacheRow.key == key,
                                                          ContextCacheRow.cache_name == cache_name))

    def _upsert(self, record: CacheRecord) -> None:
        now = dt.datetime.now(dt.UTC)
        with self._database.write() as session:
            row = session.get(ContextCacheRow, record.key)
            if row is None:
                session.add(ContextCacheRow(
                    key=record.key, provider=record.provider, model=record.model,
                    prompt_hash=record.prompt_hash, cache_name=record.cache_name,
                    expires_at=record.expires_at, created_at=now, updated_at=now,
                ))
                return
            row.provider = record.provider
            row.model = record.model
            row.prompt_hash = record.prompt_hash
            row.cache_name = record.cache_name
            row.expires_at = record.expires_at
            row.updated_at = now
