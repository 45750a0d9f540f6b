"""Users and their token hashes."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import bindparam, delete, select
from sqlalchemy.orm import Session

from fitcoach.brain.ports import Locale, UserSettings
from fitcoach.catalog.vocabulary import Unit
from fitcoach.store import lean
from fitcoach.store.models import ApiToken, User


def _settings(user: User) -> UserSettings:
    return UserSettings(user_id=user.id, display_name=user.display_name,
                        locale=Locale(user.locale), units=Unit(user.units),
                        timezone=user.timezone)


class UserRepository:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, settings: UserSettings, token_hash: str, now: dt.datetime) -> None:
        self.session.add(User(id=settings.user_id, display_name=settings.display_name,
                              locale=settings.locale.value, units=settings.units.value,
                              timezone=settings.timezone, created_at=now))
        # Flushed first: the token row's foreign key needs the user row.
        self.session.flush()
        self.session.add(ApiToken(token_hash=token_hash, user_id=settings.user_id,
                                  created_at=now))

    def by_token_hash(self, token_hash: str) -> UserSettings | None:
        """The token's user: run by every authenticated request, so a Core statement built
        once, on the connection (no ORM objects, no identity map)."""
        found = lean.rows(self.session, _BY_TOKEN_HASH, {"token_hash": token_hash})
        if not found:
            return None
        user_id, display_name, locale, units, timezone = found[0]
        return UserSettings(user_id=user_id, display_name=display_name, locale=Locale(locale),
                            units=Unit(units), timezone=timezone)

    def get(self, user_id: str) -> UserSettings | None:
        user = self.session.get(User, user_id)
        return None if user is None else _settings(user)

    def update(self, user_id: str, changes: dict[str, str]) -> UserSettings | None:
        user = self.session.get(User, user_id)
        if user is None:
            return None
        for name, value in changes.items():
            setattr(user, name, value)
        return _settings(user)

    def token_hashes(self, user_id: str) -> list[str]:
        return list(self.session.scalars(
            select(ApiToken.token_hash).where(ApiToken.user_id == user_id)))

    def replace_tokens(self, user_id: str, token_hash: str | None,
                       now: dt.datetime) -> None:
        """Delete every token of the user and, with `token_hash`, add that one."""
        self.session.execute(delete(ApiToken).where(ApiToken.user_id == user_id))
        if token_hash is not None:
            self.session.add(ApiToken(token_hash=token_hash, user_id=user_id, created_at=now))


_USERS, _TOKENS = User.__table__, ApiToken.__table__
_BY_TOKEN_HASH = (
    select(_USERS.c.id, _USERS.c.display_name, _USERS.c.locale, _USERS.c.units,
           _USERS.c.timezone)
    .join(_TOKENS, _TOKENS.c.user_id == _USERS.c.id)
    .where(_TOKENS.c.token_hash == bindparam("token_hash")))
