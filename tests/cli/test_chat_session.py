"""The terminal's session is the service's rules, in process (`fitcoach.local`): staging
never writes the plan, accept writes a new version (a day into its slot),
outdated/rejected/superseded proposals are refused, memory is applied all or nothing, and
logs feed the tools."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from fitcoach.analytics.logs import ExerciseRecord, SetRecord
from fitcoach.api.errors import FitcoachError
from fitcoach.api.ids import IdSequence
from fitcoach.brain.contract import ProposalType
from fitcoach.brain.decision import BrainDecision, ToolCall
from fitcoach.brain.ports import UserSettings
from fitcoach.brain.proposals import ProposalStatus
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.local.coach import LocalCoach
from fitcoach.local.seed import seed_plan
from fitcoach.memory.entries import MemoryMutation, Operation, Tier

from .scripted import CHAT, ONBOARDING, SHORTER_MONDAY, ScriptBrain

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)


def session(*decisions: BrainDecision) -> LocalCoach:
    brain = ScriptBrain(list(decisions))
    return LocalCoach.sign_up(settings=UserSettings(user_id="u"), brain=brain, fallback=brain,
                              clock=lambda: NOW, ids=IdSequence("0" * 12))


def mem(number: int) -> str:
    """The id of the user's `number`th memory item (ids minted in order from zeros)."""
    return f"mem_{number:024x}"


def send(s: LocalCoach, message: str = "hi"):  # type: ignore[no-untyped-def]
    return asyncio.run(s.send(message))


def test_staging_does_not_touch_the_plan_and_accept_writes_version_one() -> None:
    s = session(ONBOARDING)
    record = send(s)
    assert record.staged is not None
    assert s.plan is None
    assert s.version is None
    accepted = s.accept()
    assert accepted.version == 1
    assert s.plan == record.staged.proposal.data
    assert s.accept(record.staged.id).version == 1  # accepting again changes nothing


def test_a_day_proposal_replaces_only_its_day_and_keeps_the_summary_true() -> None:
    s = session(ONBOARDING, SHORTER_MONDAY)
    send(s)
    s.accept()
    before = s.plan
    assert before is not None
    send(s, "30 minutes on Monday")
    accepted = s.accept()
    assert accepted.version == 2
    after = accepted.plan
    assert after.days[Weekday.MONDAY].duration_minutes <= 30
    for day in Weekday:
        if day is not Weekday.MONDAY:
            assert after.days[day] == before.days[day]
    assert after.summary.total_time_minutes == sum(d.duration_minutes
                                                   for d in after.days.values())


def test_an_outdated_proposal_is_refused_and_changes_nothing() -> None:
    s = session(ONBOARDING, SHORTER_MONDAY)
    send(s)
    s.accept()
    record = send(s)
    assert record.staged is not None
    assert record.staged.base_version == 1
    # The plan moved on meanwhile (another device accepted something).
    seed_plan(s.database, s.caller, s.plan, 2, NOW)
    plan = s.plan
    with pytest.raises(FitcoachError, match="outdated"):
        s.accept()
    assert s.plan == plan
    assert record.staged.status is ProposalStatus.PENDING


def test_rejected_and_superseded_proposals_cannot_be_accepted() -> None:
    s = session(ONBOARDING, ONBOARDING)
    first = send(s).staged
    second = send(s).staged
    assert first is not None
    assert second is not None
    assert s.proposal(first.id).status is ProposalStatus.SUPERSEDED
    with pytest.raises(FitcoachError, match="newer proposal"):
        s.accept(first.id)
    s.reject()
    with pytest.raises(FitcoachError, match="rejected"):
        s.accept(second.id)
    with pytest.raises(FitcoachError, match="no staged proposal"):
        s.accept()


def test_an_accepted_proposal_cannot_be_rejected() -> None:
    s = session(ONBOARDING)
    staged = send(s).staged
    assert staged is not None
    s.accept()
    with pytest.raises(FitcoachError, match="already accepted"):
        s.reject(staged.id)


def test_memory_from_a_turn_is_kept_and_a_dropped_duplicate_is_reported() -> None:
    s = session(ONBOARDING, ONBOARDING)
    first = send(s)
    assert [m.operation for m in first.memory.applied] == [Operation.CREATE, Operation.CREATE]
    assert len(s.memory) == 2
    second = send(s)  # the same facts again: nothing new to remember
    assert second.memory.applied == ()
    assert len(second.memory.dropped) == 2
    assert len(s.memory) == 2


def test_a_delete_invalidates_and_the_item_leaves_the_next_turn() -> None:
    delete = BrainDecision(message="Noted.", memory_mutations=(
        MemoryMutation(operation=Operation.DELETE, target_tier=Tier.STAPLES,
                       memory_id=mem(1), reason="the user changed their mind"),))
    s = session(ONBOARDING, delete)
    send(s)
    send(s)
    assert [i.memory_id for i in s.active_memory()] == [mem(2)]
    assert {i.memory_id for i in s.turn_input("hi").memory} == {mem(2)}


def test_logged_workouts_feed_the_tools_and_announce_records() -> None:
    ask = BrainDecision(message="Checked.", tool_calls=(
        ToolCall(name="get_historical_exercise_logs",
                 args={"exercise_slug": "goblet-squat"}),))
    s = session(ask)
    s.log_workout([ExerciseRecord(exercise_id="goblet-squat",
                                  sets=(SetRecord(weight_lbs=50, reps=10),))])
    logged = s.log_workout([ExerciseRecord(exercise_id="goblet-squat",
                                           sets=(SetRecord(weight_lbs=55, reps=10),))])
    assert logged.new_records
    record = send(s)
    assert record.outcome.meta["tools"] == ["get_historical_exercise_logs"]
    assert len(s.log_reader.exercise_history("goblet-squat", 5)) == 2


def test_a_week_old_plan_is_shown_on_this_weeks_dates() -> None:
    s = session(ONBOARDING, CHAT)
    send(s)
    s.accept()
    next_week = NOW + dt.timedelta(days=7)
    plan = s.current_plan(next_week)
    assert plan is not None
    assert plan.week_start_date == dt.date(2026, 9, 21)
    assert plan.days[Weekday.MONDAY].date == dt.date(2026, 9, 21)


def test_a_logged_workout_completes_its_plan_day_and_only_the_view() -> None:
    """DESIGN D7, as the service does it: the day of the log's local date is completed, with
    the log and its time; the accepted plan itself is not rewritten."""
    s = session(ONBOARDING, CHAT)
    send(s)
    s.accept()
    accepted = s.plan
    earlier = NOW - dt.timedelta(hours=1)
    first = s.log_workout([ExerciseRecord(exercise_id="goblet-squat",
                                          sets=(SetRecord(weight_lbs=50, reps=10),))], now=NOW)
    s.log_workout([ExerciseRecord(exercise_id="goblet-squat",
                                  sets=(SetRecord(weight_lbs=45, reps=10),))], now=earlier)
    plan = s.current_plan()
    assert plan is not None
    monday = plan.days[Weekday.MONDAY]
    assert monday.status.value == "completed"
    # The first log of the day holds it (D7).
    assert monday.completed_log_id == first.workout.log_id
    assert monday.completed_at == NOW
    assert all(plan.days[d].status.value == "scheduled" for d in Weekday if d is not Weekday.MONDAY)
    assert s.plan == accepted  # only Accept writes the plan
    assert s.turn_input("hi").plan.plan == plan  # the brain sees what the user sees
    # Next week the carried plan starts fresh.
    next_week = s.current_plan(NOW + dt.timedelta(days=7))
    assert next_week is not None
    assert next_week.days[Weekday.MONDAY].status.value == "scheduled"


def test_a_completed_workout_is_not_rewritten() -> None:
    """DESIGN D7: once Monday's workout is logged, an edit of Monday is refused (NONE, with
    the reason), nothing is staged and the plan stays as accepted."""
    s = session(ONBOARDING, SHORTER_MONDAY)
    send(s)
    s.accept()
    accepted = s.plan
    s.log_workout([ExerciseRecord(exercise_id="goblet-squat",
                                  sets=(SetRecord(weight_lbs=50, reps=10),))])
    record = send(s, "30 minutes on Monday")
    assert record.outcome.result.proposal.type is ProposalType.NONE
    assert record.staged is None
    assert s.pending() is None
    [problem] = record.outcome.meta["rejected"]
    assert problem.startswith("plan edit rejected: day_done:")
    assert "can't be rewritten" in problem
    assert s.plan == accepted
    assert s.current_plan().days[Weekday.MONDAY].status.value == "completed"
