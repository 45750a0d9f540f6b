"""Week overhauls that reach the engine's block and volume operations, a deload said of the
week itself, a day dropped "from my week", and "leave it as it was" with nothing staged
(DESIGN D9, D10), in all five languages. Fresh phrasings; each one got a clarifying
question, a volume report or nothing before.
"""

from __future__ import annotations

import asyncio

import pytest

from fitcoach.brain.ports import Locale
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import MuscleGroup, Weekday
from fitcoach.evals.cases import SEED_NOW
from fitcoach.evals.states import load_states
from fitcoach.local.coach import LocalCoach
from fitcoach.local.turns import TurnRecord
from fitcoach.programming.plan import WeeklyPlan

NEW_BLOCK = {"en": "let's start a fresh training block", "es": "empecemos un bloque nuevo",
             "it": "iniziamo un nuovo blocco", "he": "בוא נתחיל בלוק חדש",
             "ko": "새 블록 시작해요"}
LESS_LEGS = {"en": "less leg volume please", "es": "menos volumen de pierna, por favor",
             "it": "meno volume per le gambe", "he": "פחות נפח לרגליים בבקשה",
             "ko": "하체 볼륨 좀 줄여 주세요"}
EASY_WEEK = {"en": "can this week be a light one?", "es": "esta semana hazla de descarga",
             "it": "facciamo una settimana leggera", "he": "בוא נעשה השבוע שבוע קל",
             "ko": "이번 주는 가볍게 디로드 주로 해 주세요"}
DROP_FRIDAY = {"en": "drop Friday from my week", "es": "quita el viernes de mi semana",
               "it": "togli il venerdì dalla settimana, non ce la faccio più",
               "he": "תוריד את יום שישי מהשבוע שלי",
               "ko": "금요일은 이제 운동 못 해요, 빼 주세요"}
AS_IT_WAS = {"en": "actually leave it as it was", "es": "mejor déjalo como estaba",
             "it": "no, lascia tutto com'era", "he": "עזוב, תשאיר כמו שהיה",
             "ko": "그냥 원래대로 둬요"}
LANGS = list(NEW_BLOCK)
LEGS = {MuscleGroup.QUADS, MuscleGroup.HAMSTRINGS, MuscleGroup.GLUTES}


def send(language: str, message: str) -> tuple[LocalCoach, TurnRecord]:
    chat = load_states()["home_db_user"].session(Locale(language), SEED_NOW, EmbeddedBrain(),
                                                 None)
    return chat, asyncio.run(chat.send(message, now=SEED_NOW))


def staged_plan(record: TurnRecord) -> WeeklyPlan:
    assert record.staged is not None
    data = record.outcome.result.proposal.data
    assert data is not None
    return WeeklyPlan.model_validate(data if isinstance(data, dict) else data.model_dump())


def leg_sets(plan: WeeklyPlan) -> int:
    return sum(e.target_sets for day in plan.days.values() for e in day.exercises
               if LEGS & set(CATALOG.get(e.exercise_id).primary_groups))


@pytest.mark.parametrize("language", LANGS)
def test_a_new_block_starts_this_week(language: str) -> None:
    _, record = send(language, NEW_BLOCK[language])
    assert record.outcome.result.proposal.type.value == "UPDATE_WEEK"
    plan = staged_plan(record)
    assert plan.block is not None
    assert plan.block.week_index == 1


@pytest.mark.parametrize("language", LANGS)
def test_less_volume_for_legs_takes_leg_sets_away(language: str) -> None:
    chat, record = send(language, LESS_LEGS[language])
    assert record.outcome.result.proposal.type.value == "UPDATE_WEEK"
    before = chat.plan
    assert before is not None
    assert leg_sets(staged_plan(record)) < leg_sets(before)


@pytest.mark.parametrize("language", LANGS)
def test_an_easy_week_is_a_deload_of_the_week(language: str) -> None:
    _, record = send(language, EASY_WEEK[language])
    assert record.outcome.result.proposal.type.value == "UPDATE_WEEK"


@pytest.mark.parametrize("language", LANGS)
def test_a_day_dropped_from_the_week(language: str) -> None:
    _, record = send(language, DROP_FRIDAY[language])
    assert record.outcome.result.proposal.type.value == "UPDATE_WEEK"
    plan = staged_plan(record)
    assert plan.days[Weekday.FRIDAY].is_rest_day


@pytest.mark.parametrize("language", LANGS)
def test_leave_it_as_it_was_with_nothing_staged_changes_nothing(language: str) -> None:
    _, record = send(language, AS_IT_WAS[language])
    result = record.outcome.result
    assert result.proposal.type.value == "NONE"
    assert not result.memory_mutations
    assert not result.suggested_replies  # no clarifying question: the message was clear


ADD_SATURDAY = {"en": "add a saturday session from now on",
                "es": "añade una sesión el sábado a partir de ahora",
                "it": "aggiungi una sessione il sabato d'ora in poi",
                "he": "תוסיף אימון בשבת מעכשיו", "ko": "앞으로 토요일에 운동 하나 추가해 주세요"}
LEG_DAY = {"en": "make it a leg day", "es": "que sea de pierna",
           "it": "fallo diventare un giorno di gambe", "he": "שיהיה יום רגליים",
           "ko": "그날은 하체로 해 주세요"}


@pytest.mark.parametrize("language", LANGS)
def test_a_detail_for_the_day_just_added(language: str) -> None:
    chat, first = send(language, ADD_SATURDAY[language])
    assert first.staged is not None
    record = asyncio.run(chat.send(LEG_DAY[language], now=SEED_NOW))
    assert record.outcome.result.proposal.type.value == "UPDATE_WEEK"
    saturday = staged_plan(record).days[Weekday.SATURDAY]
    assert not saturday.is_rest_day
    assert any(LEGS & set(CATALOG.get(e.exercise_id).primary_groups)
               for e in saturday.exercises)


@pytest.mark.parametrize(("language", "text"), [
    ("it", "facciamo una settimana leggera, sono a pezzi"),
    ("es", "menos volumen de pierna, que acabo reventado"),
    ("en", "can this week be an easy one? feeling beat up"),
])
def test_a_week_asked_for_when_tired_is_the_week(language: str, text: str) -> None:
    _, record = send(language, text)
    result = record.outcome.result
    assert result.proposal.type.value == "UPDATE_WEEK"
    assert not result.memory_mutations  # the lighter week is the answer to the tiredness
