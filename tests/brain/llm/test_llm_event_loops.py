"""A terminal chat may run every turn in a fresh event loop (`asyncio.run` per message):
the brains must keep working, and Gemini must keep using the one cache."""

from __future__ import annotations

import asyncio
import gc
import warnings
from collections.abc import Callable

from fitcoach.brain.providers.gemini import GeminiBrain, GeminiOptions
from fitcoach.brain.providers.llm_common.cache_registry import InMemoryCacheRegistry
from fitcoach.brain.providers.openai_compat import OpenAICompatBrain, OpenAIOptions

from .turns import logs, none_answer, request_for, turn


def test_gemini_survives_a_new_event_loop_per_turn(gemini, clock) -> None:
    fake, url = gemini
    brain = GeminiBrain(GeminiOptions(api_key="k", model="gemini-3.8-flash", base_url=url,
                                      retry_attempts=1), InMemoryCacheRegistry(), clock=clock)
    for number in range(3):
        fake.answer(none_answer(f"answer {number}"))
        decision = asyncio.run(brain.decide(request_for(turn(f"turn {number}")), logs()))
        assert decision.message == f"answer {number}"
    assert len(fake.cache_creations()) == 1


def test_openai_survives_a_new_event_loop_per_turn(openai_server) -> None:
    fake, url = openai_server
    brain = OpenAICompatBrain(OpenAIOptions(model="m", base_url=url, max_retries=0))
    for number in range(3):
        fake.answer(none_answer(f"answer {number}"))
        decision = asyncio.run(brain.decide(request_for(turn(f"turn {number}")), logs()))
        assert decision.message == f"answer {number}"


def _unclosed_transports(play: Callable[[], None]) -> list[str]:
    """The "unclosed transport" ResourceWarnings of what `play` leaves behind."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        play()
        gc.collect()
    return [str(w.message) for w in caught
            if issubclass(w.category, ResourceWarning) and "transport" in str(w.message)]


def test_openai_closes_each_loops_client_as_that_loop_ends(openai_server) -> None:
    fake, url = openai_server
    brain = OpenAICompatBrain(OpenAIOptions(model="m", base_url=url, max_retries=0))
    clients = []

    def play() -> None:
        for number in range(3):
            fake.answer(none_answer(f"answer {number}"))
            asyncio.run(brain.decide(request_for(turn(f"turn {number}")), logs()))
            clients.append(brain._client)

    assert _unclosed_transports(play) == []
    assert len({id(client) for client in clients}) == 3  # one client per loop
    assert all(client.is_closed() for client in clients)


def test_gemini_closes_each_loops_client_as_that_loop_ends(gemini, clock) -> None:
    fake, url = gemini
    brain = GeminiBrain(GeminiOptions(api_key="k", model="gemini-3.8-flash", base_url=url,
                                      retry_attempts=1), InMemoryCacheRegistry(), clock=clock)

    def play() -> None:
        for number in range(3):
            fake.answer(none_answer(f"answer {number}"))
            asyncio.run(brain.decide(request_for(turn(f"turn {number}")), logs()))

    assert _unclosed_transports(play) == []
