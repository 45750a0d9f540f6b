"""A logged workout and a plan change in the same week (DESIGN D2, D6, D7).

What is right: a completion is a fact about a *date* (a workout was logged on it), overlaid on
the plan when it is read; it is never part of a plan version. The brain may see the overlay
(the terminal chat sends it too), but the proposal is built on the base plan, so:
- every day of a proposal's data is `scheduled` with `completed_log_id`/`completed_at` null
  (the seed's data assurances), the days the edit leaves alone included;
- the stored plan version written by Accept holds no completion either;
- the plan Accept answers (and `GET /api/plans/current`) gets the completion back from the
  overlay, on the date the workout completed (the first log of a date is the one the day
  points at: a day already completed is left alone);
- a day logged (or past) after a proposal was staged is settled at Accept too: a day edit of
  it is refused (409 `proposal_settled`, nothing written), a week edit keeps it as it was
  (`brain.proposals.plan_after_accept`).
The brain must see the overlay: it is how the engine knows which days are already done.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from fitcoach.store.database import Database
from fitcoach.store.models import PlanVersionRow
from tests.e2e.conftest import MONDAY, Api, one_set, sign_up
from tests.e2e.test_embedded_brain_over_http import ONBOARDING, embedded_app


def _stored_plan(database: Database, user_id: str, version: int) -> dict[str, Any]:
    with database.read() as session:
        plan = session.scalar(select(PlanVersionRow.plan).where(
            PlanVersionRow.user_id == user_id, PlanVersionRow.version == version))
    assert plan is not None
    return plan


def _fresh(day: dict[str, Any]) -> bool:
    return (day["status"], day["completed_log_id"], day["completed_at"]) == (
        "scheduled", None, None)


def test_a_day_edit_of_a_completed_day_is_staged_scheduled_and_refused_at_accept(
        new_user: Callable[..., Api], database: Database) -> None:
    # A scripted brain stages a change of Monday after Monday was logged: the proposal is in
    # the proposal's form (scheduled), and Accept refuses it: a completed workout is history.
    api = new_user()
    accepted = api.accepted_week()
    log_id = api.log(one_set()).json()["log_id"]  # Monday, today
    current = api.get("/api/plans/current").json()
    assert current["days"]["monday"]["status"] == "completed"

    proposal = api.chat("day monday Pump")["proposal"]
    assert (proposal["type"], proposal["target_day"]) == ("UPDATE_DAY", "monday")
    assert _fresh(proposal["data"])

    refused = api.accept(proposal["id"])
    assert refused.status_code == 409, refused.text
    assert refused.json()["error"]["code"] == "proposal_settled"
    assert "Monday" in refused.json()["error"]["message"]
    assert _versions(database, api.user_id) == [accepted["version"]]
    after = api.get("/api/plans/current").json()
    assert after == current
    assert (after["days"]["monday"]["title"], after["days"]["monday"]["completed_log_id"]) != (
        "Pump", None)
    assert after["days"]["monday"]["completed_log_id"] == log_id


def _versions(database: Database, user_id: str) -> list[int]:
    with database.read() as session:
        return list(session.scalars(select(PlanVersionRow.version).where(
            PlanVersionRow.user_id == user_id).order_by(PlanVersionRow.version)))


@pytest.fixture
def embedded(database: Database) -> TestClient:
    return embedded_app(database)


def test_a_week_change_after_a_logged_workout_proposes_every_day_scheduled(
        embedded: TestClient, database: Database) -> None:
    # The real pipeline and the embedded brain: moving Thursday's session leaves Monday alone,
    # and Monday (done today) used to come back in the proposal as "completed".
    api = sign_up(embedded)
    onboarding = api.chat(ONBOARDING["en"])
    assert api.accept(onboarding["proposal"]["id"]).status_code == 200
    log_id = api.log(one_set()).json()["log_id"]

    answer = api.chat("move Thursday's workout to Wednesday")
    proposal = answer["proposal"]
    assert proposal["type"] == "UPDATE_WEEK", answer["message"]
    assert all(_fresh(day) for day in proposal["data"]["days"].values())

    accepted = api.accept(proposal["id"])
    assert accepted.status_code == 200
    body = accepted.json()
    assert all(_fresh(day) for day in
               _stored_plan(database, api.user_id, body["version"])["days"].values())
    days = body["plan"]["days"]
    assert (days["monday"]["status"], days["monday"]["completed_log_id"]) == (
        "completed", log_id)
    assert all(_fresh(day) for name, day in days.items() if name != "monday")
    assert api.get("/api/plans/current").json() == body["plan"]


def test_the_brain_still_sees_todays_completion(new_user: Callable[..., Api],
                                                turns: Any) -> None:
    api = new_user()
    api.accepted_week()
    log_id = api.log(one_set()).json()["log_id"]
    api.chat("hello", now=MONDAY + dt.timedelta(hours=1))
    plan = turns.seen[-1].plan.plan
    assert plan is not None
    assert plan.days["monday"].completed_log_id == log_id


def test_a_day_logged_after_its_edit_was_staged_is_not_rewritten_by_accept(
        embedded: TestClient, database: Database) -> None:
    # The real pipeline: the engine stages a change of Monday while Monday is still open;
    # the user then logs Monday's workout (the plan version does not move) and accepts.
    api = sign_up(embedded)
    onboarding = api.chat(ONBOARDING["en"])
    first = api.accept(onboarding["proposal"]["id"])
    assert first.status_code == 200
    monday = first.json()["plan"]["days"]["monday"]

    answer = api.chat("shorten monday to 20 minutes")
    proposal = answer["proposal"]
    assert (proposal["type"], proposal["target_day"]) == ("UPDATE_DAY", "monday"), \
        answer["message"]
    assert proposal["data"]["duration_minutes"] <= 20 < monday["duration_minutes"]
    log_id = api.log(one_set()).json()["log_id"]

    refused = api.accept(proposal["id"])
    assert refused.status_code == 409, refused.text
    assert refused.json()["error"]["code"] == "proposal_settled"
    assert _versions(database, api.user_id) == [first.json()["version"]]
    current = api.get("/api/plans/current").json()["days"]["monday"]
    assert current == {**monday, "status": "completed", "completed_log_id": log_id,
                       "completed_at": current["completed_at"]}
    assert current["completed_at"] is not None
