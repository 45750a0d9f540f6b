"""One user can never read or change another's data: their ids answer 404, never 403."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest

from fitcoach.store.database import Database
from fitcoach.store.models import ProposalRow
from tests.e2e.conftest import MONDAY, Api, one_set, row_counts
from tests.e2e.scripted import ScriptedTurns


@pytest.fixture
def ann(new_user: Callable[..., Api]) -> Api:
    api = new_user(display_name="Ann")
    api.chat("remember: Ann trains at dawn")
    api.chat("sore: shoulders 72")
    api.accepted_week()
    api.log(one_set("flat-db-bench-press", weight_lbs=70, reps=6), now=MONDAY)
    return api


@pytest.fixture
def bob(new_user: Callable[..., Api]) -> Api:
    return new_user(display_name="Bob")


def test_bob_cannot_read_anns_memory_plan_logs_or_records(ann: Api, bob: Api) -> None:
    assert bob.memory(include_expired="true") == {
        "tier_1_staples": [], "tier_2_physiological": [], "tier_3_situational": []}
    assert bob.get("/api/plans/current").status_code == 404
    assert bob.get("/api/workouts/logs").json() == []
    assert bob.get("/api/workouts/logs", params={"exercise": "flat-db-bench-press"}).json() == []
    records = bob.get("/api/prs/flat-db-bench-press").json()
    assert records["max_weight_set"] is None
    assert records["rep_records"] == {}


def test_bob_cannot_delete_anns_memory(ann: Api, bob: Api, database: Database) -> None:
    memory_id = ann.memory()["tier_1_staples"][0]["memory_id"]
    before = row_counts(database)
    response = bob.delete(f"/api/memory/{memory_id}")
    assert response.status_code == 404
    assert row_counts(database) == before
    assert ann.memory()["tier_1_staples"][0]["status"] == "active"


def test_bob_cannot_accept_or_reject_anns_proposal(ann: Api, bob: Api,
                                                   database: Database) -> None:
    proposal_id = ann.chat("day friday Ann's arms")["proposal"]["id"]
    before = row_counts(database)
    for response in (bob.accept(proposal_id), bob.reject(proposal_id)):
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "not_found"
    assert row_counts(database) == before
    with database.read() as session:
        row = session.get(ProposalRow, proposal_id)
        assert row is not None
        assert row.status == "pending"
    assert bob.get("/api/plans/current").status_code == 404
    assert ann.accept(proposal_id).status_code == 200


def test_bobs_turn_sees_none_of_anns_state(ann: Api, bob: Api, turns: ScriptedTurns) -> None:
    bob.chat("history flat-db-bench-press 10")
    turn = turns.seen[-1]
    assert turn.settings.user_id == bob.user_id
    assert turn.memory == ()
    assert turn.plan.plan is None
    assert all(line.text != "remember: Ann trains at dawn" for line in turn.history)
    assert turns.tool_results[-1]["sessions"] == []


def test_bobs_coach_cannot_touch_anns_memory_by_id(ann: Api, bob: Api,
                                                   database: Database) -> None:
    memory_id = ann.memory()["tier_1_staples"][0]["memory_id"]
    before = row_counts(database)
    response = bob.post("/api/coach/chat", {"message": f"forget: {memory_id}"})
    assert response.status_code == 409  # unknown id for Bob: the mutation cannot apply
    assert row_counts(database) == before
    assert ann.memory()["tier_1_staples"][0]["status"] == "active"


def test_bobs_proposals_do_not_supersede_anns(ann: Api, bob: Api,
                                              database: Database) -> None:
    # Tuesday: Ann's Monday is logged (the fixture), and a logged day is never rewritten.
    anns = ann.chat("day tuesday Ann's Tuesday")["proposal"]["id"]
    bob.chat("week")
    assert ann.accept(anns, now=MONDAY + dt.timedelta(hours=1)).status_code == 200
