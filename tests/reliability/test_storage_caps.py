"""Per-user storage caps: memory items (the oldest expired or deleted pruned first, a CREATE
over the cap dropped and reported) and chat history (the oldest lines pruned)."""

from __future__ import annotations

import datetime as dt

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from fitcoach.store.database import Database
from fitcoach.store.models import ChatMessageRow, MemoryAuditRow, MemoryItemRow
from tests.e2e.conftest import MONDAY, Api, build_app, sign_up
from tests.e2e.scripted import ScriptedTurns

CAP = 10
LINES = 20


@pytest.fixture
def capped(database: Database) -> TestClient:
    return TestClient(build_app(database, ScriptedTurns(), memory_max_items=CAP,
                                chat_history_max_lines=LINES))


def stored_items(database: Database, user_id: str) -> list[MemoryItemRow]:
    with database.read() as session:
        return list(session.scalars(select(MemoryItemRow).where(
            MemoryItemRow.user_id == user_id).order_by(MemoryItemRow.created_at)))


def facts(api: Api, now: dt.datetime | None = None) -> list[str]:
    listing = api.memory(now, include_expired="true")
    return [item["fact"] for tier in listing.values() for item in tier]


def remember(api: Api, fact: str, now: dt.datetime | None = None) -> dict:
    return api.chat(f"remember: {fact}", now)


def test_a_create_over_the_cap_is_dropped_and_reported(capped: TestClient,
                                                       database: Database) -> None:
    api = sign_up(capped)
    for index in range(CAP):
        remember(api, f"fact {index}", MONDAY + dt.timedelta(minutes=index))
    answer = remember(api, "one too many", MONDAY + dt.timedelta(hours=1))
    assert answer["memory_mutations"] == []
    [dropped] = answer["meta"]["memory_dropped"]
    assert dropped["index"] == 0
    assert dropped["reason"].startswith(f"memory is full: {CAP} items")
    assert "DELETE /api/memory" in dropped["reason"]
    assert len(stored_items(database, api.user_id)) == CAP
    assert "one too many" not in facts(api)


def test_the_oldest_deleted_items_make_room_first(capped: TestClient,
                                                  database: Database) -> None:
    api = sign_up(capped)
    for index in range(CAP):
        remember(api, f"fact {index}", MONDAY + dt.timedelta(minutes=index))
    items = api.memory()["tier_1_staples"]
    for item in (items[5], items[2], items[7]):  # deleted, kept as an audit trail
        assert api.delete(f"/api/memory/{item['memory_id']}").status_code == 204
    audit_before = _audit_rows(database, api.user_id)
    for extra in ("new A", "new B"):
        answer = remember(api, extra, MONDAY + dt.timedelta(hours=1))
        assert len(answer["memory_mutations"]) == 1
    stored = [row.entry["fact"] for row in stored_items(database, api.user_id)]
    assert len(stored) == CAP
    # fact 2 and fact 5 were the oldest deleted ones; fact 7 (deleted later-created) stays
    assert "fact 2" not in stored
    assert "fact 5" not in stored
    assert "fact 7" in stored
    assert {f"fact {i}" for i in (0, 1, 3, 4, 6, 8, 9)} <= set(stored)
    assert _audit_rows(database, api.user_id) == audit_before + 2  # the audit is never pruned


def test_expired_items_are_pruned_before_anything_active(capped: TestClient,
                                                         database: Database) -> None:
    api = sign_up(capped)
    for index, part in enumerate(("knees", "calves", "wrist")):  # sore for an hour
        api.chat(f"sore: {part} 1", MONDAY + dt.timedelta(minutes=index))
    for index in range(CAP - 3):
        remember(api, f"fact {index}", MONDAY + dt.timedelta(minutes=10 + index))
    later = MONDAY + dt.timedelta(hours=5)
    remember(api, "after the soreness", later)
    remember(api, "and one more", later)
    stored = [row.entry["fact"] for row in stored_items(database, api.user_id)]
    assert len(stored) == CAP
    assert "sore knees" not in stored
    assert "sore calves" not in stored
    assert "sore wrist" in stored  # only as many as needed
    assert {"after the soreness", "and one more"} <= set(stored)


def test_the_cap_is_per_user(capped: TestClient, database: Database) -> None:
    ann, bob = sign_up(capped), sign_up(capped)
    for index in range(CAP):
        remember(ann, f"ann {index}", MONDAY + dt.timedelta(minutes=index))
    answer = remember(bob, "bob has room")
    assert len(answer["memory_mutations"]) == 1
    assert len(stored_items(database, ann.user_id)) == CAP


def test_chat_history_keeps_the_newest_lines(capped: TestClient, database: Database) -> None:
    ann, bob = sign_up(capped), sign_up(capped)
    bob.chat("hello from bob")
    turns = LINES // 2 + 5
    for index in range(turns):
        ann.chat(f"hello {index}", MONDAY + dt.timedelta(minutes=index))
    with database.read() as session:
        lines = session.scalars(select(ChatMessageRow.text).where(
            ChatMessageRow.user_id == ann.user_id).order_by(ChatMessageRow.id)).all()
        bobs = session.scalar(select(func.count()).select_from(ChatMessageRow).where(
            ChatMessageRow.user_id == bob.user_id))
    assert len(lines) == LINES
    assert lines[0] == "hello 5"
    assert lines[-2] == f"hello {turns - 1}"
    assert bobs == 2


def _audit_rows(database: Database, user_id: str) -> int:
    with database.read() as session:
        return session.scalar(select(func.count()).select_from(MemoryAuditRow).where(
            MemoryAuditRow.user_id == user_id)) or 0
