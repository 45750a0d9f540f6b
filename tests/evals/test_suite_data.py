"""The suite's data holds together: coverage, fixtures, and expectations that the fixtures
can actually meet (a number to cite is in the logs, a slug to swap is in the plan)."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from fitcoach.brain.memory_logs import InMemoryLogReader
from fitcoach.brain.ports import Locale
from fitcoach.brain.profile_builder import build_profile
from fitcoach.brain.tools import run_tool
from fitcoach.catalog.vocabulary import MuscleGroup
from fitcoach.evals import CaseIntent, load_states, load_suite
from fitcoach.evals.runner import fixture_problems
from fitcoach.evals.states import parse_states
from fitcoach.evals.suite import check_suite, parse_case_file
from fitcoach.evals.text_checks import numbers_in
from fitcoach.memory.entries import Tier
from fitcoach.programming.generator.options import OptionPool
from fitcoach.programming.profile import Profile
from fitcoach.programming.validator import validate_week

SEED = Path(__file__).resolve().parents[2].parent / "shared" / "seed"
LANGUAGES = [locale.value for locale in Locale]
SEED_INTENTS = [CaseIntent.ONBOARDING, CaseIntent.DAY_CHANGE, CaseIntent.WEEK_OVERHAUL,
                CaseIntent.GYM_SWAP, CaseIntent.ACUTE_STATE, CaseIntent.SITUATIONAL_EVENT,
                CaseIntent.PROGRESS_REVIEW, CaseIntent.FORM_QA]
NONE_KINDS = [CaseIntent.CONVERSATION, CaseIntent.MEMORY_UPDATE,
              CaseIntent.ONBOARDING_QUESTION, CaseIntent.UNKNOWN]


def test_the_suite_is_large_enough_and_ids_are_unique() -> None:
    cases = load_suite()
    assert len(cases) >= 120
    assert len({c.id for c in cases}) == len(cases)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_covers_every_intent(lang: str) -> None:
    counts = Counter(c.intent for c in load_suite() if c.language.value == lang)
    for intent in [*SEED_INTENTS, *NONE_KINDS]:
        assert counts[intent] >= 1, f"{lang} has no {intent.value} case"
    assert sum(counts.values()) >= 30


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_seed_examples_are_in_the_suite(lang: str) -> None:
    seeds = {c.id: c for c in load_suite() if c.id.startswith(f"{lang}-seed-")}
    assert sorted(seeds) == [f"{lang}-seed-{n}" for n in range(1, 9)]
    for number, intent in enumerate(SEED_INTENTS, start=1):
        assert seeds[f"{lang}-seed-{number}"].intent is intent


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_seed_messages_are_copied_from_the_translations(lang: str) -> None:
    path = SEED / f"spec.{lang}.txt"
    if not path.exists():
        pytest.skip(f"{path} is not available here")
    text = re.sub(r"\s+", " ", path.read_text("utf-8"))
    for case in load_suite():
        if case.id.startswith(f"{lang}-seed-"):
            assert re.sub(r"\s+", " ", case.message) in text, case.id


def test_every_case_fits_its_fixture() -> None:
    states = load_states()
    problems = {c.id: p for c in load_suite() if (p := fixture_problems(c, states[c.state]))}
    assert problems == {}


@pytest.mark.parametrize("name", sorted(load_states()))
def test_fixture_plans_are_valid_for_the_profile_they_were_made_for(name: str) -> None:
    state = load_states()[name]
    now = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)
    for language in Locale:
        plan = state.plan(language, now)
        if plan is None:
            continue
        staples = [item for item in state.memory_items() if item.tier is Tier.STAPLES]
        profile = build_profile(staples, now=now, settings=state.settings(language)).profile
        assert validate_week(plan, profile).errors == ()


def test_numbers_a_case_expects_are_in_what_the_tools_return() -> None:
    """A cited number must come from the user's logs, not from the brain."""
    states = load_states()
    tool_for = {"get_historical_exercise_logs": "exercise_slug",
                "get_pr_records": "exercise_slug", "get_volume_trends": "muscle_group"}
    for case in load_suite():
        if not case.expect.message.numbers:
            continue
        state = states[case.state]
        reader = InMemoryLogReader(state.workouts(), timezone=state.timezone)
        found: set[float] = set()
        for tool in case.expect.tools:
            argument = tool.exercise_slug or (tool.muscle_group.value if tool.muscle_group
                                              else None)
            result = run_tool(tool.name.value, {tool_for[tool.name.value]: argument}, reader,
                              case.now)
            found |= numbers_in(json.dumps(result))
            if state.unit.value == "kg":  # loads are stored in pounds
                found |= {round(value * 0.45359237, 1) for value in numbers_in(json.dumps(result))}
        for number in case.expect.message.numbers:
            assert any(abs(number - value) < 0.06 for value in found), (case.id, number)


def test_a_broken_case_file_names_the_case() -> None:
    raw = yaml.safe_load("""
language: en
cases:
  - {id: en-bad, intent: gym_swap, state: home_db_user, message: hi,
     expect: {proposal: NONE, plan: {max_duration: 30}}}
""")
    with pytest.raises(ValueError, match="en-bad"):
        parse_case_file(raw, "test.yaml")


def test_unknown_states_and_repeated_ids_are_refused() -> None:
    raw = yaml.safe_load("""
language: en
cases:
  - {id: en-a, intent: unknown, state: nobody, message: hi, expect: {proposal: NONE}}
  - {id: en-a, intent: unknown, state: new_user, message: hi, expect: {proposal: NONE}}
""")
    cases = parse_case_file(raw)
    with pytest.raises(ValueError, match="nobody"):
        check_suite(cases[:1], load_states())
    with pytest.raises(ValueError, match="twice"):
        check_suite([cases[1], cases[1]], load_states())


def test_states_extend_their_parents() -> None:
    states = parse_states({
        "base": {"description": "b", "memory": [
            {"id": "m1", "tier": "tier_1_staples",
             "entry": {"category": "preference", "fact": "Short answers.", "tone": "brief"}}]},
        "child": {"extends": "base", "description": "c", "unit": "kg", "memory": [
            {"id": "m2", "tier": "tier_1_staples",
             "entry": {"category": "goal", "fact": "Get strong.", "goal": "strength"}}]},
    })
    assert [item.memory_id for item in states["child"].memory_items()] == ["m1", "m2"]
    assert states["child"].unit.value == "kg"
    assert states["base"].unit.value == "lb"
    with pytest.raises(ValueError, match="circle"):
        parse_states({"a": {"extends": "b", "description": ""},
                      "b": {"extends": "a", "description": ""}})


# The states that pin an exercise a case needs do it through the user's own profile (a
# priority, an exclusion), not through the generator's current allocation: these checks say
# why the exercise is there, so a better allocation cannot take it away.

def _profile(name: str) -> Profile:
    state = load_states()[name]
    now = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)
    staples = [item for item in state.memory_items() if item.tier is Tier.STAPLES]
    return build_profile(staples, now=now, settings=state.settings(Locale.EN)).profile


def _allowed(profile: Profile, group: MuscleGroup) -> list[str]:
    pool = OptionPool(profile)
    return [o.slug for o in pool.by_group[group]
            if o.main_group is group and pool.reason(o.exercise, dt.date(2026, 9, 14)) is None]


def test_the_core_user_has_planks_because_the_plank_is_their_only_core_exercise() -> None:
    profile = _profile("home_db_core_user")
    assert MuscleGroup.CORE in profile.priority_groups
    assert _allowed(profile, MuscleGroup.CORE) == ["plank"]


def test_the_lunge_user_lunges_because_lunges_are_their_only_quad_exercise() -> None:
    assert _allowed(_profile("home_db_lunge_user"), MuscleGroup.QUADS) == ["db-walking-lunge"]


def test_the_arms_and_cable_users_train_their_arm_priorities_on_monday() -> None:
    arms = _profile("home_db_arms_user")
    assert {MuscleGroup.BICEPS, MuscleGroup.TRICEPS} <= set(arms.priority_groups)
    cable = _profile("cable_gym_user")
    assert MuscleGroup.TRICEPS in cable.priority_groups
    rows = [slug for slug in _allowed(cable, MuscleGroup.BACK)
            if slug in ("single-arm-db-row", "seated-cable-row", "chest-supported-db-row")]
    assert rows == ["seated-cable-row", "chest-supported-db-row"]  # the cable row comes first


def test_a_state_log_completes_its_day_once_the_case_has_reached_it() -> None:
    # Monday's log is at 18:00: a case at 10:00 sees Monday open, one at 19:00 sees it done
    # (DESIGN D7), and the logs of earlier weeks complete nothing on this week's plan.
    state = load_states()["home_db_logged_monday_user"]
    morning = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)
    evening = dt.datetime(2026, 9, 14, 19, tzinfo=dt.UTC)
    for now, done in ((morning, set()), (evening, {"monday"})):
        plan = state.session(Locale.EN, now, brain=None).current_plan(now)  # type: ignore[arg-type]
        assert {d.value for d, day in plan.days.items() if day.completed_log_id} == done
    base = load_states()["home_db_user"].session(Locale.EN, evening, brain=None)  # type: ignore[arg-type]
    assert not any(day.completed_log_id for day in base.current_plan(evening).days.values())
