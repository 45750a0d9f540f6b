"""Sign-up: a user row and a bearer token, shown once and stored as a hash."""

from __future__ import annotations

import datetime as dt

from fitcoach.api.auth import hash_token, new_token
from fitcoach.api.ids import new_user_id
from fitcoach.api.users.repository import UserRepository
from fitcoach.api.users.schemas import CreatedUser, CreateUserRequest, UserProfile
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
