"""GET /api/coach/history: the stored conversation, newest last, paged backwards, the
caller's only."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest

from tests.e2e.conftest import MONDAY, Api

NEXT = "X-Fitcoach-Next-Before"


def history(api: Api, **params: Any) -> list[dict[str, Any]]:
    response = api.get("/api/coach/history", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def test_new_user_has_no_history(new_user: Callable[..., Api]) -> None:
    response = new_user().get("/api/coach/history")
    assert response.status_code == 200
    assert response.json() == []
    assert NEXT not in response.headers


def test_lines_in_order_with_roles_times_and_the_staged_proposal(
        new_user: Callable[..., Api]) -> None:
    api = new_user()
    first = api.chat("hello", now=MONDAY)
    staged = api.chat("week", now=MONDAY + dt.timedelta(minutes=5))["proposal"]
    lines = history(api)
    assert [(line["role"], line["message"]) for line in lines] == [
        ("user", "hello"), ("coach", first["message"]),
        ("user", "week"), ("coach", lines[3]["message"])]
    assert lines[0]["proposal"] is None
    assert lines[1]["proposal"] is None
    assert dt.datetime.fromisoformat(lines[0]["at"]) == MONDAY
    assert dt.datetime.fromisoformat(lines[3]["at"]) == MONDAY + dt.timedelta(minutes=5)
    proposal = lines[3]["proposal"]
    assert proposal["id"] == staged["id"]
    assert proposal["type"] == "UPDATE_WEEK"
    assert proposal["status"] == "pending"
    assert proposal["summary_diff"] == staged["summary_diff"]
    assert proposal["data"]["days"].keys() == staged["data"]["days"].keys()


def test_a_proposal_shows_where_it_stands_now(new_user: Callable[..., Api]) -> None:
    api = new_user()
    older = api.chat("week")["proposal"]
    newer = api.chat("week")["proposal"]
    assert api.accept(newer["id"]).status_code == 200
    statuses = {line["proposal"]["id"]: line["proposal"]["status"]
                for line in history(api) if line["proposal"]}
    assert statuses == {older["id"]: "superseded", newer["id"]: "accepted"}
    third = api.chat("week")["proposal"]
    assert api.reject(third["id"]).status_code == 200
    assert history(api, limit=1)[0]["proposal"]["status"] == "rejected"


def test_pages_run_backwards_from_the_newest_line(new_user: Callable[..., Api]) -> None:
    api = new_user()
    for n in range(5):
        api.chat(f"hello {n}")
    every = [line["message"] for line in history(api, limit=200)]
    assert len(every) == 10
    page = api.get("/api/coach/history", params={"limit": 4})
    assert [line["message"] for line in page.json()] == every[-4:]
    seen = page.json()
    cursor = page.headers[NEXT]
    while cursor:
        older = api.get("/api/coach/history", params={"limit": 4, "before": cursor})
        assert older.status_code == 200, older.text
        seen = older.json() + seen
        cursor = older.headers.get(NEXT)
    assert [line["message"] for line in seen] == every
    # A page that is not full is the last one: no cursor.
    assert NEXT not in api.get("/api/coach/history", params={"limit": 11}).headers


def test_default_page_is_the_newest_fifty(new_user: Callable[..., Api]) -> None:
    api = new_user()
    for n in range(26):
        api.chat(f"hello {n}")
    page = api.get("/api/coach/history")
    assert len(page.json()) == 50
    assert page.json()[-2]["message"] == "hello 25"
    assert page.json()[0]["message"] == "hello 1"
    assert NEXT in page.headers


def test_another_users_history_is_never_visible(new_user: Callable[..., Api]) -> None:
    ann, bob = new_user(display_name="Ann"), new_user(display_name="Bob")
    ann.chat("remember: Ann trains at dawn")
    ann.chat("week")
    bob.chat("hello")
    assert [line["message"] for line in history(bob) if line["role"] == "user"] == ["hello"]
    # A cursor is a position among the caller's own lines: another user's shows nothing
    # of theirs (Ann's, older than all of Bob's lines, shows Bob none; Bob's, newer than
    # Ann's, shows Ann only her own).
    ann_lines = history(ann)
    cursor = ann.get("/api/coach/history", params={"limit": 1}).headers[NEXT]
    assert history(bob, before=cursor) == []
    bob_cursor = bob.get("/api/coach/history", params={"limit": 1}).headers[NEXT]
    assert history(ann, before=bob_cursor) == ann_lines
    assert all("Bob" not in line["message"] for line in ann_lines)

def test_needs_a_valid_token(client: Any, new_user: Callable[..., Api]) -> None:
    new_user().chat("hello")
    assert client.get("/api/coach/history").status_code == 401
    response = client.get("/api/coach/history",
                          headers={"Authorization": "Bearer not-a-token"})
    assert response.status_code == 401
    assert response.json()["error"]["code"]


@pytest.mark.parametrize("params", [
    {"limit": 0}, {"limit": 201}, {"limit": -1}, {"limit": "ten"},
    {"before": "0"}, {"before": "abc"}, {"before": "-5"}, {"before": "1" * 19},
    {"before": ""},
], ids=repr)
def test_bad_params_are_a_clear_4xx(new_user: Callable[..., Api],
                                    params: dict[str, Any]) -> None:
    response = new_user().get("/api/coach/history", params=params)
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"]
    assert error["message"]


def _status(api: Api, proposal_id: str, now: dt.datetime = MONDAY) -> tuple[str, Any]:
    response = api.get("/api/coach/history", now=now)
    assert response.status_code == 200
    found = [line["proposal"] for line in response.json() if line["proposal"]
             and line["proposal"]["id"] == proposal_id]
    return found[0]["status"], found[0]["refusal"]


def test_a_pending_day_edit_that_accept_would_refuse_reads_outdated(
        new_user: Callable[..., Api]) -> None:
    # Staged for Tuesday on Monday: pending. On Wednesday Tuesday is past, so Accept would
    # answer 409 proposal_settled: history says so instead of offering the Accept.
    api = new_user(timezone="UTC")
    api.accepted_week(now=MONDAY)
    proposal = api.chat("day tuesday Pump", now=MONDAY)["proposal"]
    assert _status(api, proposal["id"]) == ("pending", None)
    wednesday = MONDAY + dt.timedelta(days=2)
    assert _status(api, proposal["id"], wednesday) == ("outdated", "proposal_settled")
    refused = api.accept(proposal["id"], now=wednesday)
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "proposal_settled"
    # Reading the history changed nothing: on Monday it could still be accepted.
    assert api.accept(proposal["id"], now=MONDAY).status_code == 200
    assert _status(api, proposal["id"]) == ("accepted", None)

