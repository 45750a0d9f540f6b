"""Gemini explicit context caching through the real SDK against a local v1beta server."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest

from fitcoach.brain.providers.gemini import GeminiBrain, GeminiOptions
from fitcoach.brain.providers.llm_common.cache_registry import InMemoryCacheRegistry
from fitcoach.brain.providers.llm_common.static_prompt import static_prompt

from .turns import logs, none_answer, request_for, turn

MODEL = "gemini-3.8-flash"


def brain(url: str, clock: Any, registry: InMemoryCacheRegistry | None = None,
          **options: Any) -> GeminiBrain:
    settings: dict[str, Any] = {"api_key": "test-key", "model": MODEL, "base_url": url,
                                "retry_attempts": 1, "retry_initial_delay_s": 0.01,
                                "retry_max_delay_s": 0.02, **options}
    return GeminiBrain(GeminiOptions(**settings), registry or InMemoryCacheRegistry(),
                       clock=clock)


def wire_field(data: dict[str, Any], camel: str) -> Any:
    snake = "".join(f"_{c.lower()}" if c.isupper() else c for c in camel)
    return data[camel] if camel in data else data[snake]


def decide(run: Any, b: GeminiBrain, message: str, user_id: str = "u1") -> Any:
    return run(b.decide(request_for(turn(message, user_id=user_id)), logs()))


def test_first_turn_creates_the_cache_with_the_whole_static_prefix(gemini, clock, run) -> None:
    fake, url = gemini
    fake.answer(none_answer())
    decision = decide(run, brain(url, clock), "How do I brace for squats?")

    assert decision.message.startswith("Keep the elbow")
    [create] = fake.cache_creations()
    prompt = static_prompt()
    assert create.body["model"] == f"models/{MODEL}"
    assert create.body["systemInstruction"]["parts"] == [{"text": prompt.system_instruction}]
    assert create.body["contents"] == [{"role": "user", "parts": [{"text": prompt.reference}]}]
    declared = create.body["tools"][0]["functionDeclarations"]
    assert [d["name"] for d in declared] == [t.name for t in prompt.tools]
    # The SDK writes declarations in proto field names; protobuf JSON accepts both spellings.
    assert wire_field(declared[0], "parametersJsonSchema") == prompt.tools[0].parameters
    assert create.body["toolConfig"] == {"functionCallingConfig": {"mode": "AUTO"}}
    assert create.body["ttl"] == "3600s"


def test_requests_carry_only_the_cache_the_contents_and_the_generation_config(
        gemini, clock, run) -> None:
    fake, url = gemini
    fake.answer(none_answer())
    decide(run, brain(url, clock), "How do I brace for squats?")

    [generate] = fake.generate_requests()
    assert set(generate.body) == {"contents", "generationConfig", "cachedContent"}
    assert generate.body["cachedContent"] == next(iter(fake.caches))
    config = generate.body["generationConfig"]
    assert config["responseMimeType"] == "application/json"
    assert config["responseJsonSchema"] == static_prompt().response_schema
    assert "responseSchema" not in config
    [user] = generate.body["contents"]
    assert user["role"] == "user"
    assert user["parts"][0]["text"].startswith("[RUNTIME CONTEXT BLOCK]")
    assert user["parts"][0]["text"].endswith('"How do I brace for squats?"')


def test_the_cache_is_reused_across_turns_users_and_processes(gemini, clock, run) -> None:
    fake, url = gemini
    registry = InMemoryCacheRegistry()
    for _ in range(3):
        fake.answer(none_answer())
    decide(run, brain(url, clock, registry), "first", user_id="u1")
    decide(run, brain(url, clock, registry), "second", user_id="u2")  # another process
    same_process = brain(url, clock, registry)
    decide(run, same_process, "third", user_id="u3")

    assert len(fake.cache_creations()) == 1
    names = {r.body["cachedContent"] for r in fake.generate_requests()}
    assert names == set(fake.caches)


def test_the_static_prefix_is_byte_identical_for_every_turn_and_user(gemini, clock, run) -> None:
    fake, url = gemini
    fake.min_cache_tokens = 10**9  # forces implicit caching: the prefix travels every time
    for _ in range(2):
        fake.answer(none_answer())
    decide(run, brain(url, clock), "first user, first turn", user_id="u1")
    decide(run, brain(url, clock), "second user, a different question", user_id="u2")

    first, second = fake.generate_requests()[-2:]

    def prefix(body: dict[str, Any]) -> str:
        static = {"systemInstruction": body["systemInstruction"], "tools": body["tools"],
                  "toolConfig": body["toolConfig"], "reference": body["contents"][0],
                  "schema": body["generationConfig"]["responseJsonSchema"]}
        return json.dumps(static, ensure_ascii=False, sort_keys=True)

    assert prefix(first.body) == prefix(second.body)
    assert first.body["contents"][1] != second.body["contents"][1]


def test_a_cache_gone_404_is_recreated_and_the_turn_retried(gemini, clock, run) -> None:
    fake, url = gemini
    b = brain(url, clock)
    fake.answer(none_answer())
    decide(run, b, "first")
    [old] = list(fake.caches)
    fake.drop_cache(old)
    fake.answer(none_answer("second answer"))

    decision = decide(run, b, "second")

    assert decision.message == "second answer"
    assert len(fake.cache_creations()) == 2
    [new] = list(fake.caches)
    assert new != old
    assert [r.body["cachedContent"] for r in fake.generate_requests()] == [old, old, new]


def test_a_changed_static_prompt_gets_a_new_cache(gemini, clock, run) -> None:
    fake, url = gemini
    registry = InMemoryCacheRegistry()
    fake.answer(none_answer())
    decide(run, brain(url, clock, registry), "first")
    prompt = static_prompt()
    changed = type(prompt)(system_instruction=prompt.system_instruction + "\nBe concise.",
                           reference=prompt.reference, tools=prompt.tools,
                           response_schema=prompt.response_schema)
    upgraded = GeminiBrain(GeminiOptions(api_key="k", model=MODEL, base_url=url,
                                         retry_attempts=1), registry, prompt=changed,
                           clock=clock)
    fake.answer(none_answer())
    run(upgraded.decide(request_for(turn("second")), logs()))

    _first, second = fake.cache_creations()
    assert second.body["systemInstruction"]["parts"][0]["text"].endswith("Be concise.")
    record = registry.get(f"gemini:{MODEL}:combined")
    assert record is not None
    assert record.prompt_hash == changed.fingerprint
    assert fake.generate_requests()[-1].body["cachedContent"] == record.cache_name


def test_the_ttl_is_renewed_before_the_cache_expires(gemini, clock, run) -> None:
    fake, url = gemini
    b = brain(url, clock)
    fake.answer(none_answer())
    decide(run, b, "first")
    [name] = list(fake.caches)
    clock.advance(dt.timedelta(minutes=55))  # 5 minutes left, inside the 10-minute margin
    fake.answer(none_answer())

    decide(run, b, "second")

    [renewal] = fake.cache_renewals()
    assert renewal.path == name
    assert renewal.body == {"ttl": "3600s"}
    assert len(fake.cache_creations()) == 1
    assert fake.caches[name].expires_at == clock.now + dt.timedelta(hours=1)


def test_a_comfortably_alive_cache_is_not_renewed(gemini, clock, run) -> None:
    fake, url = gemini
    b = brain(url, clock)
    for _ in range(2):
        fake.answer(none_answer())
    decide(run, b, "first")
    clock.advance(dt.timedelta(minutes=30))
    decide(run, b, "second")
    assert fake.cache_renewals() == []


def test_below_the_minimum_cacheable_size_it_falls_back_to_implicit_caching(
        gemini, clock, run, caplog: pytest.LogCaptureFixture) -> None:
    fake, url = gemini
    fake.min_cache_tokens = 10**9
    b = brain(url, clock)
    fake.answer(none_answer())

    decision = decide(run, b, "hi")

    assert b.cache_mode == "implicit"
    assert decision.notes.usage["cache"] == "implicit"
    assert "implicit caching" in caplog.text
    generate = fake.generate_requests()[-1]
    assert "cachedContent" not in generate.body
    assert generate.body["systemInstruction"]["parts"][0]["text"] == \
        static_prompt().system_instruction
    assert generate.body["contents"][0]["parts"][0]["text"] == static_prompt().reference


def test_a_configured_minimum_above_the_prefix_skips_the_cache_call(gemini, clock, run) -> None:
    fake, url = gemini
    fake.answer(none_answer())
    b = brain(url, clock, min_cache_tokens=10**9)
    decide(run, b, "hi")
    assert fake.cache_creations() == []
    assert b.cache_mode == "implicit"
