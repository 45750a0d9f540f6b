"""The OpenAI-compatible brain against fakes of the local servers people run (Ollama, vLLM,
llama.cpp), through the real `openai` SDK and the real turn pipeline: tools get called on
servers that constrain decoding, and a missing feature steps down instead of falling back.
The fakes' behaviours and their sources are in fake_openai.py."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pytest

from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.brain import pipeline
from fitcoach.brain.providers.llm_common.openai_features import FeatureRegistry
from fitcoach.brain.providers.openai_compat import OpenAICompatBrain, OpenAIOptions
from fitcoach.brain.tools import HISTORY_TOOL

from .fake_openai import CONSTRAINED_ANSWER, FakeOpenAI
from .local_server import LocalServer
from .turns import NOW, FallbackBrain, none_answer, turn

SLUG = "incline-db-bench-press"
PROGRESS = "How is my incline bench going? Should I add weight?"
CITED = "Three sessions at 45 lb for 10, 10 and 9: go to 50 lb next time."


class LoggedReader:
    """Three logged sessions of the incline press, newest first."""

    def exercise_history(self, exercise_id: str, limit_sessions: int) -> list[ExerciseSession]:
        return [ExerciseSession(log_id=f"log_{i}", completed_at=NOW - dt.timedelta(days=3 * i),
                                sets=(SetRecord(weight_lbs=45, reps=10 - (i == 2), rpe=8),))
                for i in range(min(limit_sessions, 3))] if exercise_id == SLUG else []

    def volume_trend(self, *args: Any) -> list[Any]:
        return []

    def records(self, exercise_id: str) -> None:
        return None

    def known_loads(self) -> dict[str, Any]:
        return {}


@pytest.fixture
def serve() -> Iterator[Callable[[FakeOpenAI], str]]:
    """Start a fake; its base URL. Every fake runs on a port of its own."""
    with ExitStack() as stack:
        def start(fake: FakeOpenAI) -> str:
            server = stack.enter_context(LocalServer(fake.app))
            stack.callback(fake.release)
            return f"{server.url}/v1"

        yield start


def brain(url: str, registry: FeatureRegistry | None = None, **options: Any) -> OpenAICompatBrain:
    settings: dict[str, Any] = {"max_retries": 0, **options}
    return OpenAICompatBrain(OpenAIOptions(model="local-model", base_url=url, **settings),
                             servers=registry or FeatureRegistry())


def progress_turn(b: OpenAICompatBrain, run: Any, message: str = PROGRESS) -> Any:
    return run(pipeline.run_turn(turn(message), b, LoggedReader(), fallback=FallbackBrain()))


def carries_both(body: dict[str, Any]) -> bool:
    return bool(body.get("tools")) and "response_format" in body


TOOL_SERVERS = {
    "ollama": FakeOpenAI.ollama,
    "vllm with a tool parser": FakeOpenAI.vllm,
    "llama.cpp with --jinja": FakeOpenAI.llamacpp,
}


@pytest.mark.parametrize("server", list(TOOL_SERVERS))
def test_a_progress_question_calls_the_tool_on_a_server_that_constrains_decoding(
        serve, run, server: str) -> None:
    fake = TOOL_SERVERS[server]()
    url = serve(fake)
    fake.calls((HISTORY_TOOL, {"exercise_slug": SLUG, "limit_sessions": 5}))
    fake.answer(none_answer(CITED))

    outcome = progress_turn(brain(url), run)

    assert outcome.meta["brain"] == "openai"
    assert outcome.meta["tools"] == [HISTORY_TOOL]
    assert outcome.result.message == CITED
    assert outcome.result.message != CONSTRAINED_ANSWER["message"]
    # The model read the logged numbers in the tool message answering its call.
    tool_message = fake.requests[-1]["messages"][-1]
    assert tool_message["role"] == "tool"
    sessions = json.loads(tool_message["content"])["sessions"]
    assert [[s["weight_lbs"] for s in session["sets"]] for session in sessions] == [[45]] * 3
    # Never tools and a schema in one request: the schema would have eaten the tool call.
    assert not any(carries_both(body) for body in fake.requests)


def test_prose_in_the_tool_phase_is_asked_again_under_the_schema_without_tools(serve,
                                                                               run) -> None:
    fake = FakeOpenAI.vllm()
    url = serve(fake)
    fake.calls((HISTORY_TOOL, {"exercise_slug": SLUG, "limit_sessions": 5}))
    fake.text("You are doing well, add five pounds.")  # prose, not the JSON answer
    fake.answer(none_answer(CITED))

    outcome = progress_turn(brain(url), run)

    assert outcome.meta["brain"] == "openai"
    assert outcome.result.message == CITED
    _tools_phase, prose_phase, answer_phase = fake.requests
    assert "response_format" not in prose_phase
    assert prose_phase["tools"]
    assert answer_phase["response_format"]["type"] == "json_schema"
    assert "tools" not in answer_phase
    # Without tools in the request, the call and its result are retold as text.
    roles = [m["role"] for m in answer_phase["messages"]]
    assert "tool" not in roles
    assert all("tool_calls" not in m for m in answer_phase["messages"])
    retold = " ".join(m["content"] for m in answer_phase["messages"][1:])
    assert f"[called {HISTORY_TOOL} with" in retold
    assert f"[{HISTORY_TOOL} returned" in retold
    assert "You are doing well" not in retold  # the prose attempt is not kept


def test_a_valid_answer_in_the_tool_phase_costs_one_call(serve, run) -> None:
    fake = FakeOpenAI.ollama()
    url = serve(fake)
    fake.answer(none_answer("Hinge at the hips, keep the bar close."))
    outcome = progress_turn(brain(url), run, "How do I hinge?")
    assert outcome.result.message == "Hinge at the hips, keep the bar close."
    [only] = fake.requests
    assert only["tools"]
    assert "response_format" not in only


REFUSING_SERVERS = {
    "ollama, a model without tools": lambda: FakeOpenAI.ollama(tools=False),
    "vllm without a tool parser": lambda: FakeOpenAI.vllm(tool_parser=False),
    "llama.cpp without --jinja": lambda: FakeOpenAI.llamacpp(jinja=False),
}


@pytest.mark.parametrize("server", list(REFUSING_SERVERS))
def test_a_server_that_refuses_tools_answers_without_them_and_is_remembered(
        serve, run, server: str) -> None:
    fake = REFUSING_SERVERS[server]()
    url = serve(fake)
    registry = FeatureRegistry()
    fake.answer(none_answer("Add weight when all sets reach the top of the range."))
    fake.answer(none_answer("Second turn."))

    first = progress_turn(brain(url, registry), run)
    # A brain built later (another request, the same process) knows it already.
    second = progress_turn(brain(url, registry), run, "and my squat?")

    assert first.meta["brain"] == "openai", first.meta.get("fallback_reason")
    assert first.result.message == "Add weight when all sets reach the top of the range."
    assert second.meta["brain"] == "openai"
    refused, answered, later = fake.requests
    assert refused["tools"]
    for body in (answered, later):
        assert "tools" not in body
        assert "tool_choice" not in body
        assert body["response_format"]["type"] == "json_schema"


def test_the_llamacpp_500_steps_down_after_the_sdk_retried_it(serve, run) -> None:
    fake = FakeOpenAI.llamacpp(jinja=False)
    url = serve(fake)
    fake.answer(none_answer("Fine."))
    outcome = progress_turn(brain(url, max_retries=1), run)
    assert outcome.meta["brain"] == "openai"
    assert [bool(body.get("tools")) for body in fake.requests] == [True, True, False]


def test_an_old_llamacpp_without_json_schema_gets_json_mode(serve, run) -> None:
    fake = FakeOpenAI.llamacpp(jinja=False, json_schema=False)
    url = serve(fake)
    fake.answer(none_answer("JSON mode works."))
    outcome = progress_turn(brain(url), run)
    assert outcome.meta["brain"] == "openai"
    assert outcome.result.message == "JSON mode works."
    no_tools, no_schema, json_mode = fake.requests
    assert no_tools["tools"]
    assert no_schema["response_format"]["type"] == "json_schema"
    assert json_mode["response_format"] == {"type": "json_object"}
    assert json_mode["messages"][-1]["content"].startswith("Reply with one JSON object")


def test_openai_itself_gets_tools_and_the_schema_in_one_request(serve, run) -> None:
    fake = FakeOpenAI()
    url = serve(fake)
    fake.calls((HISTORY_TOOL, {"exercise_slug": SLUG, "limit_sessions": 5}))
    fake.answer(none_answer(CITED))
    outcome = progress_turn(brain(url, openai_dialect=True), run)
    assert outcome.meta["tools"] == [HISTORY_TOOL]
    assert all(carries_both(body) for body in fake.requests)


def test_the_fake_refuses_a_tool_message_without_its_call(serve, run) -> None:
    # The pairing check the brain's transcripts have to pass, seen failing once.
    import openai

    fake = FakeOpenAI()
    client = openai.OpenAI(base_url=serve(fake), api_key="x", max_retries=0)
    with pytest.raises(openai.BadRequestError, match="must be a response to a preceding"):
        client.chat.completions.create(model="m", messages=[
            {"role": "user", "content": "hi"},
            {"role": "tool", "tool_call_id": "call_9", "content": "{}"}])


@pytest.mark.parametrize(("context_length", "warned"), [(4096, True), (32768, False)])
def test_a_prompt_cut_by_ollamas_context_window_is_reported(serve, run, caplog,
                                                            context_length: int,
                                                            warned: bool) -> None:
    fake = FakeOpenAI.ollama(context_length=context_length)
    url = serve(fake)
    fake.answer(none_answer("Fine."))
    fake.answer(none_answer("Fine again."))
    b = brain(url)
    progress_turn(b, run, "How do I hinge?")
    progress_turn(b, run, "And the squat?")
    said = [r for r in caplog.records if "OLLAMA_CONTEXT_LENGTH" in r.getMessage()]
    assert len(said) == (1 if warned else 0)  # once per server, not every turn
    if warned:
        assert "counted 4096 prompt tokens" in said[0].getMessage()
