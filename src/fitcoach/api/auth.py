"""Bearer tokens: minted once, shown once, stored only as their sha256."""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections import OrderedDict

from fitcoach.brain.ports import UserSettings

TOKEN_PREFIX = "fct_"


def new_token() -> str:
    # 32 random bytes: guessing is hopeless, so a fast hash (no salt, no stretching) is enough.
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def bearer_token(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header, or None."""
    if not authorization:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or " " in token:
        return None
    return token


class CallerCache:
    """Recently authenticated tokens (by hash) and their users, for up to a minute.

    Every request authenticates; on PostgreSQL that lookup is a network round trip. A token
    rotated or revoked (`POST`/`DELETE /api/users/me/token`) is forgotten at once by the
    process that changed it; another API process may still accept it from its own cache for
    at most `ttl_seconds`, which bounds how long a revoked token lives. Anything that
    changes a user's settings later must clear the entry (`forget`) too.

    A lookup that read the database before a `forget` must not cache what it read after
    it: the caller takes `generation` before its lookup and hands it to `put`, which
    caches nothing if any `forget` ran since (the next request looks up again).
    """

    def __init__(self, max_entries: int = 10_000, ttl_seconds: float = 60.0) -> None:
        self.max_entries = max_entries
        self.ttl_seconds = ttl_seconds
        self._entries: OrderedDict[str, tuple[float, UserSettings]] = OrderedDict()
        self._lock = threading.Lock()
        self._generation = 0

    @property
    def generation(self) -> int:
        """Take before a lookup; pass to `put`."""
        with self._lock:
            return self._generation

    def get(self, token_hash: str) -> UserSettings | None:
        with self._lock:
            entry = self._entries.get(token_hash)
            if entry is None:
                return None
            if entry[0] < time.monotonic():
                del self._entries[token_hash]
                return None
            self._entries.move_to_end(token_hash)
            return entry[1]

    def put(self, token_hash: str, caller: UserSettings, generation: int) -> None:
        with self._lock:
            if generation != self._generation:
                return  # something was forgotten since the lookup began: it may be this
            self._entries[token_hash] = (time.monotonic() + self.ttl_seconds, caller)
            self._entries.move_to_end(token_hash)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)

    def forget(self, token_hash: str) -> None:
        with self._lock:
            self._generation += 1
            self._entries.pop(token_hash, None)
