"""The pipeline never lets an invalid plan out: a decision whose edits break a rule becomes an
honest NONE answer, in the user's language, that says what could not be done and why, keeps
the plan as it is, and still keeps the memory the turn recorded (DESIGN D2, D8)."""

from __future__ import annotations

import asyncio
import datetime as dt
import re
import sys
from pathlib import Path

import pytest

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.decision import BrainDecision, BrainRequest, Materialized
from fitcoach.brain.pipeline import run_turn
from fitcoach.brain.ports import Locale, LogReader, UserSettings
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.local.coach import LocalCoach
from fitcoach.memory.entries import Operation, Tier
from fitcoach.programming.edits.operations import AddExercise, EditOperation

sys.path.insert(0, str(Path(__file__).parent / "embedded"))
from nlu_seed_messages import SEED_MESSAGES

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
LANGS = ["en", "es", "it", "he", "ko"]
UNCHANGED = {"en": "Your plan stays as it is", "es": "Tu plan se queda como está",
             "it": "Il tuo piano resta com'è", "he": "התוכנית נשארת כמו שהיא",
             "ko": "계획은 그대로"}
INTERNAL_WORDS = re.compile(r"missing_gear|plan edit rejected|EQUIPMENT|_|rule:|UPDATE_DAY")


class BarbellBrain:
    """The embedded brain's understanding and words, but edits that need a barbell the user
    does not own: a brain that gets the plan wrong."""

    name = "embedded"

    def __init__(self, edits: tuple[EditOperation, ...] | None = None) -> None:
        self.brain = EmbeddedBrain()
        self.edits = edits

    async def decide(self, request: BrainRequest, logs: LogReader) -> BrainDecision:
        decision = await self.brain.decide(request, logs)
        edits = self.edits if self.edits is not None else (
            AddExercise(day=Weekday.MONDAY, exercise_id="flat-bb-bench-press"),)
        return decision.model_copy(update={"edits": edits})

    def finalize_message(self, request: BrainRequest, decision: BrainDecision,
                         outcome: Materialized | None) -> str:
        return self.brain.finalize_message(request, decision, outcome)


def onboarded(language: str, brain: object) -> LocalCoach:
    chat = LocalCoach.sign_up(settings=UserSettings(user_id="u", locale=Locale(language)),
                              brain=EmbeddedBrain(), clock=lambda: NOW)
    asyncio.run(chat.send(SEED_MESSAGES[language][1]))
    chat.accept()
    chat.brain = brain  # type: ignore[assignment]
    return chat


@pytest.mark.parametrize("language", LANGS)
def test_an_edit_that_breaks_a_rule_becomes_an_honest_none(language: str) -> None:
    chat = onboarded(language, BarbellBrain())
    plan_before = chat.plan
    record = asyncio.run(chat.send(SEED_MESSAGES[language][5]))  # the tight shoulder
    result = record.outcome.result
    assert result.proposal.type is ProposalType.NONE
    assert result.proposal.data is None
    assert record.outcome.meta["rejected"]
    message = result.message
    assert "Barbell Bench Press" in message  # what could not be done
    assert UNCHANGED[language] in message
    assert not INTERNAL_WORDS.search(message), message
    assert len(re.findall(r"[.!?](?=\s|$)", message)) <= 3
    # The shoulder is still worth remembering (and applied), the plan is untouched.
    [state] = result.memory_mutations
    assert (state.operation, state.target_tier) == (Operation.CREATE, Tier.PHYSIOLOGICAL)
    assert [m.operation for m in record.memory.applied] == [Operation.CREATE]
    assert chat.plan == plan_before
    assert chat.pending() is None


@pytest.mark.parametrize("language", LANGS)
def test_a_change_without_any_edit_is_refused_in_the_users_words(language: str) -> None:
    chat = onboarded(language, BarbellBrain(edits=()))
    record = asyncio.run(chat.send(SEED_MESSAGES[language][2]))
    result = record.outcome.result
    assert result.proposal.type is ProposalType.NONE
    assert UNCHANGED[language] in result.message
    assert not INTERNAL_WORDS.search(result.message), result.message
    if language == "he":
        assert re.search(r"[\u05d0-\u05ea]", result.message)
    if language == "ko":
        assert re.search(r"[\uac00-\ud7a3]", result.message)


def test_a_refused_turn_falls_back_to_nothing_and_writes_nothing() -> None:
    chat = onboarded("en", BarbellBrain())
    turn = chat.turn_input("Add a barbell bench press to Monday")
    outcome = asyncio.run(run_turn(turn, BarbellBrain(), chat.log_reader))
    assert outcome.result.proposal.type is ProposalType.NONE
    assert outcome.meta["rejected"][0].startswith("plan edit rejected: missing_gear:")
    assert "equipment" in outcome.result.message
