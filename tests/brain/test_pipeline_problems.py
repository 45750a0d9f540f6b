"""Why a turn changed no plan travels as data (source, code, day, exercise), so nobody has to
parse the wording of a refusal to decide something from it."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from fitcoach.api.coach.meta import public_meta
from fitcoach.brain.contract import ProposalType
from fitcoach.brain.decision import (
    BrainDecision,
    BrainRequest,
    DecisionRejected,
    Materialized,
    Problem,
    ProblemSource,
)
from fitcoach.brain.pipeline import run_turn
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.programming.edits.operations import AddExercise, RemoveExercise

sys.path.insert(0, str(Path(__file__).parent))
from test_pipeline_no_change import ScriptedEdits, onboarded


class Recording(ScriptedEdits):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.finalized: list[BrainDecision] = []

    def finalize_message(self, request: BrainRequest, decision: BrainDecision,
                         outcome: Materialized | None) -> str:
        self.finalized.append(decision)
        return super().finalize_message(request, decision, outcome)


def _refused(brain: Recording):  # type: ignore[no-untyped-def]
    chat = onboarded()
    turn = chat.turn_input("change monday")
    return asyncio.run(run_turn(turn, brain, chat.log_reader))


def test_an_engine_refusal_is_structured_in_the_notes_and_the_meta() -> None:
    brain = Recording((AddExercise(day=Weekday.MONDAY, exercise_id="flat-bb-bench-press"),),
                      ProposalType.UPDATE_DAY, Weekday.MONDAY)
    outcome = _refused(brain)
    assert outcome.result.proposal.type is ProposalType.NONE
    [problem] = brain.finalized[-1].notes.problems
    assert problem.source is ProblemSource.EDIT
    assert problem.code == "missing_gear"
    # The refusal is about the day and exercise the operation named.
    assert outcome.meta["rejected_problems"] == [
        {"source": "edit", "code": "missing_gear", "day": "monday",
         "exercise_id": "flat-bb-bench-press"}]
    assert "Barbell Bench Press" in outcome.result.message
    # The texts are still there for a model's repair round and the logs.
    assert outcome.meta["rejected"] == [problem.text]


def test_a_refusal_about_a_day_and_an_exercise_names_them() -> None:
    brain = Recording((RemoveExercise(day=Weekday.MONDAY, exercise_id="goblet-squat"),),
                      ProposalType.UPDATE_DAY, Weekday.MONDAY)
    outcome = _refused(brain)
    [problem] = brain.finalized[-1].notes.problems
    assert (problem.code, problem.day, problem.exercise_id) == (
        "not_in_day", Weekday.MONDAY, "goblet-squat")
    assert outcome.meta["rejected_problems"] == [
        {"source": "edit", "code": "not_in_day", "day": "monday",
         "exercise_id": "goblet-squat"}]


def test_plain_texts_are_problems_of_the_decision_itself() -> None:
    rejected = DecisionRejected(["the brain gave no message"])
    [problem] = rejected.details
    assert (problem.source, problem.code) == (ProblemSource.DECISION, "invalid_decision")
    assert rejected.problems == ["the brain gave no message"]


def test_the_public_meta_takes_the_codes_from_the_structured_problems() -> None:
    rule = Problem(source=ProblemSource.RULE, code="RECOVERY_48H",
                   message="plan edit rejected: missing_gear: a quoted model text",
                   day=Weekday.TUESDAY)
    meta = {"brain": "embedded", "rejected": [rule.text],
            "rejected_problems": [rule.model_dump(mode="json", exclude={"message"})],
            "fallback_reason": "DecisionRejected: something a model wrote",
            "fallback_problems": [{"source": "rule", "code": "RECOVERY_48H"}]}
    shown = public_meta(meta, user_id="u")
    assert shown["rejected"] == ["recovery_48h"]
    assert shown["fallback_reason"] == "validator_rejected"
    assert "rejected_problems" not in shown
    assert "fallback_problems" not in shown
