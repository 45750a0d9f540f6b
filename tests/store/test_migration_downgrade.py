"""Downgrading keeps the user's history: 0005's downgrade drops a column of workout_logs,
and on SQLite a table rebuild (alembic's batch mode) would drop the table, and with foreign
keys on, cascade to every set and completion of it."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import func, select

from fitcoach.api.users.repository import UserRepository
from fitcoach.api.users.schemas import CreateUserRequest
from fitcoach.api.users.service import create_user
from fitcoach.store.migrate import alembic_config
from fitcoach.store.models import WorkoutLogRow, WorkoutSetRow
from tests.store.conftest import NOW
from tests.store.databases import BACKENDS, provision
from tests.store.logged import log_sets


@pytest.mark.parametrize("backend", BACKENDS)
def test_downgrading_below_the_imports_keeps_every_log_and_set(backend: str,
                                                               tmp_path: Path) -> None:
    with provision(backend, tmp_path) as database:
        created = create_user(database, CreateUserRequest(display_name="Down"), NOW)
        with database.read() as session:
            user = UserRepository(session).get(created.user_id)
        assert user is not None
        log_sets(database, user, NOW - dt.timedelta(days=1),
                 [("goblet-squat", [(50, 10, 8.0), (50, 9, 9.0)])])
        config = alembic_config(database.engine)
        with database.engine.connect() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0004")
            connection.commit()
        with database.engine.connect() as connection:
            logs = connection.execute(select(func.count()).select_from(
                WorkoutLogRow.__table__)).scalar()
            sets = connection.execute(select(func.count()).select_from(
                WorkoutSetRow.__table__)).scalar()
        assert (logs, sets) == (1, 2)
