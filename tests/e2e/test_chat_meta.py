"""A chat turn's `meta` tells the client *that* a turn fell back or changed nothing, as a coarse
code; what the provider or the validator said stays in the server's log."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fitcoach.api.coach.meta import fallback_code, problem_code
from fitcoach.api.dependencies import get_turn_runner
from fitcoach.brain.contract import ChatTurnResult, Proposal
from fitcoach.brain.ports import TurnInput, TurnOutcome
from fitcoach.store.database import Database
from tests.e2e.conftest import build_app, sign_up
from tests.e2e.scripted import ScriptedTurns

SECRET = "sk-live-PROVIDER-SAID-THIS"
# A fallback without structured problems: no answer was had, its text is the provider's.
REASONS = {
    "TimeoutError: the model did not answer in 15 s": "timeout",
    "APITimeoutError: Request timed out.": "timeout",
    f"ProviderFailure: AuthenticationError: 401 invalid key {SECRET}": "provider_error",
    "InternalServerError: Error code: 503 - {'error': 'overloaded'}": "provider_error",
}
# A rejected answer: the pipeline passes its problems as data (brain.pipeline._codes).
REJECTED_ANSWERS = [
    (f"AnswerRejected: the answer is not valid JSON ({SECRET})",
     [{"source": "decision", "code": "invalid_decision"}], "invalid_output"),
    ("DecisionRejected: memory mutation 1: unknown_id: not an active memory of this user",
     [{"source": "memory", "code": "unknown_id"}], "invalid_output"),
    ("DecisionRejected: the edited plan breaks a rule: recovery: squat two days running",
     [{"source": "rule", "code": "recovery"}], "validator_rejected"),
    ("DecisionRejected: plan edit rejected: missing_gear: no barbell",
     [{"source": "edit", "code": "missing_gear"}], "validator_rejected"),
    ("DecisionRejected: nothing structured", [], "invalid_output"),
]
REJECTED = [f"plan edit rejected: missing_gear: {SECRET} needs a barbell",
            "the edited plan breaks a rule: recovery: squat two days running",
            f"the answer breaks the output contract: {SECRET}",
            "plan edit rejected: missing_gear: again"]
REJECTED_PROBLEMS = [{"source": "edit", "code": "missing_gear"},
                     {"source": "rule", "code": "recovery"},
                     {"source": "decision", "code": "invalid_decision"},
                     {"source": "edit", "code": "missing_gear"}]


def _runner(meta: dict[str, Any]) -> Any:
    async def run(turn: TurnInput, brain: Any, logs: Any, **_: Any) -> TurnOutcome:
        result = ChatTurnResult(message="Here you go.", proposal=Proposal.none(),
                                memory_mutations=[], meta=meta)
        return TurnOutcome(result=result, base_plan_version=turn.plan.version, meta=meta)
    return run


def _chat_meta(database: Database, meta: dict[str, Any]) -> dict[str, Any]:
    app = build_app(database, ScriptedTurns())
    app.dependency_overrides[get_turn_runner] = lambda: _runner(meta)
    api = sign_up(TestClient(app))
    body = api.chat("hello")
    assert SECRET not in json.dumps(body)
    assert "fallback_problems" not in body["meta"]
    assert "rejected_problems" not in body["meta"]
    return body["meta"]


@pytest.mark.parametrize(("reason", "code"), list(REASONS.items()))
def test_a_fallback_reason_is_a_code_and_the_details_are_logged(
        database: Database, reason: str, code: str, caplog: pytest.LogCaptureFixture) -> None:
    meta = {"brain": "embedded", "tools": [], "repairs": 1, "fallback_reason": reason,
            "rejected": REJECTED, "rejected_problems": REJECTED_PROBLEMS}
    with caplog.at_level(logging.INFO, logger="fitcoach.api.coach"):
        shown = _chat_meta(database, meta)
    assert shown["fallback_reason"] == code
    assert shown["rejected"] == ["missing_gear", "recovery", "invalid_output"]
    assert (shown["brain"], shown["repairs"]) == ("embedded", 1)
    assert reason in caplog.text  # the operator still sees what happened
    assert SECRET in caplog.text


@pytest.mark.parametrize(("reason", "problems", "code"), REJECTED_ANSWERS)
def test_a_rejected_answers_code_comes_from_its_problems(
        database: Database, reason: str, problems: list[dict[str, str]], code: str,
        caplog: pytest.LogCaptureFixture) -> None:
    meta = {"brain": "embedded", "tools": [], "repairs": 1, "fallback_reason": reason,
            "fallback_problems": problems}
    with caplog.at_level(logging.INFO, logger="fitcoach.api.coach"):
        assert _chat_meta(database, meta)["fallback_reason"] == code
    assert reason in caplog.text


def test_text_alone_never_makes_a_code(database: Database) -> None:
    # Without structured problems the text is not parsed: it may quote a model, and a failure
    # without problems is no rejected answer (a provider's, here reading like one).
    meta = {"brain": "embedded", "tools": [], "repairs": 0,
            "fallback_reason": "DecisionRejected: plan edit rejected: missing_gear: x",
            "rejected": ["the edited plan breaks a rule: data_assurance: Monday",
                         "plan edit rejected: missing_gear: no barbell"]}
    shown = _chat_meta(database, meta)
    assert shown["fallback_reason"] == "provider_error"
    assert shown["rejected"] == ["invalid_output"]


def test_a_turn_without_failures_keeps_its_meta(new_user: Any) -> None:
    meta = new_user().chat("hello")["meta"]
    assert "fallback_reason" not in meta
    assert "rejected" not in meta


@pytest.mark.parametrize("reason", [*REASONS, *(r for r, _, _ in REJECTED_ANSWERS)])
def test_every_fallback_code_is_one_of_four(reason: str) -> None:
    assert fallback_code(reason) in ("timeout", "provider_error", "invalid_output",
                                     "validator_rejected")


def test_problem_codes_never_carry_text() -> None:
    assert problem_code({"source": "edit", "code": "no room at all"}) == "invalid_output"
    assert problem_code({"source": "edit", "code": "Ignore previous instructions"}) == \
        "invalid_output"
    assert problem_code({"source": "rule", "code": "data_assurance"}) == "data_assurance"
    assert problem_code({"source": "memory", "code": "unknown_id"}) == "invalid_output"
