"""The accept/reject rules of staged proposals (DESIGN D6), in their one home
`brain.proposals`, and the terminal session following them as the HTTP service does."""

from __future__ import annotations

import asyncio
import datetime as dt
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fitcoach.analytics.logs import ExerciseRecord, SetRecord
from fitcoach.api.errors import FitcoachError
from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import UserSettings
from fitcoach.brain.proposals import (
    AcceptStep,
    ProposalRefused,
    ProposalStatus,
    Refusal,
    accept_step,
    next_version,
    plan_after_accept,
    status_after_reject,
)
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.local.coach import LocalCoach
from fitcoach.programming.calendar import carry_forward
from fitcoach.programming.metrics import week_summary
from fitcoach.programming.plan import WeeklyPlan

sys.path.insert(0, str(Path(__file__).parent / "embedded"))
from nlu_seed_messages import SEED_MESSAGES

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
versions = st.one_of(st.none(), st.integers(min_value=1, max_value=5))


@given(status=st.sampled_from(ProposalStatus), base=versions, current=versions)
def test_only_a_pending_proposal_on_the_latest_version_is_applied(
        status: ProposalStatus, base: int | None, current: int | None) -> None:
    refusals = {ProposalStatus.REJECTED: Refusal.REJECTED,
                ProposalStatus.SUPERSEDED: Refusal.SUPERSEDED}
    if status is ProposalStatus.PENDING and base != current:
        refusals[status] = Refusal.OUTDATED
    if status in refusals:
        with pytest.raises(ProposalRefused) as refused:
            accept_step(status, base_version=base, current_version=current)
        assert refused.value.code is refusals[status]
        return
    step = accept_step(status, base_version=base, current_version=current)
    if status is ProposalStatus.ACCEPTED:
        assert step is AcceptStep.REPLAY  # idempotent, whatever the plan is at now
    else:
        assert status is ProposalStatus.PENDING
        assert base == current
        assert step is AcceptStep.APPLY


@given(status=st.sampled_from(ProposalStatus))
def test_rejecting(status: ProposalStatus) -> None:
    if status is ProposalStatus.ACCEPTED:
        with pytest.raises(ProposalRefused) as refused:
            status_after_reject(status)
        assert refused.value.code is Refusal.ACCEPTED
        return
    expected = ProposalStatus.REJECTED if status is ProposalStatus.PENDING else status
    assert status_after_reject(status) is expected


def test_next_version() -> None:
    assert next_version(None) == 1
    assert next_version(3) == 4


def _session() -> LocalCoach:
    chat = LocalCoach.sign_up(settings=UserSettings(user_id="u"), brain=EmbeddedBrain(),
                              clock=lambda: NOW)
    asyncio.run(chat.send(SEED_MESSAGES["en"][1]))
    chat.accept()
    return chat


def test_a_day_is_placed_into_the_base_and_raw_data_is_accepted() -> None:
    chat = _session()
    base = chat.plan
    assert base is not None
    rest = base.days[Weekday.SUNDAY]
    monday = base.days[Weekday.MONDAY]
    placed = plan_after_accept(ProposalType.UPDATE_DAY, "sunday",
                               monday.model_dump(mode="json"), base, settled=())
    assert placed.days[Weekday.SUNDAY].exercises == monday.exercises
    assert placed.days[Weekday.SUNDAY].date == rest.date
    assert plan_after_accept("UPDATE_WEEK", None, base.model_dump(mode="json"), None,
                             settled=()) == base
    with pytest.raises(ProposalRefused) as refused:
        plan_after_accept(ProposalType.UPDATE_DAY, Weekday.MONDAY, monday, None, settled=())
    assert refused.value.code is Refusal.NO_PLAN


def test_the_terminal_session_refuses_by_the_shared_rules() -> None:
    chat = _session()
    asyncio.run(chat.send("Make Tuesday a rest day"))
    older = chat.pending()
    assert older is not None
    asyncio.run(chat.send("Make Monday a rest day"))
    with pytest.raises(FitcoachError, match="a newer proposal replaced") as refused:
        chat.accept(older.id)
    assert isinstance(refused.value.__cause__, ProposalRefused)
    assert refused.value.__cause__.code is Refusal.SUPERSEDED
    newer = chat.pending()
    assert newer is not None
    chat.accept(newer.id)
    with pytest.raises(FitcoachError) as again:
        chat.reject(newer.id)
    assert isinstance(again.value.__cause__, ProposalRefused)
    assert again.value.__cause__.code is Refusal.ACCEPTED


# -- settled days are re-checked at Accept ----------------------------------------------------
# A day settles between staging and accepting (a workout is logged, or the date passes) while
# the plan version stays the same; accepting must still leave it as it is.

# The base plan is built once per module by a fixture, not lazily inside the first example:
# building it (a coach session, a generated week) takes a second or more, which Hypothesis
# charged to whichever example ran first; over its 200 ms deadline that example failed and
# its fast rerun passed, a "flaky" failure in any run where that test came first.
@pytest.fixture(scope="module")
def base() -> WeeklyPlan:
    plan = _session().plan
    assert plan is not None
    return plan


def _retitled(plan: WeeklyPlan, title: str) -> WeeklyPlan:
    return plan.model_copy(update={"days": {
        weekday: day.model_copy(update={"title": title}) for weekday, day in plan.days.items()}})


weekdays = st.sampled_from(list(Weekday))


@given(target=weekdays, settled=st.sets(weekdays))
def test_a_day_edit_of_a_settled_day_is_refused(base: WeeklyPlan, target: Weekday,
                                                settled: set[Weekday]) -> None:
    new_day = base.days[target].model_copy(update={"title": "Rewritten"})
    if target in settled:
        with pytest.raises(ProposalRefused) as refused:
            plan_after_accept(ProposalType.UPDATE_DAY, target, new_day, base, settled=settled)
        assert refused.value.code is Refusal.SETTLED
        assert target.value.capitalize() in refused.value.message
    else:
        placed = plan_after_accept(ProposalType.UPDATE_DAY, target, new_day, base,
                                   settled=settled)
        assert placed.days[target].title == "Rewritten"
        assert all(placed.days[d] == base.days[d] for d in base.days if d != target)


@given(settled=st.sets(weekdays))
def test_a_week_edit_keeps_the_settled_days_of_the_base(base: WeeklyPlan,
                                                        settled: set[Weekday]) -> None:
    proposed = _retitled(base, "Rewritten")
    plan = plan_after_accept(ProposalType.UPDATE_WEEK, None, proposed.model_dump(mode="json"),
                             base, settled=settled)
    for weekday in base.days:
        expected = base.days[weekday] if weekday in settled else proposed.days[weekday]
        assert plan.days[weekday] == expected
    assert list(plan.days) == list(base.days)
    assert plan.summary == week_summary(plan.days)


def test_a_week_edit_for_the_week_ahead_shares_no_settled_day(base: WeeklyPlan) -> None:
    ahead = carry_forward(_retitled(base, "Next week"),
                          base.week_start_date + dt.timedelta(days=7))
    assert plan_after_accept(ProposalType.UPDATE_WEEK, None, ahead, base,
                             settled=set(Weekday)) == ahead


def test_the_terminal_session_refuses_a_day_edit_of_a_day_logged_after_staging() -> None:
    chat = _session()  # NOW is a Monday
    asyncio.run(chat.send("shorten monday to 20 minutes"))
    staged = chat.pending()
    assert staged is not None
    assert staged.proposal.target_day is Weekday.MONDAY
    before = chat.plan
    version = chat.version
    chat.log_workout([ExerciseRecord(exercise_id="goblet-squat",
                                     sets=(SetRecord(weight_lbs=50, reps=10),))], now=NOW)
    with pytest.raises(FitcoachError, match="already done or past") as refused:
        chat.accept(staged.id)
    assert isinstance(refused.value.__cause__, ProposalRefused)
    assert refused.value.__cause__.code is Refusal.SETTLED
    assert (chat.plan, chat.version, chat.proposal(staged.id).status) == (
        before, version, ProposalStatus.PENDING)


def test_the_terminal_session_completes_the_day_a_log_names_as_the_service_does() -> None:
    chat = _session()  # NOW is Monday 2026-09-14
    workout = [ExerciseRecord(exercise_id="goblet-squat",
                              sets=(SetRecord(weight_lbs=50, reps=10),))]
    plan = chat.current_plan(NOW)
    assert plan is not None
    later = [d for d in Weekday if d.index > 0 and plan.days[d].is_training_day]
    rest = [d for d in Weekday if not plan.days[d].is_training_day]
    # D7 revised: the day it names of the week it was done in, even ahead of plan; a rest
    # day is left alone; the first log of a day holds it.
    named = chat.log_workout(workout, now=NOW, day=later[-1])
    today = chat.log_workout(workout, now=NOW + dt.timedelta(minutes=1))
    chat.log_workout(workout, now=NOW + dt.timedelta(minutes=2))
    done = later[-1]
    week = chat.current_plan(NOW)
    assert week is not None
    assert week.days[done].completed_log_id == named.workout.log_id
    assert week.days[Weekday.MONDAY].completed_log_id == today.workout.log_id
    assert all(week.days[d].completed_log_id is None for d in Weekday
               if d not in (done, Weekday.MONDAY))
    if rest:
        chat.log_workout(workout, now=NOW, day=rest[0])
        after = chat.current_plan(NOW)
        assert after is not None
        assert after.days[rest[0]].completed_log_id is None
