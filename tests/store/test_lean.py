"""`store.lean`: a prebuilt statement on SQLite's cursor gives what SQLAlchemy's execution
gives (the same rows, the same types), writes what it writes, and fails as it fails."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from sqlalchemy import exc, insert, select, text

from fitcoach.api.coach import repository as chat
from fitcoach.api.coach.heads import _HEADS
from fitcoach.api.limits import storage
from fitcoach.api.memory.repository import _LIVE
from fitcoach.api.plans import repository as plans
from fitcoach.brain.ports import ChatRole, UserSettings
from fitcoach.store import lean, log_reader
from fitcoach.store.database import Database
from fitcoach.store.models import ApiToken, MemoryItemRow

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)


def _seed(database: Database, user: UserSettings) -> None:
    with database.write() as session:
        session.execute(insert(ApiToken.__table__), {
            "token_hash": f"lean-{user.user_id}", "user_id": user.user_id, "created_at": NOW})
        session.execute(insert(MemoryItemRow.__table__), [{
            "id": f"m{n}-{user.user_id}"[:32], "user_id": user.user_id, "tier": "durable",
            "entry": {"kind": "note", "text": f"note {n}"},
            "created_at": NOW - dt.timedelta(hours=n), "updated_at": NOW,
            "expires_at": None if n else NOW + dt.timedelta(days=1)} for n in range(3)])
        chat.ChatRepository(session).add_lines(
            user.user_id, [(ChatRole.USER, "hi", None), (ChatRole.COACH, "hello", None)], NOW)


CASES = [
    (_HEADS, lambda u: {"token_hash": f"lean-{u}"}),
    (_LIVE, lambda u: {"user_id": u, "now": NOW}),
    (chat._RECENT, lambda u: {"user_id": u, "limit": 10}),
    (chat._PENDING, lambda u: {"owner": u}),
    (plans._COMPLETIONS, lambda u: {"user_id": u, "first": dt.date(2026, 9, 14),
                                    "last": dt.date(2026, 9, 20)}),
    (log_reader._KNOWN_LOADS, lambda u: {"user_id": u}),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_rows_are_sqlalchemys_rows(database: Database,
                                   new_user: Callable[..., UserSettings], case: int) -> None:
    user = new_user()
    _seed(database, user)
    statement, params = CASES[case]
    with database.read() as session:
        expected = [tuple(row) for row in
                    session.connection().execute(statement, params(user.user_id))]
        got = lean.rows(session, statement, params(user.user_id))
    assert got == expected
    assert [[type(v) for v in row] for row in got] == [[type(v) for v in row]
                                                        for row in expected]
    assert got or statement in (chat._PENDING, log_reader._KNOWN_LOADS, plans._COMPLETIONS)


def test_writes_are_sqlalchemys_writes(database: Database,
                                       new_user: Callable[..., UserSettings]) -> None:
    user = new_user()
    lines = chat.chat_line_rows(user.user_id, [(ChatRole.USER, f"line {n}", None)
                                               for n in range(5)], NOW)
    with database.write() as session:
        lean.insert_many(session, chat._INSERT_LINES, lines)
        lean.execute(session, storage._PRUNE_LINES, {"owner": user.user_id, "skip": 1})
    with database.read() as session:
        kept = chat.ChatRepository(session).recent(user.user_id, 10)
    assert [(line.text, line.at) for line in kept] == [("line 3", NOW), ("line 4", NOW)]


def test_a_driver_error_is_sqlalchemys_error(database: Database) -> None:
    broken = select(text("missing_column")).select_from(text("no_such_table"))
    with database.read() as session, pytest.raises(exc.DBAPIError) as raised:
        lean.rows(session, broken, {})
    assert "no_such_table" in str(raised.value)
