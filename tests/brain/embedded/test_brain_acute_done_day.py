"""An acute state reported after today's workout is logged: today is history (DESIGN D7), so
the change goes to the next session of the week not yet done that loads the part; when no
such session is left, the state is remembered and nothing needs changing (never a change
aimed at the logged day and refused as day_done)."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from fitcoach.analytics.logs import ExerciseRecord, SetRecord
from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import ActiveTab, Locale, RouteContext
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.evals.states import load_states
from fitcoach.local.coach import LocalCoach
from fitcoach.programming.plan import DayPlan

MONDAY = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
SORE_SHOULDER = {
    Locale.EN: "my right shoulder is sore",
    Locale.ES: "me duele el hombro derecho",
    Locale.IT: "mi fa male la spalla destra",
    Locale.HE: "כואבת לי הכתף",
    Locale.KO: "어깨가 아파요",
}


def _session(locale: Locale = Locale.EN) -> LocalCoach:
    brain = EmbeddedBrain()
    return load_states()["home_db_user"].session(locale, MONDAY, brain, brain)


def _log(session: LocalCoach, day: dt.datetime) -> None:
    bench = ExerciseRecord(exercise_id="incline-db-bench-press",
                           sets=(SetRecord(weight_lbs=45, reps=10, rpe=8),) * 3)
    session.log_workout([bench], now=day)


def _send(session: LocalCoach, message: str, now: dt.datetime,
          route: RouteContext | None = None):
    return asyncio.run(session.send(message, route=route, now=now))


@pytest.mark.parametrize("locale", list(SORE_SHOULDER))
def test_a_sore_shoulder_after_mondays_workout_changes_thursday(locale: Locale) -> None:
    # Monday (upper body) is logged; Tuesday is a lower day; Thursday presses again.
    session = _session(locale)
    evening = MONDAY.replace(hour=19)
    _log(session, MONDAY.replace(hour=18))
    assert session.current_plan(evening).days[Weekday.MONDAY].completed_log_id is not None
    record = _send(session, SORE_SHOULDER[locale], evening)
    result = record.outcome.result
    assert "rejected" not in record.outcome.meta, record.outcome.meta
    assert result.proposal.type is ProposalType.UPDATE_DAY, result.message
    assert result.proposal.target_day is Weekday.THURSDAY
    assert isinstance(result.proposal.data, DayPlan)
    # The Arnold press (the shoulders its prime movers) goes, whatever the condition.
    assert "arnold-press" not in {e.exercise_id for e in result.proposal.data.exercises}
    assert len(record.memory.applied) == 1  # the Tier 2 state


def test_the_today_screen_of_a_logged_day_is_not_the_day_to_change() -> None:
    # The client sends the day on screen; Monday on the Today tab is done, so it is not
    # where the change goes either.
    session = _session()
    _log(session, MONDAY.replace(hour=18))
    route = RouteContext(active_tab=ActiveTab.TODAY, selected_day=Weekday.MONDAY)
    record = _send(session, "my shoulder is sore", MONDAY.replace(hour=19), route)
    assert "rejected" not in record.outcome.meta, record.outcome.meta
    assert record.outcome.result.proposal.target_day is Weekday.THURSDAY


def test_tired_after_mondays_workout_lightens_the_next_session() -> None:
    session = _session()
    _log(session, MONDAY.replace(hour=18))
    record = _send(session, "I'm exhausted, barely slept", MONDAY.replace(hour=19))
    assert "rejected" not in record.outcome.meta, record.outcome.meta
    assert record.outcome.result.proposal.type is ProposalType.UPDATE_DAY
    assert record.outcome.result.proposal.target_day is Weekday.TUESDAY


def test_with_no_session_left_that_loads_it_the_state_is_only_remembered() -> None:
    # Thursday (the week's last upper day) is logged; Friday's lower session spares the
    # shoulder: nothing to change, and no refusal.
    session = _session()
    thursday = MONDAY + dt.timedelta(days=3)
    _log(session, thursday.replace(hour=18))
    record = _send(session, "my right shoulder is sore", thursday.replace(hour=19))
    result = record.outcome.result
    assert "rejected" not in record.outcome.meta, record.outcome.meta
    assert result.proposal.type is ProposalType.NONE
    assert len(record.memory.applied) == 1
    assert "Friday" not in result.message
    assert "stay as they are" in result.message, result.message


def test_a_logged_day_named_outright_is_still_refused_honestly() -> None:
    # The user names the logged day itself: that day cannot change, and the coach says so.
    session = _session()
    _log(session, MONDAY.replace(hour=18))
    record = _send(session, "my shoulder is sore, keep it out of Monday",
                   MONDAY.replace(hour=19))
    assert record.outcome.result.proposal.type is ProposalType.NONE
    assert [reason.split(":")[1].strip() for reason in record.outcome.meta["rejected"]] == [
        "day_done"]
