"""Issue 10, dialogue round of 2026-12-03: gear that "X without Y" describes, a weekday taken
out in Korean, follow-ups that lean on the last turn ("what about legs?", "no, the other
one"), and an undo asked after the change was accepted.

Every message here was written for this file; none comes from an eval set.
"""

from __future__ import annotations

import pytest
from nlu_helpers import SEED_NOW, gear_facts, seed_session, seed_turn, send

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.providers.embedded.compose.phrasebook import PHRASES
from fitcoach.catalog.vocabulary import GearTag, Weekday

# -- "a barbell without a rack, and dumbbells": the "and" joins back to what is owned --------
WITHOUT_THEN_AND = {
    "it": "ho un bilanciere senza rack e dei manubri",
    "es": "tengo una barra sin rack y unas mancuernas de 20 kg",
    "en": "I've got a barbell without a rack and a pair of dumbbells",
    "he": "יש לי מוט בלי ראק ומשקולות יד עד 20 קילו",
}


@pytest.mark.parametrize("language", sorted(WITHOUT_THEN_AND))
def test_gear_after_without_and_is_owned(language: str) -> None:
    facts = gear_facts(WITHOUT_THEN_AND[language])
    assert {GearTag.BARBELL, GearTag.DUMBBELLS} <= facts.owned
    assert GearTag.SQUAT_RACK in facts.removed
    assert GearTag.DUMBBELLS not in facts.removed


def test_but_without_then_and_keeps_the_last_gear() -> None:
    facts = gear_facts("ho un bilanciere ma senza rack, e dei manubri")
    assert GearTag.DUMBBELLS in facts.owned
    assert facts.removed == {GearTag.SQUAT_RACK}


# -- one weekday taken out, with nothing of it named: that day off this week -----------------
DAY_OUT = {
    "ko": ["화요일을 빼 주세요", "이번 주 화요일은 쉴게요"],
    "en": ["take tuesday out"],
    "it": ["togli il martedì"],
    "he": ["תוריד את יום שלישי"],
}


@pytest.mark.parametrize(("language", "text"),
                         [(lang, text) for lang, texts in DAY_OUT.items() for text in texts])
def test_a_weekday_taken_out_becomes_a_rest_day(language: str, text: str) -> None:
    record = seed_turn("home_db_user", language, text)
    proposal = record.outcome.result.proposal
    assert proposal.type is ProposalType.UPDATE_DAY
    assert proposal.target_day is Weekday.TUESDAY
    assert proposal.data.is_rest_day



# -- "what about legs?": the last question again, about what this message names --------------
PLAN_QUESTION = {
    "en": ("why no biceps this week?", "what about legs?"),
    "es": ("¿por qué no hay bíceps esta semana?", "¿y las piernas?"),
    "it": ("perché non ci sono bicipiti questa settimana?", "e le gambe?"),
    "he": ("למה אין יד קדמית השבוע?", "ומה עם רגליים?"),
    "ko": ("이번 주에 이두 운동은 왜 없어요?", "다리는요?"),
}


@pytest.mark.parametrize("language", sorted(PLAN_QUESTION))
def test_a_muscle_alone_after_a_plan_question_asks_it_again(language: str) -> None:
    chat = seed_session("home_db_user", language)
    question, follow_up = PLAN_QUESTION[language]
    send(chat, question)
    record = send(chat, follow_up)
    result = record.outcome.result
    assert result.proposal.type is ProposalType.NONE
    assert not result.suggested_replies
    # The legs' exercises of the plan, by name: the answer comes from the plan.
    assert "DB Goblet Squat" in result.message
    assert "Dumbbell Romanian Deadlift" in result.message


def test_a_follow_up_of_a_follow_up_reaches_the_question() -> None:
    chat = seed_session("home_db_user", "en")
    for text in ("why no biceps this week?", "what about legs?"):
        send(chat, text)
    assert "Standing Calf Raise" in send(chat, "and calves?").outcome.result.message


@pytest.mark.parametrize(("language", "question", "follow_up"), [
    ("en", "how is my bench press going?", "what about squats?"),
    ("ko", "벤치프레스 기록 어때요?", "스쿼트는요?"),
    ("he", "איך אני מתקדם בלחיצת חזה?", "ומה עם סקוואט?"),
])
def test_an_exercise_alone_after_a_progress_question_asks_about_it(
        language: str, question: str, follow_up: str) -> None:
    chat = seed_session("home_db_user", language)
    send(chat, question)
    message = send(chat, follow_up).outcome.result.message
    assert "DB Goblet Squat" in message
    assert "Bench" not in message



# -- "undo that" once the change was accepted: nothing staged to drop, and it says so --------
SORE = {"en": "My shoulder is sore today", "es": "Me duele el hombro hoy",
        "it": "Mi fa male la spalla oggi", "he": "כואבת לי הכתף היום", "ko": "오늘 어깨가 아파요"}
UNDO = {"en": "undo that", "es": "deshaz el último cambio", "it": "annulla l'ultima modifica",
        "he": "תבטל את השינוי האחרון", "ko": "방금 바꾼 거 되돌려 주세요"}


# "Cancel the change" reads between undo and rejection; with nothing staged it is the undo.
CANCEL_THE_CHANGE = [("it", "annulla la modifica"), ("he", "תבטל בבקשה את השינוי")]


@pytest.mark.parametrize(("language", "text"),
                         sorted(UNDO.items()) + CANCEL_THE_CHANGE)
def test_undo_after_accept_says_how_to_put_it_back(language: str, text: str) -> None:
    chat = seed_session("home_db_user", language)
    send(chat, SORE[language])
    chat.accept(now=SEED_NOW)
    plan, version = chat.plan, chat.version
    result = send(chat, text).outcome.result
    assert result.message == PHRASES.say("dialogue.nothing_to_undo", language)
    assert result.proposal.type is ProposalType.NONE
    assert not result.memory_mutations
    assert not result.suggested_replies
    assert (chat.plan, chat.version) == (plan, version)


# -- a cancelled event named as stored, with nothing that must agree with its gender ---------
# "La boda" is feminine, "il torneo" masculine, "החתונה" feminine: a participle or verb that
# agrees with the event ("queda cancelado", "è annullato", "ירד") is wrong for half of them.
GENDERED = {"es": ("cancelado", "cancelada"), "it": ("annullato", "annullata"),
            "he": ("ירד", "ירדה")}


@pytest.mark.parametrize("language", sorted(GENDERED))
def test_the_cancellation_reply_does_not_agree_with_the_event(language: str) -> None:
    for variant in PHRASES.variants("memory.event_cancelled", language):
        assert "{event}" in variant
        assert not any(word in variant.split() or f"{word}:" in variant
                       for word in GENDERED[language]), variant
