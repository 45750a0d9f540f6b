"""A shortened day stays a shortened day when the reason is an event (D9).

"오늘 야근이라 25분만" is a 25-minute session today, not an event that clears the day.
"""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import Locale, RouteContext
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.evals.states import load_states
from fitcoach.memory.entries import Tier

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)

SHORT_BECAUSE_OF_WORK = {
    "en": "I've got a work deadline today so only 25 minutes",
    "es": "hoy tengo una cena de trabajo, solo 25 minutos",
    "it": "oggi ho una scadenza di lavoro, solo 25 minuti",
    "he": "יש לי היום דדליין בעבודה, רק 25 דקות",
    "ko": "오늘 야근이라 25분만",
}


@pytest.mark.parametrize("language", list(SHORT_BECAUSE_OF_WORK))
def test_an_event_that_explains_a_short_session_keeps_the_session(language: str) -> None:
    session = load_states()["home_db_user"].session(Locale(language), NOW, EmbeddedBrain(),
                                                    None)
    record = asyncio.run(session.send(SHORT_BECAUSE_OF_WORK[language], route=RouteContext(),
                                      now=NOW))
    proposal = record.outcome.result.proposal
    assert proposal.type is ProposalType.UPDATE_DAY
    assert proposal.target_day is Weekday.MONDAY
    assert proposal.data is not None
    assert not proposal.data.is_rest_day
    assert proposal.data.exercises
    assert proposal.data.duration_minutes <= 25
    assert not [m for m in record.memory.applied if m.target_tier is Tier.SITUATIONAL]
