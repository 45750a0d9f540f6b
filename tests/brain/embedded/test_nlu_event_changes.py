"""Events as people tell them (issue 10, DESIGN D9): a stored event that moves, grows or
shrinks is updated rather than stored twice; a move of house, a camping weekend or a holiday
is an event; day ranges with no month, "next week, back on the 27th", and a trip called off
in a contraction. Fresh phrasings in five languages; today is the seed's Monday 2026-09-14,
and the `traveler_user` has a Berlin trip stored as mem_05, Wednesday 16 to Friday 18."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from nlu_helpers import seed_turn

from fitcoach.brain.ports import Locale
from fitcoach.brain.providers.embedded.nlu import analyze
from fitcoach.local.turns import TurnRecord
from fitcoach.memory.entries import Operation, Tier

MONDAY = dt.date(2026, 9, 14)
NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
D = dt.date


def _situational(record: TurnRecord) -> list[tuple[Operation, str | None, dict[str, Any]]]:
    return [(m.operation, m.memory_id, dict(m.entry or {})) for m in record.memory.applied
            if m.target_tier is Tier.SITUATIONAL]


# -- a stored event changes -------------------------------------------------------------------
MOVED_TO_NEXT_WEEK = {
    "en": "heads up, the berlin trip got pushed to next week",
    "es": "al final el viaje se aplazó a la semana que viene",
    "it": "il viaggio è stato rimandato alla prossima settimana",
    "he": "הנסיעה נדחתה לשבוע הבא",
    "ko": "출장이 다음 주로 미뤄졌어요",
}


@pytest.mark.parametrize("language", list(MOVED_TO_NEXT_WEEK))
def test_a_trip_moved_to_next_week_updates_the_stored_one_and_keeps_its_length(
        language: str) -> None:
    record = seed_turn("traveler_user", language, MOVED_TO_NEXT_WEEK[language])
    [(operation, memory_id, entry)] = _situational(record)
    assert (operation, memory_id) == (Operation.UPDATE, "mem_05")
    assert (entry["event_date"], entry["end_date"]) == ("2026-09-21", "2026-09-23")


EXTENDED_TO_SUNDAY = {
    "en": "the trip got extended till sunday",
    "es": "me quedo hasta el domingo, el viaje se alargó",
    "it": "la trasferta è stata prolungata fino a domenica",
    "he": "הנסיעה הוארכה עד יום ראשון",
    "ko": "출장이 일요일까지 연장됐어요",
}


@pytest.mark.parametrize("language", list(EXTENDED_TO_SUNDAY))
def test_a_trip_lengthened_keeps_its_start_and_takes_the_new_end(language: str) -> None:
    record = seed_turn("traveler_user", language, EXTENDED_TO_SUNDAY[language])
    [(operation, memory_id, entry)] = _situational(record)
    assert (operation, memory_id) == (Operation.UPDATE, "mem_05")
    assert (entry["event_date"], entry["end_date"]) == ("2026-09-16", "2026-09-20")
    assert entry["expires_at"] == "2026-09-21T00:00:00Z"  # the end of the new last day (UTC)


SHORTENED = {
    "en": "my trip got cut short, back on thursday",
    "es": "el viaje se acortó, vuelvo antes, el jueves",
    "it": "la trasferta è stata accorciata, torno prima, giovedì",
    "he": "הנסיעה התקצרה, חוזר מוקדם ביום חמישי",
    "ko": "출장이 짧아졌어요, 목요일에 일찍 돌아와요",
}


@pytest.mark.parametrize("language", list(SHORTENED))
def test_a_trip_shortened_ends_sooner(language: str) -> None:
    record = seed_turn("traveler_user", language, SHORTENED[language])
    [(operation, memory_id, entry)] = _situational(record)
    assert (operation, memory_id) == (Operation.UPDATE, "mem_05")
    assert (entry["event_date"], entry["end_date"]) == ("2026-09-16", "2026-09-17")


OFF = {
    "en": "trip's off",
    "es": "lo de Berlín se cayó, no viajo",
    "it": "niente più Berlino, la trasferta salta",
    "he": "הנסיעה ירדה מהפרק",
    "ko": "출장 안 가기로 했어요",
}


@pytest.mark.parametrize("language", list(OFF))
def test_a_trip_called_off_is_deleted_not_stored_again(language: str) -> None:
    record = seed_turn("traveler_user", language, OFF[language])
    assert _situational(record) == [(Operation.DELETE, "mem_05", {})]


# -- new kinds of events ----------------------------------------------------------------------
MOVING_THURSDAY = {
    "en": "moving apartments on thursday so I'll be hauling boxes all day",
    "es": "el jueves es la mudanza, me toca cargar cajas todo el día",
    "it": "giovedì trasloco, sarò distrutto",
    "he": "אני עובר דירה ביום חמישי",
    "ko": "목요일에 이사해요",
}


@pytest.mark.parametrize("language", list(MOVING_THURSDAY))
def test_moving_house_is_an_event_that_spares_back_and_legs(language: str) -> None:
    record = seed_turn("home_db_user", language, MOVING_THURSDAY[language])
    [(operation, _, entry)] = _situational(record)
    assert operation is Operation.CREATE
    assert entry["event_date"] == "2026-09-17"
    assert "lower_back" in entry["protect"]
    assert not entry.get("travel")


TRIPS = {
    ("en", "we're flying to Lisbon next week, back on the 27th"): (D(2026, 9, 21), D(2026, 9, 27)),
    ("en", "going camping this weekend, no gym obviously"): (D(2026, 9, 19), D(2026, 9, 20)),
    ("es", "del 3 al 7 de octubre estoy fuera en un congreso"): (D(2026, 10, 3), D(2026, 10, 7)),
    ("it", "dal 22 al 25 sono in campeggio"): (D(2026, 9, 22), D(2026, 9, 25)),
    ("he", 'מה-22 עד ה-25 אני בכנס בחו"ל'): (D(2026, 9, 22), D(2026, 9, 25)),
    ("ko", "다음 주에 가족 여행 가요"): (D(2026, 9, 21), D(2026, 9, 27)),
    ("ko", "추석 연휴라 9월 24일부터 27일까지 고향에 내려가요"): (D(2026, 9, 24), D(2026, 9, 27)),
}


@pytest.mark.parametrize(("language", "text"), list(TRIPS))
def test_trips_are_dated_from_their_own_words(language: str, text: str) -> None:
    [event] = analyze(text, today=MONDAY, locale=Locale(language)).events
    assert event.travel
    assert (event.start, event.end) == TRIPS[(language, text)]


WEDDING_IN_THREE_WEEKS = {
    "en": "we're getting married in three weeks!",
    "es": "me caso dentro de tres semanas",
    "it": "tra tre settimane mi sposo",
    "he": "אני מתחתן בעוד שלושה שבועות",
    "ko": "3주 후에 결혼해요",
}


@pytest.mark.parametrize("language", list(WEDDING_IN_THREE_WEEKS))
def test_a_wedding_said_as_a_verb_is_an_event(language: str) -> None:
    [event] = analyze(WEDDING_IN_THREE_WEEKS[language], today=MONDAY,
                      locale=Locale(language)).events
    assert (event.kind, event.start) == ("wedding", D(2026, 10, 5))


@pytest.mark.parametrize(("language", "text"), [
    ("it", "ho una gara il 20"), ("es", "tengo una carrera el 20!"),
])
def test_a_day_of_the_month_ending_the_sentence_dates_its_event(language: str,
                                                                text: str) -> None:
    [event] = analyze(text, today=MONDAY, locale=Locale(language)).events
    assert event.start == D(2026, 9, 20)


def test_a_percentage_is_still_no_date() -> None:
    assert analyze("el 20% de mis series son al fallo", today=MONDAY,
                   locale=Locale.ES).time.calendar == ()


@pytest.mark.parametrize(("language", "text", "expected"), [
    ("en", "half marathon on the twentieth!", D(2026, 9, 20)),
    ("en", "my cousin's wedding is on the twenty first of october", D(2026, 10, 21)),
    ("es", "el primero de octubre tengo una carrera", D(2026, 10, 1)),
    ("it", "il primo ottobre ho una gara", D(2026, 10, 1)),
])
def test_a_day_of_the_month_in_words_dates_its_event(language: str, text: str,
                                                     expected: dt.date) -> None:
    [event] = analyze(text, today=MONDAY, locale=Locale(language)).events
    assert event.start == expected


@pytest.mark.parametrize("text", ["what's my first exercise on the first day?",
                                  "the second set felt heavy", "I'll do the first one"])
def test_ordinals_that_are_no_dates(text: str) -> None:
    assert analyze(text, today=MONDAY, locale=Locale.EN).time.calendar == ()


def test_a_trip_with_only_its_first_day_lasts_its_default_length() -> None:
    [event] = analyze("on october 1st I'm flying to Rome", today=MONDAY,
                      locale=Locale.EN).events
    assert (event.start, event.end) == (D(2026, 10, 1), D(2026, 10, 3))


SPANISH_REGISTERS = {
    "el finde que viene me voy a la playa con unos amigos": (D(2026, 9, 26), D(2026, 9, 27)),
    "dentro de quince días corro una media maratón": (D(2026, 9, 28), D(2026, 9, 28)),
    "la semana entrante viajo por laburo a Córdoba": (D(2026, 9, 21), D(2026, 9, 27)),
}


@pytest.mark.parametrize("text", list(SPANISH_REGISTERS))
def test_spanish_weeks_and_fortnights_as_said_in_spain_and_argentina(text: str) -> None:
    [event] = analyze(text, today=MONDAY, locale=Locale.ES).events
    assert (event.start, event.end) == SPANISH_REGISTERS[text]


def test_a_trip_now_only_one_day_ends_that_day() -> None:
    record = seed_turn("traveler_user", "es", "el viaje ahora es solo el miércoles")
    [(operation, memory_id, entry)] = _situational(record)
    assert (operation, memory_id) == (Operation.UPDATE, "mem_05")
    assert (entry["event_date"], entry["end_date"]) == ("2026-09-16", "2026-09-16")
