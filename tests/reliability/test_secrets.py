"""Secrets: bearer tokens are stored only as hashes, provider API keys never reach a log, an
answer or the database, and CORS is closed unless origins are configured."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from fitcoach.api.app import create_app
from fitcoach.api.auth import hash_token
from fitcoach.settings import Settings
from fitcoach.store.database import Database
from fitcoach.store.models import ApiToken, Base
from tests.brain.llm.fake_gemini import FakeGemini
from tests.brain.llm.fake_openai import FakeOpenAI
from tests.brain.llm.local_server import LocalServer
from tests.brain.llm.turns import none_answer
from tests.e2e.conftest import build_app, sign_up
from tests.e2e.scripted import ScriptedTurns

OPENAI_KEY = "sk-proj-SECRETopenaiKEY0123456789abcdef"
GEMINI_KEY = "AIzaSECRETgeminiKEY0123456789abcdef"


def everything_stored(database: Database) -> str:
    """Every value of every row of every table, as one text to search."""
    with database.read() as session:
        return "\n".join(repr(tuple(row)) for table in Base.metadata.sorted_tables
                         for row in session.execute(select(table)))


def test_bearer_tokens_are_stored_only_as_their_sha256(client: TestClient,
                                                       database: Database) -> None:
    created = client.post("/api/users", json={"display_name": "Hash"}).json()
    token = created["token"]
    with database.read() as session:
        stored = session.scalars(select(ApiToken.token_hash).where(
            ApiToken.user_id == created["user_id"])).all()
    assert stored == [hash_token(token)]
    assert len(stored[0]) == 64
    assert token not in everything_stored(database)
    assert token.removeprefix("fct_") not in everything_stored(database)


def test_tokens_are_never_logged(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    api = sign_up(client)
    api.chat("hello")
    client.get("/api/memory", headers={"Authorization": f"Bearer {api.token}x"})
    assert api.token not in caplog.text


# --- provider keys ----------------------------------------------------------------------

@pytest.fixture
def fakes() -> Iterator[tuple[FakeGemini, str, FakeOpenAI, str]]:
    gemini, openai = FakeGemini(lambda: dt.datetime.now(dt.UTC)), FakeOpenAI()
    with LocalServer(gemini.app) as g, LocalServer(openai.app) as o:
        yield gemini, g.url, openai, f"{o.url}/v1"
        gemini.release()
        openai.release()


def keyed_client(database: Database, brain: str, gemini_url: str, openai_url: str
                 ) -> TestClient:
    settings = Settings(db=database.url.render_as_string(hide_password=False), brain=brain,
                        gemini_api_key=GEMINI_KEY, gemini_base_url=gemini_url,
                        openai_api_key=OPENAI_KEY, openai_base_url=openai_url,
                        llm_timeout_seconds=0.5, llm_retries=1,
                        rate_limit_signup_per_minute=0)
    return TestClient(create_app(settings, database=database, web_directory=None))


def script_every_outcome(fake: Any, key: str) -> None:
    """A good answer, a refusal that echoes the key back, an outage, garbage, a hang."""
    fake.answer(none_answer("Brace and breathe."))
    fake.fail(401, f"Incorrect API key provided: {key}")
    fake.fail(503, "overloaded")
    fake.fail(503, "still overloaded")
    fake.text("not json")
    fake.text("still not json")
    fake.hang()


@pytest.mark.parametrize("brain", ["gemini", "openai"])
def test_provider_keys_never_reach_logs_answers_or_the_database(
        sqlite_only: Database, fakes: tuple[FakeGemini, str, FakeOpenAI, str], brain: str,
        caplog: pytest.LogCaptureFixture) -> None:
    database = sqlite_only
    gemini, gemini_url, openai, openai_url = fakes
    if brain == "gemini":
        script_every_outcome(gemini, GEMINI_KEY)
    else:
        script_every_outcome(openai, OPENAI_KEY)
    caplog.set_level(logging.DEBUG)  # the SDKs' and httpx's debug logging included
    client = keyed_client(database, brain, gemini_url, openai_url)
    api = sign_up(client)
    answers = [api.post("/api/coach/chat", {"message": f"how do I squat? ({i})"})
               for i in range(5)]
    assert all(answer.status_code == 200 for answer in answers)
    assert {a.json()["meta"]["brain"] for a in answers} >= {brain, "embedded"}
    for secret in (OPENAI_KEY, GEMINI_KEY):
        assert secret not in caplog.text
        for answer in answers:
            assert secret not in answer.text
        assert secret not in everything_stored(database)
        settings = client.app.state.settings  # type: ignore[attr-defined]
        assert secret not in repr(settings)
        assert secret not in str(settings.model_dump())


# --- CORS --------------------------------------------------------------------------------

def preflight(client: TestClient, origin: str, method: str = "POST") -> Any:
    return client.options("/api/coach/chat", headers={
        "Origin": origin, "Access-Control-Request-Method": method,
        "Access-Control-Request-Headers": "authorization,content-type"})


def test_cors_is_closed_by_default(client: TestClient) -> None:
    answer = preflight(client, "https://app.example")
    assert "access-control-allow-origin" not in answer.headers
    assert answer.status_code in (404, 405)
    # A simple cross-origin request gets its answer, but no header letting a page read it.
    api = sign_up(client)
    read = client.get("/api/memory", headers={**api.headers(), "Origin": "https://app.example"})
    assert read.status_code == 200
    assert "access-control-allow-origin" not in read.headers


def test_cors_opens_only_to_configured_origins_and_methods(database: Database) -> None:
    client = TestClient(build_app(database, ScriptedTurns(),
                                  cors_origins="https://app.example, https://m.app.example"))
    for origin in ("https://app.example", "https://m.app.example"):
        allowed = preflight(client, origin)
        assert allowed.status_code == 200
        assert allowed.headers["access-control-allow-origin"] == origin
        assert "authorization" in allowed.headers["access-control-allow-headers"].lower()
    assert "access-control-allow-origin" not in preflight(client, "https://evil.example").headers
    assert "access-control-allow-origin" not in preflight(client, "http://app.example").headers
    assert preflight(client, "https://app.example", method="PUT").status_code == 400
    api = sign_up(client)
    read = client.get("/api/memory", headers={**api.headers(), "Origin": "https://app.example"})
    assert read.headers["access-control-allow-origin"] == "https://app.example"
    assert "access-control-allow-credentials" not in read.headers  # bearer tokens, no cookies


def test_cors_origins_must_be_urls() -> None:
    with pytest.raises(ValueError, match="must start with http"):
        Settings(cors_origins="app.example")
