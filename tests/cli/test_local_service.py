"""The in-process service (`fitcoach.local`) is the HTTP service, not a copy of it: a turn
stores what `POST /api/coach/chat` stores, ids minted in process sort in the order they
were made, and the evals' copies of a state are exact and never share a user."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fitcoach.api.coach.repository import ChatRepository
from fitcoach.api.ids import IdSequence, minted_in_order, new_id, new_memory_id, well_formed
from fitcoach.api.memory.repository import MemoryRepository
from fitcoach.brain.ports import UserSettings
from fitcoach.local.coach import LocalCoach
from fitcoach.local.store import in_memory_database, rename_user, restore, snapshot
from fitcoach.store.models import Base

from .scripted import ONBOARDING, ScriptBrain

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)


def coach() -> LocalCoach:
    brain = ScriptBrain([ONBOARDING])
    return LocalCoach.sign_up(UserSettings(user_id="ignored"), brain, brain, clock=lambda: NOW)


def test_a_turn_is_stored_as_the_http_service_stores_it() -> None:
    user = coach()
    record = asyncio.run(user.send("dumbbells and a bench, 4 days"))
    assert record.staged is not None
    assert record.staged.id == record.answer.proposal.id
    assert well_formed(record.staged.id)
    assert well_formed(user.caller.user_id)
    with user.database.read() as session:
        lines = ChatRepository(session).recent(user.caller.user_id, 10)
        stored = MemoryRepository(session).live(user.caller.user_id, NOW)
    assert [line.text for line in lines] == ["dumbbells and a bench, 4 days",
                                             record.answer.message]
    assert [m.memory_id for m in record.memory.applied] == [i.memory_id for i in stored]
    assert user.pending() == record.staged
    assert user.plan is None  # staged, not accepted (D6)


@given(st.lists(st.sampled_from(["mem", "prop", "log"]), min_size=1, max_size=40))
def test_ids_minted_in_order_sort_in_that_order_per_kind(prefixes: list[str]) -> None:
    sequence = IdSequence()
    with minted_in_order(sequence):
        minted = [new_id(prefix) for prefix in prefixes]
    assert all(well_formed(value) for value in minted)
    for prefix in set(prefixes):
        mine = [value for value in minted if value.startswith(prefix + "_")]
        assert mine == sorted(mine)
        assert len(set(mine)) == len(mine)


def test_outside_a_sequence_ids_stay_random() -> None:
    with minted_in_order(IdSequence("0" * 12)):
        inside = new_memory_id()
    assert inside == "mem_" + "0" * 23 + "1"
    assert new_memory_id() != inside
    assert well_formed(new_memory_id())


def test_a_stem_must_be_twelve_hex_digits() -> None:
    with pytest.raises(ValueError, match="12 hexadecimal"):
        IdSequence("not-hex")


def test_a_restored_copy_is_the_state_it_copied_and_a_renamed_user_keeps_every_row() -> None:
    user = coach()
    asyncio.run(user.send("dumbbells and a bench, 4 days"))
    copy = snapshot(user.database)
    user.accept()
    assert user.version == 1
    restore(user.database, copy)
    assert user.version is None
    assert user.pending() is not None
    old = user.caller.user_id
    rename_user(user.database, old, "usr_" + "ab" * 12)
    with user.database.engine.connect() as connection:
        for table in Base.metadata.sorted_tables:
            if "user_id" in table.c:
                left = connection.execute(table.select().where(table.c.user_id == old))
                assert left.first() is None, table.name
    moved = LocalCoach(database=user.database,
                       caller=user.caller.model_copy(update={"user_id": "usr_" + "ab" * 12}),
                       token_hash=user.token_hash, brain=user.brain)
    assert moved.pending() is not None
    assert len(moved.memory) == 2
    assert moved.accept().version == 1  # the renamed user's rows still hold together


def test_each_new_database_is_empty_and_migrated() -> None:
    first, second = in_memory_database(), in_memory_database()
    try:
        with first.engine.connect() as connection:
            tables = {row[0] for row in connection.exec_driver_sql(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {table.name for table in Base.metadata.sorted_tables} <= tables
        assert "alembic_version" in tables
        user = LocalCoach.sign_up(UserSettings(user_id="x"), ScriptBrain([]), database=first)
        assert user.memory == []
        with second.engine.connect() as connection:
            assert connection.exec_driver_sql("SELECT count(*) FROM users").scalar() == 0
    finally:
        first.dispose()
        second.dispose()
