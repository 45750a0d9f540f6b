"""The OpenAI-compatible brain through the real `openai` SDK against a local chat server that
behaves like OpenAI itself (tools and a response schema in one request: the "combined" tool
mode). The local servers that constrain decoding are in test_llm_openai_servers.py."""

from __future__ import annotations

import json
from typing import Any

import openai
import pytest

from fitcoach.brain.decision import ToolResult
from fitcoach.brain.providers.llm_common.errors import AnswerRejected
from fitcoach.brain.providers.llm_common.static_prompt import static_prompt
from fitcoach.brain.providers.openai_compat import OpenAICompatBrain, OpenAIOptions
from fitcoach.brain.tools import HISTORY_TOOL, run_tool

from .turns import NOW, logs, none_answer, request_for, swap_answer, turn

MODEL = "local-model"


def brain(url: str, **options: Any) -> OpenAICompatBrain:
    settings: dict[str, Any] = {"max_retries": 0, "tool_mode": "combined", **options}
    return OpenAICompatBrain(OpenAIOptions(model=MODEL, base_url=url, **settings))


def test_the_request_shape(openai_server, run) -> None:
    fake, url = openai_server
    fake.answer(none_answer())
    decision = run(brain(url).decide(request_for(turn("How do I hinge?")), logs()))

    assert decision.message.startswith("Keep the elbow")
    [body] = fake.requests
    prompt = static_prompt()
    system, user = body["messages"]
    assert system == {"role": "system", "content": prompt.combined_text()}
    assert user["role"] == "user"
    assert user["content"].startswith("[RUNTIME CONTEXT BLOCK]")
    # llama.cpp reads the schema at response_format.json_schema.schema, as OpenAI does.
    assert body["response_format"] == {"type": "json_schema", "json_schema": {
        "name": "coach_decision", "schema": prompt.response_schema, "strict": False}}
    assert body["tool_choice"] == "auto"
    assert [t["function"]["name"] for t in body["tools"]] == [t.name for t in prompt.tools]
    assert body["tools"][0]["function"]["parameters"] == prompt.tools[0].parameters
    assert body["max_tokens"] == 2048
    assert "prompt_cache_key" not in body  # only sent to OpenAI itself


def test_the_static_prefix_is_byte_identical_for_every_turn_and_user(openai_server,
                                                                      run) -> None:
    fake, url = openai_server
    fake.answer(none_answer())
    fake.answer(none_answer())
    run(brain(url).decide(request_for(turn("one", user_id="u1")), logs()))
    run(brain(url).decide(request_for(turn("another", user_id="u2")), logs()))

    def prefix(body: dict[str, Any]) -> str:
        return json.dumps([body["messages"][0], body["tools"], body["response_format"]],
                          ensure_ascii=False)

    first, second = fake.requests
    assert prefix(first) == prefix(second)
    assert first["messages"][1] != second["messages"][1]


def test_a_tool_round_sends_the_assistant_turn_back_with_tool_messages(openai_server,
                                                                       run) -> None:
    fake, url = openai_server
    b = brain(url)
    fake.calls((HISTORY_TOOL, {"exercise_slug": "incline-db-bench-press", "limit_sessions": 3}))
    fake.answer(none_answer("Add 5 lb."))
    the_turn = turn("Should I add weight on incline bench?")
    first = run(b.decide(request_for(the_turn), logs()))
    [call] = first.tool_calls
    results = (ToolResult(call=call, result=run_tool(call.name, call.args, logs(), NOW)),)

    final = run(b.decide(request_for(the_turn, round=1, tool_results=results), logs()))

    assert final.message == "Add 5 lb."
    messages = fake.requests[-1]["messages"]
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "tool"]
    assistant, tool = messages[2], messages[3]
    assert set(assistant) == {"role", "content", "tool_calls"}
    assert assistant["tool_calls"][0]["function"]["name"] == HISTORY_TOOL
    assert tool["tool_call_id"] == assistant["tool_calls"][0]["id"]
    assert json.loads(tool["content"]) == results[0].result


def test_a_server_without_json_schema_gets_json_mode_and_keeps_it(openai_server, run) -> None:
    fake, url = openai_server
    fake.refuse_json_schema = True
    fake.answer(none_answer())
    fake.answer(none_answer())
    b = brain(url)
    run(b.decide(request_for(turn("first")), logs()))
    run(b.decide(request_for(turn("second")), logs()))

    refused, first, second = fake.requests
    assert refused["response_format"]["type"] == "json_schema"
    assert first["response_format"] == {"type": "json_object"}
    assert second["response_format"] == {"type": "json_object"}
    restated = first["messages"][-1]["content"]
    assert restated.startswith("Reply with one JSON object")
    assert json.loads(restated.split("\n", 1)[1]) == static_prompt().response_schema
    assert first["messages"][0] == refused["messages"][0]  # the cached prefix is unchanged


def test_a_server_without_any_json_mode_gets_plain_prompting(openai_server, run) -> None:
    fake, url = openai_server
    fake.refuse_json_schema = fake.refuse_json_mode = True
    fake.text("```json\n" + json.dumps(none_answer("Fenced but fine.")) + "\n```")
    decision = run(brain(url).decide(request_for(turn("hi")), logs()))
    assert decision.message == "Fenced but fine."
    assert "response_format" not in fake.requests[-1]


def test_a_server_without_tools_is_asked_again_without_them(openai_server, run) -> None:
    fake, url = openai_server
    fake.refuse_tools = True
    fake.answer(none_answer())
    run(brain(url).decide(request_for(turn("hi")), logs()))
    assert "tools" in fake.requests[0]
    assert "tools" not in fake.requests[1]
    assert "tool_choice" not in fake.requests[1]


# 400s that are about this request, not about what the server supports: each fails its own
# turn (the pipeline falls back) and the next turn still asks for tools and the JSON schema.
NOT_UNSUPPORTED = [
    "Invalid 'messages[3]': messages with role 'tool' must be a response to a preceding "
    "message with 'tool_calls'.",
    "This model's maximum context length is 8192 tokens. However, your messages and tools "
    "resulted in 9100 tokens.",
    "Invalid schema for response_format 'coach_decision': In context=(), "
    "'additionalProperties' is required to be supplied and to be false.",
    "'messages' must contain the word 'json' in some form to use 'response_format' of type "
    "'json_object'.",
    "Invalid JSON in request body",
]


@pytest.mark.parametrize("message", NOT_UNSUPPORTED)
def test_a_400_that_is_not_about_support_downgrades_nothing(openai_server, run,
                                                             message: str) -> None:
    fake, url = openai_server
    fake.fail(400, message)
    fake.answer(none_answer())
    b = brain(url)
    with pytest.raises(openai.BadRequestError):
        run(b.decide(request_for(turn("first")), logs()))
    run(b.decide(request_for(turn("second")), logs()))
    refused, second = fake.requests
    for body in (refused, second):
        assert body["response_format"]["type"] == "json_schema"
        assert "tools" in body


def test_a_400_with_the_unsupported_parameter_code_downgrades_that_feature(openai_server,
                                                                            run) -> None:
    fake, url = openai_server
    fake.fail(400, "Unsupported parameter.", code="unsupported_parameter", param="tools")
    fake.answer(none_answer())
    run(brain(url).decide(request_for(turn("hi")), logs()))
    refused, retried = fake.requests
    assert "tools" in refused
    assert "tools" not in retried
    assert retried["response_format"]["type"] == "json_schema"  # only what was refused


def test_usage_reports_prompt_cached_and_completion_tokens(openai_server, run) -> None:
    fake, url = openai_server
    fake.answer(none_answer())
    fake.answer(none_answer())
    b = brain(url)
    first = run(b.decide(request_for(turn("first")), logs()))
    second = run(b.decide(request_for(turn("second")), logs()))

    assert first.notes.usage["cached_input_tokens"] == 0
    usage = second.notes.usage
    assert usage["provider"] == "openai"
    assert usage["cache"] == "automatic"
    assert usage["output_tokens"] == 30
    assert 0 < usage["cached_input_tokens"] < usage["input_tokens"]


def test_garbage_is_rejected(openai_server, run) -> None:
    fake, url = openai_server
    fake.text("Sure! Here's my answer: do push-ups.")
    with pytest.raises(AnswerRejected, match="not valid JSON"):
        run(brain(url).decide(request_for(turn("hi")), logs()))


def test_an_unknown_slug_is_rejected(openai_server, run) -> None:
    fake, url = openai_server
    fake.answer(swap_answer("bench-of-dreams"))
    with pytest.raises(AnswerRejected, match="bench-of-dreams"):
        run(brain(url).decide(request_for(turn("swap")), logs()))


def test_server_errors_are_retried_then_raised(openai_server, run) -> None:
    fake, url = openai_server
    fake.fail(503)
    fake.answer(none_answer("After a retry."))
    b = brain(url, max_retries=1)
    assert run(b.decide(request_for(turn("hi")), logs())).message == "After a retry."

    fake.fail(500)
    with pytest.raises(openai.InternalServerError):
        run(brain(url).decide(request_for(turn("hi")), logs()))


def test_official_openai_gets_a_prompt_cache_key(openai_server, run) -> None:
    fake, url = openai_server
    # The local server plays OpenAI itself here.
    b = OpenAICompatBrain(OpenAIOptions(model=MODEL, base_url=url, max_retries=0,
                                        openai_dialect=True))
    fake.answer(none_answer())
    run(b.decide(request_for(turn("hi")), logs()))
    body = fake.requests[-1]
    assert body["prompt_cache_key"] == f"fitcoach-{static_prompt().fingerprint[:16]}"
    assert body["max_completion_tokens"] == 2048
