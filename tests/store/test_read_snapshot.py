"""`Database.read()` is documented (store/database.py) as "a consistent snapshot for loading
state": a turn's snapshot (memory, plan, completions, chat lines, known loads) is several
statements in one read(), and they should all see the same committed state.

SQLite keeps that promise (a deferred read transaction in WAL mode reads one snapshot from its
first statement to its end). PostgreSQL does not as configured: read() runs at the server's
default isolation, READ COMMITTED, where every statement takes a new snapshot, so a commit
landing between two statements of one read() is seen by the second. Marked xfail there until
read() asks for REPEATABLE READ (READ ONLY) on PostgreSQL, or the claim is narrowed.
"""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from fitcoach.api.ids import new_user_id
from fitcoach.store.database import Database
from fitcoach.store.models import User
from tests.store.conftest import NOW


def test_a_read_sees_one_snapshot(database: Database, request: pytest.FixtureRequest) -> None:
    if not database.is_sqlite:
        request.applymarker(pytest.mark.xfail(
            reason="PostgreSQL reads run at READ COMMITTED: one snapshot per statement"))
    user_id = new_user_id()
    with database.read() as session:
        before = session.scalar(select(func.count()).select_from(User))
        with database.write() as writer:
            writer.add(User(id=user_id, display_name="Snapshot", locale="en", units="lb",
                            timezone="UTC", created_at=NOW))
        after = session.scalar(select(func.count()).select_from(User))
    assert after == before
