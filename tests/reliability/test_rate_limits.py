"""Per-user rate limits on chat turns and workout logs, per client address on sign-up: 429
in the error shape with `Retry-After`, nothing written, refilled over time, exact across
processes and under parallel requests (the budget lives in the database,
`api.limits.rate_limit`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from fitcoach.api.dependencies import CLOCK_HEADER
from fitcoach.api.limits.rate_limit import PRUNE_EVERY, Action, client_key
from fitcoach.settings import Settings
from fitcoach.store.database import Database
from fitcoach.store.models import ClientRateLimitRow, User, WorkoutLogRow
from tests.e2e.conftest import Api, build_app, one_set, row_counts, sign_up
from tests.e2e.live import live_server
from tests.e2e.scripted import ScriptedTurns
from tests.e2e.test_concurrency import PARALLEL, in_parallel
from tests.reliability.conftest import FakeClock

CHAT_LIMIT = 3
LOG_LIMIT = 4


def limited_app(database: Database, clock: FakeClock, **settings: Any) -> FastAPI:
    app = build_app(database, ScriptedTurns(),
                    **{"rate_limit_chat_per_minute": CHAT_LIMIT,
                       "rate_limit_log_per_minute": LOG_LIMIT, **settings})
    app.state.rate_limiter.clock = clock
    return app


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def limited(database: Database, clock: FakeClock) -> TestClient:
    return TestClient(limited_app(database, clock))


def chat(api: Api, message: str = "hello") -> httpx.Response:
    return api.post("/api/coach/chat", {"message": message})


def assert_limited(response: httpx.Response, retry_after: int) -> None:
    assert response.status_code == 429, response.text
    assert response.json() == {"error": {"code": "rate_limited", "message": response.json()[
        "error"]["message"]}}
    assert "a minute" in response.json()["error"]["message"]
    assert response.headers["Retry-After"] == str(retry_after)


def test_chat_over_the_limit_is_429_with_retry_after_and_writes_nothing(
        limited: TestClient, database: Database) -> None:
    api = sign_up(limited)
    for _ in range(CHAT_LIMIT):  # a burst of the whole minute's budget is fine
        assert chat(api).status_code == 200
    before = row_counts(database)
    response = chat(api, "remember: this must not be stored")
    assert_limited(response, retry_after=60 // CHAT_LIMIT)
    assert row_counts(database) == before


def test_the_budget_refills_one_interval_at_a_time(limited: TestClient,
                                                   clock: FakeClock) -> None:
    api = sign_up(limited)
    for _ in range(CHAT_LIMIT):
        assert chat(api).status_code == 200
    assert_limited(chat(api), retry_after=20)
    clock.advance(15)
    assert_limited(chat(api), retry_after=5)  # denials do not push the time further out
    clock.advance(5)
    assert chat(api).status_code == 200
    assert_limited(chat(api), retry_after=20)
    clock.advance(60)  # a quiet minute restores the whole burst, never more
    for _ in range(CHAT_LIMIT):
        assert chat(api).status_code == 200
    assert chat(api).status_code == 429


def test_logs_are_limited_and_a_refused_log_is_not_written(
        limited: TestClient, database: Database, clock: FakeClock) -> None:
    api = sign_up(limited)
    for index in range(LOG_LIMIT):
        assert api.log(one_set(idempotency_key=f"k{index}")).status_code == 201
    before = row_counts(database)
    refused = api.log(one_set(idempotency_key="late"))
    assert_limited(refused, retry_after=60 // LOG_LIMIT)
    assert row_counts(database) == before
    clock.advance(60 // LOG_LIMIT)
    retried = api.log(one_set(idempotency_key="late"))  # the client retries after the wait
    assert retried.status_code == 201
    with database.read() as session:
        assert session.scalar(select(func.count()).select_from(WorkoutLogRow).where(
            WorkoutLogRow.user_id == api.user_id,
            WorkoutLogRow.idempotency_key == "late")) == 1


def test_chat_and_logs_have_separate_budgets_and_users_their_own(limited: TestClient) -> None:
    ann, bob = sign_up(limited), sign_up(limited)
    for _ in range(CHAT_LIMIT):
        assert chat(ann).status_code == 200
    assert chat(ann).status_code == 429
    assert ann.log(one_set()).status_code == 201
    assert chat(bob).status_code == 200


def test_bad_input_spends_no_budget(limited: TestClient) -> None:
    api = sign_up(limited)
    for _ in range(CHAT_LIMIT + 2):
        assert api.post("/api/coach/chat", {"message": ""}).status_code == 422
    for _ in range(CHAT_LIMIT):
        assert chat(api).status_code == 200


def test_the_dev_clock_header_cannot_refill_a_budget(limited: TestClient) -> None:
    api = sign_up(limited)
    for _ in range(CHAT_LIMIT):
        assert chat(api).status_code == 200
    later = {"Authorization": f"Bearer {api.token}", CLOCK_HEADER: "2030-01-01T00:00:00Z"}
    response = limited.post("/api/coach/chat", json={"message": "hello"}, headers=later)
    assert response.status_code == 429


def test_a_clock_that_jumps_back_delays_by_at_most_a_window(limited: TestClient,
                                                            clock: FakeClock) -> None:
    api = sign_up(limited)
    for _ in range(CHAT_LIMIT):
        assert chat(api).status_code == 200
    clock.advance(-3600)  # another process's clock an hour behind
    response = chat(api)
    assert response.status_code == 429
    assert int(response.headers["Retry-After"]) <= 60


def test_zero_turns_a_limit_off(database: Database, clock: FakeClock) -> None:
    client = TestClient(limited_app(database, clock, rate_limit_chat_per_minute=0))
    api = sign_up(client)
    for _ in range(CHAT_LIMIT * 3):
        assert chat(api).status_code == 200


def test_the_budget_is_shared_by_every_process(database: Database, clock: FakeClock) -> None:
    # Two apps with their own engines and pools, as two uvicorn workers would have.
    twin = Database(database.url)
    try:
        first = TestClient(limited_app(database, clock))
        second = TestClient(limited_app(twin, clock))
        api = sign_up(first)
        answers = [chat(Api(client, api.user_id, api.token), "hello").status_code
                   for client in (first, second) * CHAT_LIMIT]
        assert answers.count(200) == CHAT_LIMIT
        assert answers.count(429) == CHAT_LIMIT
    finally:
        twin.dispose()


@pytest.fixture
def two_servers(database: Database, clock: FakeClock) -> Iterator[tuple[str, str]]:
    twin = Database(database.url)
    try:
        with live_server(limited_app(database, clock)) as first, \
                live_server(limited_app(twin, clock)) as second:
            yield first, second
    finally:
        twin.dispose()


def test_parallel_requests_to_two_servers_spend_the_budget_exactly_once(
        two_servers: tuple[str, str]) -> None:
    first, second = two_servers
    with httpx.Client(base_url=first, timeout=60) as client:
        api = sign_up(client)
    answers = in_parallel(first, api, lambda mine, i: httpx.post(
        f"{(first, second)[i % 2]}/api/coach/chat", json={"message": f"hello {i}"},
        headers=mine.headers(), timeout=60))
    codes = [response.status_code for response in answers]
    assert len(codes) == PARALLEL
    assert codes.count(200) == CHAT_LIMIT, codes
    assert codes.count(429) == PARALLEL - CHAT_LIMIT, codes


def test_the_openapi_schema_documents_429_with_retry_after(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/coach/chat", "/api/workouts/log", "/api/users"):
        documented = paths[path]["post"]["responses"]["429"]
        assert "Retry-After" in documented["headers"]



SIGNUP_LIMIT = 2


def signup_client(database: Database, clock: FakeClock, host: str,
                  **settings: Any) -> TestClient:
    app = limited_app(database, clock, **{"rate_limit_signup_per_minute": SIGNUP_LIMIT,
                                          **settings})
    return TestClient(app, client=(host, 50000))


def _users(database: Database) -> int:
    with database.read() as session:
        return session.scalar(select(func.count()).select_from(User)) or 0


def test_sign_ups_are_limited_per_client_address_and_refused_ones_write_nothing(
        database: Database, clock: FakeClock) -> None:
    client = signup_client(database, clock, "203.0.113.7")
    for _ in range(SIGNUP_LIMIT):
        sign_up(client)
    users = _users(database)
    refused = client.post("/api/users", json={"display_name": "One too many"})
    assert_limited(refused, retry_after=60 // SIGNUP_LIMIT)
    assert "sign-ups" in refused.json()["error"]["message"]
    assert _users(database) == users
    # Another address has its own budget; this one refills with time.
    sign_up(signup_client(database, clock, "198.51.100.1"))
    clock.advance(60 // SIGNUP_LIMIT)
    sign_up(client)
    assert client.post("/api/users", json={"display_name": "x"}).status_code == 429


def test_an_ipv6_host_counts_as_its_slash_64(database: Database, clock: FakeClock) -> None:
    for suffix in range(SIGNUP_LIMIT):
        sign_up(signup_client(database, clock, f"2001:db8:7:1::{suffix + 1}"))
    other_host = signup_client(database, clock, "2001:db8:7:1:ffff::9")
    assert other_host.post("/api/users", json={"display_name": "x"}).status_code == 429
    sign_up(signup_client(database, clock, "2001:db8:7:2::1"))  # another /64


def test_client_keys() -> None:
    assert client_key("203.0.113.7") == "203.0.113.7"
    assert client_key("::ffff:203.0.113.7") == "203.0.113.7"
    assert client_key("2001:db8::1") == client_key("2001:db8::ffff:1") == "2001:db8::/64"
    assert client_key(None) == "unknown"
    assert client_key("x" * 100) == "x" * 64


def test_invalid_sign_ups_spend_no_budget(database: Database, clock: FakeClock) -> None:
    client = signup_client(database, clock, "203.0.113.20")
    for _ in range(SIGNUP_LIMIT + 2):
        assert client.post("/api/users", json={"display_name": ""}).status_code == 422
    for _ in range(SIGNUP_LIMIT):
        sign_up(client)


def test_zero_turns_the_sign_up_limit_off(database: Database, clock: FakeClock) -> None:
    client = signup_client(database, clock, "203.0.113.30", rate_limit_signup_per_minute=0)
    for _ in range(SIGNUP_LIMIT * 3):
        sign_up(client)


def _clients(database: Database) -> set[str]:
    with database.read() as session:
        return set(session.scalars(select(ClientRateLimitRow.client)))


def test_stale_client_budgets_are_pruned(database: Database, clock: FakeClock) -> None:
    # One process, pruning on its first sign-up and every `prune_every`-th after it.
    app = limited_app(database, clock, rate_limit_signup_per_minute=SIGNUP_LIMIT)
    app.state.rate_limiter.prune_every = 4
    stale = {"192.0.2.40", "192.0.2.41", "192.0.2.42"}

    def sign_up_from(host: str) -> None:
        sign_up(TestClient(app, client=(host, 50000)))

    for host in sorted(stale):  # requests 0 (prunes nothing yet), 1, 2
        sign_up_from(host)
    clock.advance(3 * 60)
    sign_up_from("192.0.2.98")  # request 3: no prune
    assert stale <= _clients(database)
    sign_up_from("192.0.2.99")  # request 4: prunes
    clients = _clients(database)
    assert not clients & stale
    assert {"192.0.2.98", "192.0.2.99"} <= clients


def test_sign_ups_prune_once_every_prune_every(database: Database, clock: FakeClock) -> None:
    app = limited_app(database, clock, rate_limit_signup_per_minute=SIGNUP_LIMIT)
    limiter = app.state.rate_limiter
    assert limiter.prune_every == PRUNE_EVERY
    writes = 0
    write = limiter.database.write

    def counted_write(**options: Any) -> Any:
        nonlocal writes
        writes += 1
        return write(**options)

    limiter.database = type("Counted", (), {"write": staticmethod(counted_write),
                                            "is_sqlite": database.is_sqlite})()
    for index in range(PRUNE_EVERY + 1):
        limiter.consume(f"198.18.{index // 250}.{index % 250}", Action.SIGNUP)
    # One budget transaction per sign-up, one prune on the first and one on the 65th.
    assert writes == PRUNE_EVERY + 1 + 2


def test_the_default_sign_up_limit_is_ten_a_minute() -> None:
    assert Settings.model_fields["rate_limit_signup_per_minute"].default == 10
