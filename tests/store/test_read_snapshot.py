"""`Database.read()` is documented (store/database.py) as "a consistent snapshot for loading
state": a turn's snapshot (memory, plan, completions, chat lines, known loads) is several
statements in one read(), and they should all see the same committed state.

SQLite keeps it with a deferred read transaction in WAL mode (one snapshot from its first
statement to its end); PostgreSQL with REPEATABLE READ, READ ONLY (at the default, READ
COMMITTED, every statement would take a new snapshot).
"""

from __future__ import annotations

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import DBAPIError

from fitcoach.api.ids import new_user_id
from fitcoach.store.database import Database
from fitcoach.store.models import User
from tests.store.conftest import NOW


def test_a_read_sees_one_snapshot(database: Database) -> None:
    user_id = new_user_id()
    with database.read() as session:
        before = session.scalar(select(func.count()).select_from(User))
        with database.write() as writer:
            writer.add(User(id=user_id, display_name="Snapshot", locale="en", units="lb",
                            timezone="UTC", created_at=NOW))
        after = session.scalar(select(func.count()).select_from(User))
    assert after == before



def test_a_read_cannot_write(database: Database) -> None:
    if database.is_sqlite:
        pytest.skip("SQLite: closing the read session rolls a write back instead")
    with database.read() as session:
        session.add(User(id=new_user_id(), display_name="Nope", locale="en", units="lb",
                         timezone="UTC", created_at=NOW))
        with pytest.raises(DBAPIError, match="read-only"):
            session.flush()
