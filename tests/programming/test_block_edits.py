"""Block edit operations: start a new block, deload the week, more or less volume for a
group. Each is an ordinary edit: validator-guarded, settled days left alone."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fitcoach.catalog.vocabulary import MuscleGroup, Weekday
from fitcoach.programming import metrics
from fitcoach.programming.blocks import shape_week
from fitcoach.programming.edits import apply_edit
from fitcoach.programming.edits.operations import (
    EDIT_OPERATION_ADAPTER,
    Deload,
    GroupVolume,
    StartBlock,
)
from fitcoach.programming.edits.result import EditRejected, RejectCode
from fitcoach.programming.generator import generate_week
from fitcoach.programming.plan import BlockPhase, TrainingBlock, WeeklyPlan
from fitcoach.programming.profile import Profile
from fitcoach.programming.rules.landmarks import SESSION_SETS_MAX, WEEKLY_SETS_MAX
from fitcoach.programming.validator import validate_week
from tests.programming.strategies import FULL_GYM, WEEK_START, profiles

G = MuscleGroup
PROFILE = Profile(training_days=(Weekday.MONDAY, Weekday.TUESDAY, Weekday.THURSDAY,
                                 Weekday.FRIDAY),
                  minutes_per_session=75, gear=FULL_GYM)
WEEK4 = TrainingBlock(id="block-2026-08-24", week_index=4, weeks=5, phase=BlockPhase.BUILD)


def week_totals(plan: WeeklyPlan) -> dict[MuscleGroup, float]:
    return metrics.group_sets(e for day in plan.days.values() for e in day.exercises)


@pytest.fixture(scope="module")
def week4() -> WeeklyPlan:
    return shape_week(generate_week(PROFILE, WEEK_START).plan, WEEK4)


def edit(plan: WeeklyPlan, op, today: dt.date | None = None, profile: Profile = PROFILE):
    return apply_edit(plan, op, profile, week_start=WEEK_START, today=today)


def test_operations_parse_from_json_like_every_other():
    assert EDIT_OPERATION_ADAPTER.validate_python(
        {"op": "group_volume", "group": "Shoulders", "more": False}) == GroupVolume(
            group=G.SHOULDERS, more=False, sets=2)
    assert EDIT_OPERATION_ADAPTER.validate_python({"op": "start_block"}) == StartBlock(weeks=5)


def test_start_a_new_block_brings_the_week_back_to_the_ramps_start(week4):
    result = edit(week4, StartBlock())
    assert result.plan.block == TrainingBlock(id="block-2026-09-14", week_index=1, weeks=5,
                                              phase=BlockPhase.BUILD)
    before, after = week_totals(week4), week_totals(result.plan)
    assert all(after[g] <= before[g] for g in before)
    assert after[G.BACK] < before[G.BACK]
    assert "New 5-week block" in result.summary_diff
    assert validate_week(result.plan, PROFILE).ok


def test_a_new_block_is_refused_in_a_deload_week(week4):
    deload = shape_week(week4, WEEK4.model_copy(update={"week_index": 5,
                                                        "phase": BlockPhase.DELOAD}))
    with pytest.raises(EditRejected) as refused:
        edit(deload, StartBlock())
    assert refused.value.code is RejectCode.BAD_REQUEST
    assert "deload" in str(refused.value)


def test_deloading_the_whole_week_makes_it_the_blocks_deload(week4):
    result = edit(week4, Deload())
    assert result.plan.block is not None
    assert result.plan.block.phase is BlockPhase.DELOAD
    assert result.plan.block.week_index == 4
    assert validate_week(result.plan, PROFILE).ok


def test_a_week_with_sessions_done_keeps_its_phase_when_the_rest_is_deloaded(week4):
    wednesday = WEEK_START + dt.timedelta(days=2)  # Monday and Tuesday are past
    result = edit(week4, Deload(), today=wednesday)
    assert result.plan.block == WEEK4
    assert result.plan.days[Weekday.MONDAY] == week4.days[Weekday.MONDAY]


def test_more_volume_for_a_group_adds_sets_within_the_caps_and_minutes(week4):
    # The triceps: long sessions are now filled toward 18 a group, so the hamstrings' lower
    # days sit at their 8-set session caps; the triceps' extensions have room for two more.
    roomy = PROFILE.model_copy(update={"minutes_per_session": 120})
    result = edit(week4, GroupVolume(group=G.TRICEPS, sets=2), profile=roomy)
    before, after = week_totals(week4), week_totals(result.plan)
    assert after[G.TRICEPS] == before[G.TRICEPS] + 2
    assert "More volume for" in result.summary_diff
    assert validate_week(result.plan, roomy).ok


def test_more_volume_for_a_group_at_the_session_cap_is_refused(week4):
    # Presses and rows already give the shoulders 8 sets on both upper days.
    with pytest.raises(EditRejected) as refused:
        edit(week4, GroupVolume(group=G.SHOULDERS),
             profile=PROFILE.model_copy(update={"minutes_per_session": 120}))
    assert refused.value.code is RejectCode.NO_ROOM


def test_less_volume_for_a_group_takes_sets_away(week4):
    result = edit(week4, GroupVolume(group=G.QUADS, more=False, sets=3))
    assert week_totals(result.plan)[G.QUADS] == week_totals(week4)[G.QUADS] - 3


def test_more_volume_with_no_time_left_is_refused_with_the_reason():
    tight = Profile(days_per_week=2, minutes_per_session=20, gear=FULL_GYM)
    plan = generate_week(tight, WEEK_START).plan
    with pytest.raises(EditRejected) as refused:
        edit(plan, GroupVolume(group=G.CHEST, sets=6), profile=tight)
    assert refused.value.code is RejectCode.NO_ROOM
    assert "no room" in str(refused.value)


PROPERTY = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
block_ops = st.one_of(
    st.builds(StartBlock, weeks=st.integers(4, 6)),
    st.just(Deload()),
    st.builds(GroupVolume, group=st.sampled_from(tuple(MuscleGroup)), more=st.booleans(),
              sets=st.integers(1, 6)),
)


@PROPERTY
@given(profiles(), block_ops, st.integers(min_value=1, max_value=4))
def test_block_operations_leave_a_valid_week_within_the_caps(profile, op, week_index):
    block = TrainingBlock(id="b", week_index=week_index, weeks=5, phase=BlockPhase.BUILD)
    plan = shape_week(generate_week(profile, WEEK_START).plan, block, profile.priority_groups)
    try:
        result = apply_edit(plan, op, profile, week_start=WEEK_START)
    except EditRejected:
        return
    assert validate_week(result.plan, profile).ok
    assert all(n <= WEEKLY_SETS_MAX + 1e-9 for n in week_totals(result.plan).values())
    for day in result.plan.days.values():
        assert all(n <= SESSION_SETS_MAX + 1e-9
                   for n in metrics.group_sets(day.exercises).values())
