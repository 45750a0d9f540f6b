"""Week overhauls told as one day in or out, or as a standing session length: "a fifth day,
Wednesday works", "from now on drop Wednesday", "all my sessions 45 minutes going forward",
and "from now on" itself, which is not "today". Phrasings written for this test."""

from __future__ import annotations

import datetime as dt

import pytest
from nlu_helpers import seed_turn

from fitcoach.brain.ports import Locale
from fitcoach.local.turns import TurnRecord

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)  # a Monday
HOME_DAYS = {"monday", "tuesday", "thursday", "friday"}  # home_db_user's week


def _turn(text: str, locale: Locale) -> TurnRecord:
    return seed_turn("home_db_user", locale.value, text)


def _goal(record) -> dict:
    [goal] = [m.entry for m in record.memory.applied
              if (m.entry or {}).get("category") == "goal"]
    return goal


@pytest.mark.parametrize(("locale", "text"), [
    (Locale.EN, "there's room for one more day now, make it wednesday"),
    (Locale.ES, "me cabe un quinto día, pon el miércoles"),
    (Locale.IT, "riesco a fare un giorno in più, mettilo il mercoledì"),
    (Locale.HE, "אני יכול להוסיף יום נוסף, ברביעי"),
    (Locale.KO, "수요일에 하루 더 할 수 있어요"),
])
def test_one_more_day_joins_the_schedule(locale: Locale, text: str) -> None:
    record = _turn(text, locale)
    assert record.outcome.result.proposal.type.value == "UPDATE_WEEK"
    assert set(_goal(record)["training_days"]) == HOME_DAYS | {"wednesday"}


@pytest.mark.parametrize(("locale", "text"), [
    (Locale.EN, "going forward take friday out of my week"),
    (Locale.ES, "de ahora en adelante quita el viernes"),
    (Locale.IT, "d'ora in avanti togli il venerdì"),
    (Locale.KO, "앞으로 금요일은 빼줘"),
])
def test_a_lasting_drop_leaves_the_schedule(locale: Locale, text: str) -> None:
    record = _turn(text, locale)
    assert record.outcome.result.proposal.type.value == "UPDATE_WEEK"
    assert set(_goal(record)["training_days"]) == HOME_DAYS - {"friday"}


@pytest.mark.parametrize(("locale", "text", "minutes"), [
    (Locale.EN, "50 minutes per session works better for me from here on", 50),
    (Locale.ES, "a partir de ahora todas mis sesiones de 40 minutos", 40),
    (Locale.IT, "d'ora in poi ogni seduta da 50 minuti", 50),
    (Locale.HE, "מעכשיו כל אימון 40 דקות", 40),
    (Locale.KO, "앞으로 매번 40분만 할게요", 40),
])
def test_a_standing_length_is_the_week_s(locale: Locale, text: str, minutes: int) -> None:
    record = _turn(text, locale)
    assert record.outcome.result.proposal.type.value == "UPDATE_WEEK"
    assert _goal(record)["minutes_per_session"] == minutes


def test_from_now_on_is_not_today() -> None:
    from fitcoach.brain.providers.embedded.nlu.analysis import analyze
    analysis = analyze("from now on I'd like shorter sessions", today=NOW.date(),
                       locale=Locale.EN)
    assert not analysis.time.mentions_today
    assert analyze("right now I'm at the gym", today=NOW.date(),
                   locale=Locale.EN).time.mentions_today
