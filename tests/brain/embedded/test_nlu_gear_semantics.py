"""Gear negation, exclusivity, bare lists and gear outside the catalog's tags (DESIGN D9).

Each message is a fresh phrasing of a failure class of issue 10, in all five languages.
"""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest
from nlu_helpers import gear_facts

from fitcoach.brain.ports import Locale, RouteContext, UserSettings
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.brain.providers.embedded.compose.phrasebook import PHRASES
from fitcoach.catalog.vocabulary import FULL_GYM, GearTag, Unit
from fitcoach.evals.states import load_states
from fitcoach.local.coach import LocalCoach

G = GearTag
NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)

# "A gym, but without a barbell or a squat rack": the explicit lack wins over the gym.
GYM_WITHOUT_BARBELL_AND_RACK = {
    "en": "I lift at the little gym in my apartment complex, there's no barbell or squat rack",
    "es": "Entreno en el gimnasio de mi edificio, pero no hay barra ni rack",
    "it": "Mi alleno nella palestra del condominio: niente bilanciere, niente rack",
    "he": "אני מתאמן בחדר הכושר של הבניין, אין מוט ואין כלוב",
    "ko": "아파트 헬스장 다니는데 바벨이랑 스쿼트랙은 없어요",
}


@pytest.mark.parametrize("language", list(GYM_WITHOUT_BARBELL_AND_RACK))
def test_an_explicit_lack_wins_over_what_a_gym_implies(language: str) -> None:
    facts = gear_facts(GYM_WITHOUT_BARBELL_AND_RACK[language])
    assert facts.owned == FULL_GYM - {G.BARBELL, G.SQUAT_RACK}
    assert facts.removed == {G.BARBELL, G.SQUAT_RACK}
    assert not facts.full_gym  # the inventory is no longer "everything"


def test_a_negation_ends_at_the_next_word_that_is_not_gear() -> None:
    # "niente sbarra, vado in palestra": the gym is not negated, the pull-up bar is.
    facts = gear_facts("niente bilanciere, niente sbarra, vado in palestra")
    assert facts.removed == {G.BARBELL, G.PULL_UP_BAR}
    assert G.DUMBBELLS in facts.owned


# "Only two 10 kg dumbbells and a mat": the whole inventory, dumbbells with their maximum.
ONLY_DUMBBELLS_AND_MAT = {
    "en": "only two 10 kg dumbbells and a mat",
    "es": "solo un par de mancuernas de 10 kg y una esterilla",
    "it": "ho soltanto due manubri da 10 kg e un tappetino",
    "he": "רק זוג משקולות יד של 10 קילו ומזרן",
    "ko": "10kg 덤벨 두 개랑 요가매트밖에 없어요",
}


@pytest.mark.parametrize("language", list(ONLY_DUMBBELLS_AND_MAT))
def test_only_a_list_keeps_the_dumbbells_with_their_maximum(language: str) -> None:
    facts = gear_facts(ONLY_DUMBBELLS_AND_MAT[language])
    assert facts.owned == {G.DUMBBELLS}
    assert facts.removed == frozenset()
    assert facts.max_dumbbell_lbs == pytest.approx(22.0, abs=0.1)
    assert facts.only


def test_korean_only_particle_before_a_negation_is_no_removal() -> None:
    facts = gear_facts("철봉뿐 없어요")
    assert facts.owned == {G.PULL_UP_BAR}
    assert facts.removed == frozenset()
    assert gear_facts("철봉은 없어요").removed == {G.PULL_UP_BAR}


# A bare gear list, no verb: still what the user has.
BARE_LISTS = {
    "en": "dumbbells up to 10 kg, a bench and a pull-up bar",
    "es": "mancuernas hasta 10 kg, un banco y una barra de dominadas",
    "it": "manubri fino a 10 kg, una panca e una sbarra per trazioni",
    "he": "משקולות יד של 10 קילו, ספסל ומוט מתח",
    "ko": "10kg 덤벨, 벤치, 철봉",
}


@pytest.mark.parametrize("language", list(BARE_LISTS))
def test_a_gear_list_without_a_verb_is_equipment(language: str) -> None:
    facts = gear_facts(BARE_LISTS[language])
    assert facts.owned == {G.DUMBBELLS, G.FLAT_BENCH, G.PULL_UP_BAR}
    assert facts.max_dumbbell_lbs == pytest.approx(22.0, abs=0.1)


@pytest.mark.parametrize("text", ["dumbbells?", "is a bench worth buying?",
                                  "The bench is taken"])
def test_a_question_or_a_busy_bench_is_no_list(text: str) -> None:
    assert gear_facts(text).owned == frozenset()


# Gear outside the tags: recognised, kept apart as `extra`, no tag invented for it.
EXTRA_GEAR = {
    "en": ("I have a suspension trainer and some resistance bands",
           {"suspension_trainer", "resistance_bands"}),
    "es": ("tengo unas gomas elásticas y un TRX", {"resistance_bands", "suspension_trainer"}),
    "it": ("ho solo degli elastici e un tappetino", {"resistance_bands"}),
    "he": ("יש לי גומיות התנגדות", {"resistance_bands"}),
    "ko": ("집에 스미스 머신 있어요", {"smith_machine"}),
}


@pytest.mark.parametrize("language", list(EXTRA_GEAR))
def test_gear_outside_the_tags_is_recognised_as_extra(language: str) -> None:
    text, extra = EXTRA_GEAR[language]
    facts = gear_facts(text)
    assert facts.extra == extra
    assert facts.owned == frozenset()
    assert facts.states_inventory


@pytest.mark.parametrize("language", list(EXTRA_GEAR))
def test_extra_gear_only_is_stored_and_named_not_asked_for_again(language: str) -> None:
    text, extra = EXTRA_GEAR[language]
    session = LocalCoach.sign_up(settings=UserSettings(user_id="u", locale=Locale(language),
                                                       units=Unit.KG),
                                 brain=EmbeddedBrain(), clock=lambda: NOW)
    record = asyncio.run(session.send(text, now=NOW))
    [equipment] = [m.entry for m in record.memory.applied
                   if (m.entry or {}).get("category") == "equipment"]
    assert equipment["gear"] == []
    for name in extra:
        assert PHRASES.say(f"fact.extra_gear.{name}", language) in equipment["fact"]
    ask_gear = PHRASES.variants("onboarding.ask.gear", language)
    assert not any(question in record.outcome.result.message for question in ask_gear)


# A kettlebell is a tag of its own, which the catalog lets stand in for a dumbbell.
KETTLEBELLS = {
    "en": "I have two 16 kg kettlebells, want to train 3 days a week, 40 minutes",
    "es": "tengo dos pesas rusas de 16 kg, quiero entrenar 3 días por semana, 40 minutos",
    "it": "ho solo due kettlebell da 16 kg e un tappetino, 3 giorni a settimana, 40 minuti",
    "he": "יש לי שני קטלבלים של 16 קילו, רוצה להתאמן 3 ימים בשבוע, 40 דקות",
    "ko": "16kg 케틀벨 두 개 있어요, 주 3일, 40분 운동하고 싶어요",
}


@pytest.mark.parametrize("language", list(KETTLEBELLS))
def test_kettlebells_are_owned_gear_not_extra(language: str) -> None:
    facts = gear_facts(KETTLEBELLS[language])
    assert facts.owned == frozenset({GearTag.KETTLEBELL})
    assert facts.extra == frozenset()


@pytest.mark.parametrize("language", list(KETTLEBELLS))
def test_a_kettlebell_user_gets_kettlebell_exercises_not_only_bodyweight(language: str) -> None:
    session = LocalCoach.sign_up(settings=UserSettings(user_id="u", locale=Locale(language),
                                                       units=Unit.KG),
                                 brain=EmbeddedBrain(), clock=lambda: NOW)
    record = asyncio.run(session.send(KETTLEBELLS[language], now=NOW))
    [equipment] = [m.entry for m in record.memory.applied
                   if (m.entry or {}).get("category") == "equipment"]
    assert equipment["gear"] == ["kettlebell"]
    plan = record.outcome.result.model_dump()
    slugs = {e["exercise_id"] for day in plan["proposal"]["data"]["days"].values()
             for block in day["blocks"] for e in block["exercises"]}
    assert {"goblet-squat", "db-romanian-deadlift"} <= slugs
    # Dumbbell presses are no kettlebell lift: they stay out.
    assert not slugs & {"incline-db-bench-press", "db-shoulder-press", "db-lateral-raise"}


def test_new_kettlebells_for_a_user_with_a_plan_are_added_to_the_gear() -> None:
    session = load_states()["home_db_user"].session(Locale.EN, NOW, EmbeddedBrain(), None)
    record = asyncio.run(session.send("I also just bought two 16 kg kettlebells",
                                      route=RouteContext(), now=NOW))
    [equipment] = [m.entry for m in record.memory.applied
                   if (m.entry or {}).get("category") == "equipment"]
    assert equipment["gear"] == ["dumbbells", "flat_bench", "incline_bench", "kettlebell"]


@pytest.mark.parametrize("text", [
    "my gym has everything except a leg press",
    "voy a un gimnasio completo, excepto la prensa",
    "palestra completa tranne la leg press",
    "חדר כושר מלא חוץ ממכונת לחיצת רגליים",
    "헬스장인데 레그프레스 말고는 다 있어요",
])
def test_everything_except_one_machine(text: str) -> None:
    facts = gear_facts(text)
    assert facts.owned == FULL_GYM - {G.LEG_PRESS_MACHINE}
    assert facts.removed == {G.LEG_PRESS_MACHINE}


def test_an_only_word_ends_the_negation() -> None:
    facts = gear_facts("non ho bilanciere né panca, solo manubri da 12 kg")
    assert facts.owned == {G.DUMBBELLS}
    assert facts.removed == {G.BARBELL, G.FLAT_BENCH}
    assert facts.max_dumbbell_lbs == pytest.approx(26.5, abs=0.1)


def test_a_list_that_ends_with_nothing_else_is_the_whole_inventory() -> None:
    facts = gear_facts("just a pull-up bar and some bands, nothing else")
    assert facts.owned == {G.PULL_UP_BAR}
    assert facts.extra == {"resistance_bands"}
    assert facts.only
