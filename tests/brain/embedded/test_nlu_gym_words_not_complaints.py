"""Gym talk that borrows the words of a trip or a complaint: someone "camping" on the rack is
no camping trip, and Korean 당기다 asked with "where" or with an object is the pull of a rep,
not a tight elbow. Both were found trying the live-swap and form work of 2026-12-03 by hand;
phrasings written for this test (issue 10)."""

from __future__ import annotations

import datetime as dt

import pytest
from nlu_helpers import SEED_NOW, body_facts, seed_turn

from fitcoach.brain.ports import Locale
from fitcoach.brain.providers.embedded.nlu import analyze
from fitcoach.brain.providers.embedded.nlu.router import Intent, route

TUESDAY = dt.datetime(2026, 9, 15, 16, 0, tzinfo=dt.UTC)  # the gym_user squats on Tuesday


@pytest.mark.parametrize("text", [
    "someone's camping on the squat rack, what else can i do",
    "guy has been camped on the rack for 20 min, swap my squats?",
])
def test_someone_camping_on_gear_is_a_swap_not_a_trip(text: str) -> None:
    record = seed_turn("gym_user", "en", text, TUESDAY)
    proposal = record.outcome.result.proposal
    assert proposal.type.value == "UPDATE_DAY"
    assert proposal.target_day == "tuesday"
    assert not record.memory.applied
    assert "barbell-back-squat" not in str(proposal.model_dump())


def test_a_camping_trip_is_still_a_trip() -> None:
    record = seed_turn("gym_user", "en", "going camping from friday to sunday, no gym there")
    assert [m.target_tier.value for m in record.memory.applied] == ["tier_3_situational"]


@pytest.mark.parametrize("text", [
    "랫풀 할 때 팔꿈치 어디로 당겨요",
    "로우 할 때 팔꿈치를 당겨요 아니면 손을 당겨요?",
])
def test_korean_pull_of_a_rep_is_no_complaint(text: str) -> None:
    assert not body_facts(text).acute
    record = seed_turn("gym_user", "ko", text)
    assert record.outcome.result.proposal.type.value == "NONE"
    assert not record.memory.applied


def test_korean_tight_elbow_is_still_a_complaint() -> None:
    assert body_facts("팔꿈치가 당겨요").acute


@pytest.mark.parametrize("text", [
    "I am really busy at work this week",
    "crazy busy this week, 30 minutes max",
])
def test_busy_at_work_is_still_a_busy_stretch(text: str) -> None:
    # "busy" is also a busy-gear word ("the rack is busy"); said of work it is an event.
    record = seed_turn("gym_user", "en", text)
    assert [m.target_tier.value for m in record.memory.applied] == ["tier_3_situational"]


@pytest.mark.parametrize("text", [
    "can I do the squat on wednesday instead",
    "should I drop the bench press this week",
])
def test_a_change_asked_as_a_question_is_no_form_question(text: str) -> None:
    analysis = analyze(text, today=SEED_NOW.date(), locale=Locale.EN)
    assert route(analysis, has_plan=True).intent is not Intent.FORM_QA


@pytest.mark.parametrize(("language", "text", "minutes"), [
    ("en", "slept badly so just 1 hour today", 60),
    ("it", "ho solo un quarto d'ora oggi", 15),
])
def test_a_session_length_beside_sleep_or_a_quarter_hour_is_kept(language: str, text: str,
                                                                  minutes: int) -> None:
    # The hours of sleep sit on the sleep word; "quarto d'ora" is no "from now on" (d'ora).
    analysis = analyze(text, today=SEED_NOW.date(), locale=Locale(language))
    assert analysis.time.minutes == minutes
    assert not analysis.requests.lasting
