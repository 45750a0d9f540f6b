"""GET /api/memory and DELETE /api/memory/{id}: TTL eviction, deletion with an audit trail."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from sqlalchemy import select

from fitcoach.store.database import Database
from fitcoach.store.models import MemoryAuditRow, MemoryItemRow
from tests.e2e.conftest import MONDAY, Api, row_counts
from tests.e2e.scripted import ScriptedTurns


def test_memory_lists_each_tier(new_user: Callable[..., Api]) -> None:
    api = new_user()
    api.chat("remember: Home gym")
    api.chat("sore: hamstrings 48")
    memory = api.memory()
    assert set(memory) == {"tier_1_staples", "tier_2_physiological", "tier_3_situational"}
    [staple] = memory["tier_1_staples"]
    [sore] = memory["tier_2_physiological"]
    assert staple["fact"] == "Home gym"
    assert staple["category"] == "preference"
    assert (sore["body_part"], sore["condition"]) == ("hamstrings", "soreness")
    assert dt.datetime.fromisoformat(sore["expires_at"]) == MONDAY + dt.timedelta(hours=48)
    assert memory["tier_3_situational"] == []


def test_an_expired_item_leaves_the_memory_and_the_context(
        new_user: Callable[..., Api], turns: ScriptedTurns, database: Database) -> None:
    api = new_user()
    api.chat("sore: quads 48")
    api.chat("remember: Morning trainer")
    just_before = MONDAY + dt.timedelta(hours=48)
    just_after = MONDAY + dt.timedelta(hours=48, seconds=1)
    assert len(api.memory(now=just_before)["tier_2_physiological"]) == 1
    assert api.memory(now=just_after)["tier_2_physiological"] == []
    everything = api.memory(now=just_after, include_expired="true")
    [expired] = everything["tier_2_physiological"]
    assert expired["status"] == "expired"
    assert everything["tier_1_staples"][0]["status"] == "active"
    api.chat("hello", now=just_after)
    assert [item.tier.value for item in turns.seen[-1].memory] == ["tier_1_staples"]
    with database.read() as session:  # evicted from view, never deleted
        rows = session.scalars(select(MemoryItemRow.invalidated_at)
                               .where(MemoryItemRow.user_id == api.user_id)).all()
    assert rows == [None, None]


def test_delete_invalidates_and_keeps_the_audit(new_user: Callable[..., Api],
                                                database: Database) -> None:
    api = new_user()
    memory_id = api.chat("remember: Hates burpees")["memory_mutations"][0]["memory_id"]
    later = MONDAY + dt.timedelta(hours=1)
    response = api.delete(f"/api/memory/{memory_id}", now=later)
    assert response.status_code == 204
    assert response.content == b""
    assert api.memory(now=later)["tier_1_staples"] == []
    [item] = api.memory(now=later, include_expired="true")["tier_1_staples"]
    assert item["status"] == "invalidated"
    assert item["invalidation_reason"] == "deleted by user"
    assert dt.datetime.fromisoformat(item["invalidated_at"]) == later
    assert item["fact"] == "Hates burpees"
    with database.read() as session:
        audit = session.execute(select(MemoryAuditRow.operation, MemoryAuditRow.source,
                                       MemoryAuditRow.reason)
                                .where(MemoryAuditRow.memory_id == memory_id)
                                .order_by(MemoryAuditRow.id)).all()
    assert [tuple(row) for row in audit] == [("CREATE", "chat", "stated"),
                                             ("DELETE", "user", "deleted by user")]


def test_deleting_twice_changes_nothing_the_second_time(new_user: Callable[..., Api],
                                                        database: Database) -> None:
    api = new_user()
    memory_id = api.chat("remember: Left-handed")["memory_mutations"][0]["memory_id"]
    assert api.delete(f"/api/memory/{memory_id}").status_code == 204
    before = row_counts(database)
    assert api.delete(f"/api/memory/{memory_id}").status_code == 204
    assert row_counts(database) == before


@pytest.mark.parametrize("memory_id", ["mem_unknown", "mem_" + "f" * 24, "mem_%00", "m" * 500])
def test_deleting_an_unknown_item_is_404(new_user: Callable[..., Api], memory_id: str) -> None:
    response = new_user().delete(f"/api/memory/{memory_id}")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_a_deleted_item_is_not_in_the_next_turns_context(
        new_user: Callable[..., Api], turns: ScriptedTurns) -> None:
    api = new_user()
    memory_id = api.chat("remember: Bad knee")["memory_mutations"][0]["memory_id"]
    api.delete(f"/api/memory/{memory_id}")
    api.chat("hello")
    assert turns.seen[-1].memory == ()


def test_the_coach_can_update_and_delete_its_own_items(new_user: Callable[..., Api]) -> None:
    api = new_user()
    created = api.chat("remember: Dumbbells to 50 lb")["memory_mutations"][0]
    updated = api.chat("update first: Dumbbells to 70 lb")["memory_mutations"][0]
    assert (updated["operation"], updated["memory_id"]) == ("UPDATE", created["memory_id"])
    [item] = api.memory()["tier_1_staples"]
    assert item["fact"] == "Dumbbells to 70 lb"
    deleted = api.chat("forget first")["memory_mutations"][0]
    assert (deleted["operation"], deleted["memory_id"]) == ("DELETE", created["memory_id"])
    assert api.memory()["tier_1_staples"] == []
    [gone] = api.memory(include_expired="true")["tier_1_staples"]
    assert gone["invalidation_reason"] == "resolved"
