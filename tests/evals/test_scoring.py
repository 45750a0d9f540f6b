"""The scorer counts a wrong answer wrong and a right answer right, dimension by dimension.

Scripted brains stand in for real ones: they answer fixed decisions through the real
pipeline, so what is scored is exactly what a brain's answer becomes.
"""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from fitcoach.brain.contract import ChatTurnResult, Proposal, ProposalType
from fitcoach.brain.decision import BrainDecision, ToolCall
from fitcoach.brain.ports import Locale
from fitcoach.catalog.vocabulary import MuscleGroup, Weekday
from fitcoach.evals import build_report, load_suite, run_case, score
from fitcoach.evals.cases import Case
from fitcoach.evals.scoring import CaseScore, Observation
from fitcoach.evals.states import load_states
from fitcoach.memory.entries import MemoryMutation, Operation, Tier
from fitcoach.programming.edits.operations import ShortenDay, SwapExercise, SwapReason
from fitcoach.programming.plan import Block, PlannedExercise
from fitcoach.programming.profile import Profile

from .scripted import ScriptedBrain

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)


def case(case_id: str) -> Case:
    return next(c for c in load_suite() if c.id == case_id)


def run(case_id: str, decision: BrainDecision) -> CaseScore:
    return asyncio.run(run_case(case(case_id), ScriptedBrain(decision)))


def test_a_none_answer_to_a_day_change_is_a_routing_miss() -> None:
    scored = run("en-seed-2", BrainDecision(message="Sure, no problem."))
    assert not scored.route_ok
    assert scored.got_route == "NONE"
    assert not scored.meets_targets
    assert not scored.passed
    assert scored.plan_ok is False  # nothing to check is not a pass
    assert any(f.startswith("route: expected UPDATE_DAY monday") for f in scored.failures)


def test_the_wrong_day_is_a_routing_miss() -> None:
    decision = BrainDecision(
        proposal_type=ProposalType.UPDATE_DAY, target_day=Weekday.TUESDAY,
        edits=(ShortenDay(day=Weekday.TUESDAY, minutes=30),),
        message="Tuesday is now 30 minutes.")
    scored = run("en-seed-2", decision)
    assert scored.got_route == "UPDATE_DAY tuesday"
    assert not scored.route_ok
    assert scored.plan_ok is False  # and Monday is not in the proposal


def test_a_right_day_change_counts_right() -> None:
    decision = BrainDecision(
        proposal_type=ProposalType.UPDATE_DAY, target_day=Weekday.MONDAY,
        edits=(ShortenDay(day=Weekday.MONDAY, minutes=30, keep_focus=MuscleGroup.CHEST),),
        message="Monday is trimmed to 30 minutes, incline press kept as the anchor.")
    scored = run("en-seed-2", decision)
    assert scored.route_ok, scored.failures
    assert scored.memory_ok
    assert scored.plan_ok, scored.failures
    assert scored.language_ok
    assert scored.sentences == 1
    assert scored.passed, scored.failures
    assert scored.meets_targets


def test_a_swap_that_keeps_the_busy_exercise_fails_the_plan_check() -> None:
    # Swap another of Monday's exercises (the last one the fixture's plan holds), never the
    # incline press the case's bench is busy for.
    seed_4 = case("en-seed-4")
    monday = load_states()[seed_4.state].plan(seed_4.language, seed_4.now).days[Weekday.MONDAY]
    other = [e.exercise_id for e in monday.exercises if e.exercise_id != "incline-db-bench-press"]
    decision = BrainDecision(
        proposal_type=ProposalType.UPDATE_DAY, target_day=Weekday.MONDAY,
        edits=(SwapExercise(day=Weekday.MONDAY, exercise_id=other[-1],
                            reason=SwapReason.PREFERENCE),),
        message="Swapped.")
    scored = run("en-seed-4", decision)
    assert scored.route_ok
    assert scored.plan_ok is False
    assert any("incline-db-bench-press should be gone" in f for f in scored.failures)


def test_missing_and_unexpected_memory_are_both_counted() -> None:
    wrong_tier = MemoryMutation(
        operation=Operation.CREATE, target_tier=Tier.STAPLES, reason="shoulder",
        entry={"category": "chronic_condition", "fact": "Right shoulder is irritated.",
               "body_parts": ["shoulders"]})
    decision = BrainDecision(message="Noted, take it easy today.",
                             memory_mutations=(wrong_tier,))
    scored = run("en-seed-5", decision)
    assert not scored.memory_ok
    assert any(f.startswith("memory: missing CREATE tier_2_physiological") for f in
               scored.failures)
    assert any(f.startswith("memory: unexpected CREATE tier_1_staples chronic_condition")
               for f in scored.failures)


def test_a_ttl_outside_the_window_is_a_memory_miss() -> None:
    three_days = MemoryMutation(
        operation=Operation.CREATE, target_tier=Tier.PHYSIOLOGICAL, reason="tight shoulder",
        entry={"body_part": "shoulders", "condition": "minor_strain",
               "fact": "Right shoulder tight and irritated.",
               "expires_at": (NOW + dt.timedelta(hours=72)).isoformat()})
    scored = run("en-seed-5", BrainDecision(message="Noted.", memory_mutations=(three_days,)))
    assert not scored.memory_ok
    five_days = three_days.model_copy(update={"entry": {
        **(three_days.entry or {}), "expires_at": (NOW + dt.timedelta(days=5)).isoformat()}})
    scored = run("en-seed-5", BrainDecision(message="Noted.", memory_mutations=(five_days,)))
    assert scored.memory_ok, scored.failures


def test_a_delete_must_name_the_fixture_item() -> None:
    delete = MemoryMutation(operation=Operation.DELETE, target_tier=Tier.PHYSIOLOGICAL,
                            memory_id="mem_03", reason="resolved")
    scored = run("en-memory_update-hamstrings-fine",
                 BrainDecision(message="Great, noted.", memory_mutations=(delete,)))
    assert scored.memory_ok, scored.failures
    scored = run("en-memory_update-hamstrings-fine", BrainDecision(message="Great."))
    assert not scored.memory_ok


def test_tools_must_be_called_with_the_right_arguments() -> None:
    wrong = BrainDecision(message="Your last sessions were at 45 lb for 10 reps.",
                          tool_calls=(ToolCall(name="get_historical_exercise_logs",
                                               args={"exercise_slug": "flat-db-bench-press"}),))
    scored = run("en-seed-7", wrong)
    assert scored.tools_ok is False
    right = BrainDecision(
        message="Your last session was 45 lb for 10, 10, 10: go up. Chest held at 9 hard sets.",
        tool_calls=(ToolCall(name="get_historical_exercise_logs",
                             args={"exercise_slug": "incline-db-bench-press"}),
                    ToolCall(name="get_volume_trends", args={"muscle_group": "Chest"})))
    scored = run("en-seed-7", right)
    assert scored.tools_ok, scored.failures
    assert scored.numbers_ok
    assert scored.passed, scored.failures


def test_numbers_the_message_does_not_cite_are_reported() -> None:
    decision = BrainDecision(
        message="Looks good, go up next time.",
        tool_calls=(ToolCall(name="get_historical_exercise_logs",
                             args={"exercise_slug": "incline-db-bench-press"}),
                    ToolCall(name="get_volume_trends", args={"muscle_group": "Chest"})))
    scored = run("en-seed-7", decision)
    assert scored.numbers_ok is False
    assert "message: does not cite 45" in scored.failures


def test_a_reply_in_the_wrong_language_or_too_long_is_reported() -> None:
    scored = run("es-seed-8", BrainDecision(
        message="Pull with your elbow. Think of your hand as a hook. Pause at the hip. "
                "Lower slowly."))
    assert not scored.language_ok
    assert not scored.sentences_ok
    assert scored.sentences == 4


def test_a_swap_that_leaves_the_newcomer_one_set_fails_the_plan_check() -> None:
    # The case asks Tuesday's RDL to become Bulgarian split squats with at least 3 sets; a
    # brain whose swap keeps the RDL and adds nothing is caught twice.
    decision = BrainDecision(
        proposal_type=ProposalType.UPDATE_DAY, target_day=Weekday.TUESDAY,
        edits=(ShortenDay(day=Weekday.TUESDAY, minutes=30),), message="Done.")
    scored = run("en-gym_swap-rdl-for-bulgarians", decision)
    assert scored.route_ok
    assert scored.plan_ok is False
    assert "plan: tuesday: db-romanian-deadlift should be gone" in scored.failures
    assert "plan: tuesday: bulgarian-split-squat is missing" in scored.failures


def test_a_sets_floor_is_checked_against_the_planned_sets() -> None:
    from fitcoach.evals.cases import DayExpect
    from fitcoach.evals.plan_checks import _check_day

    home = load_states()["home_db_user"]
    plan = home.plan(Locale.EN, NOW)
    assert plan is not None
    tuesday = plan.days[Weekday.TUESDAY]
    sets = tuesday.exercises[0].target_sets
    slug = tuesday.exercises[0].exercise_id
    assert _check_day(Weekday.TUESDAY, tuesday, DayExpect(min_sets={slug: sets})) == []
    assert _check_day(Weekday.TUESDAY, tuesday, DayExpect(min_sets={slug: sets + 1})) == [
        f"tuesday: {slug} has {sets} sets < {sets + 1}"]


def test_words_the_message_must_mention_are_reported() -> None:
    # The case expects the coach to name the day of the wedding (any case).
    quiet = run("en-situational_event-wedding",
                BrainDecision(message="Noted, have fun at the wedding."))
    assert quiet.mentions_ok is False
    assert "message: does not mention saturday" in quiet.failures
    named = run("en-situational_event-wedding",
                BrainDecision(message="Noted: SATURDAY is already free."))
    assert named.mentions_ok is True


def test_a_brain_that_raises_is_an_error_and_misses_the_targets() -> None:
    class Broken(ScriptedBrain):
        async def decide(self, request, logs):  # type: ignore[no-untyped-def]
            raise RuntimeError("provider down")

    scored = asyncio.run(run_case(case("en-seed-8"), Broken(BrainDecision())))
    assert scored.error is not None
    assert "provider down" in scored.error
    report = build_report("broken", [scored])
    assert not report.meets_targets
    assert report.overall.errors == 1


def _observation(proposal: Proposal, profile: Profile) -> Observation:
    return Observation(result=ChatTurnResult(message="Here you go.", proposal=proposal),
                       applied=(), now=NOW, profile_after=profile, base_plan=None,
                       latency_ms=1.0)


def test_invented_slugs_and_missing_gear_are_counted_from_the_proposal() -> None:
    home = load_states()["home_db_user"]
    plan = home.plan(Locale.EN, NOW)
    assert plan is not None
    monday = plan.days[Weekday.MONDAY]
    invented = PlannedExercise(exercise_id="magic-press", name="Magic Press", target_sets=3,
                               target_reps="8-10", rest_seconds=90)
    barbell = PlannedExercise(exercise_id="flat-bb-bench-press", name="Barbell Bench Press",
                              target_sets=3, target_reps="6-8", rest_seconds=120)
    day = monday.model_copy(update={"blocks": (*monday.blocks,
                                               Block(label="Extra", exercises=(invented,)),
                                               Block(label="Extra", exercises=(barbell,)))})
    proposal = Proposal(id="prop_x", type=ProposalType.UPDATE_DAY,
                        target_day=Weekday.MONDAY, summary_diff="added two", data=day)
    profile = Profile(training_days=(Weekday.MONDAY,),
                      gear=frozenset({"dumbbells", "flat_bench", "incline_bench"}))
    scored = score(case("en-seed-2"), _observation(proposal, profile))
    assert scored.invented == ["magic-press"]
    assert scored.gear == ["flat-bb-bench-press"]
    assert scored.validator  # the validator names both, among others
    assert not scored.meets_targets


@pytest.mark.parametrize("lang", ["en", "es", "it", "he", "ko"])
def test_every_case_of_a_language_lands_in_its_group(lang: str) -> None:
    cases = [c for c in load_suite() if c.language.value == lang][:3]
    scores = [CaseScore(case=c, route_ok=True, memory_ok=True, language_ok=True)
              for c in cases]
    report = build_report("x", scores)
    assert [m.name for m in report.by_language] == [lang]
    assert report.overall.routing.hits == len(cases)
