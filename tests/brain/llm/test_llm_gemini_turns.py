"""Gemini turns: tool rounds with thought signatures, Gemini 2.x's two phases, repairs,
answer checks and usage, through the real SDK against the local server."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.decision import ToolCall, ToolResult
from fitcoach.brain.providers.gemini import GeminiBrain, GeminiOptions
from fitcoach.brain.providers.llm_common.cache_registry import InMemoryCacheRegistry
from fitcoach.brain.providers.llm_common.errors import AnswerRejected
from fitcoach.brain.providers.llm_common.static_prompt import static_prompt
from fitcoach.brain.tools import HISTORY_TOOL, VOLUME_TOOL, run_tool

from .turns import NOW, logs, none_answer, request_for, soreness, swap_answer, turn

OVERLOAD = "Should I go up in weight on incline DB bench? How was my chest volume?"
SIGNATURE = "c2lnbmF0dXJlLTE="  # base64 of "signature-1", as the API sends bytes


def brain(url: str, clock: Any, model: str = "gemini-3.8-flash", **options: Any) -> GeminiBrain:
    return GeminiBrain(GeminiOptions(api_key="test-key", model=model, base_url=url,
                                     retry_attempts=1, **options),
                       InMemoryCacheRegistry(), clock=clock)


def results_for(calls: tuple[ToolCall, ...]) -> tuple[ToolResult, ...]:
    return tuple(ToolResult(call=call, result=run_tool(call.name, call.args, logs(), NOW))
                 for call in calls)


def test_a_tool_round_keeps_the_model_turn_unchanged_with_its_thought_signature(
        gemini, clock, run) -> None:
    fake, url = gemini
    b = brain(url, clock)
    fake.calls((HISTORY_TOOL, {"exercise_slug": "incline-db-bench-press", "limit_sessions": 3}),
               (VOLUME_TOOL, {"muscle_group": "Chest", "weeks_back": 3}), signature=SIGNATURE)
    fake.answer(none_answer("Go to 50 lb next session."))
    the_turn = turn(OVERLOAD)

    first = run(b.decide(request_for(the_turn), logs()))
    assert [c.name for c in first.tool_calls] == [HISTORY_TOOL, VOLUME_TOOL]
    assert first.tool_calls[0].args == {"exercise_slug": "incline-db-bench-press",
                                        "limit_sessions": 3}
    results = results_for(first.tool_calls)
    final = run(b.decide(request_for(the_turn, round=1, tool_results=results), logs()))

    assert final.message == "Go to 50 lb next session."
    first_request, second_request = fake.generate_requests()
    user, model_turn, responses = second_request.body["contents"]
    assert user == first_request.body["contents"][0]
    assert model_turn["role"] == "model"
    assert model_turn["parts"][0]["thoughtSignature"] == SIGNATURE
    assert model_turn["parts"][0]["functionCall"]["name"] == HISTORY_TOOL
    assert model_turn["parts"][1]["functionCall"]["args"] == {"muscle_group": "Chest",
                                                              "weeks_back": 3}
    assert [p["functionResponse"]["name"] for p in responses["parts"]] == [HISTORY_TOOL,
                                                                         VOLUME_TOOL]
    assert [p["functionResponse"]["id"] for p in responses["parts"]] == ["call-0", "call-1"]
    assert responses["parts"][0]["functionResponse"]["response"] == results[0].result
    # Still nothing but the cache, the contents and the generation config.
    assert set(second_request.body) == {"contents", "generationConfig", "cachedContent"}


def test_the_third_tool_round_tells_the_model_to_answer(gemini, clock, run) -> None:
    fake, url = gemini
    b = brain(url, clock)
    call = (HISTORY_TOOL, {"exercise_slug": "push-up"})
    for _ in range(3):
        fake.calls(call)
    fake.answer(none_answer())
    the_turn = turn(OVERLOAD)
    request = request_for(the_turn)
    decision = run(b.decide(request, logs()))
    gathered: tuple[ToolResult, ...] = ()
    for round_number in (1, 2, 3):
        gathered += results_for(decision.tool_calls)
        request = request_for(the_turn, round=round_number, tool_results=gathered)
        decision = run(b.decide(request, logs()))

    assert not decision.tool_calls
    last_parts = fake.generate_requests()[-1].body["contents"][-1]["parts"]
    assert "functionResponse" in last_parts[0]
    assert last_parts[-1]["text"].startswith("[NO MORE TOOLS]")


def test_gemini_2_runs_a_tool_phase_then_an_answer_phase_on_separate_caches(
        gemini, clock, run) -> None:
    fake, url = gemini
    b = brain(url, clock, model="gemini-2.5-flash")
    fake.calls((HISTORY_TOOL, {"exercise_slug": "incline-db-bench-press"}))
    fake.text("Based on the logs you should add weight.")  # prose, not the JSON object
    fake.answer(none_answer("Add 5 lb."))
    the_turn = turn(OVERLOAD)

    first = run(b.decide(request_for(the_turn), logs()))
    final = run(b.decide(request_for(the_turn, round=1, tool_results=results_for(
        first.tool_calls)), logs()))

    assert final.message == "Add 5 lb."
    tools_phase, prose_phase, answer_phase = fake.generate_requests()
    caches = {c.name: c for c in fake.caches.values()}
    assert caches[tools_phase.body["cachedContent"]].has_tools
    assert "responseMimeType" not in tools_phase.body["generationConfig"]
    assert caches[prose_phase.body["cachedContent"]].has_tools
    assert not caches[answer_phase.body["cachedContent"]].has_tools
    assert answer_phase.body["generationConfig"]["responseMimeType"] == "application/json"
    # The answer phase sees the tool exchange in words and not the discarded prose.
    texts = [p["text"] for c in answer_phase.body["contents"] for p in c["parts"]]
    assert any(t.startswith(f"[called {HISTORY_TOOL}") for t in texts)
    assert any(t.startswith(f"[{HISTORY_TOOL} returned") for t in texts)
    assert not any("you should add weight" in t for t in texts)
    assert final.notes.usage["calls"] == 3


def test_gemini_2_uses_the_tool_phase_answer_when_it_is_already_valid(gemini, clock,
                                                                        run) -> None:
    fake, url = gemini
    b = brain(url, clock, model="gemini-2.5-flash")
    fake.answer(none_answer("Straight answer."))
    decision = run(b.decide(request_for(turn("Form tip?")), logs()))
    assert decision.message == "Straight answer."
    assert len(fake.generate_requests()) == 1


def test_the_repair_round_shows_the_model_its_answer_and_the_errors(gemini, clock,
                                                                    run) -> None:
    fake, url = gemini
    b = brain(url, clock)
    fake.answer(swap_answer())
    fake.answer(none_answer("Fixed."))
    the_turn = turn("Bench is taken")
    run(b.decide(request_for(the_turn), logs()))
    errors = ("the edited plan breaks a rule: equipment: flat_bench is busy",)

    repaired = run(b.decide(request_for(the_turn, round=1, repair_errors=errors), logs()))

    assert repaired.message == "Fixed."
    contents = fake.generate_requests()[-1].body["contents"]
    assert [c["role"] for c in contents] == ["user", "model", "user"]
    assert '"UPDATE_DAY"' in contents[1]["parts"][0]["text"]
    repair = contents[2]["parts"][0]["text"]
    assert repair.startswith("[ANSWER REJECTED]")
    assert errors[0] in repair
    assert repaired.notes.usage["calls"] == 2


@pytest.mark.parametrize(("reply", "expected"), [
    ("not json at all", "not valid JSON"),
    ('["a list"]', "one JSON object"),
    ('{"proposal_type": "MAYBE"}', "proposal_type"),
])
def test_garbage_is_rejected_with_problems_the_model_can_fix(gemini, clock, run, reply: str,
                                                             expected: str) -> None:
    fake, url = gemini
    fake.text(reply)
    with pytest.raises(AnswerRejected) as rejected:
        run(brain(url, clock).decide(request_for(turn("hi")), logs()))
    assert any(expected in problem for problem in rejected.value.problems)


def test_an_unknown_slug_is_rejected(gemini, clock, run) -> None:
    fake, url = gemini
    fake.answer(swap_answer("incline-smith-press"))
    with pytest.raises(AnswerRejected, match="unknown exercise slug 'incline-smith-press'"):
        run(brain(url, clock).decide(request_for(turn("swap it")), logs()))


def test_an_unknown_memory_id_is_rejected_listing_the_real_ones(gemini, clock, run) -> None:
    fake, url = gemini
    answer = none_answer()
    answer["memory_mutations"] = [{"operation": "DELETE", "target_tier": "tier_2_physiological",
                                   "memory_id": "mem_99", "entry": None,
                                   "reason": "healed"}]
    fake.answer(answer)
    the_turn = turn("my hamstrings are fine", memory=(soreness("mem_03"),))
    with pytest.raises(AnswerRejected) as rejected:
        run(brain(url, clock).decide(request_for(the_turn), logs()))
    [problem] = rejected.value.problems
    assert "'mem_99'" in problem
    assert "mem_03 (tier_2_physiological)" in problem


def test_a_valid_answer_becomes_the_decision(gemini, clock, run) -> None:
    fake, url = gemini
    answer = swap_answer()
    answer["memory_mutations"] = [{
        "operation": "CREATE", "target_tier": "tier_2_physiological", "memory_id": None,
        "entry": {"body_part": "shoulders", "condition": "minor_strain",
                  "fact": "Shoulder irritated", "effective_date": None, "expires_at": None},
        "reason": "acute"}]
    fake.answer(answer)
    decision = run(brain(url, clock).decide(request_for(turn("bench taken")), logs()))

    assert decision.proposal_type is ProposalType.UPDATE_DAY
    assert decision.target_day == "monday"
    [edit] = decision.edits
    assert edit.op == "swap_exercise"
    assert edit.exercise_id == "incline-db-bench-press"
    [mutation] = decision.memory_mutations
    # Nulls are left out so the server's TTL defaults fill the dates.
    assert mutation.entry == {"body_part": "shoulders", "condition": "minor_strain",
                              "fact": "Shoulder irritated"}


def test_usage_counts_input_cached_and_output_tokens_per_turn(gemini, clock, run) -> None:
    fake, url = gemini
    b = brain(url, clock)
    fake.calls((HISTORY_TOOL, {"exercise_slug": "push-up"}))
    fake.answer(none_answer(), output_tokens=55)
    the_turn = turn(OVERLOAD)
    first = run(b.decide(request_for(the_turn), logs()))
    final = run(b.decide(request_for(the_turn, round=1,
                                     tool_results=results_for(first.tool_calls)), logs()))

    usage = final.notes.usage
    cache_tokens = next(iter(fake.caches.values())).tokens
    assert usage["provider"] == "gemini"
    assert usage["cache"] == "explicit"
    assert usage["calls"] == 2
    assert usage["cached_input_tokens"] == 2 * cache_tokens
    assert usage["input_tokens"] > usage["cached_input_tokens"]
    assert usage["output_tokens"] == 15 + 55
    assert usage["latency_ms"] > 0
    assert 0.5 < usage["cached_share"] < 1
    assert first.notes.usage["calls"] == 1


def test_the_api_key_is_sent_as_a_header_and_never_logged(
        gemini, clock, run, caplog: pytest.LogCaptureFixture) -> None:
    fake, url = gemini
    fake.answer(none_answer())
    caplog.set_level("DEBUG")
    b = GeminiBrain(GeminiOptions(api_key="sk-very-secret", model="gemini-3.8-flash",
                                  base_url=url, retry_attempts=1), InMemoryCacheRegistry(),
                    clock=clock)
    run(b.decide(request_for(turn("hi")), logs()))
    assert "sk-very-secret" not in caplog.text
    assert "llm call provider=gemini" in caplog.text


def test_the_static_prompt_fingerprint_is_stable_and_covers_every_part() -> None:
    prompt = static_prompt()
    assert prompt.fingerprint == static_prompt().fingerprint
    changed = type(prompt)(system_instruction=prompt.system_instruction,
                           reference=prompt.reference + " ", tools=prompt.tools,
                           response_schema=prompt.response_schema)
    assert changed.fingerprint != prompt.fingerprint


def test_a_renewal_that_finds_the_cache_gone_creates_a_new_one(gemini, clock, run) -> None:
    fake, url = gemini
    b = brain(url, clock)
    fake.answer(none_answer())
    run(b.decide(request_for(turn("first")), logs()))
    [old] = list(fake.caches)
    fake.drop_cache(old)
    clock.advance(dt.timedelta(minutes=55))
    fake.answer(none_answer())
    run(b.decide(request_for(turn("second")), logs()))

    assert len(fake.cache_renewals()) == 1
    assert len(fake.cache_creations()) == 2
    assert fake.generate_requests()[-1].body["cachedContent"] != old
