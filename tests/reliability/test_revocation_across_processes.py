"""A revoked or rotated token stops working in every API process at once (issue 15, DESIGN
§5 "a revoked token stops working everywhere at once").

Two real `fitcoach serve` processes share one database, as two workers or two machines
behind a load balancer do. The token is used on both first (so whatever either process
might remember of it, it remembers), then revoked or rotated through one of them; from the
moment that answer arrives, no request with the old token succeeds on either process. Two
servers on separate ports instead of `--workers 2` on one: the kernel decides which worker
takes a connection, and a test must know it reached both. Two server start-ups per database.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from fitcoach.store.database import Database
from tests.reliability.served import Server
from tests.store.databases import BACKENDS, provision

# Reads and writes, cheap and expensive: none may pass with a dead token.
PROBES = (("GET", "/api/users/me", None), ("GET", "/api/memory", None),
          ("GET", "/api/workouts/logs", None),
          ("POST", "/api/coach/chat", {"message": "hello"}),
          ("POST", "/api/workouts/log", {"exercises_logged": [
              {"exercise_id": "goblet-squat", "sets": [{"weight_lbs": 50, "reps": 10}]}]}))


@pytest.fixture(scope="module", params=BACKENDS)
def database(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with provision(request.param, tmp_path_factory.mktemp("revocation")) as database:
        yield database


@pytest.fixture(scope="module")
def servers(database: Database,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Server]]:
    # Shared by the module's tests (server start-ups are the slow part): each signs up a
    # user of its own.
    url = database.url.render_as_string(hide_password=False)
    directory = tmp_path_factory.mktemp("servers")
    pair = (Server(url, directory), Server(url, directory))
    try:
        for server in pair:
            server.start()
        yield pair
    finally:
        for server in pair:
            server.stop()


def statuses(server: Server, token: str) -> dict[str, int]:
    headers = {"Authorization": f"Bearer {token}"}
    return {f"{method} {path}": httpx.request(method, server.url + path, headers=headers,
                                              json=body, timeout=30).status_code
            for method, path, body in PROBES}


def sign_up(server: Server) -> str:
    response = httpx.post(f"{server.url}/api/users", json={"display_name": "Revoked"})
    assert response.status_code == 201
    return response.json()["token"]


def test_a_token_revoked_on_one_process_fails_at_once_on_the_other(
        servers: tuple[Server, Server]) -> None:
    first, second = servers
    token = sign_up(first)
    for server in servers:
        assert set(statuses(server, token).values()) <= {200, 201}
    gone = httpx.delete(f"{first.url}/api/users/me/token",
                        headers={"Authorization": f"Bearer {token}"})
    assert gone.status_code == 204
    for server in (second, first):
        assert set(statuses(server, token).values()) == {401}


def test_a_token_rotated_on_one_process_is_replaced_at_once_on_the_other(
        servers: tuple[Server, Server]) -> None:
    first, second = servers
    token = sign_up(first)
    for server in servers:
        assert set(statuses(server, token).values()) <= {200, 201}
    rotated = httpx.post(f"{first.url}/api/users/me/token",
                         headers={"Authorization": f"Bearer {token}"})
    assert rotated.status_code == 200
    fresh = rotated.json()["token"]
    for server in (second, first):
        assert set(statuses(server, token).values()) == {401}
        assert statuses(server, fresh)["GET /api/users/me"] == 200
