"""An LLM brain whose edits changed nothing says so in the user's language (the embedded
brain's `week.unchanged` sentence), never the model's "staged, tap Accept"."""

from __future__ import annotations

import asyncio
import datetime as dt
import sys
from pathlib import Path

import pytest

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.decision import BrainDecision, BrainRequest, Materialized
from fitcoach.brain.ports import Locale, UserSettings
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.brain.providers.openai_compat import OpenAICompatBrain, OpenAIOptions
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.local.coach import LocalCoach

sys.path.insert(0, str(Path(__file__).parent.parent / "embedded"))
from nlu_seed_messages import SEED_MESSAGES

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)

UNCHANGED = {"en": "nothing needed to change", "es": "no hacía falta cambiar nada",
             "it": "non serviva cambiare nulla", "he": "לא היה צריך לשנות",
             "ko": "바꿀 게 없어요"}
SESSIONS = {"en": "sessions", "es": "sesiones", "it": "sessioni", "he": "אימונים",
            "ko": "세션"}


def onboarded(language: str) -> LocalCoach:
    chat = LocalCoach.sign_up(settings=UserSettings(user_id="u", locale=Locale(language)),
                              brain=EmbeddedBrain(), clock=lambda: NOW)
    asyncio.run(chat.send(SEED_MESSAGES[language][1]))
    chat.accept()
    return chat


@pytest.mark.parametrize("language", sorted(UNCHANGED))
def test_nothing_needed_to_change_is_said_in_the_users_language(language: str) -> None:
    brain = OpenAICompatBrain(OpenAIOptions(model="m", base_url="http://127.0.0.1:9/v1"))
    chat = onboarded(language)
    assert chat.plan is not None
    sessions = sum(day.is_training_day for day in chat.plan.days.values())
    request = chat.turn_input("shorten monday to 3 hours")
    decision = BrainDecision(proposal_type=ProposalType.UPDATE_DAY, target_day=Weekday.MONDAY,
                             message="Done: Monday is staged, tap Accept.")
    outcome = Materialized(plan=chat.plan, summary_diff="Monday already fits",
                           changed_days=())
    message = brain.finalize_message(
        BrainRequest(turn=request, context_block="", profile=chat.profile()), decision, outcome)
    assert UNCHANGED[language] in message
    assert f"{sessions} {SESSIONS[language]}" in message or \
        f"{SESSIONS[language]} {sessions}" in message
    assert "Monday already fits" in message  # the engine's note on the edit follows
    assert "Accept" not in message
    if language != "en":
        assert "Nothing needed" not in message
