"""Plan edits on the seed's onboarding week: the seed's intents 2-6 and every operation's
behaviour and refusals. Expectations are worked out by hand from the rules."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import (
    WEEKDAYS,
    AcuteCondition,
    BodyPart,
    Experience,
    GearTag,
    Goal,
    MuscleGroup,
)
from fitcoach.programming import metrics
from fitcoach.programming.edits import EditRejected, RejectCode, apply_edit, apply_edits
from fitcoach.programming.edits.operations import (
    AddExercise,
    AvoidOnDays,
    Deload,
    GenerateWeek,
    MakeRestDay,
    MoveTrainingDays,
    ProtectForEvent,
    RemoveExercise,
    SetDayFocus,
    ShortenDay,
    SwapExercise,
    SwapReason,
)
from fitcoach.programming.focus import FOCUS_GROUPS, Focus
from fitcoach.programming.generator import generate_week
from fitcoach.programming.profile import AcuteState, Profile, UpcomingEvent
from fitcoach.programming.rules.conditions import event_problem
from fitcoach.programming.validator import validate_week
from tests.programming.strategies import FULL_GYM, ONBOARDING_PROFILE, WEEK_START

MON, TUE, WED, THU, FRI, SAT, SUN = WEEKDAYS
PROFILE = ONBOARDING_PROFILE
BENCHES = (GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH)


@pytest.fixture(scope="module")
def plan():
    return generate_week(PROFILE, WEEK_START).plan


def edit(plan, op, profile=PROFILE, language="en"):
    return apply_edit(plan, op, profile, week_start=WEEK_START, language=language)


def slugs(day) -> list[str]:
    return [e.exercise_id for e in day.exercises]


def no_errors(result_plan, profile=PROFILE) -> None:
    report = validate_week(result_plan, profile)
    assert report.errors == (), [v.message for v in report.errors]


# --- intent 2: "only 30 minutes on Monday, keep the chest focus, cut the fluff" -----------

def test_intent_2_compresses_monday_keeping_the_incline_press_as_anchor(plan) -> None:
    result = edit(plan, ShortenDay(day=MON, minutes=30, keep_focus=MuscleGroup.CHEST))
    monday = result.plan.days[MON]
    assert monday.duration_minutes <= 30
    assert metrics.session_minutes(monday.blocks) <= 30
    assert monday.blocks[0].exercises[0].exercise_id == "incline-db-bench-press"
    assert monday.blocks[0].exercises[0].target_sets == 3  # fewer sets, shorter rest
    assert monday.blocks[0].exercises[0].rest_seconds < 120
    assert any(block.is_superset for block in monday.blocks)
    assert "Chest" in {entry.muscle.value for entry in monday.muscle_focus}
    assert result.summary_diff.startswith(
        f"Compressed Monday from {plan.days[MON].duration_minutes}m ➔ "
        f"{monday.duration_minutes}m")
    assert monday.title.endswith("(Express 30m)")
    assert result.changed_days == (MON,)
    assert result.plan.days[TUE] == plan.days[TUE]
    no_errors(result.plan)


def test_shortening_never_mutates_the_input(plan) -> None:
    before = plan.model_dump(mode="json")
    edit(plan, ShortenDay(day=MON, minutes=20))
    assert plan.model_dump(mode="json") == before


def test_shortening_keeps_the_kept_focus_longest(plan) -> None:
    result = edit(plan, ShortenDay(day=MON, minutes=20, keep_focus=MuscleGroup.CHEST))
    monday = result.plan.days[MON]
    assert metrics.session_minutes(monday.blocks) <= 20
    groups = {g for e in monday.exercises for g in CATALOG.get(e.exercise_id).primary_groups}
    assert MuscleGroup.CHEST in groups
    no_errors(result.plan)


def test_shortening_a_day_that_already_fits_changes_nothing(plan) -> None:
    result = edit(plan, ShortenDay(day=MON, minutes=60))
    assert result.changed_days == ()
    assert result.summary_diff.startswith("No change needed: Monday already fits")


def test_a_rest_day_cannot_be_shortened(plan) -> None:
    with pytest.raises(EditRejected) as rejected:
        edit(plan, ShortenDay(day=WED, minutes=30))
    assert rejected.value.code is RejectCode.REST_DAY


# --- intent 3: "move my days to Mon/Wed/Fri/Sat, Saturday arms and shoulders" --------------

def test_intent_3_moves_the_sessions_in_order_and_makes_saturday_arms_and_shoulders(plan):
    op = MoveTrainingDays(training_days=(MON, WED, FRI, SAT),
                          day_focus={SAT: Focus.ARMS_SHOULDERS})
    result = edit(plan, op)
    moved = result.plan
    assert [d.weekday for d in moved.training_days] == [MON, WED, FRI, SAT]
    assert slugs(moved.days[MON]) == slugs(plan.days[MON])  # first session stays
    assert slugs(moved.days[WED]) == slugs(plan.days[TUE])  # second session, re-dated
    assert moved.days[WED].date == WEEK_START + dt.timedelta(days=2)
    assert moved.days[WED].day_of_week == "Wednesday"
    assert slugs(moved.days[FRI]) == slugs(plan.days[THU])
    allowed = set(FOCUS_GROUPS[Focus.ARMS_SHOULDERS])
    assert all(CATALOG.get(s).primary_groups <= allowed for s in slugs(moved.days[SAT]))
    assert moved.days[TUE].is_rest_day
    assert moved.days[THU].is_rest_day
    assert result.summary_diff == (
        "Moved training to Mon/Wed/Fri/Sat • Saturday is now Arms & Shoulders")
    no_errors(moved)


def test_moving_onto_an_event_day_is_refused(plan) -> None:
    race = UpcomingEvent(name="Race", start=WEEK_START + dt.timedelta(days=5),
                         end=WEEK_START + dt.timedelta(days=5))
    profile = PROFILE.model_copy(update={"events": (race,)})
    with pytest.raises(EditRejected) as rejected:
        edit(plan, MoveTrainingDays(training_days=(MON, TUE, THU, SAT)), profile)
    assert rejected.value.code is RejectCode.EVENT_DAY


def test_moving_to_a_different_number_of_days_rebuilds_the_week(plan) -> None:
    result = edit(plan, MoveTrainingDays(training_days=(MON, WED, FRI)))
    assert [d.weekday for d in result.plan.training_days] == [MON, WED, FRI]
    assert result.notes == ("The week was rebuilt for 3 sessions.",)
    no_errors(result.plan)


def test_moving_sessions_next_to_each_other_repairs_recovery() -> None:
    profile = Profile(days_per_week=2, minutes_per_session=60, gear=FULL_GYM)
    plan = generate_week(profile, WEEK_START).plan  # Mon and Thu, full body, heavy lifts
    result = edit(plan, MoveTrainingDays(training_days=(MON, TUE)), profile)
    assert [d.weekday for d in result.plan.training_days] == [MON, TUE]
    assert "for recovery" in result.summary_diff
    no_errors(result.plan, profile)


# --- intent 4: "the bench is taken, what instead of the incline press?" --------------------

def test_intent_4_swaps_the_incline_press_for_something_without_a_bench(plan) -> None:
    op = SwapExercise(day=MON, exercise_id="incline-db-bench-press",
                      reason=SwapReason.GEAR_BUSY, busy_gear=BENCHES)
    result = edit(plan, op)
    monday = result.plan.days[MON]
    new = monday.blocks[0].exercises[0]
    assert new.exercise_id == "push-up"
    assert "incline-db-bench-press" not in slugs(monday)
    # The bench stays taken: nothing else that day needs one either.
    assert all(CATALOG.get(s).doable_with(PROFILE.gear - set(BENCHES)) for s in slugs(monday))
    assert result.summary_diff.startswith(f"Swapped Incline DB Bench Press ➔ Push-Up "
                                          f"({new.target_sets}x{new.target_reps}) • ")
    assert result.changed_days == (MON,)
    no_errors(result.plan)


def test_a_swap_keeps_the_superset_pairing(plan) -> None:
    monday = plan.days[MON]
    block = next(b for b in monday.blocks if b.is_superset)
    target = block.exercises[0].exercise_id
    result = edit(plan, SwapExercise(day=MON, exercise_id=target))
    assert target not in slugs(result.plan.days[MON])
    no_errors(result.plan)


def test_a_named_replacement_is_used_or_refused_with_the_reason(plan) -> None:
    result = edit(plan, SwapExercise(day=MON, exercise_id="incline-db-bench-press",
                                     replacement_id="flat-db-bench-press"))
    assert result.plan.days[MON].blocks[0].exercises[0].exercise_id == "flat-db-bench-press"
    with pytest.raises(EditRejected) as rejected:
        edit(plan, SwapExercise(day=MON, exercise_id="incline-db-bench-press",
                                replacement_id="flat-bb-bench-press"))
    assert rejected.value.code is RejectCode.NO_SUBSTITUTE
    assert "barbell" in rejected.value.message


def test_a_named_replacement_keeps_the_sets_of_the_exercise_it_replaces(plan) -> None:
    # Tuesday already holds 7 quad sets (goblet squat 4, walking lunge 3): under the 8-set
    # session cap the Bulgarian split squat alone would get 1 set. The lunge gives way
    # instead (never the anchor), and the summary says so.
    tuesday = plan.days[TUE]
    assert slugs(tuesday)[:3] == ["goblet-squat", "db-romanian-deadlift", "db-walking-lunge"]
    rdl_sets = tuesday.exercises[1].target_sets
    result = edit(plan, SwapExercise(day=TUE, exercise_id="db-romanian-deadlift",
                                     replacement_id="bulgarian-split-squat"))
    after = {e.exercise_id: e.target_sets for e in result.plan.days[TUE].exercises}
    assert "db-romanian-deadlift" not in after
    assert after["bulgarian-split-squat"] == rdl_sets
    assert after["goblet-squat"] == tuesday.exercises[0].target_sets
    assert after.get("db-walking-lunge", 0) < tuesday.exercises[2].target_sets
    assert "Dropped DB Walking Lunge" in result.summary_diff or \
        "Trimmed DB Walking Lunge" in result.summary_diff
    no_errors(result.plan)


def test_a_pain_swap_picks_something_gentler_on_the_joint(plan) -> None:
    result = edit(plan, SwapExercise(day=MON, exercise_id="incline-db-bench-press",
                                     reason=SwapReason.PAIN))
    new = CATALOG.get(result.plan.days[MON].blocks[0].exercises[0].exercise_id)
    assert new.joint_stress.get("shoulder", 0) < 2


def test_swaps_refuse_unknown_or_absent_exercises(plan) -> None:
    with pytest.raises(EditRejected) as unknown:
        edit(plan, SwapExercise(day=MON, exercise_id="bicep-blaster-3000"))
    assert unknown.value.code is RejectCode.UNKNOWN_EXERCISE
    with pytest.raises(EditRejected) as absent:
        edit(plan, SwapExercise(day=MON, exercise_id="goblet-squat"))
    assert absent.value.code is RejectCode.NOT_IN_DAY


# --- intent 5: "right shoulder tight and irritated: no overhead work or heavy incline" -----

STRAIN = AcuteState(body_part=BodyPart.SHOULDERS, condition=AcuteCondition.MINOR_STRAIN,
                    since=WEEK_START,
                    until=dt.datetime.combine(WEEK_START, dt.time(10), tzinfo=dt.UTC)
                    + dt.timedelta(days=5))


def test_intent_5_keeps_overhead_and_heavy_incline_work_out_of_today(plan) -> None:
    op = AvoidOnDays(days=(MON,), body_parts=(BodyPart.SHOULDERS,), overhead=True)
    result = edit(plan, op)
    monday = [CATALOG.get(s) for s in slugs(result.plan.days[MON])]
    assert monday
    assert not any(e.overhead for e in monday)
    assert all(e.joint_stress.get("shoulder", 0) < 2 for e in monday)
    assert "incline-db-bench-press" not in [e.slug for e in monday]
    assert result.summary_diff.startswith("Kept shoulders & overhead work out of Monday")
    assert result.changed_days == (MON,)
    no_errors(result.plan)


def test_intent_5_with_the_strain_in_memory_clears_every_affected_day(plan) -> None:
    profile = PROFILE.model_copy(update={"acute": (STRAIN,)})
    assert validate_week(plan, profile).errors  # the old plan loads the strained shoulder
    op = AvoidOnDays(body_parts=(BodyPart.SHOULDERS,), overhead=True)
    result = edit(plan, op, profile)
    no_errors(result.plan, profile)
    assert set(result.changed_days) == {MON, THU}  # Tue/Fri (lower body) had nothing to clear


def test_avoiding_what_is_not_there_changes_nothing(plan) -> None:
    result = edit(plan, AvoidOnDays(days=(TUE,), body_parts=(BodyPart.CHEST,)))
    assert result.changed_days == ()
    assert result.summary_diff.startswith("No change needed")


# --- intent 6: "36-hole golf on Saturday: back, forearms and shoulders not fried" ----------

GOLF = ProtectForEvent(name="36-hole golf tournament", start=WEEK_START + dt.timedelta(days=5),
                       protect=(BodyPart.BACK, BodyPart.FOREARMS, BodyPart.SHOULDERS))


def test_intent_6_spares_back_forearms_and_shoulders_in_the_two_days_before(plan) -> None:
    result = edit(plan, GOLF)
    event = UpcomingEvent(name=GOLF.name, start=GOLF.start, end=GOLF.start,
                          protect=GOLF.protect)
    for weekday in (THU, FRI):
        day = result.plan.days[weekday]
        for planned in day.exercises:
            assert event_problem(CATALOG.get(planned.exercise_id), event, day.date) is None
    assert result.plan.days[SAT].is_rest_day
    assert set(result.changed_days) <= {THU, FRI, SAT}
    assert result.summary_diff.startswith(
        "Protected back, forearms & shoulders before 36-hole golf tournament (Saturday)")
    no_errors(result.plan, PROFILE.model_copy(update={"events": (event,)}))


def test_a_training_day_on_the_event_is_freed_or_made_bodyweight_when_travelling(plan) -> None:
    on_thursday = GOLF.model_copy(update={"start": WEEK_START + dt.timedelta(days=3)})
    freed = edit(plan, on_thursday)
    assert freed.plan.days[THU].is_rest_day
    assert "Thursday kept free" in freed.summary_diff
    travelling = on_thursday.model_copy(update={"travel": True, "protect": ()})
    away = edit(plan, travelling).plan.days[THU]
    assert all(CATALOG.get(s).bodyweight for s in slugs(away))


def test_an_event_on_a_rest_day_with_nothing_to_spare_says_the_day_is_already_free(plan) -> None:
    # A wedding on Saturday, no body part named: Saturday is already a rest day.
    wedding = ProtectForEvent(name="wedding", start=WEEK_START + dt.timedelta(days=5))
    result = edit(plan, wedding)
    assert result.summary_diff == "No change needed: Saturday is already a rest day"
    assert result.changed_days == ()


def test_an_event_on_a_training_day_with_nothing_to_spare_names_no_empty_protection(plan) -> None:
    # A wedding on a training day, no body part named: the day is freed, and the summary
    # does not open with "Protected  before wedding" (nothing was protected).
    day = next(d for d in WEEKDAYS if not plan.days[d].is_rest_day)
    wedding = ProtectForEvent(name="wedding", start=plan.days[day].date)
    result = edit(plan, wedding)
    assert result.plan.days[day].is_rest_day
    assert "Protected" not in result.summary_diff
    assert "  " not in result.summary_diff
    assert result.summary_diff.startswith(day.value.capitalize() + " kept free")


# --- deload, add, remove, rest, focus, generate ------------------------------------------

def test_deloading_the_week_halves_the_sets_at_three_rir(plan) -> None:
    result = edit(plan, Deload())
    before = sum(e.target_sets for d in plan.training_days for e in d.exercises)
    after = sum(e.target_sets for d in result.plan.training_days for e in d.exercises)
    assert after < before
    assert all(e.target_rir == 3 for d in result.plan.training_days for e in d.exercises)
    assert result.summary_diff == f"Deloaded the week: {before} ➔ {after} sets at RIR 3"
    no_errors(result.plan)


def test_deloading_one_day_touches_only_that_day(plan) -> None:
    result = edit(plan, Deload(day=TUE))
    assert result.changed_days == (TUE,)
    assert result.plan.days[TUE].title.endswith("(Deload)")


def test_adding_an_exercise_respects_order_and_gear(plan) -> None:
    roomy = PROFILE.model_copy(update={"minutes_per_session": 90})
    week = generate_week(roomy.model_copy(update={"minutes_per_session": 45}), WEEK_START).plan
    result = edit(week, AddExercise(day=TUE, exercise_id="db-lateral-raise", target_sets=2),
                  roomy)
    tuesday = result.plan.days[TUE]
    assert "db-lateral-raise" in slugs(tuesday)
    priorities = [CATALOG.get(s).priority for s in slugs(tuesday)]
    assert priorities == sorted(priorities)
    assert result.summary_diff == "Added DB Lateral Raise to Tuesday (2x10-15)"
    with pytest.raises(EditRejected) as barbell:
        edit(plan, AddExercise(day=TUE, exercise_id="barbell-back-squat"))
    assert barbell.value.code is RejectCode.MISSING_GEAR
    with pytest.raises(EditRejected) as twice:
        edit(plan, AddExercise(day=MON, exercise_id="incline-db-bench-press"))
    assert twice.value.code is RejectCode.ALREADY_IN_DAY
    with pytest.raises(EditRejected) as rest:
        edit(plan, AddExercise(day=WED, exercise_id="db-lateral-raise"))
    assert rest.value.code is RejectCode.REST_DAY


def test_adding_to_a_full_day_makes_room_for_two_working_sets(plan) -> None:
    # Thursday already gives the shoulders their 8 session sets: flat DB press 4 x 0.5 = 2,
    # Arnold press 2, chest-supported row 3 x 0.5 = 1.5, single-arm row 2 x 0.5 = 1, DB chest
    # flye 3 x 0.5 = 1.5. The only accessory crediting the shoulders is the flye: without it
    # they hold 6.5, room for one set of laterals (7.5), and one lone working set is never
    # planned. So a secondary compound crediting the shoulders gives a set too: the
    # chest-supported row (the least important group, back) 3 ➔ 2 leaves 6, and two sets of
    # laterals make 8. The anchor and the Arnold press keep theirs; nothing is dropped but the
    # flye, and the summary says what gave way.
    thursday = plan.days[THU]
    assert metrics.group_sets(thursday.exercises)[MuscleGroup.SHOULDERS] == 8.0
    for asked in (2, 3, None):
        result = edit(plan, AddExercise(day=THU, exercise_id="db-lateral-raise",
                                        target_sets=asked))
        after = result.plan.days[THU]
        sets = {e.exercise_id: e.target_sets for e in after.exercises}
        assert sets == {"flat-db-bench-press": 4, "arnold-press": 2, "chest-supported-db-row": 2,
                        "single-arm-db-row": 2, "incline-db-curl": 2, "db-lateral-raise": 2}
        assert metrics.group_sets(after.exercises)[MuscleGroup.SHOULDERS] == 8.0
        assert after.duration_minutes <= PROFILE.minutes_per_session
        assert result.summary_diff == (
            "Added DB Lateral Raise to Thursday (2x10-15) • Trimmed Chest-Supported DB Row "
            "(3➔2) • Dropped DB Chest Flye")
        assert result.notes == (() if asked == 2 else ("DB Lateral Raise: 2 of 3 sets fit",))
        no_errors(result.plan)


def test_one_set_is_placed_only_when_one_set_is_asked_for(plan) -> None:
    result = edit(plan, AddExercise(day=THU, exercise_id="db-lateral-raise", target_sets=1))
    sets = {e.exercise_id: e.target_sets for e in result.plan.days[THU].exercises}
    assert sets["db-lateral-raise"] == 1
    assert "db-chest-flye" not in sets  # the flye holds the cap; the compounds keep theirs
    assert sets["chest-supported-db-row"] == 3
    no_errors(result.plan)


def test_an_acute_replacement_gets_two_working_sets_from_the_same_muscles_work(plan) -> None:
    # Tuesday's goblet squat (4) and walking lunge (3) hold 7 of the 8 quad sets a session
    # allows. With the lower back strained, the Romanian deadlift goes and the Bulgarian split
    # squat replaces it: the lunge gives a set (never the anchor) so it comes in with two
    # working sets, not the one the cap left, and the summary says what gave way.
    strained = PROFILE.model_copy(update={"acute": (AcuteState(
        body_part=BodyPart.LOWER_BACK, condition=AcuteCondition.MINOR_STRAIN,
        since=WEEK_START, until=dt.datetime(2026, 9, 20, tzinfo=dt.UTC)),)})
    assert slugs(plan.days[TUE]) == ["goblet-squat", "db-romanian-deadlift", "db-walking-lunge",
                                     "standing-calf-raise"]
    result = edit(plan, AvoidOnDays(days=(TUE,), body_parts=(BodyPart.LOWER_BACK,)), strained)
    sets = {e.exercise_id: e.target_sets for e in result.plan.days[TUE].exercises}
    assert sets == {"goblet-squat": 4, "bulgarian-split-squat": 2, "db-walking-lunge": 2,
                    "standing-calf-raise": 5}
    assert result.summary_diff.endswith(
        "Dumbbell Romanian Deadlift ➔ Bulgarian Split Squat • Trimmed DB Walking Lunge (3➔2)")
    # Friday's Romanian deadlift is the next turn's business (only Tuesday was asked for).
    assert [v.message for v in validate_week(result.plan, strained).errors
            if v.day is not FRI] == []


def test_adding_to_a_full_day_folds_it_into_a_superset_then_trims_isolation(plan) -> None:
    # Tuesday (lower body) runs 42.375 minutes: goblet squat 4 x (15 + 30 + 90 s) + 60 = 600 s,
    # DB Romanian deadlift 3 x 135 + 60 = 465, walking lunge 3 x (15 + 60 + 90) + 60 = 555,
    # calf raise 5 x 112.5 + 60 = 622.5, and the 5-minute warm-up. Nothing on it trains the
    # shoulders, so time is what is short. Two sets of laterals (285 s as straight sets, 47.1
    # minutes) join the lunge as a non-competing superset instead: the lunge rests 30 s before
    # them rather than 90, and the day takes 44.125 minutes with nothing given up. Four sets
    # (510 s) need 172.5 s more even paired: the calf raise (isolation, the least important
    # group left) gives two of its sets (112.5 s each), and the day is 44.125 minutes again.
    # The compounds keep all theirs.
    assert metrics.session_minutes(plan.days[TUE].blocks) == 42.375
    two = edit(plan, AddExercise(day=TUE, exercise_id="db-lateral-raise", target_sets=2))
    assert two.summary_diff == "Added DB Lateral Raise to Tuesday (2x10-15)"
    paired = next(block for block in two.plan.days[TUE].blocks if block.is_superset)
    assert [e.exercise_id for e in paired.exercises] == ["db-walking-lunge", "db-lateral-raise"]
    assert [e.rest_seconds for e in paired.exercises] == [30, 60]
    assert metrics.session_minutes(two.plan.days[TUE].blocks) == 44.125
    four = edit(plan, AddExercise(day=TUE, exercise_id="db-lateral-raise", target_sets=4))
    tuesday = four.plan.days[TUE]
    sets = {e.exercise_id: e.target_sets for e in tuesday.exercises}
    assert sets == {"goblet-squat": 4, "db-romanian-deadlift": 3, "db-walking-lunge": 3,
                    "db-lateral-raise": 4, "standing-calf-raise": 3}
    assert four.summary_diff == ("Added DB Lateral Raise to Tuesday (4x10-15) • Trimmed "
                                 "Standing Calf Raise (5➔3)")
    assert metrics.session_minutes(tuesday.blocks) == 44.125
    no_errors(four.plan)
    no_errors(two.plan)


def test_adding_to_a_day_with_no_accessory_to_give_way_is_refused(plan) -> None:
    # At 20 minutes (short rests) Monday holds the incline press, the seated shoulder press
    # and a row (the pulling balance): three compounds, nothing a coach would trim for a
    # lateral raise.
    short = PROFILE.model_copy(update={"minutes_per_session": 20})
    week = generate_week(short, WEEK_START).plan
    assert slugs(week.days[MON]) == ["incline-db-bench-press", "seated-db-shoulder-press",
                                     "chest-supported-db-row"]
    with pytest.raises(EditRejected) as full:
        edit(week, AddExercise(day=MON, exercise_id="db-lateral-raise", target_sets=2), short)
    assert full.value.code is RejectCode.NO_ROOM


def test_an_addition_tried_as_a_superset_keeps_its_own_rest_as_straight_sets() -> None:
    # Monday at 32 minutes. A walking lunge tried first in a superset (leading it, 30 s to its
    # partner) once did not fit; once the laterals gave way it went in as straight sets still
    # timed with those 30 s instead of 150, so the day came out at 36 minutes and the edit was
    # refused as an invalid result. Since rests follow the set, the push-up (5-8, a heavy
    # set) pairs with the Romanian deadlift at equal sets, which leaves the lunge room to join
    # the laterals as an honest superset at equal sets, the day timed as written and inside
    # its 32 minutes.
    profile = Profile(days_per_week=2, minutes_per_session=15,
                      minutes_by_day={MON: 32}, goal=Goal.STRENGTH,
                      priority_groups=(MuscleGroup.SHOULDERS,),
                      gear=frozenset({GearTag.DUMBBELLS}), experience=Experience.BEGINNER)
    week = generate_week(profile, WEEK_START).plan
    assert week.days[MON].duration_minutes <= 32
    assert slugs(week.days[MON]) == ["goblet-squat", "push-up", "db-romanian-deadlift",
                                     "db-lateral-raise"]
    result = edit(week, AddExercise(day=MON, exercise_id="db-walking-lunge"), profile)
    day = result.plan.days[MON]
    assert "db-walking-lunge" in slugs(day)
    assert day.duration_minutes == metrics.declared_minutes(day.blocks) <= 32
    no_errors(result.plan, profile)


def test_removing_an_exercise_and_the_last_one(plan) -> None:
    last = plan.days[MON].exercises[-1]
    result = edit(plan, RemoveExercise(day=MON, exercise_id=last.exercise_id))
    assert last.exercise_id not in slugs(result.plan.days[MON])
    assert result.summary_diff == f"Removed {last.name} from Monday"
    no_errors(result.plan)
    day = plan.days[TUE]
    current = plan
    for slug in slugs(day):
        current = edit(current, RemoveExercise(day=TUE, exercise_id=slug)).plan
    assert current.days[TUE].is_rest_day


def test_making_a_rest_day(plan) -> None:
    result = edit(plan, MakeRestDay(day=THU))
    assert result.plan.days[THU].is_rest_day
    assert result.plan.summary.frequency == 3
    assert result.summary_diff == "Thursday is now a rest day"
    again = edit(result.plan, MakeRestDay(day=THU))
    assert again.changed_days == ()


def test_setting_a_focus_rebuilds_the_day_within_the_weeks_caps(plan) -> None:
    result = edit(plan, SetDayFocus(day=SAT, focus=Focus.ARMS))
    saturday = result.plan.days[SAT]
    allowed = set(FOCUS_GROUPS[Focus.ARMS])
    assert saturday.is_training_day
    assert all(CATALOG.get(s).primary_groups <= allowed for s in slugs(saturday))
    assert result.summary_diff == "Saturday is now Arms"
    no_errors(result.plan)


def test_generating_a_week_from_nothing_and_over_a_plan(plan) -> None:
    fresh = apply_edit(None, GenerateWeek(), PROFILE, week_start=WEEK_START)
    assert fresh.plan == plan
    assert fresh.changed_days == WEEKDAYS
    three = edit(plan, GenerateWeek(days_per_week=3))
    assert [d.weekday for d in three.plan.training_days] == [MON, WED, FRI]


def test_impossible_requests_are_refused_as_bad_requests(plan) -> None:
    for op in (MoveTrainingDays(training_days=()), GenerateWeek(training_days=()),
               MoveTrainingDays(training_days=(MON, MON)),
               ProtectForEvent(name="Trip", start=WEEK_START, end=WEEK_START
                               - dt.timedelta(days=1))):
        with pytest.raises(EditRejected) as rejected:
            edit(plan, op)
        assert rejected.value.code is RejectCode.BAD_REQUEST, op
    with pytest.raises(EditRejected) as fresh:
        apply_edit(None, MoveTrainingDays(training_days=()), PROFILE, week_start=WEEK_START)
    assert fresh.value.code is RejectCode.BAD_REQUEST


def test_without_a_plan_only_building_operations_work() -> None:
    with pytest.raises(EditRejected) as rejected:
        apply_edit(None, MakeRestDay(day=MON), PROFILE, week_start=WEEK_START)
    assert rejected.value.code is RejectCode.NO_PLAN
    moved = apply_edit(None, MoveTrainingDays(training_days=(TUE, THU, SAT)), PROFILE,
                       week_start=WEEK_START)
    assert [d.weekday for d in moved.plan.training_days] == [TUE, THU, SAT]


def test_a_plan_naming_an_unknown_exercise_cannot_be_edited(plan) -> None:
    monday = plan.days[MON]
    bad_block = monday.blocks[0].model_copy(update={"exercises": (
        monday.blocks[0].exercises[0].model_copy(update={"exercise_id": "quantum-curl"}),)})
    broken = plan.with_day(MON, monday.model_copy(update={"blocks": (bad_block,)}))
    with pytest.raises(EditRejected) as rejected:
        edit(broken, MakeRestDay(day=THU))
    assert rejected.value.code is RejectCode.UNKNOWN_EXERCISE
    assert "quantum-curl" in rejected.value.message


def test_edits_compose_and_join_their_diffs(plan) -> None:
    result = apply_edits(plan, [ShortenDay(day=MON, minutes=30), MakeRestDay(day=FRI)], PROFILE,
                         week_start=WEEK_START)
    assert result.changed_days == (MON, FRI)
    assert result.summary_diff.endswith(" • Friday is now a rest day")
    assert result.summary_diff.startswith("Compressed Monday")
    no_errors(result.plan)


def test_texts_follow_the_language(plan) -> None:
    result = edit(plan, MakeRestDay(day=THU), language="es")
    assert result.summary_diff == "El jueves pasa a ser día de descanso"
    swapped = edit(plan, SwapExercise(day=MON, exercise_id="incline-db-bench-press",
                                      busy_gear=BENCHES), language="ko")
    assert swapped.summary_diff.startswith("Incline DB Bench Press ➔ Push-Up 교체")
