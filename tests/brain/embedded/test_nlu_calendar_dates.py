"""Dates are the user's (D9): days of the month, month names, ranges, offsets, Hebrew day
letters and "weekends only", in the five languages. Today is the seed's Monday 2026-09-14."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import Locale, RouteContext
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.brain.providers.embedded.nlu import analyze
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.evals.states import load_states
from fitcoach.memory.entries import Tier

MONDAY = dt.date(2026, 9, 14)
NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
D = dt.date


def _dates(text: str, language: str) -> list[tuple[dt.date, dt.date]]:
    a = analyze(text, today=MONDAY, locale=Locale(language))
    return [(c.start, c.end) for c in a.time.calendar]


@pytest.mark.parametrize(("language", "text", "expected"), [
    ("it", "dal 14 al 18 dicembre sono in trasferta", (D(2026, 12, 14), D(2026, 12, 18))),
    ("en", "I'm travelling from the 14th to the 18th of October",
     (D(2026, 10, 14), D(2026, 10, 18))),
    ("es", "del 2 al 6 de octubre estoy de viaje", (D(2026, 10, 2), D(2026, 10, 6))),
    ("he", "מה-14 עד ה-18 באוקטובר אני בטיול", (D(2026, 10, 14), D(2026, 10, 18))),
    ("ko", "10월 14일부터 18일까지 출장이에요", (D(2026, 10, 14), D(2026, 10, 18))),
    ("en", "Dec 14-18 I'm in Paris", (D(2026, 12, 14), D(2026, 12, 18))),
    ("en", "I have a race on the 20th", (D(2026, 9, 20), D(2026, 9, 20))),
    ("en", "I have a race on the 3rd", (D(2026, 10, 3), D(2026, 10, 3))),  # next month
    ("es", "el día 20 tengo una boda", (D(2026, 9, 20), D(2026, 9, 20))),
    ("it", "il giorno 20 ho una gara", (D(2026, 9, 20), D(2026, 9, 20))),
    ("he", "ב-20 לחודש יש לי מרוץ", (D(2026, 9, 20), D(2026, 9, 20))),
    ("ko", "20일에 마라톤이 있어요", (D(2026, 9, 20), D(2026, 9, 20))),
    ("en", "in two weeks I have a wedding", (D(2026, 9, 28), D(2026, 9, 28))),
    ("es", "dentro de dos semanas tengo un torneo", (D(2026, 9, 28), D(2026, 9, 28))),
    ("it", "tra due settimane ho una gara", (D(2026, 9, 28), D(2026, 9, 28))),
    ("he", "בעוד שבועיים יש לי טיול", (D(2026, 9, 28), D(2026, 9, 28))),
    ("ko", "2주 후에 대회가 있어요", (D(2026, 9, 28), D(2026, 9, 28))),
])
def test_calendar_dates_and_ranges(language: str, text: str,
                                   expected: tuple[dt.date, dt.date]) -> None:
    assert _dates(text, language) == [expected]


@pytest.mark.parametrize(("language", "text"), [
    ("en", "I can do 3 days a week, 45 minutes"), ("en", "I'm 32, 20 kg dumbbells"),
    ("es", "el 20% de mis series"), ("ko", "3일 동안 여행 가요"),
])
def test_numbers_that_are_no_dates(language: str, text: str) -> None:
    assert _dates(text, language) == []


def test_korean_month_is_no_monday() -> None:
    a = analyze("12월 14일부터 18일까지 출장", today=MONDAY, locale=Locale.KO)
    assert a.time.weekdays == ()


TRIP_RANGES = {
    "it": "dal 14 al 18 dicembre sono in trasferta",
    "en": "I'm travelling from the 14th to the 18th of December",
    "es": "del 14 al 18 de diciembre estoy de viaje",
    "he": "מה-14 עד ה-18 בדצמבר אני בנסיעה",
    "ko": "12월 14일부터 18일까지 출장이에요",
}


@pytest.mark.parametrize("language", list(TRIP_RANGES))
def test_a_trip_range_is_stored_with_its_own_dates_not_from_today(language: str) -> None:
    session = load_states()["home_db_user"].session(Locale(language), NOW, EmbeddedBrain(),
                                                    None)
    record = asyncio.run(session.send(TRIP_RANGES[language], route=RouteContext(), now=NOW))
    [event] = [m.entry for m in record.memory.applied if m.target_tier is Tier.SITUATIONAL]
    assert event["event_date"] == "2026-12-14"
    assert event["end_date"] == "2026-12-18"
    # The trip is months away: this week's plan stays as it is.
    assert record.outcome.result.proposal.type is ProposalType.NONE


def test_hebrew_day_letters_are_weekdays() -> None:
    a = analyze("מעכשיו אני יכול להתאמן רק בימים א׳, ג׳ וה׳", today=MONDAY, locale=Locale.HE)
    assert set(a.time.weekdays) == {Weekday.SUNDAY, Weekday.TUESDAY, Weekday.THURSDAY}
    assert analyze("בג׳ אין לי זמן", today=MONDAY, locale=Locale.HE).time.weekdays == (
        Weekday.TUESDAY,)
    assert analyze("אני הולך לג'ים", today=MONDAY, locale=Locale.HE).time.weekdays == ()


WEEKENDS_ONLY = {
    "en": "from now on I can only train on weekends",
    "es": "a partir de ahora solo puedo entrenar los fines de semana",
    "it": "d'ora in poi posso allenarmi solo nel weekend",
    "he": "מעכשיו אני יכול להתאמן רק בסופי שבוע",
    "ko": "이제부터 주말에만 운동할 수 있어요",
}


@pytest.mark.parametrize("language", list(WEEKENDS_ONLY))
def test_weekends_only_is_a_schedule_of_saturday_and_sunday(language: str) -> None:
    session = load_states()["home_db_user"].session(Locale(language), NOW, EmbeddedBrain(),
                                                    None)
    record = asyncio.run(session.send(WEEKENDS_ONLY[language], route=RouteContext(), now=NOW))
    proposal = record.outcome.result.proposal
    assert proposal.type is ProposalType.UPDATE_WEEK
    assert proposal.data is not None
    training = {d for d, day in proposal.data.days.items() if day.is_training_day}
    assert training == {Weekday.SATURDAY, Weekday.SUNDAY}


ON_THE_17TH = {
    "en": "I only have 30 minutes on the 17th",
    "es": "el día 17 solo tengo 30 minutos",
    "it": "il giorno 17 ho solo 30 minuti",
    "he": "ב-17 לחודש יש לי רק 30 דקות",
    "ko": "17일에는 30분밖에 못 해요",
}


@pytest.mark.parametrize("language", list(ON_THE_17TH))
def test_a_date_in_this_week_names_its_weekday(language: str) -> None:
    a = analyze(ON_THE_17TH[language], today=MONDAY, locale=Locale(language))
    assert a.time.weekdays == (Weekday.THURSDAY,)
    session = load_states()["home_db_user"].session(Locale(language), NOW, EmbeddedBrain(),
                                                    None)
    record = asyncio.run(session.send(ON_THE_17TH[language], route=RouteContext(), now=NOW))
    assert record.outcome.result.proposal.target_day is Weekday.THURSDAY


def test_a_date_beyond_this_week_names_no_weekday() -> None:
    a = analyze("I only have 30 minutes on the 24th", today=MONDAY, locale=Locale.EN)
    assert a.time.weekdays == ()


def test_a_digit_int_cannot_read_is_no_day_of_the_month() -> None:
    # "❶" and "²" are str.isdigit() but not int()-readable: found by the property test.
    from fitcoach.brain.providers.embedded.nlu.dates import parse_dates
    from fitcoach.brain.providers.embedded.nlu.document import Document
    assert parse_dates(Document.of("on the ❶ of december"), dt.date(2026, 9, 14)) == ()
