"""Store tests run against SQLite and PostgreSQL alike, on one migrated database each."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator

import pytest

from fitcoach.api.users.repository import UserRepository
from fitcoach.api.users.schemas import CreateUserRequest
from fitcoach.api.users.service import create_user
from fitcoach.brain.ports import UserSettings
from fitcoach.store.database import Database
from tests.store.databases import BACKENDS, provision

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)


@pytest.fixture(scope="session", params=BACKENDS)
def database(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with provision(request.param, tmp_path_factory.mktemp(request.param)) as database:
        yield database


@pytest.fixture
def new_user(database: Database) -> Callable[..., UserSettings]:
    def make(timezone: str = "UTC") -> UserSettings:
        created = create_user(database, CreateUserRequest(display_name="Store test",
                                                          timezone=timezone), NOW)
        with database.read() as session:
            settings = UserRepository(session).get(created.user_id)
        assert settings is not None
        return settings
    return make
