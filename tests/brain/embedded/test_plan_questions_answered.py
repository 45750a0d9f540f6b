"""Questions about the plan answered from the plan: which days train a muscle, why a day has
no session, how long a day's session is; asked with no request, they change nothing, and a
request with the same words still changes the day. Phrasings written for this test. Today is
the seed's Monday 2026-09-14; the `home_db_user` rests on Wednesday."""

from __future__ import annotations

import pytest
from nlu_helpers import seed_turn

from fitcoach.brain.ports import Locale
from fitcoach.local.turns import TurnRecord


def _turn(text: str, locale: Locale) -> TurnRecord:
    return seed_turn("home_db_user", locale.value, text)


@pytest.mark.parametrize(("locale", "text", "word"), [
    (Locale.EN, "what days do I hit chest?", "Monday"),
    (Locale.ES, "¿qué días entreno pecho?", "lunes"),
    (Locale.IT, "quali giorni alleno il petto?", "lunedì"),
    (Locale.HE, "באילו ימים יש חזה?", "שני"),
    (Locale.KO, "가슴은 무슨 요일에 해요?", "월요일"),
])
def test_which_days_train_a_muscle(locale: Locale, text: str, word: str) -> None:
    record = _turn(text, locale)
    assert record.outcome.result.proposal.type.value == "NONE"
    assert not record.memory.applied
    assert word in record.outcome.result.message


@pytest.mark.parametrize(("locale", "text", "word"), [
    (Locale.EN, "how come wednesday is blank?", "Wednesday"),
    (Locale.ES, "¿por qué el miércoles está vacío?", "miércoles"),
    (Locale.IT, "perché mercoledì è libero?", "mercoledì"),
    (Locale.HE, "למה יום רביעי ריק?", "רביעי"),
    (Locale.KO, "수요일은 왜 비어 있어요?", "수요일"),
])
def test_why_a_day_is_off(locale: Locale, text: str, word: str) -> None:
    record = _turn(text, locale)
    assert record.outcome.result.proposal.type.value == "NONE"
    assert word in record.outcome.result.message


def test_asking_for_a_day_off_still_changes_the_day() -> None:
    record = _turn("give me thursday off", Locale.EN)
    assert record.outcome.result.proposal.type.value == "UPDATE_DAY"


@pytest.mark.parametrize(("locale", "text"), [
    (Locale.EN, "how long is thursday's session?"),
    (Locale.ES, "¿cuánto dura lo del jueves?"),
    (Locale.IT, "quanto dura l'allenamento di giovedì?"),
])
def test_a_days_length_is_read_from_the_plan(locale: Locale, text: str) -> None:
    record = _turn(text, locale)
    assert record.outcome.result.proposal.type.value == "NONE"
    assert "45" in record.outcome.result.message
