"""Training blocks: the block on the calendar, the volume ramp, the deload, the validator."""

from __future__ import annotations

import datetime as dt

import pytest
from pydantic import ValidationError

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import GearTag, MuscleGroup, Weekday
from fitcoach.programming import metrics
from fitcoach.programming.blocks import advance, first_week, next_week, shape_week
from fitcoach.programming.blocks.shape import deload_target
from fitcoach.programming.generator import generate_week
from fitcoach.programming.plan import BlockPhase, TrainingBlock, WeeklyPlan
from fitcoach.programming.profile import Profile
from fitcoach.programming.validator import validate_week
from fitcoach.programming.validator.violations import Code
from tests.programming.strategies import FULL_GYM, WEEK_START

G = MuscleGroup
PROFILE = Profile(training_days=(Weekday.MONDAY, Weekday.TUESDAY, Weekday.THURSDAY,
                                 Weekday.FRIDAY),
                  minutes_per_session=75, gear=FULL_GYM, priority_groups=(G.CHEST,))


def week_totals(plan: WeeklyPlan) -> dict[MuscleGroup, float]:
    return metrics.group_sets(e for day in plan.days.values() for e in day.exercises)


def total_sets(plan: WeeklyPlan) -> int:
    return sum(e.target_sets for day in plan.days.values() for e in day.exercises)


def block_week(index: int, weeks: int = 5) -> TrainingBlock:
    return TrainingBlock(id="b", week_index=index, weeks=weeks,
                         phase=BlockPhase.DELOAD if index == weeks else BlockPhase.BUILD)


@pytest.fixture(scope="module")
def peak() -> WeeklyPlan:
    return generate_week(PROFILE, WEEK_START).plan


def test_a_block_runs_four_build_weeks_then_a_deload_then_starts_again():
    monday = WEEK_START
    week = first_week(monday)
    seen = [(week.week_index, week.phase)]
    for n in range(1, 6):
        week = next_week(week, monday + dt.timedelta(days=7 * n))
        seen.append((week.week_index, week.phase))
    assert seen == [(1, BlockPhase.BUILD), (2, BlockPhase.BUILD), (3, BlockPhase.BUILD),
                    (4, BlockPhase.BUILD), (5, BlockPhase.DELOAD), (1, BlockPhase.BUILD)]
    assert week.id == "block-2026-10-19" != first_week(monday).id


def test_advance_follows_the_calendar_across_blocks():
    start = first_week(WEEK_START, weeks=4)
    later = advance(start, WEEK_START, WEEK_START + dt.timedelta(days=7 * 5))
    assert (later.week_index, later.weeks) == (2, 4)
    assert later.id == "block-2026-10-12"
    with pytest.raises(ValueError, match="forward"):
        advance(start, WEEK_START, WEEK_START - dt.timedelta(days=7))


def test_a_block_is_four_to_six_weeks_and_its_week_lies_inside_it():
    with pytest.raises(ValidationError):
        TrainingBlock(id="b", week_index=1, weeks=3, phase=BlockPhase.BUILD)
    with pytest.raises(ValidationError, match="week 6 of a 5-week block"):
        TrainingBlock(id="b", week_index=6, weeks=5, phase=BlockPhase.BUILD)


def test_a_plan_stored_before_blocks_still_parses_and_serialises_without_the_key(peak):
    document = peak.model_dump(mode="json")
    assert "block" not in document
    assert WeeklyPlan.model_validate(document).block is None
    shaped = shape_week(peak, block_week(2))
    assert shaped.model_dump(mode="json")["block"] == {
        "id": "b", "week_index": 2, "weeks": 5, "phase": "build"}


def test_week_one_starts_near_the_bottom_and_the_last_build_week_is_the_generators(peak):
    peak_totals = week_totals(peak)
    week1 = shape_week(peak, block_week(1), PROFILE.priority_groups)
    first = week_totals(week1)
    for group, sets in peak_totals.items():
        start = 12 if group is G.CHEST else 10
        direct = [e.target_sets for day in week1.days.values() for e in day.exercises
                  if group in CATALOG.get(e.exercise_id).primary_groups]
        # A group starts within a set of the bottom, unless its direct work is down to two
        # sets an exercise and the rest is credit from other groups' lifts (shoulders).
        if sets >= start + 1 and any(n > 2 for n in direct):
            assert first[group] < start + 1, (group, first[group])
    assert first[G.BACK] < 13 < peak_totals[G.BACK]
    last_build = shape_week(peak, block_week(4), PROFILE.priority_groups)
    assert week_totals(last_build) == peak_totals
    assert total_sets(shape_week(peak, block_week(1))) < total_sets(peak)


def test_priority_groups_reach_their_peak_a_week_before_the_others(peak):
    peak_chest = week_totals(peak)[G.CHEST]
    assert peak_chest > 13  # the profile makes chest a priority: it has room to ramp
    week3 = week_totals(shape_week(peak, block_week(3), PROFILE.priority_groups))
    assert week3[G.CHEST] == peak_chest


def test_the_deload_halves_the_sets_and_adds_two_reps_in_reserve(peak):
    deload = shape_week(peak, block_week(5), PROFILE.priority_groups)
    before, after = total_sets(peak), total_sets(deload)
    assert 0.5 * before <= after <= 0.6 * before
    for day in peak.days.values():
        for was, now in zip(day.exercises, deload.days[day.weekday].exercises, strict=True):
            assert now.exercise_id == was.exercise_id
            assert now.target_rir == min(5, (was.target_rir or 2) + 2)
    report = validate_week(deload, PROFILE)
    assert report.errors == ()
    assert Code.WEEKLY_VOLUME_LOW not in {v.code for v in report.violations}


@pytest.mark.parametrize(("total", "kept"), [(10, 6), (20, 11), (7, 4), (5, 3), (3, 2)])
def test_deload_target_keeps_fifty_five_percent_within_fifty_to_sixty(total, kept):
    assert deload_target(total) == kept


def test_the_validator_judges_a_deload_by_the_deload_rules(peak):
    labelled = peak.model_copy(update={"block": block_week(5)})  # a peak week called a deload
    report = validate_week(labelled, PROFILE)
    too_hard = [v for v in report.errors if v.code is Code.DELOAD_TOO_HARD]
    assert too_hard
    assert "week 5 of 5 is a deload" in too_hard[0].message
    assert any(v.code is Code.DELOAD_EFFORT for v in report.warnings)


def test_the_validator_judges_a_build_week_by_its_place_in_the_block(peak):
    early = peak.model_copy(update={"block": block_week(1)})
    ahead = [v for v in validate_week(early, PROFILE).warnings
             if v.code is Code.BLOCK_RAMP_AHEAD]
    assert ahead
    assert "build week 1 of 5" in ahead[0].message
    shaped = shape_week(peak, block_week(1), PROFILE.priority_groups)
    assert Code.BLOCK_RAMP_AHEAD not in {v.code for v in validate_week(shaped, PROFILE).warnings}


def test_five_reps_in_reserve_is_a_deload_effort_only(peak):
    deload = shape_week(peak, block_week(5))
    as_build = deload.model_copy(update={"block": block_week(2)})
    assert Code.REPS_IN_RESERVE not in {v.code for v in validate_week(deload).errors}
    assert max(e.target_rir or 0 for d in deload.days.values() for e in d.exercises) >= 4
    assert Code.REPS_IN_RESERVE in {v.code for v in validate_week(as_build).errors}


def test_a_bodyweight_week_shapes_too():
    profile = Profile(days_per_week=3, minutes_per_session=30, gear=frozenset())
    plan = generate_week(profile, WEEK_START).plan
    for index in range(1, 6):
        assert validate_week(shape_week(plan, block_week(index)), profile).errors == ()
    assert GearTag.BARBELL not in profile.gear
