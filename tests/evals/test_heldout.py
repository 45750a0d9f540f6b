"""The frozen held-out sets: their shape, and for v1 a floor per language for the embedded
brain (v2 to v7 are kept for measuring after the fixes v1 drives: no floor reads them).

The floors sit a point or two under the score measured on 2026-12-02 after the held-out
class fixes (docs/evals.md, "Held-out sets"); they guard against regressions and are
raised as the brain improves.
They are never met by editing the set: it is frozen.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from importlib import resources

import pytest

from fitcoach.brain.decision import BrainDecision
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.evals import Case, CaseIntent, Report, build_report, load_suite, run_suite
from fitcoach.evals.report import languages_below, pass_rate
from fitcoach.evals.runner import fixture_problems
from fitcoach.evals.suite import load_set, load_set_states

from .scripted import ScriptedBrain

SET = "heldout-v1"
SHAPES = {"heldout-v1": ("v1", 100), "heldout-v2": ("v2", 40),  # folder, least per language
          "heldout-v3": ("v3", 100), "heldout-v4": ("v4", 100),
          "heldout-v5": ("v5", 100), "heldout-v6": ("v6", 100),
          "heldout-v7": ("v7", 100)}
WRITTEN = {"heldout-v1": "2026-12-01", "heldout-v2": "2026-12-01", "heldout-v3": "2026-12-02",
           "heldout-v4": "2026-12-02", "heldout-v5": "2026-12-02",
           "heldout-v6": "2026-12-03", "heldout-v7": "2026-12-03"}
# The intents each set was written over. Labels added to the suite after v1/v2 (dialogue,
# plan_question) are scored inside `conversation` there, and a frozen set never grows; v3
# was written with them.
_LATER_LABELS = {CaseIntent.DIALOGUE, CaseIntent.PLAN_QUESTION}
INTENTS = {"heldout-v1": set(CaseIntent) - _LATER_LABELS,
           "heldout-v2": set(CaseIntent) - _LATER_LABELS,
           "heldout-v3": set(CaseIntent), "heldout-v4": set(CaseIntent),
           "heldout-v5": set(CaseIntent), "heldout-v6": set(CaseIntent),
           "heldout-v7": set(CaseIntent)}
LANGUAGES = ("en", "es", "it", "he", "ko")
# Measured 2026-12-01 on the unchanged embedded brain: en 61/116, es 52/116, it 54/116,
# he 61/116, ko 64/116 cases passing every check; on 2026-12-02 after the held-out class
# fixes (docs/evals.md): en 75, es 71, it 70, he 75, ko 75 of 116; after the second pass
# (07:30 UTC, main c61672a): en 85, es 80, it 80, he 86, ko 84. Floors sit just under.
FLOORS = {"en": 0.71, "es": 0.67, "it": 0.67, "he": 0.72, "ko": 0.70}


@pytest.fixture(scope="module")
def report() -> Report:
    brain = EmbeddedBrain()
    scores = asyncio.run(run_suite(load_set(SET), brain, brain, states=load_set_states(SET)))
    return build_report(brain.name, scores)


@pytest.mark.parametrize("name", SHAPES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_enough_messages_over_every_intent(name: str, lang: str) -> None:
    counts = Counter(c.intent for c in load_set(name) if c.language.value == lang)
    assert sum(counts.values()) >= SHAPES[name][1]
    assert set(counts) == INTENTS[name]


@pytest.mark.parametrize("name", SHAPES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_file_says_it_is_frozen(name: str, lang: str) -> None:
    text = resources.files("fitcoach.evals").joinpath(
        "data", "heldout", SHAPES[name][0], f"cases.{lang}.yaml").read_text("utf-8")
    header = text.split("\nlanguage:", 1)[0]
    assert "FROZEN" in header
    assert WRITTEN[name] in header
    assert "apart from the embedded" in header


def _messages(cases: tuple[Case, ...]) -> set[str]:
    return {c.message.casefold().strip() for c in cases}


@pytest.mark.parametrize("name", SHAPES)
def test_the_sets_are_apart_from_the_public_suite_and_each_other(name: str) -> None:
    others = [load_suite(), *(load_set(other) for other in SHAPES if other != name)]
    seen = set().union(*(_messages(cases) for cases in others))
    shared = [c.id for c in load_set(name) if c.message.casefold().strip() in seen]
    assert not shared
    assert not {c.id for c in load_suite()} & {c.id for c in load_set(name)}


# Cases whose starting plan no longer holds the exercise they name: the generator changed
# after they were frozen (2026-12-02: session times count ramp-up sets, priorities move
# volume), and a frozen case cannot follow it. The runner scores each as an error, a miss,
# never a pass. A case that goes stale next fails the test below: someone must look at the
# plan change that did it (a worse plan is a bug; a better one adds the case here, in the
# note of the commit that changed the plan).
STALE_FIXTURES = {
    # gym_user's leg days lost about 9 minutes each to the barbell ramp-ups: Tuesday no longer
    # ends on the hanging leg raise (so Thursday takes it instead of the cable woodchopper) and
    # Friday's squat takes a fourth set where the walking lunge was. Tuesday and Friday are now
    # too alike (issue 11's "identical lower days", open).
    "heldout-v3": frozenset({
        "en-h3-day_change-friday-no-lunges", "he-h3-gym_swap-woodchopper-cable",
        "it-h3-gym_swap-presa-andata-addome", "ko-h3-gym_swap-hanging-raise-other-abs",
        "ko-h3-gym_swap-no-space-lunges",
    }),
}


@pytest.mark.parametrize("name", SHAPES)
def test_every_case_fits_its_fixture(name: str) -> None:
    states = load_set_states(name)
    stale = {c.id: fixture_problems(c, states[c.state]) for c in load_set(name)}
    stale = {case_id: problems for case_id, problems in stale.items() if problems}
    listed = STALE_FIXTURES.get(name, frozenset())
    newly = {case_id: problems for case_id, problems in stale.items() if case_id not in listed}
    assert not newly
    assert listed <= set(stale), f"listed as stale but fitting (or misspelt): {listed - set(stale)}"


def test_every_case_runs(report: Report) -> None:
    errors = [f"{s.case.id}: {s.error}" for s in report.scores if s.error is not None]
    assert not errors, "\n".join(errors)


def test_each_language_stays_above_its_floor(report: Report) -> None:
    below = languages_below(report, FLOORS)
    assert not below, ", ".join(f"{lang} {rate.text()} < {100 * FLOORS[lang]:.0f}%"
                                for lang, rate in below.items())


def test_the_floor_fails_a_brain_that_understands_nothing() -> None:
    lazy = ScriptedBrain(BrainDecision(message="I'm not sure what you'd like me to do."))
    cases = [c for lang in LANGUAGES
             for c in [c for c in load_set(SET) if c.language.value == lang][:30]]
    scores = asyncio.run(run_suite(cases, lazy, lazy, states=load_set_states(SET)))
    lazy_report = build_report("lazy", scores)
    assert set(languages_below(lazy_report, FLOORS)) == set(LANGUAGES)
    assert pass_rate(scores).hits < len(scores)
