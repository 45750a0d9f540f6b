"""Gemini explicit context caches: create once, share, renew before expiry, recreate when gone.

A cache holds the static prefix (system instruction, reference contents, tools and tool
config). Its name is shared through the `CacheRegistry`, so N API processes use one cache:
- a process first looks at its own memo, then at the registry;
- a record for the same prompt fingerprint that is still comfortably alive is used as is;
- one close to expiry gets its TTL renewed (`caches.update`);
- a missing, expired or outdated one (the prompt fingerprint changed) is replaced by a new
  cache. The outdated cache is left to expire rather than deleted: a process still running
  the previous release may be mid-turn on it;
- when a request finds the cache gone (404, or a 403 naming the cached content), the caller
  invalidates it and asks again, which creates a fresh one.
If the provider refuses to cache because the prefix is below the model's minimum, that is
reported as `CacheTooSmall` and the brain falls back to implicit caching.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import dataclass

from google import genai
from google.genai import errors as genai_errors
from google.genai import types

from fitcoach.brain.providers.llm_common.cache_registry import CacheRecord, CacheRegistry

logger = logging.getLogger("fitcoach.brain.gemini")

Clock = Callable[[], dt.datetime]


class CacheTooSmall(Exception):
    """The provider will not cache a prefix this small for this model."""


@dataclass(frozen=True, slots=True)
class CacheSpec:
    """What one cache variant holds. `build` returns the create config without TTL."""

    key: str
    model: str
    prompt_hash: str
    build: Callable[[], types.CreateCachedContentConfig]


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def is_cache_gone(error: Exception) -> bool:
    """A request or renewal failed because the cached content no longer exists."""
    if not isinstance(error, genai_errors.ClientError):
        return False
    message = (error.message or str(error)).lower()
    if error.code == 404:
        return True
    names_cache = "cachedcontent" in message.replace(" ", "")
    if error.code == 403:  # "CachedContent not found (or permission denied)"
        return names_cache
    return error.code == 400 and names_cache and ("not found" in message
                                                  or "expired" in message)


def _is_too_small(error: genai_errors.ClientError) -> bool:
    message = (error.message or str(error)).lower()
    return error.code == 400 and ("too small" in message or "min_total_token_count" in message
                                  or ("minimum" in message and "token" in message))


class GeminiContextCache:
    def __init__(self, client: genai.Client, registry: CacheRegistry, *, ttl: dt.timedelta,
                 renew_margin: dt.timedelta, clock: Clock = utc_now) -> None:
        if renew_margin >= ttl:
            raise ValueError("the renewal margin must be shorter than the cache TTL")
        self._client = client
        self._registry = registry
        self._ttl = ttl
        self._margin = renew_margin
        self._clock = clock
        self._memo: dict[str, CacheRecord] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    def rebind(self, client: genai.Client) -> None:
        """Use `client` from now on (a new event loop); locks belong to the old loop too."""
        self._client = client
        self._locks.clear()

    async def name_for(self, spec: CacheSpec) -> str:
        """The name of a live cache holding `spec`, created or renewed if need be."""
        lock = self._locks.setdefault(spec.key, asyncio.Lock())
        async with lock:
            now = self._clock()
            memo = self._memo.get(spec.key)
            if memo is not None and self._usable(memo, spec, now):
                return memo.cache_name
            record = await asyncio.to_thread(self._registry.get, spec.key)
            if record is not None and record.prompt_hash == spec.prompt_hash:
                if self._usable(record, spec, now):
                    self._memo[spec.key] = record
                    return record.cache_name
                if record.expires_at > now:
                    renewed = await self._renew(record)
                    if renewed is not None:
                        return renewed.cache_name
            elif record is not None:
                logger.info("gemini context cache %s holds an older prompt; creating a new one",
                            record.cache_name)
            return (await self._create(spec)).cache_name

    async def invalidate(self, spec: CacheSpec, cache_name: str) -> None:
        """Forget a cache a request found gone, so the next `name_for` creates a new one."""
        memo = self._memo.get(spec.key)
        if memo is not None and memo.cache_name == cache_name:
            del self._memo[spec.key]
        await asyncio.to_thread(self._registry.forget, spec.key, cache_name)

    def _usable(self, record: CacheRecord, spec: CacheSpec, now: dt.datetime) -> bool:
        return record.prompt_hash == spec.prompt_hash and record.expires_at - now > self._margin

    def _ttl_text(self) -> str:
        return f"{int(self._ttl.total_seconds())}s"

    async def _renew(self, record: CacheRecord) -> CacheRecord | None:
        try:
            cached = await self._client.aio.caches.update(
                name=record.cache_name,
                config=types.UpdateCachedContentConfig(ttl=self._ttl_text()))
        except genai_errors.ClientError as error:
            if is_cache_gone(error):
                logger.info("gemini context cache %s is gone; recreating", record.cache_name)
                return None
            raise
        renewed = self._record(record.key, record.model, record.prompt_hash,
                               record.cache_name, cached.expire_time)
        await asyncio.to_thread(self._registry.save, renewed)
        self._memo[record.key] = renewed
        logger.info("gemini context cache %s renewed until %s", renewed.cache_name,
                    renewed.expires_at.isoformat())
        return renewed

    async def _create(self, spec: CacheSpec) -> CacheRecord:
        config = spec.build().model_copy(update={
            "ttl": self._ttl_text(), "display_name": f"fitcoach-{spec.prompt_hash[:12]}"})
        try:
            cached = await self._client.aio.caches.create(model=spec.model, config=config)
        except genai_errors.ClientError as error:
            if _is_too_small(error):
                raise CacheTooSmall(error.message or str(error)) from error
            raise
        if not cached.name:
            raise CacheTooSmall("the provider created a cache without a name")
        record = self._record(spec.key, spec.model, spec.prompt_hash, cached.name,
                              cached.expire_time)
        await asyncio.to_thread(self._registry.save, record)
        self._memo[spec.key] = record
        tokens = cached.usage_metadata.total_token_count if cached.usage_metadata else None
        logger.info("gemini context cache %s created for %s (%s tokens) until %s",
                    record.cache_name, spec.model, tokens, record.expires_at.isoformat())
        return record

    def _record(self, key: str, model: str, prompt_hash: str, name: str,
                expire_time: dt.datetime | None) -> CacheRecord:
        expires = expire_time if expire_time is not None else self._clock() + self._ttl
        if expires.tzinfo is None:
            expires = expires.replace(tzinfo=dt.UTC)
        return CacheRecord(key=key, provider="gemini", model=model, prompt_hash=prompt_hash,
                           cache_name=name, expires_at=expires.astimezone(dt.UTC))
