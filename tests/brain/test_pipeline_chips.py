"""Every suggested edit the generator offers ("Shorten Monday to 35 minutes", "Move Friday's
session to Saturday"…) is a chip the user can tap: sent back as a chat message, it must route
to a change the engine can apply, in every language.

Week chips are sent from the Week tab; day chips from the day's screen (the Today tab with
that day selected), as the web client sends them. Plans come from the generator for four
different people.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import re

import pytest

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import ActiveTab, Locale, RouteContext, UserSettings
from fitcoach.brain.profile_builder import build_profile
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.catalog.vocabulary import WEEKDAYS, GearTag, Unit, Weekday
from fitcoach.local.coach import LocalCoach
from fitcoach.memory.entries import MemoryItem, StapleEntry, Tier
from fitcoach.programming.generator import generate_week
from fitcoach.programming.plan import WeeklyPlan

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
WEEK_START = dt.date(2026, 9, 14)
LANGS = ["en", "es", "it", "he", "ko"]
ACCEPT_BUTTON = {"en": "Accept Plan", "es": "Aceptar plan", "it": "Accetta piano",
                 "he": "אישור התוכנית", "ko": "플랜 수락"}


def staple(memory_id: str, **entry: object) -> MemoryItem:
    at = NOW - dt.timedelta(days=3)
    return MemoryItem(memory_id=memory_id, tier=Tier.STAPLES, entry=StapleEntry(**entry),
                      created_at=at, updated_at=at)


PEOPLE: dict[str, tuple[MemoryItem, ...]] = {
    "seed_home_gym": (
        staple("m1", category="equipment", fact="Home gym",
               gear=("dumbbells", "flat_bench", "incline_bench"), max_dumbbell_lbs=48.5),
        staple("m2", category="goal", fact="Chest and delts", goal="hypertrophy",
               priority_groups=("Chest", "Shoulders"), days_per_week=4, minutes_per_session=45),
        staple("m3", category="chronic_condition", fact="Lower back",
               body_parts=("lower_back",), avoid_exercises=("conventional-deadlift",)),
    ),
    "full_gym": (
        staple("m1", category="equipment", fact="Commercial gym",
               gear=tuple(tag.value for tag in GearTag)),
        staple("m2", category="goal", fact="Strength", goal="strength", days_per_week=5,
               minutes_per_session=60),
    ),
    "bodyweight": (
        staple("m1", category="equipment", fact="Nothing", gear=()),
        staple("m2", category="goal", fact="Fat loss", goal="fat_loss", days_per_week=3,
               minutes_per_session=30),
    ),
    "bar_and_dumbbells": (
        staple("m1", category="equipment", fact="Bar and dumbbells",
               gear=("pull_up_bar", "dumbbells"), max_dumbbell_lbs=30),
        staple("m2", category="goal", fact="Fitness", goal="general_fitness",
               training_days=("monday", "wednesday", "friday"), days_per_week=3,
               minutes_per_session=40),
    ),
}


def _plan(language: str, person: str) -> WeeklyPlan:
    settings = UserSettings(user_id="u", locale=Locale(language))
    profile = build_profile(PEOPLE[person], now=NOW, settings=settings).profile
    return generate_week(profile, WEEK_START, language).plan


def _chips(language: str, person: str) -> list[tuple[str, Weekday | None]]:
    plan = _plan(language, person)
    chips: list[tuple[str, Weekday | None]] = [(text, None) for text in plan.suggested_edits]
    chips += [(text, day) for day in WEEKDAYS for text in plan.days[day].suggested_edits]
    return chips


CASES = [(language, person, text, day) for language in LANGS for person in PEOPLE
         for text, day in _chips(language, person)]


def test_the_generator_offers_chips_for_every_person_and_language() -> None:
    for language in LANGS:
        for person in PEOPLE:
            assert _chips(language, person), (language, person)


@pytest.mark.parametrize(("language", "person", "chip", "day"), CASES,
                         ids=[f"{c[0]}-{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_a_chip_routes_to_an_applicable_change(language: str, person: str, chip: str,
                                                day: Weekday | None) -> None:
    session = LocalCoach.sign_up(settings=UserSettings(user_id="u", locale=Locale(language),
                                                       units=Unit.KG),
                                 brain=EmbeddedBrain(), memory=list(PEOPLE[person]),
                                 plan=_plan(language, person), clock=lambda: NOW)
    route = RouteContext(active_tab=ActiveTab.WEEK) if day is None else \
        RouteContext(active_tab=ActiveTab.TODAY, selected_day=day)
    record = asyncio.run(session.send(chip, route=route))
    result = record.outcome.result
    assert record.outcome.meta.get("rejected") is None, result.message
    assert result.proposal.type is not ProposalType.NONE, result.message
    if day is not None and result.proposal.type is ProposalType.UPDATE_DAY:
        assert result.proposal.target_day is day
    assert ACCEPT_BUTTON[language] in result.message
    if language == "he":
        assert re.search(r"[\u05d0-\u05ea]", result.message)
    if language == "ko":
        assert re.search(r"[\uac00-\ud7a3]", result.message)
