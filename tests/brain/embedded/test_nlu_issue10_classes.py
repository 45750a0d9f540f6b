"""Failure classes of issue 10 fixed in general, each with phrasings written for this test:
an exercise named after a negation is to go; a trip's dates are its own part of the sentence;
the days of a range are never causes; "bodyweight" describing a lift says nothing of the
inventory; a state the model is sure of gets a condition even without a known word."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from fitcoach.brain.ports import Locale, RouteContext
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.brain.providers.embedded.nlu.analysis import analyze
from fitcoach.brain.providers.embedded.nlu.memory_view import MemoryFact, MemorySummary
from fitcoach.brain.providers.embedded.nlu.model_slots import (
    mildest_condition,
    with_model_condition,
    with_model_resolution,
    with_session_question,
)
from fitcoach.catalog.vocabulary import AcuteCondition, BodyPart
from fitcoach.evals.states import load_states
from fitcoach.memory.entries import Tier

WEDNESDAY = dt.date(2026, 9, 16)
NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)


def _read(text: str, locale: Locale = Locale.EN, today: dt.date = WEDNESDAY):
    return analyze(text, today=today, locale=locale)


@pytest.mark.parametrize(("locale", "text"), [
    (Locale.EN, "no more lunges on friday, they kill me"),
    (Locale.ES, "el viernes sin zancadas por favor"),
    (Locale.IT, "venerdì niente affondi, grazie"),
    (Locale.EN, "can you scrap the walking lunges friday"),
])
def test_an_exercise_after_a_negation_is_to_go(locale: Locale, text: str) -> None:
    analysis = _read(text, locale)
    assert analysis.requests.remove_exercise
    assert "db-walking-lunge" in analysis.exercises.slugs


@pytest.mark.parametrize(("locale", "text", "start", "end"), [
    (Locale.EN,
     "knee is a bit achy today, and I've got a work trip next week from tuesday to friday",
     dt.date(2026, 9, 22), dt.date(2026, 9, 25)),
    (Locale.ES, "hoy me duele el codo, y la semana que viene viajo de martes a jueves",
     dt.date(2026, 9, 22), dt.date(2026, 9, 24)),
])
def test_a_trip_is_dated_by_its_own_part_of_the_sentence(locale: Locale, text: str,
                                                         start: dt.date, end: dt.date) -> None:
    [trip] = _read(text, locale).events
    assert (trip.start, trip.end) == (start, end)


def test_the_days_of_a_range_are_not_causes_of_a_complaint() -> None:
    analysis = _read("my back is sore, from tuesday to thursday I'm at a conference")
    assert analysis.time.days
    assert not any(day.reference for day in analysis.time.days)


def test_a_past_day_that_caused_soreness_is_still_a_cause() -> None:
    analysis = _read("my quads are wrecked from saturday's soccer game")
    assert [d.reference for d in analysis.time.days] == [True]


@pytest.mark.parametrize(("locale", "text"), [
    (Locale.EN, "bodyweight lunges are fine by me"),
    (Locale.EN, "I'd rather do bodyweight squats this week"),
    (Locale.KO, "맨몸 스쿼트로 바꿔도 돼요"),
])
def test_bodyweight_describing_a_lift_keeps_the_stored_equipment(locale: Locale,
                                                                 text: str) -> None:
    session = load_states()["home_db_user"].session(locale, NOW, EmbeddedBrain(), None)
    record = asyncio.run(session.send(text, route=RouteContext(), now=NOW))
    equipment = [m for m in record.memory.applied
                 if (m.entry or {}).get("category") == "equipment"]
    assert equipment == []


@pytest.mark.parametrize(("part", "condition"), [
    (BodyPart.WRIST, AcuteCondition.MINOR_STRAIN),
    (BodyPart.KNEES, AcuteCondition.MINOR_STRAIN),
    (BodyPart.CALVES, AcuteCondition.SORENESS),
    (BodyPart.WHOLE_BODY, AcuteCondition.FATIGUE),
])
def test_the_mildest_condition_fits_the_part(part: BodyPart, condition: AcuteCondition) -> None:
    assert mildest_condition(part) is condition


def test_a_model_filled_state_names_the_parts_of_the_message() -> None:
    analysis = _read("my left wrist went funny on the last set")
    filled = with_model_condition(analysis) if not analysis.body.conditions else analysis
    assert filled is not None
    assert [c.body_part for c in filled.body.conditions] == [BodyPart.WRIST]


def test_a_hypothetical_pain_is_never_filled_in() -> None:
    analysis = _read("what if my wrist went funny, what would you change?")
    assert "hypothetical" in analysis.framing
    assert with_model_condition(analysis) is None


def _memory_with(part: BodyPart) -> MemorySummary:
    return MemorySummary(facts=(MemoryFact(memory_id="mem_x", tier=Tier.PHYSIOLOGICAL,
                                           body_parts=(part,),
                                           condition=AcuteCondition.SORENESS),))


def test_a_model_resolution_ends_only_a_state_memory_holds() -> None:
    analysis = _read("about my hamstrings, by the way", Locale.EN)
    assert not analysis.body.resolved
    filled = with_model_resolution(analysis, _memory_with(BodyPart.HAMSTRINGS))
    assert filled is not None
    assert [r.body_part for r in filled.body.resolved] == [BodyPart.HAMSTRINGS]
    # Nothing held on the part: nothing may be deleted on the model's word.
    assert with_model_resolution(analysis, _memory_with(BodyPart.SHOULDERS)) is None


def test_a_topicless_plan_question_asks_what_the_day_holds() -> None:
    analysis = _read("so what's the deal with wednesday?", Locale.EN)
    assert with_session_question(analysis).cues.session


@pytest.mark.parametrize(("locale", "text"), [
    (Locale.EN, "my knee is a bit achy today, and I've got a work trip next week from tuesday"
                " to thursday"),
    (Locale.ES, "hoy me duele la rodilla, y la semana que viene viajo de martes a jueves"),
])
def test_a_state_today_and_a_trip_next_week_are_both_kept(locale: Locale, text: str) -> None:
    session = load_states()["home_db_user"].session(locale, NOW, EmbeddedBrain(), None)
    record = asyncio.run(session.send(text, route=RouteContext(), now=NOW))
    entries = [m.entry or {} for m in record.memory.applied]
    assert any(e.get("body_part") == "knees" for e in entries)
    [trip] = [e for e in entries if e.get("event")]
    assert trip["event_date"] == "2026-09-22"
    # Next week's trip leaves this week alone: no week rebuilt for it now.
    assert record.outcome.result.proposal.type.value != "UPDATE_WEEK"
