"""POST /api/coach/chat: the contract, the snapshot a turn sees, what a turn persists."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from sqlalchemy import select

from fitcoach.api.memory.repository import MemoryRepository
from fitcoach.brain.ports import ActiveTab, ChatRole, TurnInput
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.store.database import Database
from fitcoach.store.models import ChatMessageRow, MemoryAuditRow, ProposalRow
from tests.e2e.conftest import MONDAY, Api, one_set, row_counts
from tests.e2e.scripted import ScriptedTurns


def test_a_turn_answers_the_seed_contract(new_user: Callable[..., Api]) -> None:
    body = new_user().chat("hello")
    assert body["message"] == "Hello."
    assert body["proposal"] == {"id": None, "type": "NONE", "target_day": None,
                                "summary_diff": None, "data": None}
    assert body["memory_mutations"] == []
    assert body["meta"] == {"brain": "scripted"}


def test_memory_mutations_are_applied_and_returned_with_their_ids(
        new_user: Callable[..., Api], database: Database) -> None:
    api = new_user()
    body = api.chat("remember: Prefers short answers")
    [mutation] = body["memory_mutations"]
    assert mutation["operation"] == "CREATE"
    assert mutation["memory_id"].startswith("mem_")
    assert mutation["entry"]["fact"] == "Prefers short answers"
    [item] = api.memory()["tier_1_staples"]
    assert item["memory_id"] == mutation["memory_id"]
    assert (item["category"], item["fact"], item["status"]) == (
        "preference", "Prefers short answers", "active")
    with database.read() as session:
        audit = session.scalars(select(MemoryAuditRow)
                                .where(MemoryAuditRow.user_id == api.user_id)).all()
    assert [(a.operation, a.memory_id, a.source) for a in audit] == [
        ("CREATE", mutation["memory_id"], "chat")]


def test_a_repeated_fact_is_dropped_not_duplicated(new_user: Callable[..., Api]) -> None:
    api = new_user()
    first = api.chat("remember: Trains at home")
    again = api.chat("remember: trains at home.")
    assert again["memory_mutations"] == []
    assert again["meta"]["memory_dropped"][0]["duplicate_of"] == (
        first["memory_mutations"][0]["memory_id"])
    assert len(api.memory()["tier_1_staples"]) == 1


def test_the_turn_sees_the_callers_snapshot(new_user: Callable[..., Api],
                                            turns: ScriptedTurns) -> None:
    api = new_user(locale="it", units="kg", timezone="Europe/Rome")
    api.chat("remember: Likes supersets")
    api.accepted_week()
    api.chat("hello", active_tab="week", selected_day="friday")
    turn: TurnInput = turns.seen[-1]
    assert turn.settings.user_id == api.user_id
    assert (turn.settings.locale.value, turn.settings.units.value,
            turn.settings.timezone) == ("it", "kg", "Europe/Rome")
    assert turn.route.active_tab is ActiveTab.WEEK
    assert turn.route.selected_day is Weekday.FRIDAY
    assert [item.entry.fact for item in turn.memory] == ["Likes supersets"]  # type: ignore[union-attr]
    assert turn.plan.version == 1
    assert turn.plan.plan is not None
    assert turn.plan.plan.week_start_date == MONDAY.date()


def test_the_turn_sees_the_last_ten_chat_lines(new_user: Callable[..., Api],
                                               turns: ScriptedTurns) -> None:
    api = new_user()
    for i in range(7):
        api.chat(f"hello {i}", now=MONDAY + dt.timedelta(minutes=i))
    api.chat("hello last")
    history = turns.seen[-1].history
    assert len(history) == 10
    assert [line.text for line in history[-2:]] == ["hello 6", "Hello."]
    assert history[0].text == "hello 2"
    assert [line.role for line in history[:2]] == [ChatRole.USER, ChatRole.COACH]


def test_a_staged_proposal_is_stored_pending_and_writes_no_plan(
        new_user: Callable[..., Api], database: Database) -> None:
    api = new_user()
    versions_before = row_counts(database)["plan_versions"]
    body = api.chat("week")
    proposal = body["proposal"]
    assert proposal["type"] == "UPDATE_WEEK"
    assert proposal["id"].startswith("prop_")
    assert proposal["id"] != "prop_scripted"
    assert proposal["data"]["days"]["monday"]["status"] == "scheduled"
    assert api.get("/api/plans/current").status_code == 404
    assert row_counts(database)["plan_versions"] == versions_before
    with database.read() as session:
        row = session.get(ProposalRow, proposal["id"])
        coach_line = session.scalars(
            select(ChatMessageRow).where(ChatMessageRow.user_id == api.user_id,
                                         ChatMessageRow.role == "coach")).one()
    assert row is not None
    assert (row.status, row.base_plan_version) == ("pending", None)
    assert coach_line.proposal_id == proposal["id"]


def test_staging_never_touches_the_plan(new_user: Callable[..., Api],
                                        database: Database) -> None:
    api = new_user()
    api.accepted_week()
    plan_before = api.get("/api/plans/current").json()
    versions_before = row_counts(database)["plan_versions"]
    api.chat("week Another theme")
    api.chat("day monday Short session")
    assert api.get("/api/plans/current").json() == plan_before
    assert row_counts(database)["plan_versions"] == versions_before


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"message": "x" * 4001}, 422, "validation_error"),
    ({"message": ""}, 422, "validation_error"),
    ({"message": "   \n"}, 422, "validation_error"),
    ({}, 422, "validation_error"),
    ({"message": "hi", "selected_day": "funday"}, 422, "validation_error"),
    ({"message": "hi", "selected_day": "Monday"}, 422, "validation_error"),
    ({"message": "hi", "active_tab": "settings"}, 422, "validation_error"),
    ({"message": 42}, 422, "validation_error"),
    ({"message": "hi", "user_id": "usr_other"}, 422, "validation_error"),
    ({"message": "hi\u0000there"}, 422, "validation_error"),
    (["message"], 422, "validation_error"),
])
def test_bad_chat_bodies_are_4xx_and_write_nothing(
        new_user: Callable[..., Api], database: Database, turns: ScriptedTurns,
        body: object, status: int, code: str) -> None:
    api = new_user()
    before = row_counts(database)
    response = api.post("/api/coach/chat", body)
    assert response.status_code == status
    assert response.json()["error"]["code"] == code
    assert row_counts(database) == before
    assert turns.seen == []


def test_a_message_of_exactly_4000_characters_is_accepted(new_user: Callable[..., Api]) -> None:
    assert new_user().chat("hello" + "!" * 3995)["message"] == "Hello."


def test_malformed_chat_json_is_400(new_user: Callable[..., Api], database: Database) -> None:
    api = new_user()
    before = row_counts(database)
    response = api.client.post("/api/coach/chat", content=b'{"message": "hi"',
                               headers={**api.headers(), "Content-Type": "application/json"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "malformed_json"
    assert row_counts(database) == before


def test_mutations_that_never_apply_answer_409_and_write_nothing(
        new_user: Callable[..., Api], database: Database, turns: ScriptedTurns) -> None:
    api = new_user()
    api.chat("remember: Something true")
    before = row_counts(database)
    response = api.post("/api/coach/chat", {"message": "forget: mem_does_not_exist"})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "memory_conflict"
    assert row_counts(database) == before
    assert len(turns.seen) == 3  # the first turn, then the failing one and its single rerun


def test_a_turn_reruns_once_when_another_turn_changed_the_memory(
        new_user: Callable[..., Api], database: Database, turns: ScriptedTurns) -> None:
    api = new_user()
    item_id = api.chat("remember: Old fact")["memory_mutations"][0]["memory_id"]

    def another_tab_deletes_it(turn: TurnInput) -> None:
        with database.write(lock_user=api.user_id) as session:
            repository = MemoryRepository(session)
            item = repository.get(api.user_id, item_id)
            assert item is not None
            repository.invalidate(api.user_id, item, "deleted by user", "user", turn.now)

    turns.meanwhile.append(another_tab_deletes_it)
    body = api.chat("forget first")
    # The first run wanted to delete the item the other tab deleted; the rerun saw it gone.
    assert body["memory_mutations"] == []
    assert body["meta"]["attempts"] == 2
    assert [i.memory_id for i in turns.seen[-2].memory] == [item_id]
    assert turns.seen[-1].memory == ()
    with database.read() as session:
        deletes = session.scalars(select(MemoryAuditRow.source).where(
            MemoryAuditRow.memory_id == item_id, MemoryAuditRow.operation == "DELETE")).all()
    assert deletes == ["user"]


def test_the_log_reader_of_a_turn_reads_the_callers_history(
        new_user: Callable[..., Api], turns: ScriptedTurns) -> None:
    api, other = new_user(), new_user()
    for day in range(4):
        assert api.log(one_set("pull-up", weight_lbs=0, reps=8 + day),
                       now=MONDAY + dt.timedelta(days=day)).status_code == 201
    other.log(one_set("pull-up", weight_lbs=25, reps=5))
    body = api.chat("history pull-up 50", now=MONDAY + dt.timedelta(days=5))
    assert body["message"] == "You logged 4 sessions."
    result = turns.tool_results[-1]
    assert result["limit_sessions"] == 10  # clamped from 50
    assert [s["top_set"]["reps"] for s in result["sessions"]] == [11, 10, 9, 8]
    assert other.chat("history pull-up 3")["message"] == "You logged 1 sessions."
