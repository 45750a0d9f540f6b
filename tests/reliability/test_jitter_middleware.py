"""The browser tests' jitter mode (tests/browser/jittery.py), its middleware alone: every
response is late by up to the bound, drawn at random, and otherwise the app's own. Here, not in
tests/browser: sync Playwright keeps an event loop running there, and this test runs one."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from tests.browser.jittery import Jitter


def _app() -> Starlette:
    async def hello(request: Any) -> PlainTextResponse:
        return PlainTextResponse("hello", headers={"x-test": "kept"})
    return Starlette(routes=[Route("/", hello)])


def _pauses(most_ms: float, requests: int, seed: int | None = None) -> list[float]:
    """The pauses the middleware took (its sleep is handed in: no clock is read)."""
    taken: list[float] = []

    async def sleep(seconds: float) -> None:
        taken.append(seconds)

    async def send_all() -> None:
        jitter = Jitter(_app(), most_ms=most_ms, seed=seed, sleep=sleep)
        transport = httpx.ASGITransport(app=jitter)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            for _ in range(requests):
                response = await client.get("/")
                assert (response.status_code, response.text) == (200, "hello")
                assert response.headers["x-test"] == "kept"

    asyncio.run(send_all())
    return taken


def test_each_response_waits_a_random_pause_within_the_bound() -> None:
    pauses = _pauses(200, requests=20, seed=7)
    assert len(pauses) == 20
    assert all(0 <= pause <= 0.2 for pause in pauses)
    assert len(set(pauses)) > 1  # drawn, not fixed


def test_no_bound_no_pause() -> None:
    assert _pauses(0, requests=3) == []
