"""LLM brains inside the real turn pipeline: repair rounds and fallback to the embedded brain
on garbage, timeouts and server errors (a stand-in plays the embedded brain)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fitcoach.brain.providers.gemini import GeminiBrain, GeminiOptions
from fitcoach.brain.providers.llm_common.cache_registry import InMemoryCacheRegistry
from fitcoach.brain.providers.openai_compat import OpenAICompatBrain, OpenAIOptions

from .conftest import TEST_DEADLINE_S
from .turns import FallbackBrain, logs, none_answer, turn

pipeline = pytest.importorskip(
    "fitcoach.brain.pipeline", reason="the turn pipeline needs the engine's edit operations",
    exc_type=ImportError)


def gemini_brain(url: str, clock: Any, **options: Any) -> GeminiBrain:
    settings: dict[str, Any] = {"api_key": "k", "model": "gemini-3.8-flash", "base_url": url,
                                "retry_attempts": 1, "retry_initial_delay_s": 0.01,
                                "retry_max_delay_s": 0.02, **options}
    return GeminiBrain(GeminiOptions(**settings), InMemoryCacheRegistry(), clock=clock)


def test_a_good_answer_is_the_llm_brains(gemini, clock, run) -> None:
    fake, url = gemini
    fake.answer(none_answer("Brace before you descend."))
    fallback = FallbackBrain()
    outcome = run(pipeline.run_turn(turn("squat tips?"), gemini_brain(url, clock), logs(),
                                    fallback=fallback))
    assert outcome.result.message == "Brace before you descend."
    assert outcome.meta["brain"] == "gemini"
    assert fallback.calls == 0


def test_garbage_falls_back_to_the_embedded_brain(gemini, clock, run) -> None:
    fake, url = gemini
    fake.text("I think you should rest.")
    fake.text("Still not JSON.")  # in case the pipeline grants a repair round
    outcome = run(pipeline.run_turn(turn("hi"), gemini_brain(url, clock), logs(),
                                    fallback=FallbackBrain()))
    assert outcome.result.message == "The fallback brain answered."
    assert outcome.meta["brain"] == "fallback"
    assert "AnswerRejected" in outcome.meta["fallback_reason"]


def test_a_timeout_falls_back(gemini, clock, run) -> None:
    fake, url = gemini
    fake.hang()
    outcome = run(pipeline.run_turn(turn("hi"), gemini_brain(url, clock, timeout_ms=300),
                                    logs(), fallback=FallbackBrain()))
    assert outcome.meta["brain"] == "fallback"
    assert "Timeout" in outcome.meta["fallback_reason"]


def test_a_server_error_is_retried_then_falls_back(gemini, clock, run) -> None:
    fake, url = gemini
    fake.fail(503, "overloaded")
    fake.fail(503, "still overloaded")
    outcome = run(pipeline.run_turn(turn("hi"), gemini_brain(url, clock, retry_attempts=2),
                                    logs(), fallback=FallbackBrain()))
    assert outcome.meta["brain"] == "fallback"
    assert "503" in outcome.meta["fallback_reason"]
    assert len(fake.generate_requests()) == 2


def test_one_server_error_is_absorbed_by_a_retry(gemini, clock, run) -> None:
    fake, url = gemini
    fake.fail(429, "slow down")
    fake.answer(none_answer("Answered after a retry."))
    outcome = run(pipeline.run_turn(turn("hi"), gemini_brain(url, clock, retry_attempts=2),
                                    logs(), fallback=FallbackBrain()))
    assert outcome.meta["brain"] == "gemini"
    assert outcome.result.message == "Answered after a retry."


def test_an_answer_the_pipeline_rejects_gets_one_repair_round(gemini, clock, run) -> None:
    fake, url = gemini
    broken = none_answer()
    broken["memory_mutations"] = [{  # a Tier 2 entry without body part or condition
        "operation": "CREATE", "target_tier": "tier_2_physiological", "memory_id": None,
        "entry": {"fact": "Tired today."}, "reason": "fatigue"}]
    fake.answer(broken)
    fake.answer(none_answer("Rest well tonight."))

    outcome = run(pipeline.run_turn(turn("so tired"), gemini_brain(url, clock), logs(),
                                    fallback=FallbackBrain()))

    assert outcome.meta["brain"] == "gemini"
    assert outcome.meta["repairs"] == 1
    assert outcome.result.message == "Rest well tonight."
    repair = fake.generate_requests()[-1].body["contents"][-1]["parts"][0]["text"]
    assert repair.startswith("[ANSWER REJECTED]")
    assert "memory mutation 0" in repair


def test_the_openai_brain_falls_back_on_a_server_error(openai_server, run) -> None:
    fake, url = openai_server
    fake.fail(500)
    brain = OpenAICompatBrain(OpenAIOptions(model="m", base_url=url, max_retries=0))
    outcome = run(pipeline.run_turn(turn("hi"), brain, logs(), fallback=FallbackBrain()))
    assert outcome.meta["brain"] == "fallback"
    assert "InternalServerError" in outcome.meta["fallback_reason"]


def test_the_openai_brain_falls_back_on_a_timeout(openai_server, run) -> None:
    fake, url = openai_server
    fake.hang()
    brain = OpenAICompatBrain(OpenAIOptions(model="m", base_url=url, max_retries=0,
                                            timeout_s=0.3))
    outcome = run(pipeline.run_turn(turn("hi"), brain, logs(), fallback=FallbackBrain()))
    assert outcome.meta["brain"] == "fallback"
    assert "Timeout" in outcome.meta["fallback_reason"]


def test_a_hung_openai_server_costs_one_turn_deadline_not_two_timeouts(
        openai_server, run, deadline_on_hang) -> None:
    fake, url = openai_server
    fake.hang()
    fake.answer(none_answer("A retry that must never be asked for."))
    deadline_on_hang(fake)
    # A 15 s request timeout and one SDK retry, as configured by default: the deadline wins.
    brain = OpenAICompatBrain(OpenAIOptions(model="m", base_url=url, timeout_s=15.0,
                                            max_retries=1, turn_deadline_s=TEST_DEADLINE_S))
    outcome = run(pipeline.run_turn(turn("hi"), brain, logs(), fallback=FallbackBrain()))
    assert outcome.meta["brain"] == "fallback"
    assert outcome.meta["fallback_reason"].startswith("TurnTimeout: ")
    assert f"{TEST_DEADLINE_S:g} s deadline" in outcome.meta["fallback_reason"]
    assert len(fake.requests) == 1  # cancelled in flight, never retried


def test_the_deadline_spans_every_call_of_the_turn(openai_server, run,
                                                   deadline_on_hang) -> None:
    fake, url = openai_server
    fake.calls(("get_pr_records", {"exercise_slug": "push-up"}))
    fake.hang()  # the round after the tool result
    deadline_on_hang(fake)
    brain = OpenAICompatBrain(OpenAIOptions(model="m", base_url=url, timeout_s=15.0,
                                            max_retries=0, turn_deadline_s=TEST_DEADLINE_S))
    outcome = run(pipeline.run_turn(turn("my push-up record?"), brain, logs(),
                                    fallback=FallbackBrain()))
    assert outcome.meta["brain"] == "fallback"
    assert outcome.meta["fallback_reason"].startswith("TurnTimeout: ")
    assert len(fake.requests) == 2


def test_a_hung_gemini_costs_one_turn_deadline(gemini, clock, run, deadline_on_hang) -> None:
    fake, url = gemini
    fake.hang()
    deadline_on_hang(fake)
    brain = gemini_brain(url, clock, timeout_ms=15_000, retry_attempts=2,
                         turn_deadline_s=TEST_DEADLINE_S)
    outcome = run(pipeline.run_turn(turn("hi"), brain, logs(), fallback=FallbackBrain()))
    assert outcome.meta["brain"] == "fallback"
    assert outcome.meta["fallback_reason"].startswith("TurnTimeout: ")
    assert len(fake.generate_requests()) == 1


def _follow_up() -> Any:
    import datetime as dt

    from fitcoach.brain.ports import ChatLine, ChatRole

    offer = "Shall I swap Monday's incline press for push-ups?"
    at = turn("x").now - dt.timedelta(minutes=1)
    return turn("yes, do that").model_copy(update={"history": (
        ChatLine(role=ChatRole.COACH, text=offer, at=at),)}), offer


def test_the_openai_brain_sees_the_last_turns(openai_server, run) -> None:
    fake, url = openai_server
    fake.answer(none_answer("Done as a proposal."))
    the_turn, offer = _follow_up()
    brain = OpenAICompatBrain(OpenAIOptions(model="m", base_url=url, max_retries=0))
    run(pipeline.run_turn(the_turn, brain, logs(), fallback=FallbackBrain()))
    system, context = fake.requests[0]["messages"][:2]
    assert offer in context["content"]
    assert context["content"].index(offer) < context["content"].index('"yes, do that"')
    assert offer not in system["content"]  # dynamic only: the cached prefix is untouched


def test_the_gemini_brain_sees_the_last_turns(gemini, clock, run) -> None:
    fake, url = gemini
    fake.answer(none_answer("Done as a proposal."))
    the_turn, offer = _follow_up()
    run(pipeline.run_turn(the_turn, gemini_brain(url, clock), logs(), fallback=FallbackBrain()))
    sent = json.dumps(fake.generate_requests()[-1].body["contents"])
    assert json.dumps(offer)[1:-1] in sent


def test_a_failed_tool_round_is_reported_as_the_attempts_not_the_fallbacks(openai_server,
                                                                            run) -> None:
    fake, url = openai_server
    fake.calls(("get_pr_records", {"exercise_slug": "push-up"}))
    fake.fail(500, "the server died after the tool round")
    brain = OpenAICompatBrain(OpenAIOptions(model="m", base_url=url, max_retries=0))
    outcome = run(pipeline.run_turn(turn("my push-up record?"), brain, logs(),
                                    fallback=FallbackBrain()))
    assert outcome.meta["brain"] == "fallback"
    assert outcome.meta["tools"] == []  # the fallback called none
    attempt = outcome.meta["failed_attempt"]
    assert attempt["brain"] == "openai"
    assert attempt["tools"] == ["get_pr_records"]
    # The call that answered with the tool call counted; the failed one reported nothing.
    assert attempt["usage"]["calls"] == 1
    assert attempt["usage"]["input_tokens"] > 0
    assert "usage" not in outcome.meta


def test_a_rejected_answers_tokens_stay_in_the_attempts_usage(gemini, clock, run) -> None:
    fake, url = gemini
    fake.text("I think you should rest.")
    fake.text("Still not JSON.")
    outcome = run(pipeline.run_turn(turn("hi"), gemini_brain(url, clock), logs(),
                                    fallback=FallbackBrain()))
    assert outcome.meta["brain"] == "fallback"
    usage = outcome.meta["failed_attempt"]["usage"]
    assert usage["calls"] == 2  # the answer and its repair
    assert usage["output_tokens"] > 0
    assert outcome.meta["failed_attempt"]["repairs"] == 1
