"""Moving one session through the real pipeline: the week keeps every other session where it
was, the goal's schedule is left alone (so a later "new plan" still builds the user's week),
and a move meant to last stores the whole new set of days."""

from __future__ import annotations

import asyncio
import datetime as dt
import sys
from pathlib import Path

import pytest

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import Locale, UserSettings
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.catalog.vocabulary import WEEKDAYS, Unit, Weekday
from fitcoach.local.coach import LocalCoach
from fitcoach.memory.entries import StapleCategory, StapleEntry

sys.path.insert(0, str(Path(__file__).parent / "embedded"))
from nlu_seed_messages import SEED_MESSAGES

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
MON, TUE, WED, THU, FRI, SAT = (Weekday.MONDAY, Weekday.TUESDAY, Weekday.WEDNESDAY,
                                Weekday.THURSDAY, Weekday.FRIDAY, Weekday.SATURDAY)

MOVE_FRIDAY = {
    "en": "Can you move Friday's session to Saturday?",
    "es": "¿Puedes mover la sesión del viernes al sábado?",
    "it": "Puoi spostare l'allenamento di venerdì a sabato?",
    "he": "אפשר להעביר את האימון של יום שישי לשבת?",
    "ko": "금요일 운동을 토요일로 옮겨 줄래요?",
}
NEW_PLAN = {"en": "Make me a new plan", "es": "Hazme un plan nuevo",
            "it": "Fammi un piano nuovo", "he": "תבנה לי תוכנית חדשה",
            "ko": "새 계획 짜줘"}
SWAP = {"en": "swap monday and tuesday", "es": "intercambia el lunes y el martes",
        "it": "inverti lunedì e martedì", "he": "תחליף בין יום שני ליום שלישי",
        "ko": "월요일이랑 화요일 운동 바꿔줘"}
LASTING = {
    "en": "From now on I'll train Wednesday instead of Thursday",
    "es": "A partir de ahora entreno el miércoles en vez del jueves",
    "it": "Da ora in poi mi alleno il mercoledì al posto del giovedì",
    "he": "מעכשיו אני מתאמן ביום רביעי במקום ביום חמישי",
    "ko": "앞으로는 목요일 말고 수요일에 운동할게요",
}


def onboarded(language: str) -> LocalCoach:
    chat = LocalCoach.sign_up(settings=UserSettings(user_id="u", locale=Locale(language),
                                                    units=Unit.KG),
                              brain=EmbeddedBrain(), clock=lambda: NOW)
    send(chat, SEED_MESSAGES[language][1])
    chat.accept()
    return chat


def send(chat: LocalCoach, message: str):  # type: ignore[no-untyped-def]
    return asyncio.run(chat.send(message, now=NOW))


def trained(plan) -> tuple[Weekday, ...]:  # type: ignore[no-untyped-def]
    return tuple(d for d in WEEKDAYS if plan.days[d].is_training_day)


def goal(chat: LocalCoach) -> StapleEntry:
    [entry] = [i.entry for i in chat.active_memory() if isinstance(i.entry, StapleEntry)
               and i.entry.category is StapleCategory.GOAL]
    return entry


@pytest.mark.parametrize("language", list(MOVE_FRIDAY))
def test_moving_one_session_keeps_the_others_and_the_goal(language: str) -> None:
    chat = onboarded(language)
    before = chat.current_plan()
    assert trained(before) == (MON, TUE, THU, FRI)
    schedule = goal(chat)
    record = send(chat, MOVE_FRIDAY[language])
    result = record.outcome.result
    assert result.proposal.type is ProposalType.UPDATE_WEEK
    assert record.memory.applied == ()
    assert goal(chat) == schedule
    plan = result.proposal.data
    assert trained(plan) == (MON, TUE, THU, SAT)
    for day in (MON, TUE, THU):  # untouched
        assert plan.days[day] == before.days[day]
    assert [e.exercise_id for e in plan.days[SAT].exercises] == \
        [e.exercise_id for e in before.days[FRI].exercises]
    # Rejected or accepted, a new plan asked for later still builds the user's 4-day week.
    chat.reject()
    answer = send(chat, NEW_PLAN[language]).outcome.result
    # The same week as the active one is not staged again (nothing would change).
    fresh = answer.proposal.data or chat.current_plan()
    assert len(trained(fresh)) == 4


@pytest.mark.parametrize("language", list(SWAP))
def test_two_days_trade_sessions(language: str) -> None:
    chat = onboarded(language)
    before = chat.current_plan()
    result = send(chat, SWAP[language]).outcome.result
    plan = result.proposal.data
    assert trained(plan) == trained(before)
    assert plan.days[MON].title == before.days[TUE].title
    assert plan.days[TUE].title == before.days[MON].title
    assert plan.days[THU] == before.days[THU]
    assert plan.days[FRI] == before.days[FRI]


@pytest.mark.parametrize("language", list(LASTING))
def test_a_move_meant_to_last_stores_the_whole_new_schedule(language: str) -> None:
    chat = onboarded(language)
    record = send(chat, LASTING[language])
    assert trained(record.outcome.result.proposal.data) == (MON, TUE, WED, FRI)
    entry = goal(chat)
    assert entry.training_days == (MON, TUE, WED, FRI)
    assert entry.days_per_week == 4


def test_a_move_onto_a_training_day_offers_the_swap_instead() -> None:
    chat = onboarded("en")
    result = send(chat, "move Thursday's session to Friday").outcome.result
    assert result.proposal.type is ProposalType.NONE
    assert 'say "Swap Thursday and Friday"' in result.message
    swap = send(chat, "Swap Thursday and Friday").outcome.result
    assert swap.proposal.type is ProposalType.UPDATE_WEEK
