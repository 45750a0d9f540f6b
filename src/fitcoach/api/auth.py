"""Bearer tokens: minted once, shown once, stored only as their sha256.

No process remembers a token between requests: every request looks its token up in the
database (`dependencies.get_caller`), so a token rotated or revoked through any process is
refused by every process from the moment that answer is sent (DESIGN §5). The lookup is one
indexed read, measured in docs/performance.md ("Authentication per request").
"""

from __future__ import annotations

import hashlib
import secrets

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
