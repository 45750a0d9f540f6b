"""Accept and reject (DESIGN D6): only Accept writes a plan, once, and never a stale one."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fitcoach.api.coach import proposals
from fitcoach.brain.ports import TurnInput
from fitcoach.store.database import Database
from fitcoach.store.models import ProposalRow
from tests.e2e.conftest import Api, row_counts
from tests.e2e.scripted import ScriptedTurns


def _status(database: Database, proposal_id: str) -> str:
    with database.read() as session:
        row = session.get(ProposalRow, proposal_id)
        assert row is not None
        return row.status


def test_accept_writes_the_next_plan_version(new_user: Callable[..., Api]) -> None:
    api = new_user()
    proposal = api.chat("week Hypertrophy block")["proposal"]
    response = api.accept(proposal["id"])
    assert response.status_code == 200
    body = response.json()
    assert body["version"] == 1
    assert body["plan"] == proposal["data"]
    current = api.get("/api/plans/current")
    assert current.json() == proposal["data"]
    assert current.headers["X-Fitcoach-Plan-Version"] == "1"


def test_accepting_twice_answers_the_same_plan_and_writes_nothing(
        new_user: Callable[..., Api], database: Database) -> None:
    api = new_user()
    proposal_id = api.chat("week")["proposal"]["id"]
    first = api.accept(proposal_id)
    before = row_counts(database)
    again = api.accept(proposal_id)
    assert again.status_code == 200
    assert again.json() == first.json()
    assert row_counts(database) == before


def test_a_day_proposal_replaces_only_that_day(new_user: Callable[..., Api]) -> None:
    api = new_user()
    week = api.accepted_week()["plan"]
    proposal = api.chat("day wednesday Legs, shortened")["proposal"]
    assert (proposal["type"], proposal["target_day"]) == ("UPDATE_DAY", "wednesday")
    body = api.accept(proposal["id"]).json()
    assert body["version"] == 2
    assert body["plan"]["days"]["wednesday"]["title"] == "Legs, shortened"
    for day in ("monday", "tuesday", "thursday", "friday", "saturday", "sunday"):
        assert body["plan"]["days"][day] == week["days"][day]
    assert api.get("/api/plans/current").json() == body["plan"]


def test_a_new_proposal_supersedes_the_pending_one(new_user: Callable[..., Api],
                                                   database: Database) -> None:
    api = new_user()
    older = api.chat("week First idea")["proposal"]["id"]
    newer = api.chat("week Second idea")["proposal"]["id"]
    assert _status(database, older) == "superseded"
    before = row_counts(database)
    response = api.accept(older)
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "proposal_superseded"
    assert row_counts(database) == before
    assert api.accept(newer).status_code == 200


def test_a_conversation_without_a_plan_change_keeps_the_pending_proposal(
        new_user: Callable[..., Api], database: Database) -> None:
    api = new_user()
    proposal_id = api.chat("week")["proposal"]["id"]
    api.chat("hello")
    assert _status(database, proposal_id) == "pending"
    assert api.accept(proposal_id).status_code == 200


def test_reject_then_accept_is_409(new_user: Callable[..., Api], database: Database) -> None:
    api = new_user()
    proposal_id = api.chat("week")["proposal"]["id"]
    rejected = api.reject(proposal_id)
    assert rejected.status_code == 200
    assert rejected.json() == {"proposal_id": proposal_id, "status": "rejected"}
    assert api.reject(proposal_id).json()["status"] == "rejected"  # idempotent
    before = row_counts(database)
    response = api.accept(proposal_id)
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "proposal_rejected"
    assert row_counts(database) == before
    assert api.get("/api/plans/current").status_code == 404


def test_an_accepted_proposal_cannot_be_rejected(new_user: Callable[..., Api]) -> None:
    api = new_user()
    proposal_id = api.chat("week")["proposal"]["id"]
    api.accept(proposal_id)
    response = api.reject(proposal_id)
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "proposal_accepted"


def test_rejecting_a_superseded_proposal_keeps_it_superseded(
        new_user: Callable[..., Api]) -> None:
    api = new_user()
    older = api.chat("week A")["proposal"]["id"]
    api.chat("week B")
    assert api.reject(older).json() == {"proposal_id": older, "status": "superseded"}


def test_a_proposal_built_on_an_older_plan_is_409_and_changes_nothing(
        new_user: Callable[..., Api], database: Database, turns: ScriptedTurns) -> None:
    api = new_user()
    api.accepted_week()
    pending = api.chat("week Next idea")["proposal"]["id"]

    def another_tab_accepts(turn: TurnInput) -> None:
        # While this turn thinks (on plan version 1), the pending proposal is accepted.
        proposals.accept(database, turn.settings, pending, turn.now)

    turns.meanwhile.append(another_tab_accepts)
    stale = api.chat("day friday Arms")["proposal"]
    assert _status(database, pending) == "accepted"
    before = row_counts(database)
    plan_before = api.get("/api/plans/current").json()
    response = api.accept(stale["id"])
    assert response.status_code == 409
    body = response.json()["error"]
    assert body["code"] == "proposal_outdated"
    assert "version 1" in body["message"]
    assert "version 2" in body["message"]
    assert row_counts(database) == before
    assert api.get("/api/plans/current").json() == plan_before
    assert _status(database, stale["id"]) == "pending"


def test_a_day_proposal_without_any_plan_is_409(new_user: Callable[..., Api],
                                                database: Database) -> None:
    api = new_user()
    proposal_id = api.chat("day monday Quick one")["proposal"]["id"]
    before = row_counts(database)
    response = api.accept(proposal_id)
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "no_plan"
    assert row_counts(database) == before


@pytest.mark.parametrize("proposal_id", ["prop_nope", "prop_" + "0" * 24, "prop_%00x",
                                         "x" * 300])
def test_unknown_proposals_are_404(new_user: Callable[..., Api], proposal_id: str) -> None:
    api = new_user()
    for response in (api.accept(proposal_id), api.reject(proposal_id)):
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "not_found"
