"""Sign-up: a user row and a bearer token, shown once and stored as a hash; the token can
be rotated (a new one replaces every old one) or revoked (none is left)."""

from __future__ import annotations

import datetime as dt

from fitcoach.api.auth import hash_token, new_token
from fitcoach.api.errors import Unauthorized
from fitcoach.api.ids import new_user_id
from fitcoach.api.users.repository import UserRepository
from fitcoach.api.users.schemas import (
    CreatedUser,
    CreateUserRequest,
    UpdateUserRequest,
    UserProfile,
)
from fitcoach.brain.ports import UserSettings
from fitcoach.store.database import Database


def create_user(database: Database, request: CreateUserRequest, now: dt.datetime) -> CreatedUser:
    settings = UserSettings(user_id=new_user_id(), display_name=request.display_name,
                            locale=request.locale, units=request.units,
                            timezone=request.timezone)
    token = new_token()
    with database.write() as session:
        UserRepository(session).add(settings, hash_token(token), now)
    return CreatedUser(user_id=settings.user_id, token=token)


def profile_of(caller: UserSettings) -> UserProfile:
    return UserProfile(user_id=caller.user_id, display_name=caller.display_name,
                       locale=caller.locale, units=caller.units, timezone=caller.timezone)


def update_settings(database: Database, caller: UserSettings,
                    request: UpdateUserRequest) -> UserProfile:
    """Change the caller's settings; every request authenticates in the database (no token
    cache), so the next request of any token sees them."""
    changes = {name: getattr(value, "value", value)
               for name, value in request.model_dump(exclude_unset=True).items()}
    with database.write(lock_user=caller.user_id) as session:
        users = UserRepository(session)
        updated = users.update(caller.user_id, changes)
        if updated is None:
            raise Unauthorized("the bearer token is not valid")
    return profile_of(updated)


def _replace_tokens(database: Database, caller: UserSettings, presented_hash: str,
                    new_hash: str | None, now: dt.datetime) -> None:
    with database.write(lock_user=caller.user_id) as session:
        users = UserRepository(session)
        # The caller was authenticated in a transaction of its own: a token revoked or
        # rotated since (another request, another process) changes nothing any more.
        if presented_hash not in users.token_hashes(caller.user_id):
            raise Unauthorized("the bearer token is not valid")
        users.replace_tokens(caller.user_id, new_hash, now)


def rotate_token(database: Database, caller: UserSettings, presented_hash: str,
                 now: dt.datetime) -> CreatedUser:
    """A new token for the caller; every token the user had stops working."""
    token = new_token()
    _replace_tokens(database, caller, presented_hash, hash_token(token), now)
    return CreatedUser(user_id=caller.user_id, token=token)


def revoke_tokens(database: Database, caller: UserSettings, presented_hash: str,
                  now: dt.datetime) -> None:
    """Every token of the caller stops working (sign out everywhere)."""
    _replace_tokens(database, caller, presented_hash, None, now)
