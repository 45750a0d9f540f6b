"""A passing and a failing example for every validator check (DESIGN D2)."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fitcoach.catalog.vocabulary import AcuteCondition, BodyPart, GearTag, Weekday
from fitcoach.programming.profile import (
    AcuteState,
    ChronicConstraint,
    Profile,
    UpcomingEvent,
)
from fitcoach.programming.validator import (
    Code,
    Severity,
    validate_day,
    validate_day_document,
    validate_week,
    validate_week_document,
)
from tests.programming.builders import SEED_MONDAY, block, day, planned, week
from tests.programming.seed_examples import COMPRESSED_MONDAY, ONBOARDING_MONDAY

MON, TUE, WED, THU, FRI, SAT, SUN = (
    Weekday.MONDAY, Weekday.TUESDAY, Weekday.WEDNESDAY, Weekday.THURSDAY, Weekday.FRIDAY,
    Weekday.SATURDAY, Weekday.SUNDAY,
)
HOME_DB = frozenset({GearTag.DUMBBELLS, GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH})
FULL_GYM = frozenset(GearTag)


def gym_profile(**changes: object) -> Profile:
    return Profile(days_per_week=4, minutes_per_session=90, gear=FULL_GYM, **changes)


def codes(report) -> set[Code]:
    return {v.code for v in report.errors}


# --- the seed's own examples ---------------------------------------------------------------

def test_seed_onboarding_monday_passes() -> None:
    profile = Profile(days_per_week=4, minutes_per_session=45, gear=HOME_DB)
    report = validate_day_document(ONBOARDING_MONDAY, profile)
    assert report.errors == ()


def test_seed_compressed_monday_fails_the_data_assurances() -> None:
    report = validate_day_document(COMPRESSED_MONDAY)
    assert codes(report) == {Code.DATA_ASSURANCE}
    messages = " ".join(v.message for v in report.errors)
    assert "status" in messages
    assert messages.count("lacks name") == 3


# --- catalog references ---------------------------------------------------------------------

def test_known_slug_with_its_name_passes() -> None:
    report = validate_day(day(MON, [block(planned("push-up"))]))
    assert Code.SLUG_UNKNOWN not in codes(report)
    assert Code.NAME_MISMATCH not in codes(report)


def test_invented_slug_is_an_error() -> None:
    report = validate_day(day(MON, [block(planned("cable-crossover-deluxe", name="X"))]))
    assert Code.SLUG_UNKNOWN in codes(report)


def test_wrong_denormalised_name_is_an_error() -> None:
    report = validate_day(day(MON, [block(planned("push-up", name="Press-Up"))]))
    assert Code.NAME_MISMATCH in codes(report)


# --- equipment ------------------------------------------------------------------------------

def test_dumbbell_exercise_in_a_dumbbell_gym_passes() -> None:
    profile = Profile(days_per_week=3, gear=HOME_DB)
    report = validate_day(day(MON, [block(planned("incline-db-bench-press"))]), profile)
    assert Code.EQUIPMENT_MISSING not in codes(report)


def test_barbell_exercise_with_dumbbells_only_is_an_error() -> None:
    profile = Profile(days_per_week=3, gear=HOME_DB)
    report = validate_day(day(MON, [block(planned("flat-bb-bench-press"))]), profile)
    assert Code.EQUIPMENT_MISSING in codes(report)


def test_load_above_the_heaviest_dumbbell_is_an_error() -> None:
    profile = Profile(days_per_week=3, gear=HOME_DB, max_dumbbell_lbs=50)
    heavy = planned("flat-db-bench-press", target_weight_lbs=60)
    light = planned("incline-db-bench-press", target_weight_lbs=45)
    assert Code.EQUIPMENT_LOAD in codes(validate_day(day(MON, [block(heavy)]), profile))
    assert Code.EQUIPMENT_LOAD not in codes(validate_day(day(MON, [block(light)]), profile))


# --- sequencing -----------------------------------------------------------------------------

def test_compound_before_isolation_passes() -> None:
    report = validate_day(day(MON, [block(planned("flat-bb-bench-press")),
                                    block(planned("db-lateral-raise", reps="12-15"))]))
    assert Code.SEQUENCE_PRIORITY not in codes(report)


def test_isolation_before_heavy_compound_is_an_error() -> None:
    report = validate_day(day(MON, [block(planned("db-lateral-raise", reps="12-15")),
                                    block(planned("flat-bb-bench-press"))]))
    assert Code.SEQUENCE_PRIORITY in codes(report)


# --- volume ---------------------------------------------------------------------------------

def test_eight_chest_sets_in_a_session_pass() -> None:
    report = validate_day(day(MON, [block(planned("flat-bb-bench-press", sets=4)),
                                    block(planned("incline-db-bench-press", sets=4))]))
    assert Code.SESSION_VOLUME_CAP not in codes(report)


def test_nine_chest_sets_in_a_session_are_junk_volume() -> None:
    report = validate_day(day(MON, [block(planned("flat-bb-bench-press", sets=5)),
                                    block(planned("incline-db-bench-press", sets=4))]))
    assert Code.SESSION_VOLUME_CAP in codes(report)


def test_secondary_work_counts_half_toward_the_session_cap() -> None:
    # 4 bench sets give triceps 2 fractional sets; 6 pushdown sets bring them to 8: allowed.
    allowed = day(MON, [block(planned("flat-bb-bench-press", sets=4)),
                        block(planned("cable-rope-tricep-pushdown", sets=6, reps="12"))])
    # One more pushdown set makes 9.
    too_much = day(MON, [block(planned("flat-bb-bench-press", sets=4)),
                         block(planned("cable-rope-tricep-pushdown", sets=7, reps="12"))])
    assert Code.SESSION_VOLUME_CAP not in codes(validate_day(allowed))
    assert Code.SESSION_VOLUME_CAP in codes(validate_day(too_much))


def _chest_week(sets_per_day: int, days: tuple[Weekday, ...]) -> dict:
    return {d: [block(planned("push-up", sets=sets_per_day, reps="10-15"))] for d in days}


def test_weekly_volume_inside_the_landmarks_passes() -> None:
    report = validate_week(week(_chest_week(5, (MON, WED, FRI))), gym_profile())
    chest = [v for v in report.violations
             if v.code in {Code.WEEKLY_VOLUME_HIGH, Code.WEEKLY_VOLUME_LOW}
             and "for Chest" in v.message]
    assert chest == []


def test_more_than_twenty_weekly_sets_is_an_error() -> None:
    report = validate_week(week(_chest_week(7, (MON, WED, FRI))), gym_profile())
    assert Code.WEEKLY_VOLUME_HIGH in codes(report)


def test_fewer_than_ten_weekly_sets_is_only_a_warning() -> None:
    report = validate_week(week(_chest_week(3, (MON, WED, FRI))), gym_profile())
    low = [v for v in report.violations if v.code is Code.WEEKLY_VOLUME_LOW]
    assert low
    assert all(v.severity is Severity.WARNING for v in low)
    assert "spare minutes" in low[0].message


def test_a_shortfall_without_spare_time_says_time_is_the_cause() -> None:
    tight = Profile(days_per_week=3, minutes_per_session=15, gear=FULL_GYM)
    plan = week({d: [block(planned("push-up", sets=3, reps="10-15", rest=60))]
                 for d in (MON, WED, FRI)})
    low = [v for v in validate_week(plan, tight).violations
           if v.code is Code.WEEKLY_VOLUME_LOW]
    assert low
    assert "cannot hold more" in low[0].message


# --- recovery -------------------------------------------------------------------------------

def test_heavy_chest_48_hours_apart_passes() -> None:
    plan = week({MON: [block(planned("flat-bb-bench-press"))],
                 WED: [block(planned("flat-db-bench-press"))]})
    assert Code.RECOVERY_48H not in codes(validate_week(plan, gym_profile()))


def test_heavy_chest_on_consecutive_days_is_an_error() -> None:
    plan = week({MON: [block(planned("flat-bb-bench-press"))],
                 TUE: [block(planned("flat-db-bench-press"))]})
    assert Code.RECOVERY_48H in codes(validate_week(plan, gym_profile()))


def test_sunday_and_the_next_monday_are_consecutive() -> None:
    plan = week({MON: [block(planned("flat-bb-bench-press"))],
                 SUN: [block(planned("incline-db-bench-press"))]})
    assert Code.RECOVERY_48H in codes(validate_week(plan, gym_profile()))


def test_light_chest_work_the_next_day_is_allowed() -> None:
    plan = week({MON: [block(planned("flat-bb-bench-press"))],
                 TUE: [block(planned("push-up", reps="10-15"))]})
    assert Code.RECOVERY_48H not in codes(validate_week(plan, gym_profile()))


def test_heavy_lower_back_lifts_on_consecutive_days_are_an_error() -> None:
    plan = week({MON: [block(planned("conventional-deadlift", reps="3-6"))],
                 TUE: [block(planned("barbell-bent-over-row"))]})
    assert Code.LOWER_BACK_CONSECUTIVE in codes(validate_week(plan, gym_profile()))


def test_heavy_lower_back_lifts_two_days_apart_pass() -> None:
    plan = week({MON: [block(planned("conventional-deadlift", reps="3-6"))],
                 WED: [block(planned("barbell-bent-over-row"))]})
    assert Code.LOWER_BACK_CONSECUTIVE not in codes(validate_week(plan, gym_profile()))


# --- supersets ------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("flat-db-bench-press", "single-arm-db-row"),  # chest + back
        ("standing-db-bicep-curl", "cable-rope-tricep-pushdown"),  # biceps + triceps
        ("leg-extension", "lying-hamstring-curl"),  # quads + hamstrings
        ("db-lateral-raise", "standing-calf-raise"),  # non-competing
        ("db-lateral-raise", "overhead-db-tricep-extension"),  # the seed's own pair
    ],
)
def test_allowed_superset_pairs(first: str, second: str) -> None:
    report = validate_day(day(MON, [block(planned(first), planned(second))]))
    assert not {Code.SUPERSET_PAIRING, Code.SUPERSET_SPINAL} & codes(report)


def test_competing_superset_is_an_error() -> None:
    report = validate_day(day(MON, [block(planned("flat-db-bench-press"),
                                          planned("db-lateral-raise"))]))
    assert Code.SUPERSET_PAIRING in codes(report)


def test_squat_with_barbell_row_is_never_a_superset() -> None:
    report = validate_day(day(MON, [block(planned("barbell-back-squat"),
                                          planned("barbell-bent-over-row"))]))
    assert Code.SUPERSET_SPINAL in codes(report)


# --- effort ---------------------------------------------------------------------------------

def test_rir_within_one_to_three_passes() -> None:
    report = validate_day(day(MON, [block(planned("push-up", target_rir=2))]))
    assert Code.REPS_IN_RESERVE not in codes(report)


@pytest.mark.parametrize("rir", [0, 4])
def test_rir_outside_one_to_three_is_an_error(rir: int) -> None:
    report = validate_day(day(MON, [block(planned("push-up", target_rir=rir))]))
    assert Code.REPS_IN_RESERVE in codes(report)


# --- conditions -----------------------------------------------------------------------------

LOWER_BACK = ChronicConstraint(body_parts=(BodyPart.LOWER_BACK,))


def test_chronic_lower_back_rules_out_deadlifts() -> None:
    profile = gym_profile(chronic=(LOWER_BACK,))
    report = validate_day(day(MON, [block(planned("conventional-deadlift", reps="3-6"))]),
                          profile)
    assert Code.CHRONIC_CONDITION in codes(report)


def test_chronic_lower_back_allows_chest_supported_rows() -> None:
    profile = gym_profile(chronic=(LOWER_BACK,))
    report = validate_day(day(MON, [block(planned("chest-supported-db-row"))]), profile)
    assert Code.CHRONIC_CONDITION not in codes(report)


def test_avoided_exercise_is_an_error() -> None:
    profile = gym_profile(chronic=(ChronicConstraint(exercises=("flat-bb-bench-press",)),))
    report = validate_day(day(MON, [block(planned("flat-bb-bench-press"))]), profile)
    assert Code.CHRONIC_CONDITION in codes(report)


def _shoulder_strain(since: dt.date) -> AcuteState:
    # The seed's intent 5: a 5-day TTL from Monday 10:00.
    return AcuteState(body_part=BodyPart.SHOULDERS, condition=AcuteCondition.MINOR_STRAIN,
                      since=since,
                      until=dt.datetime(2026, 9, 19, 10, 0, tzinfo=dt.UTC))


def test_strained_shoulder_rules_out_incline_pressing_while_it_lasts() -> None:
    profile = gym_profile(acute=(_shoulder_strain(SEED_MONDAY),))
    report = validate_day(day(MON, [block(planned("incline-db-bench-press"))]), profile)
    assert Code.ACUTE_STATE in codes(report)


def test_strained_shoulder_allows_rows_and_legs() -> None:
    profile = gym_profile(acute=(_shoulder_strain(SEED_MONDAY),))
    report = validate_day(day(MON, [block(planned("chest-supported-db-row")),
                                    block(planned("leg-extension", reps="12"))]), profile)
    assert Code.ACUTE_STATE not in codes(report)


def test_an_expired_state_no_longer_limits_the_plan() -> None:
    profile = gym_profile(acute=(_shoulder_strain(SEED_MONDAY),))
    sunday = day(SUN, [block(planned("incline-db-bench-press"))])  # Sept 20, after expiry
    assert Code.ACUTE_STATE not in codes(validate_day(sunday, profile))


def test_soreness_rules_out_the_sore_muscle_only() -> None:
    sore = AcuteState(body_part=BodyPart.HAMSTRINGS, condition=AcuteCondition.SORENESS,
                      since=dt.date(2026, 9, 13),
                      until=dt.datetime(2026, 9, 16, tzinfo=dt.UTC))
    profile = gym_profile(acute=(sore,))
    assert Code.ACUTE_STATE in codes(validate_day(
        day(TUE, [block(planned("romanian-deadlift"))]), profile))
    assert Code.ACUTE_STATE not in codes(validate_day(
        day(TUE, [block(planned("flat-bb-bench-press"))]), profile))
    # 2026-09-16 00:00 is the expiry: Wednesday is free again.
    assert Code.ACUTE_STATE not in codes(validate_day(
        day(WED, [block(planned("romanian-deadlift"))]), profile))


GOLF = UpcomingEvent(name="golf tournament", start=dt.date(2026, 9, 19),
                     end=dt.date(2026, 9, 19),
                     protect=(BodyPart.BACK, BodyPart.FOREARMS, BodyPart.SHOULDERS))


def test_protected_parts_are_spared_before_the_event() -> None:
    profile = gym_profile(events=(GOLF,))
    friday_rows = day(FRI, [block(planned("single-arm-db-row"))])
    friday_legs = day(FRI, [block(planned("leg-extension", reps="12")),
                            block(planned("seated-hamstring-curl", reps="12"))])
    assert Code.EVENT_PROTECTION in codes(validate_day(friday_rows, profile))
    assert Code.EVENT_PROTECTION not in codes(validate_day(friday_legs, profile))


def test_the_event_day_itself_stays_free() -> None:
    profile = gym_profile(events=(GOLF,))
    saturday = day(SAT, [block(planned("leg-extension", reps="12"))])
    assert Code.EVENT_PROTECTION in codes(validate_day(saturday, profile))


def test_bodyweight_work_is_fine_while_travelling() -> None:
    trip = UpcomingEvent(name="trip", start=dt.date(2026, 9, 16), end=dt.date(2026, 9, 18),
                         travel=True)
    profile = gym_profile(events=(trip,))
    assert Code.EVENT_PROTECTION not in codes(validate_day(
        day(WED, [block(planned("push-up", reps="10-15"))]), profile))
    assert Code.EVENT_PROTECTION in codes(validate_day(
        day(WED, [block(planned("flat-db-bench-press"))]), profile))


# --- duration -------------------------------------------------------------------------------

def test_a_session_within_budget_passes() -> None:
    profile = Profile(days_per_week=3, minutes_per_session=30, gear=FULL_GYM)
    report = validate_day(day(MON, [block(planned("flat-bb-bench-press", sets=3))]), profile)
    assert Code.DURATION_OVER_BUDGET not in codes(report)


def test_a_session_over_budget_is_an_error() -> None:
    profile = Profile(days_per_week=3, minutes_per_session=20, gear=FULL_GYM)
    # 5 min warm-up + 4 exercises x (1 min setup + 4 x (42 s + 120 s)) is ~52 minutes.
    blocks = [block(planned(slug, sets=4, rest=120)) for slug in
              ("barbell-back-squat", "flat-bb-bench-press", "barbell-bent-over-row",
               "romanian-deadlift")]
    report = validate_day(day(MON, blocks), profile)
    assert Code.DURATION_OVER_BUDGET in codes(report)


def test_a_per_day_budget_overrides_the_default() -> None:
    profile = Profile(days_per_week=3, minutes_per_session=60, minutes_by_day={MON: 15},
                      gear=FULL_GYM)
    blocks = [block(planned("flat-bb-bench-press", sets=4, rest=120)),
              block(planned("barbell-bent-over-row", sets=4, rest=120))]
    assert Code.DURATION_OVER_BUDGET in codes(validate_day(day(MON, blocks), profile))
    assert Code.DURATION_OVER_BUDGET not in codes(validate_day(day(TUE, blocks), profile))


def test_a_misleading_duration_is_a_warning() -> None:
    plain = day(MON, [block(planned("push-up", sets=2, reps="10-15", rest=60))])
    claimed = plain.model_copy(update={"duration_minutes": 60})
    report = validate_day(claimed)
    assert Code.DURATION_MISMATCH in {v.code for v in report.warnings}
    assert Code.DURATION_MISMATCH not in validate_day(plain).codes()


# --- structure ------------------------------------------------------------------------------

def test_a_built_week_has_every_assurance() -> None:
    plan = week({MON: [block(planned("push-up", reps="10-15"))]})
    assert Code.DATA_ASSURANCE not in codes(validate_week(plan))


def test_a_week_missing_a_day_fails() -> None:
    document = week({MON: [block(planned("push-up", reps="10-15"))]}).model_dump(mode="json")
    del document["days"]["sunday"]
    report = validate_week_document(document)
    assert any("sunday" in v.message for v in report.errors if v.code is Code.DATA_ASSURANCE)


def test_a_rest_day_with_blocks_fails() -> None:
    document = week({MON: [block(planned("push-up", reps="10-15"))]}).model_dump(mode="json")
    document["days"]["tuesday"]["blocks"] = document["days"]["monday"]["blocks"]
    assert Code.DATA_ASSURANCE in codes(validate_week_document(document))


def test_a_completed_day_is_not_a_valid_proposal() -> None:
    document = week({MON: [block(planned("push-up", reps="10-15"))]}).model_dump(mode="json")
    document["days"]["monday"]["status"] = "completed"
    assert Code.DATA_ASSURANCE in codes(validate_week_document(document))


def test_a_day_dated_on_the_wrong_weekday_fails() -> None:
    document = dict(ONBOARDING_MONDAY, date="2026-09-15")
    assert Code.DATA_ASSURANCE in codes(validate_day_document(document))


def test_a_summary_that_does_not_add_up_fails() -> None:
    plan = week({MON: [block(planned("push-up", reps="10-15"))]})
    wrong = plan.model_copy(update={"summary": plan.summary.model_copy(update={"frequency": 4})})
    assert Code.SUMMARY_MISMATCH in codes(validate_week(wrong))
    assert Code.SUMMARY_MISMATCH not in codes(validate_week(plan))


def test_garbage_is_reported_not_raised() -> None:
    report = validate_week_document({"days": {"monday": {"blocks": "nope"}}})
    assert Code.SCHEMA_INVALID in codes(report)


# --- robustness -----------------------------------------------------------------------------

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["days", "monday", "blocks", "exercises", "exercise_id",
                                       "date", "is_rest_day", "summary", "target_reps",
                                       "status", "x"]), children, max_size=5),
    max_leaves=25,
)


@settings(max_examples=200, deadline=None)
@given(_json)
def test_any_json_is_judged_without_raising(document: object) -> None:
    if not isinstance(document, dict):
        document = {"days": document}
    report = validate_week_document(document)
    assert not report.ok


def test_a_group_worked_only_through_compounds_is_reported_too() -> None:
    # Bench press three times a week: triceps get 3 x 3 x 0.5 = 4.5 sets, none of them direct.
    plan = week({d: [block(planned("flat-bb-bench-press", sets=3))] for d in (MON, WED, FRI)})
    low = [v for v in validate_week(plan, gym_profile()).warnings
           if v.code is Code.WEEKLY_VOLUME_LOW and "Triceps" in v.message]
    assert len(low) == 1
    assert "4.5 weekly sets" in low[0].message
    assert "compound lifts" in low[0].message
