"""The seed's eight example messages, in each of the five languages, routed end to end.

Today is the seed's date, Monday 2026-09-14; messages 2-8 are read with an active plan, the
onboarding message without one. Expected values are written by hand from the seed.
"""

from __future__ import annotations

import datetime as dt

import pytest
from nlu_seed_messages import SEED_MESSAGES

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import ActiveTab, Locale
from fitcoach.brain.providers.embedded.nlu import analyze
from fitcoach.brain.providers.embedded.nlu.router import Intent, route
from fitcoach.catalog.vocabulary import (
    AcuteCondition,
    BodyPart,
    GearTag,
    Goal,
    MuscleGroup,
    Weekday,
)
from fitcoach.memory.entries import Operation, StapleCategory, Tier
from fitcoach.programming.focus import Focus

TODAY = dt.date(2026, 9, 14)  # a Monday, as in the seed's runtime context
SATURDAY = dt.date(2026, 9, 19)
LANGS = ["en", "es", "it", "he", "ko"]


def decide(lang: str, number: int, *, tab: ActiveTab = ActiveTab.COACH):
    analysis = analyze(SEED_MESSAGES[lang][number], today=TODAY, locale=Locale(lang),
                       selected_day=None, active_tab=tab)
    return route(analysis, has_plan=number != 1)


@pytest.mark.parametrize("lang", LANGS)
def test_onboarding(lang: str) -> None:
    decision = decide(lang, 1)
    a = decision.analysis
    assert decision.intent is Intent.ONBOARDING
    assert decision.proposal_type is ProposalType.UPDATE_WEEK
    assert decision.target_day is None
    assert a.gear.owned == {GearTag.DUMBBELLS, GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH}
    # 22 kg → 48.5 lb; the Korean seed says 50 lb.
    assert a.gear.max_dumbbell_lbs == (50.0 if lang == "ko" else 48.5)
    assert a.time.days_per_week == 4
    assert a.time.minutes == 45
    assert a.quantities.age == 32
    assert a.goals.goal is Goal.HYPERTROPHY
    assert a.goals.priority_groups == (MuscleGroup.CHEST, MuscleGroup.SHOULDERS)
    [chronic] = a.body.chronic
    assert chronic.body_part is BodyPart.LOWER_BACK
    assert chronic.heavy_only
    assert not a.body.acute
    assert decision.schedule.days_per_week == 4
    assert decision.schedule.minutes == 45
    kinds = {(m.operation, m.tier, m.category) for m in decision.memory_actions}
    assert kinds == {
        (Operation.CREATE, Tier.STAPLES, StapleCategory.EQUIPMENT),
        (Operation.CREATE, Tier.STAPLES, StapleCategory.GOAL),
        (Operation.CREATE, Tier.STAPLES, StapleCategory.CHRONIC_CONDITION),
    }
    assert decision.reply_language is Locale(lang)


@pytest.mark.parametrize("lang", ["en", "es", "it", "ko"])
def test_onboarding_names_the_deadlift_as_the_trigger(lang: str) -> None:
    # The Hebrew seed says "heavy weights", not deadlifts. "Heavy deadlifts" are the heavy
    # (barbell) members of the family: the light dumbbell RDL stays available.
    [chronic] = decide(lang, 1).analysis.body.chronic
    assert chronic.trigger_exercises == ("conventional-deadlift", "romanian-deadlift")


@pytest.mark.parametrize("lang", LANGS)
def test_day_change(lang: str) -> None:
    decision = decide(lang, 2)
    assert decision.intent is Intent.DAY_CHANGE
    assert decision.proposal_type is ProposalType.UPDATE_DAY
    assert decision.target_day is Weekday.MONDAY
    assert decision.schedule.minutes == 30
    assert decision.schedule.previous_minutes == 45
    assert decision.schedule.keep_focus is MuscleGroup.CHEST
    assert decision.memory_actions == ()


@pytest.mark.parametrize("lang", LANGS)
def test_week_overhaul(lang: str) -> None:
    decision = decide(lang, 3)
    assert decision.intent is Intent.WEEK_OVERHAUL
    assert decision.proposal_type is ProposalType.UPDATE_WEEK
    assert decision.target_day is None
    assert decision.schedule.training_days == (
        Weekday.MONDAY, Weekday.WEDNESDAY, Weekday.FRIDAY, Weekday.SATURDAY,
    )
    assert decision.schedule.day_focus == {Weekday.SATURDAY: Focus.ARMS_SHOULDERS}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("tab", [ActiveTab.COACH, ActiveTab.WORKOUT])
def test_gym_swap(lang: str, tab: ActiveTab) -> None:
    decision = decide(lang, 4, tab=tab)
    assert decision.intent is Intent.GYM_SWAP
    assert decision.proposal_type is ProposalType.UPDATE_DAY
    assert decision.target_day is Weekday.MONDAY  # today
    assert decision.swap is not None
    assert decision.swap.exercise_out == "incline-db-bench-press"
    assert decision.swap.busy_gear == {GearTag.FLAT_BENCH}
    assert decision.brevity.value == "ultra_brief"
    assert decision.analysis.gear.owned == frozenset()  # a taken bench is not an inventory


@pytest.mark.parametrize("lang", LANGS)
def test_acute_state(lang: str) -> None:
    decision = decide(lang, 5)
    a = decision.analysis
    assert decision.intent is Intent.ACUTE_STATE
    assert decision.proposal_type is ProposalType.UPDATE_DAY
    assert decision.target_day is Weekday.MONDAY
    [report] = a.body.acute
    assert report.body_part is BodyPart.SHOULDERS
    assert report.condition is AcuteCondition.MINOR_STRAIN  # the 5-day class
    assert report.side == "right"
    [action] = decision.memory_actions
    assert (action.operation, action.tier, action.body_part, action.condition) == (
        Operation.CREATE, Tier.PHYSIOLOGICAL, BodyPart.SHOULDERS, AcuteCondition.MINOR_STRAIN,
    )
    assert "incline-db-bench-press" in a.body.avoid.exercises
    assert a.body.avoid.heavy_only


@pytest.mark.parametrize("lang", ["en", "it", "he", "ko"])
def test_acute_state_avoids_overhead_work(lang: str) -> None:
    assert decide(lang, 5).analysis.body.avoid.overhead


def test_acute_state_in_spanish_names_the_military_press() -> None:
    assert decide("es", 5).analysis.body.avoid.exercises == (
        "standing-overhead-press", "incline-db-bench-press",
    )


@pytest.mark.parametrize("lang", LANGS)
def test_situational_event(lang: str) -> None:
    decision = decide(lang, 6)
    a = decision.analysis
    assert decision.intent is Intent.SITUATIONAL_EVENT
    assert decision.proposal_type is ProposalType.UPDATE_WEEK
    [event] = a.events
    assert event.name == "golf tournament"
    assert (event.start, event.end) == (SATURDAY, SATURDAY)
    assert not event.travel
    assert set(event.protect) == {BodyPart.BACK, BodyPart.FOREARMS, BodyPart.SHOULDERS}
    assert a.body.conditions == ()  # "fried", "agotados", "피로": protect, not complaints
    assert [(m.operation, m.tier) for m in decision.memory_actions] == [
        (Operation.CREATE, Tier.SITUATIONAL)
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_progress_review(lang: str) -> None:
    decision = decide(lang, 7)
    assert decision.intent is Intent.PROGRESS_REVIEW
    assert decision.proposal_type is ProposalType.NONE
    tools = {(t.name, t.exercise_slug, t.muscle_group, t.limit) for t in decision.tools}
    assert tools == {
        ("get_historical_exercise_logs", "incline-db-bench-press", None, 3),
        ("get_volume_trends", None, MuscleGroup.CHEST, 3),
    }
    assert decision.analysis.cues.volume  # "trading volume", "search volume" included


@pytest.mark.parametrize("lang", LANGS)
def test_form_question(lang: str) -> None:
    decision = decide(lang, 8)
    a = decision.analysis
    assert decision.intent is Intent.FORM_QA
    assert decision.proposal_type is ProposalType.NONE
    assert decision.target_day is None
    assert decision.memory_actions == ()
    assert BodyPart.UPPER_BACK in {p for m in a.body.mentions for p in m.parts}
    assert a.body.conditions == ()
    assert a.exercises.out is None


@pytest.mark.parametrize("lang", ["en", "es", "it", "ko"])
def test_form_question_names_the_dumbbell_row(lang: str) -> None:
    # The Hebrew seed says "when I lift dumbbells": no exercise to name.
    assert decide(lang, 8).analysis.exercises.slugs == ("single-arm-db-row",)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("number", range(1, 9))
def test_reply_language_is_the_message_language(lang: str, number: int) -> None:
    decision = decide(lang, number)
    if lang == "it" and number == 4:
        # "La panchina è occupata. What can I do…": mixed, answered in the user's Italian.
        assert decision.analysis.language.mixed
    assert decision.reply_language is Locale(lang)
