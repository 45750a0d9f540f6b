"""Local wire-protocol servers and a controllable clock for the LLM brain tests.

Every base URL points at 127.0.0.1: no test here can reach a real LLM service.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Awaitable, Callable, Iterator
from typing import Protocol, TypeVar

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


class SteppingLoop(asyncio.SelectorEventLoop):
    """The default event loop, with a clock a test can move forward (`step`). Everything
    timed on the loop sees the move: the turn's deadline (asyncio.timeout) and the SDKs'
    request timeouts alike, so what fires first is decided by their budgets, not by how
    fast a loaded machine runs the test."""

    def __init__(self) -> None:
        super().__init__()
        self._ahead = 0.0

    def time(self) -> float:
        return super().time() + self._ahead

    def step(self, seconds: float) -> None:
        self._ahead += seconds


@pytest.fixture
def runner() -> Iterator[asyncio.Runner]:
    """One event loop for the whole test: an SDK client keeps its connections on it."""
    with asyncio.Runner(loop_factory=SteppingLoop) as runner:
        yield runner


@pytest.fixture
def run(runner: asyncio.Runner) -> Callable[[Awaitable[T]], T]:
    return runner.run


# The deadline tests give the turn a deadline no loaded machine reaches by itself (the old
# 0.3 s was sometimes spent before the hung request had even arrived, and the counts of
# requests the tests assert came out short), then move the loop's clock past it the moment
# the fake holds a hung request: the deadline fires then, and only then.
TEST_DEADLINE_S = 10.0


class _Hangs(Protocol):
    on_hang: Callable[[], None] | None


@pytest.fixture
def deadline_on_hang(runner: asyncio.Runner) -> Callable[[_Hangs], None]:
    """`deadline_on_hang(fake)`: the turn's TEST_DEADLINE_S passes when `fake` hangs."""
    loop = runner.get_loop()
    assert isinstance(loop, SteppingLoop)

    def arm(fake: _Hangs) -> None:
        fake.on_hang = lambda: loop.call_soon_threadsafe(loop.step, TEST_DEADLINE_S)

    return arm
