"""A named day in the past is the cause of a complaint, not the day to change (D9).

"My chest is wrecked from saturday's pushup challenge", said on Monday, changes the next
session that loads the chest (Monday's own, in the eval's home plan), never Saturday.
"""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from fitcoach.brain.ports import Locale, RouteContext
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.brain.providers.embedded.nlu import analyze
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.evals.states import load_states

MONDAY = dt.date(2026, 9, 14)
LAST_SATURDAY = dt.date(2026, 9, 12)
NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)

CHEST_FROM_SATURDAY = {
    "en": "my chest is wrecked from saturday's pushup challenge",
    "es": "tengo el pecho destrozado del reto de flexiones del sábado",
    "it": "ho il petto distrutto dalla sfida di piegamenti di sabato",
    "he": "החזה שלי הרוס מהאתגר שכיבות סמיכה של שבת",
    "ko": "토요일 푸시업 챌린지 때문에 가슴 근육통이 심해요",
}


@pytest.mark.parametrize("language", list(CHEST_FROM_SATURDAY))
def test_the_day_of_the_cause_is_a_past_reference(language: str) -> None:
    a = analyze(CHEST_FROM_SATURDAY[language], today=MONDAY, locale=Locale(language))
    [day] = a.time.days
    assert day.weekday is Weekday.SATURDAY
    assert day.reference
    assert day.date == LAST_SATURDAY
    assert a.time.weekdays == ()


def test_a_day_whose_session_is_named_stays_the_target() -> None:
    a = analyze("my chest is sore, can you lighten saturday's session?", today=MONDAY,
                locale=Locale.EN)
    [day] = a.time.days
    assert not day.reference


@pytest.mark.parametrize("language", list(CHEST_FROM_SATURDAY))
def test_the_next_session_that_loads_the_chest_changes_not_saturday(language: str) -> None:
    session = load_states()["home_db_user"].session(Locale(language), NOW, EmbeddedBrain(),
                                                    None)
    record = asyncio.run(session.send(CHEST_FROM_SATURDAY[language], route=RouteContext(),
                                      now=NOW))
    proposal = record.outcome.result.proposal
    # Monday (today) has the incline press and the flyes in this plan.
    assert proposal.target_day is Weekday.MONDAY
    assert proposal.data is not None
    assert "incline-db-bench-press" not in {e.exercise_id for e in proposal.data.exercises}
