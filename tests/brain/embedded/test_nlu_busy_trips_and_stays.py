"""Busy stretches, trips told by their legs, retold trips, family staying over, "weekends
only", hours of sleep and slang soreness (issue 10, DESIGN D9), in the five languages.

Today is the seed's Monday 2026-09-14; `home_db_user` trains Monday, Tuesday, Thursday and
Friday for about 45 minutes, and `traveler_user` has a Berlin trip stored as mem_05,
Wednesday 16 to Friday 18.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from nlu_helpers import SEED_MONDAY, seed_turn, time_facts

from fitcoach.brain.contract import ProposalType
from fitcoach.catalog.vocabulary import GearTag, Weekday
from fitcoach.local.turns import TurnRecord
from fitcoach.memory.entries import Operation, Tier
from fitcoach.programming.generator import generate_week
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.programming.profile import Profile, UpcomingEvent


def _situational(record: TurnRecord) -> list[tuple[Operation, str | None, dict[str, Any]]]:
    return [(m.operation, m.memory_id, dict(m.entry or {})) for m in record.memory.applied
            if m.target_tier is Tier.SITUATIONAL]


def _week(record: TurnRecord) -> WeeklyPlan:
    data = record.answer.proposal.data
    assert isinstance(data, WeeklyPlan), record.answer.message
    return data


# -- a busy stretch shortens its sessions ----------------------------------------------------
BUSY_THIS_WEEK = {
    "en": "this week is nuts at work, I can give you 30 minutes max",
    "es": "esta semana estoy hasta arriba de trabajo, como mucho 30 minutos",
    "it": "questa settimana sono sommerso di lavoro, al massimo 30 minuti",
    "he": "השבוע אני עמוס בעבודה, 30 דקות לכל היותר",
    "ko": "이번 주는 일이 너무 많아서 30분만 할 수 있어요",
}


@pytest.mark.parametrize("language", list(BUSY_THIS_WEEK))
def test_a_busy_week_keeps_its_sessions_each_fitted_into_the_minutes_said(
        language: str) -> None:
    record = seed_turn("home_db_user", language, BUSY_THIS_WEEK[language])
    assert record.answer.proposal.type is ProposalType.UPDATE_WEEK
    days = _week(record).days
    trained = [d for d in (Weekday.MONDAY, Weekday.TUESDAY, Weekday.THURSDAY, Weekday.FRIDAY)
               if not days[d].is_rest_day]
    assert len(trained) == 4  # nothing cleared
    assert all(days[d].duration_minutes <= 30 for d in trained)
    [(operation, _, entry)] = _situational(record)
    assert operation is Operation.CREATE
    assert entry["busy_minutes"] == 30


BUSY_NEXT_WEEK_NO_NUMBER = {
    "en": "heads up, next week is crazy at work",
    "it": "la settimana prossima sono pieno di lavoro",
    "ko": "다음 주에 회사 일이 너무 많아요",
}


@pytest.mark.parametrize("language", list(BUSY_NEXT_WEEK_NO_NUMBER))
def test_a_busy_week_with_no_number_is_kept_at_two_thirds_of_the_usual_session(
        language: str) -> None:
    record = seed_turn("home_db_user", language, BUSY_NEXT_WEEK_NO_NUMBER[language])
    [(_, _, entry)] = _situational(record)
    assert (entry["event_date"], entry["end_date"]) == ("2026-09-21", "2026-09-27")
    assert entry["busy_minutes"] == 30  # 2/3 of 45


def test_the_engine_builds_a_busy_days_sessions_within_its_minutes() -> None:
    event = UpcomingEvent(name="work", start=dt.date(2026, 9, 22), end=dt.date(2026, 9, 24),
                          busy_minutes=25)
    profile = Profile(training_days=(Weekday.MONDAY, Weekday.TUESDAY, Weekday.THURSDAY),
                      minutes_per_session=60, gear=frozenset({GearTag.DUMBBELLS}),
                      events=(event,))
    plan = generate_week(profile, dt.date(2026, 9, 21)).plan
    assert plan.days[Weekday.MONDAY].duration_minutes > 25
    for day in (Weekday.TUESDAY, Weekday.THURSDAY):
        assert not plan.days[day].is_rest_day
        assert plan.days[day].duration_minutes <= 25


# -- a trip told by its two legs -------------------------------------------------------------
TWO_LEGS = {
    "en": "I fly out Thursday and come back Monday",
    "es": "me voy el jueves y vuelvo el lunes",
    "it": "parto giovedì e torno lunedì",
    "he": "אני טס ביום חמישי וחוזר ביום שני",
    "ko": "목요일에 출발해서 월요일에 돌아와요",
}


@pytest.mark.parametrize("language", list(TWO_LEGS))
def test_a_trip_told_by_its_legs_spans_departure_to_the_return_day(language: str) -> None:
    record = seed_turn("home_db_user", language, TWO_LEGS[language])
    [(operation, _, entry)] = _situational(record)
    assert operation is Operation.CREATE
    assert (entry["event_date"], entry["end_date"]) == ("2026-09-17", "2026-09-21")
    assert entry["travel"] is True


# -- a retold trip updates the stored one, which keeps its name ------------------------------
RETOLD = {
    "en": "the trip is now only wednesday",
    "it": "il viaggio adesso è solo mercoledì",
    "es": "al final estoy de viaje solo el miércoles y el jueves",
}


@pytest.mark.parametrize("language", list(RETOLD))
def test_a_retold_trip_updates_the_stored_item_and_keeps_its_name(language: str) -> None:
    record = seed_turn("traveler_user", language, RETOLD[language])
    [(operation, memory_id, entry)] = _situational(record)
    assert (operation, memory_id) == (Operation.UPDATE, "mem_05")
    assert entry["event"] == "Business trip to Berlin"
    assert entry["event_date"] == "2026-09-16"


# -- family staying over ----------------------------------------------------------------------
FAMILY = {
    "en": "my in-laws are staying with us next week",
    "es": "la semana que viene vienen mis suegros a casa",
    "it": "la settimana prossima vengono i miei genitori",
    "he": "בשבוע הבא ההורים מגיעים אלינו",
    "ko": "다음 주에 가족들이 와요",
}


@pytest.mark.parametrize("language", list(FAMILY))
def test_a_family_visit_is_an_event_of_its_week(language: str) -> None:
    record = seed_turn("home_db_user", language, FAMILY[language])
    [(operation, _, entry)] = _situational(record)
    assert operation is Operation.CREATE
    assert (entry["event_date"], entry["end_date"]) == ("2026-09-21", "2026-09-27")
    assert entry["busy_minutes"] == 30


# -- weekends only, either word order; 'da adesso' lasts -------------------------------------
WEEKENDS_ONLY = {
    "en": "weekends only",
    "es": "fines de semana nada más",
    "it": "da adesso il weekend e basta",
    "he": "סופי שבוע בלבד",
}


@pytest.mark.parametrize("language", list(WEEKENDS_ONLY))
def test_weekends_only_is_a_saturday_sunday_schedule(language: str) -> None:
    record = seed_turn("home_db_user", language, WEEKENDS_ONLY[language])
    assert record.answer.proposal.type is ProposalType.UPDATE_WEEK
    [goal] = [m.entry or {} for m in record.memory.applied if m.target_tier is Tier.STAPLES]
    assert goal["training_days"] == ["saturday", "sunday"]


# -- hours of sleep are no session length ------------------------------------------------------
SLEEP = {
    "en": "only slept 2 hours, go easy on me today",
    "it": "ho dormito 2 ore, oggi vacci piano",
    "es": "dormí 2 horas, hoy tranquilo",
    "he": "ישנתי שעתיים, היום בקלות",
    "ko": "2시간 잤어요, 오늘은 살살",
}


@pytest.mark.parametrize("language", list(SLEEP))
def test_hours_of_sleep_are_not_a_session_length(language: str) -> None:
    assert time_facts(SLEEP[language], SEED_MONDAY).minutes is None


def test_a_short_night_lightens_today_instead_of_refitting_it() -> None:
    record = seed_turn("home_db_user", "en", "only slept 3 hours, keep today light")
    assert record.answer.proposal.type is ProposalType.UPDATE_DAY
    assert record.answer.proposal.target_day is Weekday.MONDAY
    assert "180" not in record.answer.message


# -- slang soreness: the past day is the cause -----------------------------------------------
SLANG = {
    "en": "legs are toast from sunday",
    "it": "ho le gambe cotte da domenica",
    "es": "tengo las piernas petadas del domingo",
    "he": "הרגליים מפורקות מיום ראשון",
}


@pytest.mark.parametrize("language", list(SLANG))
def test_slang_soreness_from_a_past_day_changes_the_next_leg_session(language: str) -> None:
    record = seed_turn("home_db_user", language, SLANG[language])
    proposal = record.answer.proposal
    assert proposal.type is ProposalType.UPDATE_DAY
    assert proposal.target_day is Weekday.TUESDAY  # the next leg day, never Sunday
    states = [m.entry or {} for m in record.memory.applied
              if m.target_tier is Tier.PHYSIOLOGICAL]
    assert {"quads", "hamstrings"} <= {s["body_part"] for s in states}
    assert all(s["condition"] == "soreness" for s in states)


# -- a trip's reply says what the staged week does --------------------------------------------
@pytest.mark.parametrize(("language", "text"), [
    ("en", "I'm going on a trip thursday to saturday"),
    ("it", "sono in viaggio da giovedì a sabato"),
])
def test_a_trip_reply_names_a_rest_day_as_rest_not_bodyweight(language: str,
                                                              text: str) -> None:
    record = seed_turn("home_db_user", language, text)
    days = _week(record).days
    assert days[Weekday.FRIDAY].is_rest_day  # nothing doable away: the engine rests it
    message = record.answer.message
    bodyweight = next(s for s in message.split(". ") if "bodyweight" in s
                      or "corpo libero" in s)
    assert "Friday" not in bodyweight
    assert "venerdì" not in bodyweight
    assert "Friday" in message or "venerdì" in message
