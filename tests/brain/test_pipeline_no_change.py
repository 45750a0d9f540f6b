"""Edits that leave the active plan exactly as it is stage nothing: the turn answers NONE and
says nothing needed to change, instead of a proposal the user could "accept" for nothing."""

from __future__ import annotations

import asyncio
import datetime as dt
import sys
from pathlib import Path

import pytest

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.decision import BrainDecision, BrainRequest, Materialized
from fitcoach.brain.ports import Locale, LogReader, UserSettings
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.local.coach import LocalCoach
from fitcoach.programming.edits.operations import EditOperation, ShortenDay

sys.path.insert(0, str(Path(__file__).parent / "embedded"))
from nlu_seed_messages import SEED_MESSAGES

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
NEW_PLAN = {"en": "Make me a new plan", "es": "Hazme un plan nuevo",
            "it": "Fammi un piano nuovo", "he": "תבנה לי תוכנית חדשה", "ko": "새 계획 짜줘"}


class ScriptedEdits:
    """The embedded brain's understanding and words, with the edits and routing given."""

    name = "embedded"

    def __init__(self, edits: tuple[EditOperation, ...], proposal_type: ProposalType,
                 target_day: Weekday | None = None) -> None:
        self.brain = EmbeddedBrain()
        self.edits = edits
        self.proposal_type = proposal_type
        self.target_day = target_day

    async def decide(self, request: BrainRequest, logs: LogReader) -> BrainDecision:
        decision = await self.brain.decide(request, logs)
        return decision.model_copy(update={"edits": self.edits,
                                           "proposal_type": self.proposal_type,
                                           "target_day": self.target_day})

    def finalize_message(self, request: BrainRequest, decision: BrainDecision,
                         outcome: Materialized | None) -> str:
        return self.brain.finalize_message(request, decision, outcome)


def onboarded(language: str = "en") -> LocalCoach:
    chat = LocalCoach.sign_up(settings=UserSettings(user_id="u", locale=Locale(language)),
                              brain=EmbeddedBrain(), clock=lambda: NOW)
    asyncio.run(chat.send(SEED_MESSAGES[language][1]))
    chat.accept()
    return chat


def test_shortening_a_day_that_already_fits_stages_nothing() -> None:
    chat = onboarded()
    monday = chat.plan.days[Weekday.MONDAY]
    assert monday.is_training_day
    assert monday.duration_minutes < 120
    version = chat.version
    record = asyncio.run(chat.send("Can you cut Monday's session to 120 minutes?"))
    result = record.outcome.result
    assert result.proposal.type is ProposalType.NONE
    assert result.proposal.data is None
    assert result.proposal.id is None
    assert "nothing to cut" in result.message
    assert "Accept" not in result.message
    assert chat.pending() is None
    assert chat.version == version


@pytest.mark.parametrize("proposal_type", [ProposalType.UPDATE_DAY, ProposalType.UPDATE_WEEK])
def test_any_routing_whose_edits_change_nothing_is_none(proposal_type: ProposalType) -> None:
    chat = onboarded()
    chat.brain = ScriptedEdits((ShortenDay(day=Weekday.MONDAY, minutes=180),), proposal_type,
                               Weekday.MONDAY if proposal_type is ProposalType.UPDATE_DAY
                               else None)  # type: ignore[assignment]
    record = asyncio.run(chat.send("Make Monday fit in three hours"))
    assert record.outcome.result.proposal.type is ProposalType.NONE
    assert record.staged is None
    assert chat.pending() is None


def test_the_event_day_already_free_stages_nothing() -> None:
    chat = onboarded()
    assert not chat.plan.days[Weekday.SATURDAY].is_training_day
    record = asyncio.run(chat.send("I have a wedding on saturday"))
    result = record.outcome.result
    assert result.proposal.type is ProposalType.NONE
    assert "Accept" not in result.message
    assert chat.pending() is None


@pytest.mark.parametrize(("language", "words"), [
    ("en", "nothing needed to change"), ("es", "no hacía falta cambiar nada"),
    ("it", "non serviva cambiare nulla"), ("he", "לא היה צריך לשנות"), ("ko", "바꿀 게 없어요")])
def test_asking_again_for_the_week_one_has_stages_nothing(language: str, words: str) -> None:
    chat = onboarded(language)
    record = asyncio.run(chat.send(NEW_PLAN[language]))
    result = record.outcome.result
    assert result.proposal.type is ProposalType.NONE
    assert words in result.message
    assert chat.pending() is None
