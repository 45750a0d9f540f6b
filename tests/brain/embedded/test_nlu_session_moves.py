"""One session moved, or two days' sessions swapped: read as a plan edit of those two days
(never as a new two-day schedule), in every language, and remembered as the goal's schedule
only when the user says the change is meant to last."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import Locale
from fitcoach.brain.providers.embedded.nlu import analyze, route
from fitcoach.brain.providers.embedded.nlu.memory_view import MemoryFact, MemorySummary
from fitcoach.brain.providers.embedded.nlu.router import Intent, RoutingDecision
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.memory.entries import Operation, StapleCategory, Tier

TODAY = dt.date(2026, 9, 14)  # Monday
MON, TUE, WED, THU, FRI, SAT = (Weekday.MONDAY, Weekday.TUESDAY, Weekday.WEDNESDAY,
                                Weekday.THURSDAY, Weekday.FRIDAY, Weekday.SATURDAY)
GOAL = MemorySummary(facts=(MemoryFact(memory_id="mem_goal", tier=Tier.STAPLES,
                                       category=StapleCategory.GOAL),))

MOVES = [
    # (lang, message, (old day, new day))
    ("en", "Can you move Thursday's workout to Wednesday?", (THU, WED)),
    ("en", "could you shift my thursday session over to wednesday", (THU, WED)),
    ("en", "Can I train on Wednesday instead of Thursday?", (THU, WED)),
    ("en", "Can I do Friday's workout on Saturday instead?", (FRI, SAT)),
    ("es", "¿Puedes mover la sesión del viernes al sábado?", (FRI, SAT)),
    ("es", "el jueves no puedo, ¿lo pasamos al miércoles?", (THU, WED)),
    ("es", "¿Puedo entrenar el miércoles en lugar del jueves?", (THU, WED)),
    ("it", "Puoi spostare l'allenamento di giovedì a mercoledì?", (THU, WED)),
    ("it", "Posso allenarmi sabato invece di venerdì?", (FRI, SAT)),
    ("he", "אפשר להעביר את האימון של יום חמישי ליום רביעי?", (THU, WED)),
    ("he", "אני יכול להתאמן בשבת במקום ביום שישי?", (FRI, SAT)),
    ("ko", "목요일 운동을 수요일로 옮겨 줄래요?", (THU, WED)),
    ("ko", "금요일 대신 토요일에 운동해도 돼요?", (FRI, SAT)),
]

EXCHANGES = [
    ("en", "Swap Thursday and Saturday", (THU, SAT)),
    ("en", "switch monday with tuesday", (MON, TUE)),
    ("es", "intercambia el lunes y el martes", (MON, TUE)),
    ("it", "inverti lunedì e martedì", (MON, TUE)),
    ("he", "תחליף בין יום שני ליום שלישי", (MON, TUE)),
    ("ko", "월요일이랑 화요일 운동 바꿔줘", (MON, TUE)),
]

LASTING = [
    ("en", "From now on I'll train Wednesday instead of Thursday, every week.", (THU, WED)),
    ("es", "A partir de ahora entreno el miércoles en vez del jueves", (THU, WED)),
    ("it", "Da ora in poi mi alleno il mercoledì al posto del giovedì", (THU, WED)),
    ("he", "מעכשיו אני מתאמן ביום רביעי במקום ביום חמישי", (THU, WED)),
    ("ko", "앞으로는 목요일 말고 수요일에 운동할게요", (THU, WED)),
]


def _route(lang: str, message: str) -> RoutingDecision:
    analysis = analyze(message, today=TODAY, locale=Locale(lang))
    return route(analysis, has_plan=True, memory_summary=GOAL)


@pytest.mark.parametrize(("lang", "message", "move"), MOVES)
def test_one_session_moves_and_the_schedule_stays(lang: str, message: str,
                                                   move: tuple[Weekday, Weekday]) -> None:
    decision = _route(lang, message)
    assert (decision.intent, decision.proposal_type) == (Intent.WEEK_OVERHAUL,
                                                         ProposalType.UPDATE_WEEK)
    assert decision.schedule.moves == (move,)
    # The two days named are the old and the new day, never a two-day schedule...
    assert decision.schedule.training_days == ()
    # ...and moving one session is no new schedule for the goal.
    assert decision.memory_actions == ()


@pytest.mark.parametrize(("lang", "message", "pair"), EXCHANGES)
def test_two_days_trade_their_sessions(lang: str, message: str,
                                       pair: tuple[Weekday, Weekday]) -> None:
    decision = _route(lang, message)
    assert decision.proposal_type is ProposalType.UPDATE_WEEK
    assert decision.schedule.exchanges == (pair,)
    assert decision.schedule.moves == ()
    assert decision.memory_actions == ()


@pytest.mark.parametrize(("lang", "message", "move"), LASTING)
def test_a_move_meant_to_last_updates_the_goal(lang: str, message: str,
                                               move: tuple[Weekday, Weekday]) -> None:
    decision = _route(lang, message)
    assert decision.schedule.moves == (move,)
    assert decision.schedule.lasting
    [action] = decision.memory_actions
    assert (action.operation, action.category, action.memory_id) == (
        Operation.UPDATE, StapleCategory.GOAL, "mem_goal")


def test_the_new_days_are_the_old_ones_minus_the_moved_plus_the_new() -> None:
    schedule = _route("en", "From now on I train Wednesday instead of Thursday").schedule
    assert schedule.after_moves((MON, TUE, THU, FRI)) == (MON, TUE, WED, FRI)
    swap = _route("en", "swap thursday and saturday").schedule
    assert swap.after_moves((MON, TUE, THU, FRI)) == (MON, TUE, FRI, SAT)
    assert _route("en", "swap monday and tuesday").schedule.after_moves(
        (MON, TUE, THU, FRI)) == (MON, TUE, THU, FRI)
    # A move onto a day that already trains cannot be made as asked.
    assert _route("en", "move thursday's session to friday").schedule.after_moves(
        (MON, TUE, THU, FRI)) is None


@pytest.mark.parametrize("message", [
    "swap the curls on Monday and Thursday for hammer curls",  # exercises: not a day swap
    "Move my training days to Monday, Wednesday, Friday and Saturday",  # a new schedule
    "I only have 30 minutes on Monday instead of 45",  # one day
])
def test_what_is_not_a_session_move(message: str) -> None:
    time = analyze(message, today=TODAY, locale=Locale.EN).time
    assert (time.moves, time.exchanges) == ((), ())
