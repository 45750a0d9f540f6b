"""Request size limits and the development clock header."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient

from fitcoach.api.dependencies import CLOCK_HEADER
from fitcoach.store.database import Database
from tests.e2e.conftest import (
    BODY_LIMIT,
    MONDAY,
    Api,
    build_app,
    one_set,
    row_counts,
    sign_up,
)
from tests.e2e.scripted import ScriptedTurns


def test_a_declared_body_over_the_limit_is_413_and_writes_nothing(
        new_user: Callable[..., Api], database: Database) -> None:
    api = new_user()
    before = row_counts(database)
    response = api.post("/api/coach/chat", {"message": "x" * (BODY_LIMIT + 10)})
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "payload_too_large"
    assert row_counts(database) == before


def test_a_streamed_body_over_the_limit_is_413(new_user: Callable[..., Api],
                                               database: Database) -> None:
    api = new_user()
    before = row_counts(database)

    def chunks() -> Iterator[bytes]:  # no Content-Length: sent chunked
        yield b'{"message": "'
        for _ in range(BODY_LIMIT // 1024 + 2):
            yield b"y" * 1024
        yield b'"}'

    response = api.client.post("/api/coach/chat", content=chunks(),
                               headers={**api.headers(), "Content-Type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "payload_too_large"
    assert row_counts(database) == before


def test_a_body_under_the_limit_passes(new_user: Callable[..., Api]) -> None:
    assert new_user().chat("hello " + "z" * 3000)["message"] == "Hello."


def test_the_clock_header_sets_now_when_the_dev_clock_is_on(
        new_user: Callable[..., Api], turns: ScriptedTurns) -> None:
    api = new_user()
    later = MONDAY + dt.timedelta(days=40, hours=3)
    api.chat("hello", now=later)
    assert turns.seen[-1].now == later


def test_a_clock_header_without_zone_is_utc(new_user: Callable[..., Api],
                                            turns: ScriptedTurns) -> None:
    api = new_user()
    api.client.post("/api/coach/chat", json={"message": "hello"},
                    headers={"Authorization": f"Bearer {api.token}",
                             CLOCK_HEADER: "2026-10-01T08:30:00"})
    assert turns.seen[-1].now == dt.datetime(2026, 10, 1, 8, 30, tzinfo=dt.UTC)


def test_a_malformed_clock_header_is_400_and_writes_nothing(
        new_user: Callable[..., Api], database: Database) -> None:
    api = new_user()
    before = row_counts(database)
    response = api.client.post("/api/coach/chat", json={"message": "remember: x"},
                               headers={"Authorization": f"Bearer {api.token}",
                                        CLOCK_HEADER: "next tuesday"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_clock"
    assert row_counts(database) == before


def test_the_clock_header_is_ignored_without_the_dev_clock(database: Database) -> None:
    turns = ScriptedTurns()
    client = TestClient(build_app(database, turns, dev_clock=False))
    api = sign_up(client)
    before = dt.datetime.now(dt.UTC)
    for value in ("2001-01-01T00:00:00Z", "garbage"):
        response = client.post("/api/coach/chat", json={"message": "hello"},
                               headers={"Authorization": f"Bearer {api.token}",
                                        CLOCK_HEADER: value})
        assert response.status_code == 200
        assert turns.seen[-1].now >= before


def test_cors_is_closed_by_default(client: TestClient) -> None:
    response = client.options("/api/users", headers={
        "Origin": "https://elsewhere.example", "Access-Control-Request-Method": "POST"})
    assert "access-control-allow-origin" not in response.headers


def test_cors_opens_to_configured_origins_only(database: Database) -> None:
    client = TestClient(build_app(database, ScriptedTurns(),
                                  cors_origins="https://app.example"))
    allowed = client.options("/api/coach/chat", headers={
        "Origin": "https://app.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type"})
    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == "https://app.example"
    other = client.options("/api/coach/chat", headers={
        "Origin": "https://evil.example", "Access-Control-Request-Method": "POST"})
    assert "access-control-allow-origin" not in other.headers


@pytest.mark.parametrize("value", [
    "99999-01-01T00:00:00Z",          # not a datetime at all
    "9999-12-31T23:00:00-05:00",      # past year 9999 once in UTC: OverflowError
    "0001-01-01T00:00:00+05:00",      # before year 1 once in UTC: OverflowError
    "9999-12-31T23:59:59Z",           # a datetime, but a day later overflows
    "0001-01-01T00:00:00Z",
    "1969-12-31T23:59:59Z",
    "3000-01-01T00:00:00Z",
    "2026-09-14T10:00:00+99:00",      # an offset beyond a day
])
@pytest.mark.parametrize("path", ["/api/coach/chat", "/api/workouts/log", "/api/plans/current"])
def test_an_out_of_range_clock_header_is_400_and_writes_nothing(
        new_user: Callable[..., Api], database: Database, value: str, path: str) -> None:
    api = new_user()
    api.accepted_week()
    before = row_counts(database)
    headers = {"Authorization": f"Bearer {api.token}", CLOCK_HEADER: value}
    if path == "/api/plans/current":
        response = api.client.get(path, headers=headers)
    else:
        body = {"message": "remember: x"} if path.endswith("chat") else one_set()
        response = api.client.post(path, json=body, headers=headers)
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["code"] == "invalid_clock"
    assert CLOCK_HEADER in error["message"]
    assert row_counts(database) == before


def test_the_clock_range_edges_work(new_user: Callable[..., Api]) -> None:
    api = new_user()
    for moment in (dt.datetime(1970, 1, 1, tzinfo=dt.UTC),
                   dt.datetime(2999, 12, 31, 23, 59, 59, tzinfo=dt.UTC)):
        api.accepted_week(now=moment)
        assert api.log(one_set(), now=moment).status_code == 201
        assert api.chat("sore: knees 72", now=moment)["memory_mutations"]
        assert api.get("/api/plans/current", now=moment).status_code == 200
