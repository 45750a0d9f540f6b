"""A new acute state gets the same change whichever brain reads it (DESIGN D9): the engine
chooses the session. An LLM answers `relieve_acute` without knowing the day (or with a wrong
guess), the embedded brain stages the same request, and the proposal is the same day with the
same content. Today's session counts while it is not done."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from fitcoach.analytics.logs import ExerciseRecord, SetRecord
from fitcoach.brain.contract import ProposalType
from fitcoach.brain.decision import BrainDecision, BrainRequest, Materialized
from fitcoach.brain.pipeline import run_turn
from fitcoach.brain.ports import ActiveTab, LogReader, RouteContext, UserSettings
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.brain.providers.llm_common.answer_parser import parse_answer
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.local.coach import LocalCoach
from fitcoach.programming.plan import DayPlan

sys.path.insert(0, str(Path(__file__).parent / "embedded"))
from nlu_seed_messages import SEED_MESSAGES

MONDAY = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
SORE_CHEST = "my chest is really sore"
CHEST_PRESSING = {"incline-db-bench-press", "flat-db-bench-press", "db-chest-flye"}


class LLMAnswer:
    """An LLM brain's turn: its JSON answer, read by the parser every LLM brain uses."""

    name = "scripted-llm"

    def __init__(self, answer: dict[str, Any]) -> None:
        self.text = json.dumps(answer)

    async def decide(self, request: BrainRequest, logs: LogReader) -> BrainDecision:
        return parse_answer(self.text, request)

    def finalize_message(self, request: BrainRequest, decision: BrainDecision,
                         outcome: Materialized | None) -> str:
        return decision.message


def _llm(target_day: str | None) -> LLMAnswer:
    return LLMAnswer({
        "proposal_type": "UPDATE_DAY", "target_day": target_day, "language": "en",
        "edits": [{"op": "relieve_acute", "areas": [{"body_part": "chest",
                                                      "condition": "soreness"}]}],
        "memory_mutations": [{
            "operation": "CREATE", "target_tier": "tier_2_physiological", "memory_id": None,
            "entry": {"body_part": "chest", "condition": "soreness",
                      "fact": "Chest sore after training."},
            "reason": "A new sore chest."}],
        "message": "Your next session that works your chest is staged without it."})


def onboarded() -> LocalCoach:
    chat = LocalCoach.sign_up(settings=UserSettings(user_id="u"), brain=EmbeddedBrain(),
                              clock=lambda: MONDAY)
    asyncio.run(chat.send(SEED_MESSAGES["en"][1]))
    chat.accept()
    return chat


def _proposal(chat: LocalCoach, brain: Any, route: RouteContext | None = None) -> Any:
    turn = chat.turn_input(SORE_CHEST, now=MONDAY, **({"route": route} if route else {}))
    return asyncio.run(run_turn(turn, brain, chat.log_reader)).result.proposal


def _chest_work(day: DayPlan) -> set[str]:
    return {e.exercise_id for e in day.exercises} & CHEST_PRESSING


@pytest.mark.parametrize("guess", [None, "thursday"])
def test_every_brain_gets_the_engine_s_day_and_the_same_session(guess: str | None) -> None:
    chat = onboarded()
    plan = chat.plan
    assert plan is not None
    assert _chest_work(plan.days[Weekday.MONDAY])  # today presses
    embedded = _proposal(chat, EmbeddedBrain())
    llm = _proposal(chat, _llm(guess))
    for proposal in (embedded, llm):
        assert proposal.type is ProposalType.UPDATE_DAY
        assert proposal.target_day is Weekday.MONDAY  # today's session, not done yet
        assert isinstance(proposal.data, DayPlan)
        assert _chest_work(proposal.data) == set()
    assert llm.data == embedded.data
    assert llm.summary_diff == embedded.summary_diff


def test_with_today_done_both_brains_change_thursday() -> None:
    chat = onboarded()
    chat.log_workout([ExerciseRecord(exercise_id="incline-db-bench-press",
                                     sets=(SetRecord(weight_lbs=40, reps=10),))], now=MONDAY)
    embedded = _proposal(chat, EmbeddedBrain())
    llm = _proposal(chat, _llm(None))
    assert embedded.target_day is llm.target_day is Weekday.THURSDAY
    assert llm.data == embedded.data


def test_a_spared_day_on_screen_never_says_nothing_loads_the_area() -> None:
    # Looking at Saturday (a rest day past the soreness) on Monday: the reply once said
    # "nothing in your plan before Thursday loads your chest" with presses on Monday.
    chat = onboarded()
    route = RouteContext(active_tab=ActiveTab.WEEK, selected_day=Weekday.SATURDAY)
    record = asyncio.run(chat.send(SORE_CHEST, route=route, now=MONDAY))
    message = record.outcome.result.message
    assert "Nothing in your plan" not in message
    assert "Monday" in message, message
    assert "Thursday" in message, message
