"""Local wire-protocol servers and a controllable clock for the LLM brain tests.

Every base URL points at 127.0.0.1: no test here can reach a real LLM service.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Awaitable, Callable, Iterator
from typing import TypeVar

import pytest

from fitcoach.brain.providers.llm_common.openai_features import SERVERS

from .fake_gemini import FakeGemini
from .fake_openai import FakeOpenAI
from .local_server import LocalServer
from .turns import NOW

T = TypeVar("T")


class FakeClock:
    def __init__(self, start: dt.datetime = NOW) -> None:
        self.now = start

    def __call__(self) -> dt.datetime:
        return self.now

    def advance(self, delta: dt.timedelta) -> None:
        self.now += delta


@pytest.fixture(autouse=True)
def _forget_what_servers_refused() -> Iterator[None]:
    """What a fake refused is remembered per base URL; a later test may get its port."""
    SERVERS.clear()
    yield
    SERVERS.clear()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def gemini(clock: FakeClock) -> Iterator[tuple[FakeGemini, str]]:
    fake = FakeGemini(clock)
    with LocalServer(fake.app) as server:
        yield fake, server.url
        fake.release()


@pytest.fixture
def openai_server() -> Iterator[tuple[FakeOpenAI, str]]:
    fake = FakeOpenAI()
    with LocalServer(fake.app) as server:
        yield fake, f"{server.url}/v1"
        fake.release()


@pytest.fixture
def run() -> Iterator[Callable[[Awaitable[T]], T]]:
    """One event loop for the whole test: an SDK client keeps its connections on it."""
    with asyncio.Runner() as runner:
        yield runner.run
