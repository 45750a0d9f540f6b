"""Onboarding over several messages, in each language: the coach asks for exactly the
essentials still missing (equipment, days, session length), records what it was told, never
guesses a plan, and proposes the first week once it knows enough, updating (not repeating)
what it already recorded."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import Locale, UserSettings
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.brain.providers.embedded.compose.phrasebook import PHRASES
from fitcoach.local.coach import LocalCoach
from fitcoach.memory.entries import Operation, StapleCategory, StapleEntry

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
STEPS = {
    "en": ("I want to build muscle", "I have dumbbells up to 20 kg and a bench",
           "4 days a week, 45 minutes"),
    "es": ("Quiero ganar músculo", "Tengo mancuernas de hasta 20 kg y un banco",
           "4 días a la semana, 45 minutos"),
    "it": ("Voglio aumentare la massa muscolare", "Ho manubri fino a 20 kg e una panca",
           "4 giorni a settimana, 45 minuti"),
    "he": ("אני רוצה לבנות שריר", 'יש לי משקולות יד עד 20 ק"ג וספסל', "4 ימים בשבוע, 45 דקות"),
    "ko": ("근육을 키우고 싶어요", "20kg까지 덤벨이랑 벤치가 있어요",
           "일주일에 4일, 45분씩 할 수 있어요"),
}


def ask(language: str, missing: str) -> str:
    [question] = PHRASES.variants(f"onboarding.ask.{missing}", language)
    return question


@pytest.mark.parametrize("language", list(STEPS))
def test_the_coach_asks_for_what_is_missing_then_plans(language: str) -> None:
    goal_step, gear_step, schedule_step = STEPS[language]
    chat = LocalCoach.sign_up(settings=UserSettings(user_id="u", locale=Locale(language)),
                              brain=EmbeddedBrain(), clock=lambda: NOW)

    first = asyncio.run(chat.send(goal_step)).outcome.result
    assert first.proposal.type is ProposalType.NONE  # no guessed plan
    [goal] = first.memory_mutations
    assert (goal.operation, (goal.entry or {}).get("category")) == (Operation.CREATE, "goal")
    assert first.message.endswith(ask(language, "gear_days_time"))

    second = asyncio.run(chat.send(gear_step)).outcome.result
    assert second.proposal.type is ProposalType.NONE
    [equipment] = second.memory_mutations
    assert equipment.entry is not None
    assert equipment.entry["max_dumbbell_lbs"] == pytest.approx(44.1, abs=0.05)  # 20 kg
    assert second.message.endswith(ask(language, "days_time"))

    third = asyncio.run(chat.send(schedule_step)).outcome.result
    assert third.proposal.type is ProposalType.UPDATE_WEEK
    [update] = third.memory_mutations
    assert update.operation is Operation.UPDATE
    goals = [i for i in chat.active_memory() if isinstance(i.entry, StapleEntry)
             and i.entry.category is StapleCategory.GOAL]
    assert len(goals) == 1
    assert goals[0].memory_id == update.memory_id
    assert (goals[0].entry.days_per_week, goals[0].entry.minutes_per_session) == (4, 45)
    assert goals[0].entry.goal is not None


def test_a_greeting_alone_is_welcomed_with_the_three_questions() -> None:
    chat = LocalCoach.sign_up(settings=UserSettings(user_id="u"), brain=EmbeddedBrain(),
                              clock=lambda: NOW)
    result = asyncio.run(chat.send("hi")).outcome.result
    assert result.proposal.type is ProposalType.NONE
    assert result.memory_mutations == []
    assert result.message == f"Hi, great to meet you. {ask('en', 'gear_days_time')}"
