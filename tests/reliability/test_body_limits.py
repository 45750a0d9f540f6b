"""The request body limit at its edge: exactly `max_body_bytes` passes, one byte more is 413
in the error shape and writes nothing, whether the size is declared or streamed, and it
counts bytes, not characters."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from fastapi.testclient import TestClient

from fitcoach.store.database import Database
from tests.e2e.conftest import Api, build_app, row_counts, sign_up
from tests.e2e.scripted import ScriptedTurns

LIMIT = 1024  # the smallest limit the settings allow


@pytest.fixture
def api(database: Database) -> Api:
    return sign_up(TestClient(build_app(database, ScriptedTurns(), max_body_bytes=LIMIT)))


def chat_body(size: int, letter: str = "x") -> bytes:
    """A valid chat request of exactly `size` bytes."""
    frame = b'{"message": "hello "}'
    filler = size - len(frame)
    body = b'{"message": "hello ' + (letter * filler).encode() + b'"}'
    assert len(body) == size
    return body


def send(api: Api, body: bytes, *, streamed: bool) -> httpx.Response:
    headers = {**api.headers(), "Content-Type": "application/json"}
    if not streamed:
        return api.client.post("/api/coach/chat", content=body, headers=headers)

    def chunks() -> Iterator[bytes]:  # no Content-Length: the body arrives chunked
        for start in range(0, len(body), 100):
            yield body[start:start + 100]

    return api.client.post("/api/coach/chat", content=chunks(), headers=headers)


@pytest.mark.parametrize("streamed", [False, True], ids=["declared", "streamed"])
def test_a_body_of_exactly_the_limit_passes(api: Api, streamed: bool) -> None:
    response = send(api, chat_body(LIMIT), streamed=streamed)
    assert response.status_code == 200, response.text


@pytest.mark.parametrize("streamed", [False, True], ids=["declared", "streamed"])
def test_one_byte_over_the_limit_is_413_and_writes_nothing(api: Api, database: Database,
                                                           streamed: bool) -> None:
    before = row_counts(database)
    response = send(api, chat_body(LIMIT + 1), streamed=streamed)
    assert response.status_code == 413
    assert response.json()["error"] == {
        "code": "payload_too_large",
        "message": f"the request body is larger than {LIMIT} bytes"}
    assert row_counts(database) == before


def test_the_limit_counts_bytes_not_characters(api: Api, database: Database) -> None:
    before = row_counts(database)
    body = '{"message": "기억해: ' + "가" * 400 + '"}'  # 400 characters, 1,200 bytes
    assert len(body) < LIMIT < len(body.encode())
    response = api.client.post("/api/coach/chat", content=body.encode(),
                               headers={**api.headers(), "Content-Type": "application/json"})
    assert response.status_code == 413
    assert row_counts(database) == before


def test_the_limit_guards_every_route(api: Api, database: Database) -> None:
    before = row_counts(database)
    padded = b'{"exercises_logged": []' + b" " * LIMIT + b"}"
    for path in ("/api/workouts/log", "/api/users", "/api/coach/proposals/prop_x/accept"):
        response = api.client.post(path, content=padded,
                                   headers={**api.headers(), "Content-Type": "application/json"})
        assert response.status_code == 413, path
    assert row_counts(database) == before
