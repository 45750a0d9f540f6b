"""HTTP tests of the service, each run on SQLite (a temp file) and on PostgreSQL (a private
schema). The turn pipeline is replaced by `ScriptedTurns` through the app's dependency
overrides, so every test decides what the coach answers.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from fitcoach.api.app import create_app
from fitcoach.api.dependencies import CLOCK_HEADER, Brains, get_brain, get_turn_runner
from fitcoach.settings import Settings
from fitcoach.store.database import Database
from fitcoach.store.models import Base
from tests.e2e.scripted import ScriptedTurns
from tests.store.databases import BACKENDS, provision

# A Monday, like the seed's runtime context block.
MONDAY = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
BODY_LIMIT = 64 * 1024


@pytest.fixture(scope="session", params=BACKENDS)
def database(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with provision(request.param, tmp_path_factory.mktemp(request.param)) as database:
        yield database


@pytest.fixture
def turns() -> ScriptedTurns:
    return ScriptedTurns()


def build_app(database: Database, turns: ScriptedTurns, web_directory: Path | None = None,
              **settings: Any) -> FastAPI:
    # Every test signs up from the same test client: the sign-up limit is tested on its own.
    config = Settings(**{"db": database.url.render_as_string(hide_password=False),
                         "dev_clock": True, "max_body_bytes": BODY_LIMIT,
                         "rate_limit_signup_per_minute": 0, **settings})
    app = create_app(config, database=database, web_directory=web_directory)
    app.dependency_overrides[get_turn_runner] = lambda: turns.run
    app.dependency_overrides[get_brain] = lambda: Brains(primary="scripted")
    return app


@pytest.fixture
def app(database: Database, turns: ScriptedTurns) -> FastAPI:
    return build_app(database, turns)


@pytest.fixture
def client(app: FastAPI) -> TestClient:
    # Not entered as a context manager: the shared Database outlives each test's app.
    return TestClient(app)


class Api:
    """One signed-up user talking to the service, at a chosen *now*."""

    def __init__(self, client: TestClient | httpx.Client, user_id: str, token: str,
                 now: dt.datetime = MONDAY) -> None:
        self.client = client
        self.user_id = user_id
        self.token = token
        self.now = now

    def headers(self, now: dt.datetime | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}",
                CLOCK_HEADER: (now or self.now).isoformat()}

    def get(self, path: str, now: dt.datetime | None = None, **kwargs: Any) -> httpx.Response:
        return self.client.get(path, headers=self.headers(now), **kwargs)

    def post(self, path: str, json: Any = None, now: dt.datetime | None = None,
             **kwargs: Any) -> httpx.Response:
        return self.client.post(path, json=json, headers=self.headers(now), **kwargs)

    def patch(self, path: str, json: Any = None, now: dt.datetime | None = None
              ) -> httpx.Response:
        return self.client.patch(path, json=json, headers=self.headers(now))

    def delete(self, path: str, now: dt.datetime | None = None) -> httpx.Response:
        return self.client.delete(path, headers=self.headers(now))

    def chat(self, message: str, now: dt.datetime | None = None, **body: Any) -> dict[str, Any]:
        response = self.post("/api/coach/chat", {"message": message, **body}, now)
        assert response.status_code == 200, response.text
        return response.json()

    def accept(self, proposal_id: str, now: dt.datetime | None = None) -> httpx.Response:
        return self.post(f"/api/coach/proposals/{proposal_id}/accept", now=now)

    def reject(self, proposal_id: str, now: dt.datetime | None = None) -> httpx.Response:
        return self.post(f"/api/coach/proposals/{proposal_id}/reject", now=now)

    def accepted_week(self, now: dt.datetime | None = None) -> dict[str, Any]:
        """Chat for a week plan and accept it; the accept response."""
        proposal = self.chat("week", now)["proposal"]
        response = self.accept(proposal["id"], now)
        assert response.status_code == 200, response.text
        return response.json()

    def log(self, body: dict[str, Any], now: dt.datetime | None = None) -> httpx.Response:
        return self.post("/api/workouts/log", body, now)

    def memory(self, now: dt.datetime | None = None, **params: Any) -> dict[str, Any]:
        response = self.get("/api/memory", now, params=params)
        assert response.status_code == 200, response.text
        return response.json()


def sign_up(client: TestClient | httpx.Client, **body: Any) -> Api:
    response = client.post("/api/users", json={"display_name": "Test", **body})
    assert response.status_code == 201, response.text
    data = response.json()
    return Api(client, data["user_id"], data["token"])


@pytest.fixture
def new_user(client: TestClient) -> Callable[..., Api]:
    return lambda **body: sign_up(client, **body)


# Not user data: a request that spent rate-limit budget and then failed still spent it.
NOT_USER_DATA = frozenset({"rate_limits", "client_rate_limits"})


def row_counts(database: Database) -> dict[str, int]:
    """Rows per table of user data: a failed request must leave every count unchanged."""
    with database.read() as session:
        return {table.name: session.scalar(select(func.count()).select_from(table)) or 0
                for table in Base.metadata.sorted_tables if table.name not in NOT_USER_DATA}


def one_set(slug: str = "goblet-squat", weight_lbs: float = 50, reps: int = 10,
            rpe: float | None = 8, **log: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"exercises_logged": [
        {"exercise_id": slug, "sets": [{"weight_lbs": weight_lbs, "reps": reps, "rpe": rpe}]}]}
    return {**body, **log}
