"""An acute state changes one session (SPEC §2 routing: UPDATE_DAY) and names the later
sessions of the week that load the same part, with the words that change them too: those
words, sent back as they are (a chip), keep the part out of those days and add no memory."""

from __future__ import annotations

import asyncio
import datetime as dt
import re

import pytest

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import ActiveTab, Locale, RouteContext
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.brain.providers.embedded.compose.phrasebook import PHRASES
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.evals.states import load_states
from fitcoach.local.coach import LocalCoach
from fitcoach.programming.plan import DayPlan, WeeklyPlan

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)  # a Monday
# The seed's home user trains upper body Monday and Thursday: a shoulder strain on Monday
# (until Saturday) meets Thursday too. How each language names Thursday.
REPORTS = {
    Locale.EN: ("my right shoulder is tweaked", "Thursday"),
    Locale.ES: ("me duele el hombro derecho", "jueves"),
    Locale.IT: ("mi fa male la spalla destra", "giovedì"),
    Locale.HE: ("כואבת לי הכתף", "חמישי"),
    Locale.KO: ("어깨가 아파요", "목요일"),
}
_QUOTED = re.compile(r"[“«\"]([^”»\"]+)[”»\"]")


def _session(locale: Locale) -> LocalCoach:
    brain = EmbeddedBrain()
    return load_states()["home_db_user"].session(locale, NOW, brain, brain)


_PRESSES = frozenset({"arnold-press", "seated-db-shoulder-press", "flat-db-bench-press",
                      "incline-db-bench-press"})


def _shoulder_work(day: DayPlan) -> list[str]:
    return [e.exercise_id for e in day.exercises if e.exercise_id in _PRESSES]


@pytest.mark.parametrize("locale", list(REPORTS))
def test_the_reply_names_thursday_and_its_words_change_thursday(locale: Locale) -> None:
    message, thursday = REPORTS[locale]
    session = _session(locale)
    first = asyncio.run(session.send(message, now=NOW))
    result = first.outcome.result
    assert result.proposal.type is ProposalType.UPDATE_DAY
    assert result.proposal.target_day is Weekday.MONDAY  # one session changes
    assert thursday in result.message, result.message
    assert len(first.memory.applied) == 1  # the Tier 2 state, once
    quoted = _QUOTED.findall(result.message)
    assert quoted, result.message
    chip = quoted[-1]
    assert thursday in chip

    session.accept(now=NOW)
    second = asyncio.run(session.send(chip, now=NOW))
    follow = second.outcome.result
    assert follow.proposal.type is ProposalType.UPDATE_DAY, follow.message
    assert follow.proposal.target_day is Weekday.THURSDAY
    assert isinstance(follow.proposal.data, DayPlan)
    assert _shoulder_work(follow.proposal.data) == []
    assert follow.proposal.data.exercises  # the rows stay
    assert second.memory.applied == ()  # the state is already known


def test_a_state_that_touches_no_later_session_offers_nothing() -> None:
    # Sore hamstrings on Monday fade by Thursday morning: Tuesday's RDL is the one session.
    session = _session(Locale.EN)
    record = asyncio.run(session.send("my hamstrings are sore from yesterday's game", now=NOW))
    result = record.outcome.result
    assert result.proposal.target_day is Weekday.TUESDAY
    assert "Friday" not in result.message
    assert not _QUOTED.findall(result.message)


def test_several_later_days_make_one_week_proposal() -> None:
    brain = EmbeddedBrain()
    session = load_states()["gym_user"].session(Locale.EN, NOW, brain, brain)
    first = asyncio.run(session.send("my right shoulder is tweaked", now=NOW))
    chip = _QUOTED.findall(first.outcome.result.message)[-1]
    assert "Wednesday" in chip
    assert "Thursday" in chip
    session.accept(now=NOW)
    follow = asyncio.run(session.send(chip, now=NOW)).outcome.result
    assert follow.proposal.type is ProposalType.UPDATE_WEEK
    assert isinstance(follow.proposal.data, WeeklyPlan)
    wednesday = follow.proposal.data.days[Weekday.WEDNESDAY]
    assert "standing-overhead-press" not in [e.exercise_id for e in wednesday.exercises]


@pytest.mark.parametrize("locale", list(REPORTS))
@pytest.mark.parametrize("state", ["gym_user", "bodyweight_user"])
def test_the_words_change_every_day_they_name_and_nothing_else(locale: Locale,
                                                                 state: str) -> None:
    # Several later days ("화요일, 수요일, 목요일에도 …" once read as a new 3-day schedule), and
    # push-ups that the strain rules out though a plain "no shoulders" would keep them: each
    # day named changes, memory does not, the schedule stays.
    brain = EmbeddedBrain()
    session = load_states()[state].session(locale, NOW, brain, brain)
    first = asyncio.run(session.send(REPORTS[locale][0], now=NOW))
    chip = _QUOTED.findall(first.outcome.result.message)[-1]
    before = session.current_plan(NOW)
    assert before is not None
    session.accept(now=NOW)
    follow = asyncio.run(session.send(chip, now=NOW))
    proposal = follow.outcome.result.proposal
    assert follow.memory.applied == ()
    assert proposal.type is ProposalType.UPDATE_WEEK, follow.outcome.result.message
    assert isinstance(proposal.data, WeeklyPlan)
    assert [d for d, day in proposal.data.days.items() if day.is_training_day] == \
        [d for d, day in before.days.items() if day.is_training_day]
    changed = [d for d in proposal.data.days
               if proposal.data.days[d].exercises != session.current_plan(NOW).days[d].exercises]
    assert len(changed) >= 2


@pytest.mark.parametrize("locale", [locale.value for locale in REPORTS])
def test_every_language_has_the_offer_and_its_words(locale: str) -> None:
    for key in ("acute.later", "chip.acute_later"):
        assert PHRASES.variants(key, locale)


KNEES = {
    Locale.EN: ("my knee hurts", "Tuesday"), Locale.ES: ("me duele la rodilla", "martes"),
    Locale.IT: ("mi fa male il ginocchio", "martedì"), Locale.HE: ("כואבת לי הברך", "שלישי"),
    Locale.KO: ("무릎이 아파요", "화요일"),
}


@pytest.mark.parametrize("locale", list(KNEES))
def test_a_spared_day_on_screen_names_the_later_sessions_not_nothing(locale: Locale) -> None:
    # On Monday's screen (upper body) a sore knee changes nothing today; Tuesday and Friday
    # squat and lunge, so "nothing in your plan loads your knees" would be untrue.
    message, tuesday = KNEES[locale]
    session = _session(locale)
    route = RouteContext(active_tab=ActiveTab.TODAY, selected_day=Weekday.MONDAY)
    first = asyncio.run(session.send(message, route=route, now=NOW)).outcome.result
    assert first.proposal.type is ProposalType.NONE
    assert tuesday in first.message, first.message
    chip = _QUOTED.findall(first.message)[-1]
    follow = asyncio.run(session.send(chip, now=NOW)).outcome.result
    assert follow.proposal.type is ProposalType.UPDATE_WEEK, follow.message
    assert isinstance(follow.proposal.data, WeeklyPlan)
    for day in (Weekday.TUESDAY, Weekday.FRIDAY):
        slugs = [e.exercise_id for e in follow.proposal.data.days[day].exercises]
        assert "goblet-squat" not in slugs
