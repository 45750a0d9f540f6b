"""The web client is served next to the API without changing how the API answers."""

from __future__ import annotations

import re
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


def test_text_files_go_out_gzipped_to_browsers_that_take_it(tmp_path: Path, database: Database,
                                                              turns: ScriptedTurns) -> None:
    script = "export const words = " + repr(["set", "rep", "rest"] * 400) + ";\n"
    page = "<!doctype html><title>fitcoach</title>" + "<p>x</p>" * 200
    (tmp_path / "index.html").write_text(page)
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "app.js").write_text(script)
    (tmp_path / "tiny.css").write_text("a{}")
    client = TestClient(build_app(database, turns, web_directory=tmp_path))

    zipped = client.get("/js/app.js", headers={"Accept-Encoding": "gzip, br"})
    assert zipped.status_code == 200
    assert zipped.headers["content-encoding"] == "gzip"
    assert zipped.headers["vary"] == "Accept-Encoding"
    assert zipped.text == script  # httpx decodes it: the same file
    assert int(zipped.headers["content-length"]) < len(script) / 4
    assert zipped.headers["etag"].startswith("W/")

    # The weak ETag revalidates: unchanged file, 304.
    again = client.get("/js/app.js", headers={"Accept-Encoding": "gzip",
                                              "If-None-Match": zipped.headers["etag"]})
    assert again.status_code == 304

    plain = client.get("/js/app.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.text == script
    assert client.get("/tiny.css", headers={"Accept-Encoding": "gzip"}).headers.get(
        "content-encoding") is None  # too small to gain
    screen = client.get("/coach", headers={"Accept-Encoding": "gzip"})
    assert screen.headers["content-encoding"] == "gzip"
    assert screen.headers["cache-control"] == "no-cache"
    assert "<title>fitcoach</title>" in screen.text
    head = client.head("/js/app.js", headers={"Accept-Encoding": "gzip"})
    assert head.status_code == 200

    # A changed file is compressed afresh, never an old copy.
    (tmp_path / "js" / "app.js").write_text(script.replace("rest", "tempo"))
    assert "tempo" in client.get("/js/app.js", headers={"Accept-Encoding": "gzip"}).text



def test_a_page_loads_its_own_release_of_the_code(tmp_path: Path, database: Database,
                                                 turns: ScriptedTurns) -> None:
    (tmp_path / "index.html").write_text(
        '<!doctype html><link rel="stylesheet" href="/app.css">'
        '<script type="module" src="/js/main.js"></script>')
    (tmp_path / "app.css").write_text("body{}")
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "main.js").write_text("import './lib.js';")
    (tmp_path / "js" / "lib.js").write_text("export const one = 1;")
    client = TestClient(build_app(database, turns, web_directory=tmp_path))

    page = client.get("/coach")
    assert page.headers["cache-control"] == "no-cache"
    found = re.search(r'src="/v/([0-9a-f]{12})/js/main\.js"', page.text)
    assert found, page.text
    version = found.group(1)
    assert f'href="/v/{version}/app.css"' in page.text
    assert client.get("/").text == page.text

    # The release's files, and the modules they import by relative path, never change under
    # their URL: cached for a year.
    for path in ("js/main.js", "js/lib.js", "app.css"):
        answer = client.get(f"/v/{version}/{path}")
        assert answer.status_code == 200, path
        assert answer.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert client.get(f"/v/{version}/js/lib.js").text == "export const one = 1;"
    assert client.get("/js/lib.js").headers["cache-control"] == "no-cache"
    assert client.get(f"/v/{version}/js/nothing.js").status_code == 404

    # An upgrade is a new version: the page points at it, the old URLs are no longer immutable.
    (tmp_path / "js" / "lib.js").write_text("export const one = 'one';")
    newer = re.search(r'src="/v/([0-9a-f]{12})/', client.get("/coach").text)
    assert newer
    assert newer.group(1) != version
    assert client.get(f"/v/{version}/js/lib.js").headers["cache-control"] == "no-cache"
