"""Sign-up, bearer tokens, the error shape, health and the OpenAPI document."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from fitcoach.api.auth import hash_token
from fitcoach.store.database import Database
from fitcoach.store.models import ApiToken, User
from tests.e2e.conftest import Api, build_app, row_counts
from tests.e2e.scripted import ScriptedTurns

PROTECTED = [
    ("get", "/api/users/me"),
    ("post", "/api/users/me/token"),
    ("delete", "/api/users/me/token"),
    ("post", "/api/coach/chat"),
    ("post", "/api/coach/proposals/prop_x/accept"),
    ("post", "/api/coach/proposals/prop_x/reject"),
    ("get", "/api/coach/history"),
    ("get", "/api/plans/current"),
    ("get", "/api/memory"),
    ("delete", "/api/memory/mem_x"),
    ("post", "/api/workouts/log"),
    ("get", "/api/workouts/logs"),
    ("get", "/api/prs/goblet-squat"),
    ("get", "/api/exercises"),
]


def test_sign_up_returns_an_id_and_a_token_stored_only_as_a_hash(
        client: TestClient, database: Database) -> None:
    response = client.post("/api/users", json={"display_name": "Dana", "locale": "he",
                                               "units": "kg", "timezone": "Asia/Jerusalem"})
    assert response.status_code == 201
    body = response.json()
    assert set(body) == {"user_id", "token"}
    with database.read() as session:
        user = session.get(User, body["user_id"])
        hashes = session.scalars(select(ApiToken.token_hash)
                                 .where(ApiToken.user_id == body["user_id"])).all()
    assert user is not None
    assert (user.locale, user.units) == ("he", "kg")
    assert hashes == [hash_token(body["token"])]
    me = client.get("/api/users/me", headers={"Authorization": f"Bearer {body['token']}"})
    assert me.json() == {"user_id": body["user_id"], "display_name": "Dana", "locale": "he",
                         "units": "kg", "timezone": "Asia/Jerusalem"}


def test_sign_up_defaults(new_user: Callable[..., Api]) -> None:
    me = new_user().get("/api/users/me").json()
    assert (me["locale"], me["units"], me["timezone"]) == ("en", "lb", "UTC")


@pytest.mark.parametrize("body", [
    {},
    {"display_name": ""},
    {"display_name": "   "},
    {"display_name": "x" * 101},
    {"display_name": "A", "locale": "fr"},
    {"display_name": "A", "units": "stone"},
    {"display_name": "A", "timezone": "Mars/Olympus"},
    {"display_name": "A", "timezone": "../../etc/passwd"},
    {"display_name": "A", "role": "admin"},
    {"display_name": "A\u0000B"},
])
def test_bad_sign_ups_are_422_and_write_nothing(client: TestClient, database: Database,
                                                body: dict[str, str]) -> None:
    before = row_counts(database)
    response = client.post("/api/users", json=body)
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "validation_error"
    assert response.json()["error"]["message"]
    assert row_counts(database) == before


def test_malformed_json_is_400(client: TestClient) -> None:
    response = client.post("/api/users", content=b'{"display_name": ',
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert response.json() == {"error": {"code": "malformed_json",
                                         "message": "the request body is not valid JSON"}}


@pytest.mark.parametrize(("method", "path"), PROTECTED)
@pytest.mark.parametrize("authorization", [
    None, "", "Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "Bearer fct_not-a-real-token",
    "Bearer two words",
])
def test_every_api_route_needs_a_valid_bearer_token(client: TestClient, method: str, path: str,
                                                    authorization: str | None) -> None:
    headers = {} if authorization is None else {"Authorization": authorization}
    response = client.request(method, path, headers=headers, json={})
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "unauthorized"
    assert response.headers["WWW-Authenticate"] == "Bearer"


def test_a_token_opens_only_its_own_account(new_user: Callable[..., Api]) -> None:
    ann, bob = new_user(display_name="Ann"), new_user(display_name="Bob")
    assert ann.get("/api/users/me").json()["user_id"] == ann.user_id
    assert bob.get("/api/users/me").json()["user_id"] == bob.user_id


def test_health(client: TestClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_unknown_routes_and_methods_use_the_error_shape(client: TestClient,
                                                        new_user: Callable[..., Api]) -> None:
    missing = client.get("/api/nothing-here")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "not_found"
    wrong_method = client.put("/api/users", json={})
    assert wrong_method.status_code == 405
    assert wrong_method.json()["error"]["code"] == "method_not_allowed"


def test_openapi_documents_the_contract(client: TestClient) -> None:
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    for path, method in [
        ("/api/users", "post"), ("/api/coach/chat", "post"),
        ("/api/coach/proposals/{proposal_id}/accept", "post"),
        ("/api/coach/proposals/{proposal_id}/reject", "post"),
        ("/api/coach/history", "get"),
        ("/api/plans/current", "get"), ("/api/memory", "get"),
        ("/api/memory/{memory_id}", "delete"), ("/api/workouts/log", "post"),
        ("/api/workouts/logs", "get"), ("/api/prs/{slug}", "get"), ("/api/exercises", "get"),
        ("/api/users/me/token", "post"), ("/api/users/me/token", "delete"), ("/healthz", "get"),
    ]:
        assert method in paths[path], (path, method)


def _hashes(database: Database, user_id: str) -> list[str]:
    with database.read() as session:
        return list(session.scalars(select(ApiToken.token_hash)
                                    .where(ApiToken.user_id == user_id)))


def test_rotating_the_token_answers_a_new_one_and_the_old_one_stops_working(
        new_user: Callable[..., Api], database: Database) -> None:
    api = new_user()
    assert api.get("/api/users/me").status_code == 200
    response = api.post("/api/users/me/token")
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"user_id", "token"}
    assert body["user_id"] == api.user_id
    assert body["token"] != api.token
    assert _hashes(database, api.user_id) == [hash_token(body["token"])]  # only its hash
    old = api.get("/api/users/me")
    assert old.status_code == 401
    assert old.json()["error"]["code"] == "unauthorized"
    fresh = Api(api.client, api.user_id, body["token"])
    assert fresh.get("/api/users/me").json()["user_id"] == api.user_id
    assert fresh.chat("hello")["message"]  # the account and its data go on


def test_revoking_the_token_is_204_and_it_stops_working(
        new_user: Callable[..., Api], database: Database) -> None:
    api, other = new_user(), new_user()
    assert api.get("/api/users/me").status_code == 200
    response = api.delete("/api/users/me/token")
    assert response.status_code == 204
    assert response.content == b""
    assert _hashes(database, api.user_id) == []
    for method, path in PROTECTED:
        assert api.client.request(method, path, headers=api.headers(),
                                  json={}).status_code == 401
    assert api.post("/api/users/me/token").status_code == 401  # no way back with it
    assert other.get("/api/users/me").status_code == 200  # nobody else is touched


def test_a_token_revoked_through_another_app_fails_at_once_here(
        database: Database, new_user: Callable[..., Api]) -> None:
    # Two API processes on one database (tests/reliability runs two real ones).
    api = new_user()
    elsewhere = Api(TestClient(build_app(database, ScriptedTurns())), api.user_id, api.token)
    assert elsewhere.get("/api/users/me").status_code == 200  # used over there first
    assert api.delete("/api/users/me/token").status_code == 204
    before = row_counts(database)
    for method, path in PROTECTED:
        assert elsewhere.client.request(method, path, headers=elsewhere.headers(),
                                        json={}).status_code == 401
    assert elsewhere.post("/api/users/me/token").status_code == 401
    assert elsewhere.delete("/api/users/me/token").status_code == 401
    assert row_counts(database) == before
    assert _hashes(database, api.user_id) == []


def test_a_405_lists_every_method_of_the_path(client: TestClient) -> None:
    response = client.put("/api/users/me/token")
    assert response.status_code == 405
    assert response.headers["Allow"] == "DELETE, POST"
    assert client.put("/api/memory/mem_x").headers["Allow"] == "DELETE"
