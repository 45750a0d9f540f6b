"""The web client is served next to the API without changing how the API answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fitcoach.api.web import WEB_STATIC_DIR, mount_web_client
from fitcoach.store.database import Database
from tests.e2e.conftest import build_app
from tests.e2e.scripted import ScriptedTurns


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text("<!doctype html><title>fitcoach</title>")
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "app.js").write_text("console.log('hi')")
    return tmp_path


@pytest.fixture
def client_with_site(database: Database, turns: ScriptedTurns, site: Path) -> TestClient:
    return TestClient(build_app(database, turns, web_directory=site))


def test_no_client_no_routes(app: FastAPI, tmp_path: Path) -> None:
    assert not mount_web_client(app, tmp_path)
    assert TestClient(app).get("/").status_code == 404


def test_the_shipped_client_is_served(database: Database, turns: ScriptedTurns) -> None:
    if not (WEB_STATIC_DIR / "index.html").is_file():
        pytest.skip("the web client is not in this checkout")
    client = TestClient(build_app(database, turns, web_directory=WEB_STATIC_DIR))
    assert client.get("/").status_code == 200
    assert client.get("/today").status_code == 200


def test_the_client_and_its_screens_are_served(client_with_site: TestClient) -> None:
    for path in ("/", "/coach", "/week", "/workouts/monday"):
        response = client_with_site.get(path)
        assert response.status_code == 200, path
        assert "fitcoach" in response.text
    assert client_with_site.get("/js/app.js").text == "console.log('hi')"
    assert client_with_site.get("/nope.js").status_code == 404


def test_the_api_answers_as_without_the_client(client_with_site: TestClient) -> None:
    assert client_with_site.get("/healthz").json() == {"status": "ok"}
    wrong_method = client_with_site.request("OPTIONS", "/api/coach/chat")
    assert wrong_method.status_code == 405
    assert wrong_method.headers["allow"] == "POST"
    assert wrong_method.json()["error"]["code"] == "method_not_allowed"
    assert client_with_site.get("/api/coach/chat").status_code == 405
    assert client_with_site.post("/no-such-page").status_code == 404
    unknown = client_with_site.get("/api/not-a-route")
    assert unknown.status_code == 404
    assert unknown.json()["error"]["code"] == "not_found"
    assert client_with_site.get("/api/exercises").status_code == 401
    assert "/{path}" not in client_with_site.get("/openapi.json").json()["paths"]
