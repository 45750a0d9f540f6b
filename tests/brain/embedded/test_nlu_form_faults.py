"""Form faults and execution questions: a fault told with the body part it happens to is a
technique question (never a condition, even with "is that a problem?"), and the answer names
that part in the user's language; rest between sets, grip width and lowering speed are
technique questions too. Phrasings written for this test, in all five languages."""

from __future__ import annotations

import datetime as dt

import pytest
from nlu_helpers import seed_turn

from fitcoach.brain.ports import Locale
from fitcoach.brain.providers.embedded.compose.form import _korean_particles
from fitcoach.brain.providers.embedded.nlu.analysis import analyze
from fitcoach.catalog.vocabulary import BodyPart
from fitcoach.local.turns import TurnRecord

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)


def _turn(text: str, locale: Locale) -> TurnRecord:
    return seed_turn("home_db_user", locale.value, text)


@pytest.mark.parametrize(("locale", "text", "part", "word"), [
    (Locale.EN, "on lunges my knee kind of caves in when I push up, problem?", BodyPart.KNEES,
     "knees"),
    (Locale.ES, "en el peso muerto rumano se me curva la espalda al bajar, ¿es un problema?",
     BodyPart.BACK, "espalda"),
    (Locale.IT, "nelle flessioni i gomiti mi si aprono tantissimo, è un problema?",
     BodyPart.ELBOW, "gomiti"),
    (Locale.HE, "בסקוואט הברכיים שלי קורסות פנימה, זו בעיה?", BodyPart.KNEES, "ברכיים"),
    (Locale.KO, "데드리프트 할 때 등이 둥글게 말려요, 문제 있나요?", BodyPart.BACK, "등"),
])
def test_a_fault_is_a_form_question_naming_its_part(locale: Locale, text: str,
                                                   part: BodyPart, word: str) -> None:
    analysis = analyze(text, today=NOW.date(), locale=locale)
    assert [f.body_part for f in analysis.body.faults] == [part]
    assert not analysis.body.conditions
    record = _turn(text, locale)
    assert record.outcome.result.proposal.type.value == "NONE"
    assert not record.memory.applied
    assert word in record.outcome.result.message


def test_a_fault_with_pain_stays_a_complaint() -> None:
    analysis = analyze("my knees cave in on squats and it really hurts", today=NOW.date(),
                       locale=Locale.EN)
    assert analysis.body.conditions


def test_fault_words_away_from_a_body_part_are_no_fault() -> None:
    analysis = analyze("let's round out the week with an easy session", today=NOW.date(),
                       locale=Locale.EN)
    assert not analysis.body.faults


@pytest.mark.parametrize(("locale", "text"), [
    (Locale.EN, "how long should I rest between heavy deadlift sets?"),
    (Locale.ES, "¿cuánto descanso entre series de press banca?"),
    (Locale.IT, "stacco: presa larga o stretta?"),
    (Locale.HE, "כמה לאט להוריד את המוט בסקוואט?"),
    (Locale.KO, "벤치 프레스 얼마나 천천히 내려야 해요?"),
])
def test_execution_questions_are_form_questions(locale: Locale, text: str) -> None:
    assert analyze(text, today=NOW.date(), locale=locale).cues.form


@pytest.mark.parametrize(("text", "expected"), [
    ("무릎이(가) 모여요", "무릎이 모여요"),
    ("허리이(가) 말려요", "허리가 말려요"),
    ("팔꿈치을(를) 붙여요", "팔꿈치를 붙여요"),
    ("등과(와) 어깨", "등과 어깨"),
])
def test_korean_particles_follow_the_noun(text: str, expected: str) -> None:
    assert _korean_particles(text) == expected
