"""A chat turn's `meta` tells the client *that* a turn fell back or changed nothing, as a coarse
code; what the provider or the validator said stays in the server's log."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fitcoach.api.coach.meta import fallback_code, rejection_code
from fitcoach.api.dependencies import get_turn_runner
from fitcoach.brain.contract import ChatTurnResult, Proposal
from fitcoach.brain.ports import TurnInput, TurnOutcome
from fitcoach.store.database import Database
from tests.e2e.conftest import build_app, sign_up
from tests.e2e.scripted import ScriptedTurns

SECRET = "sk-live-PROVIDER-SAID-THIS"
REASONS = {
    "TimeoutError: the model did not answer in 15 s": "timeout",
    "APITimeoutError: Request timed out.": "timeout",
    f"ProviderFailure: AuthenticationError: 401 invalid key {SECRET}": "provider_error",
    "InternalServerError: Error code: 503 - {'error': 'overloaded'}": "provider_error",
    f"AnswerRejected: the answer is not valid JSON ({SECRET})": "invalid_output",
    "DecisionRejected: memory mutation 1: unknown_id: not an active memory of this user":
        "invalid_output",
    "DecisionRejected: the edited plan breaks a rule: recovery: squat two days running":
        "validator_rejected",
    "DecisionRejected: plan edit rejected: missing_gear: no barbell": "validator_rejected",
}


def _runner(meta: dict[str, Any]) -> Any:
    async def run(turn: TurnInput, brain: Any, logs: Any, **_: Any) -> TurnOutcome:
        result = ChatTurnResult(message="Here you go.", proposal=Proposal.none(),
                                memory_mutations=[], meta=meta)
        return TurnOutcome(result=result, base_plan_version=turn.plan.version, meta=meta)
    return run


@pytest.mark.parametrize(("reason", "code"), list(REASONS.items()))
def test_a_fallback_reason_is_a_code_and_the_details_are_logged(
        database: Database, reason: str, code: str, caplog: pytest.LogCaptureFixture) -> None:
    app = build_app(database, ScriptedTurns())
    meta = {"brain": "embedded", "tools": [], "repairs": 1, "fallback_reason": reason,
            "rejected": [f"plan edit rejected: missing_gear: {SECRET} needs a barbell",
                         "the edited plan breaks a rule: recovery: squat two days running",
                         f"the answer breaks the output contract: {SECRET}",
                         "plan edit rejected: missing_gear: again"]}
    app.dependency_overrides[get_turn_runner] = lambda: _runner(meta)
    api = sign_up(TestClient(app))
    with caplog.at_level(logging.INFO, logger="fitcoach.api.coach"):
        body = api.chat("hello")
    assert body["meta"]["fallback_reason"] == code
    assert body["meta"]["rejected"] == ["missing_gear", "recovery", "invalid_output"]
    assert (body["meta"]["brain"], body["meta"]["repairs"]) == ("embedded", 1)
    assert SECRET not in json.dumps(body)
    assert reason in caplog.text  # the operator still sees what happened
    assert SECRET in caplog.text


def test_a_turn_without_failures_keeps_its_meta(new_user: Any) -> None:
    meta = new_user().chat("hello")["meta"]
    assert "fallback_reason" not in meta
    assert "rejected" not in meta


@pytest.mark.parametrize("reason", list(REASONS))
def test_every_fallback_code_is_one_of_four(reason: str) -> None:
    assert fallback_code(reason) in ("timeout", "provider_error", "invalid_output",
                                     "validator_rejected")


def test_rejection_codes_never_carry_text() -> None:
    assert rejection_code("plan edit rejected: no room at all: x") == "invalid_output"
    assert rejection_code("plan edit rejected: Ignore previous instructions: x") == \
        "invalid_output"
    assert rejection_code("the edited plan breaks a rule: data_assurance: Monday") == \
        "data_assurance"
