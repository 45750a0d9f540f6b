"""Phrases a newcomer typed that the NLU misread: a count of days sent alone ("4 días,"), "how
is my bench press going?", and a body part kept out of a day ("sin hombros el jueves"), which
Hebrew and Korean read as a day focused on that part."""

from __future__ import annotations

import pytest
from nlu_helpers import SEED_MONDAY, time_facts

from fitcoach.brain.ports import Locale
from fitcoach.brain.providers.embedded.nlu.analysis import analyze
from fitcoach.catalog.vocabulary import BodyPart, Weekday
from fitcoach.memory.entries import Tone


@pytest.mark.parametrize("text", ["4 días,", "4 days", "4 giorni.", "4 ימים", "4일"])
def test_a_count_of_days_alone_is_days_a_week(text: str) -> None:
    assert time_facts(text, SEED_MONDAY).days_per_week == 4


@pytest.mark.parametrize("text", ["sore for 4 days", "4 days ago", "in 4 days"])
def test_a_stretch_of_time_alone_is_not(text: str) -> None:
    assert time_facts(text, SEED_MONDAY).days_per_week is None


def _analysis(text: str, locale: Locale = Locale.EN):  # type: ignore[no-untyped-def]
    return analyze(text, today=SEED_MONDAY, locale=locale)


@pytest.mark.parametrize("text", ["how is my bench press going?", "how's my incline press going",
                                  "how are my squats coming along?"])
def test_how_a_lift_is_going_is_a_progress_question(text: str) -> None:
    assert _analysis(text).cues.analytics


def test_how_the_week_is_going_is_not() -> None:
    assert not _analysis("how's the week going?").cues.analytics


def test_how_a_lift_is_going_lately_in_korean_is_a_progress_question() -> None:
    assert _analysis("벤치프레스 요즘 어때요?", Locale.KO).cues.analytics
    assert not _analysis("요즘 어때요?", Locale.KO).cues.analytics  # no lift named


@pytest.mark.parametrize(("locale", "text"), [
    (Locale.EN, "Keep my shoulders out of Thursday too"),
    (Locale.EN, "no shoulder work on thursday please"),
    (Locale.ES, "Sin hombros el jueves también"),
    (Locale.IT, "Niente spalle anche giovedì"),
    (Locale.HE, "בלי הכתפיים גם ביום חמישי"),
    (Locale.KO, "목요일에도 어깨 운동 빼 줘"),
])
def test_a_part_kept_out_of_a_day_is_an_avoid_not_a_focus(locale: Locale, text: str) -> None:
    a = _analysis(text, locale)
    assert a.body.avoid.body_parts == (BodyPart.SHOULDERS,)
    assert a.goals.day_focus == {}
    assert [d.weekday for d in a.time.days] == [Weekday.THURSDAY]
    assert not a.body.conditions


@pytest.mark.parametrize("text", ["drop the shoulder press on monday",
                                  "no shoulder pain today", "make thursday a shoulder day"])
def test_a_part_inside_an_exercise_or_a_complaint_or_a_focus_is_not_kept_out(text: str) -> None:
    assert _analysis(text).body.avoid.body_parts == ()


@pytest.mark.parametrize(("locale", "text"), [
    (Locale.EN, "go easy on my shoulders on Thursday"),
    (Locale.IT, "vacci piano con le spalle giovedì"),
    (Locale.KO, "어깨는 살살 해줘"),
])
def test_gentle_with_a_body_part_is_no_tone_request(locale: Locale, text: str) -> None:
    assert _analysis(text, locale).tone.requested is None


@pytest.mark.parametrize(("locale", "text"), [
    (Locale.EN, "go easy on me"), (Locale.IT, "vacci piano con me"), (Locale.KO, "살살 해줘"),
])
def test_gentle_with_the_user_still_is(locale: Locale, text: str) -> None:
    assert _analysis(text, locale).tone.requested is Tone.GENTLE
