"""The generator on hand-picked profiles: the seed's onboarding, the split table, the day
spread, load targets, gaps, texts. Expected values are worked out by hand from the rules."""

from __future__ import annotations

import datetime as dt
import itertools
import json
import os
import subprocess
import sys

import pytest

from fitcoach.analytics.known_loads import KnownLoad
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import (
    WEEKDAYS,
    Experience,
    GearTag,
    Goal,
    MuscleGroup,
    Unit,
    Weekday,
)
from fitcoach.programming import metrics
from fitcoach.programming.focus import FOCUS_GROUPS, Focus
from fitcoach.programming.generator import GapReason, generate_week
from fitcoach.programming.generator.split import SplitKind, split_kind, spread_days
from fitcoach.programming.plan import DayStatus
from fitcoach.programming.profile import Profile, UpcomingEvent
from fitcoach.programming.text.phrasebook import PHRASEBOOK
from fitcoach.programming.validator import validate_week
from tests.programming.helpers import day_sets
from tests.programming.strategies import FULL_GYM, HOME_DB, ONBOARDING_PROFILE, WEEK_START

MON, TUE, WED, THU, FRI, SAT, SUN = WEEKDAYS


def weekly_sets(plan) -> dict[MuscleGroup, float]:
    totals: dict[MuscleGroup, float] = {}
    for day in plan.days.values():
        for group, sets in day_sets(day).items():
            totals[group] = totals.get(group, 0.0) + sets
    return totals


def slugs_of(plan) -> set[str]:
    return {e.exercise_id for day in plan.days.values() for e in day.exercises}


@pytest.fixture(scope="module")
def onboarding():
    return generate_week(ONBOARDING_PROFILE, WEEK_START)


# --- intent 1: the seed's onboarding --------------------------------------------------------

def test_onboarding_week_passes_the_validator(onboarding) -> None:
    assert validate_week(onboarding.plan, ONBOARDING_PROFILE).errors == ()


def test_onboarding_is_a_four_day_upper_lower_on_mon_tue_thu_fri(onboarding) -> None:
    plan = onboarding.plan
    assert [d.weekday for d in plan.training_days] == [MON, TUE, THU, FRI]
    assert plan.summary.frequency == 4
    assert plan.days[MON].title.startswith("Upper Body")
    assert plan.days[TUE].title.startswith("Lower Body")
    assert plan.days[THU].title.startswith("Upper Body")
    assert plan.days[FRI].title.startswith("Lower Body")
    assert onboarding.summary_diff == (
        "Generated 4-Day Home DB Split (Mon/Tue/Thu/Fri) • Upper/Lower Focus")
    assert plan.theme == "Hypertrophy Foundation • Chest & Shoulders Priority"


def test_onboarding_uses_dumbbells_only_and_spares_the_lower_back(onboarding) -> None:
    used = slugs_of(onboarding.plan)
    assert all(CATALOG.get(slug).doable_with(HOME_DB) for slug in used)
    assert not any(GearTag.BARBELL in option for slug in used
                   for option in CATALOG.get(slug).gear_options if len(option) == 1)
    assert "chest-supported-db-row" in used
    assert "barbell-bent-over-row" not in used
    assert "conventional-deadlift" not in used


def test_onboarding_anchors_monday_on_the_incline_press(onboarding) -> None:
    monday = onboarding.plan.days[MON]
    assert monday.blocks[0].exercises[0].exercise_id == "incline-db-bench-press"
    assert len(monday.blocks[0].exercises) == 1  # the anchor is a straight set


def test_onboarding_chest_and_delts_get_at_least_ten_weekly_sets(onboarding) -> None:
    totals = weekly_sets(onboarding.plan)
    assert totals[MuscleGroup.CHEST] >= 10
    assert totals[MuscleGroup.SHOULDERS] >= 10


def test_every_day_fills_its_fields_honestly(onboarding) -> None:
    for weekday, day in onboarding.plan.days.items():
        assert day.status is DayStatus.SCHEDULED
        assert day.completed_log_id is None
        assert day.completed_at is None
        assert day.date == WEEK_START + dt.timedelta(days=weekday.index)
        if not day.is_training_day:
            assert day.is_rest_day
            assert day.blocks == ()
            assert day.duration_minutes == 0
            assert day.estimated_volume_lbs == 0
            assert day.coach_note
            continue
        assert day.duration_minutes == metrics.declared_minutes(day.blocks) <= 45
        assert day.estimated_volume_lbs == metrics.estimated_volume_lbs(
            day.exercises, None, ONBOARDING_PROFILE.max_dumbbell_lbs)
        assert day.muscle_focus == metrics.muscle_focus(day.exercises)
        anchor = CATALOG.get(day.blocks[0].exercises[0].exercise_id)
        assert anchor.name in day.coach_note
        assert "reps short of failure" in day.coach_note
        assert all(1 <= e.target_rir <= 3 for e in day.exercises)
        assert all(e.target_weight_lbs is None for e in day.exercises)  # no history


def test_hypertrophy_rir_is_two_on_compounds_and_one_on_isolation(onboarding) -> None:
    for day in onboarding.plan.training_days:
        for planned in day.exercises:
            expected = 2 if CATALOG.get(planned.exercise_id).priority <= 2 else 1
            assert planned.target_rir == expected


def test_reps_and_rest_come_from_the_catalog_prescription(onboarding) -> None:
    for day in onboarding.plan.training_days:
        for block in day.blocks:
            for position, planned in enumerate(block.exercises):
                prescription = CATALOG.get(planned.exercise_id).prescriptions[Goal.HYPERTROPHY]
                assert planned.target_reps == prescription.reps
                if position == len(block.exercises) - 1:  # the last of a block rests fully
                    assert planned.rest_seconds == prescription.rest_seconds
                else:  # the walk to the superset partner
                    assert planned.rest_seconds == 30


def test_summary_adds_up(onboarding) -> None:
    plan = onboarding.plan
    assert plan.summary.total_time_minutes == sum(d.duration_minutes for d in plan.days.values())
    assert plan.summary.total_volume_lbs == sum(
        d.estimated_volume_lbs for d in plan.days.values())


def test_suggested_edits_name_days_minutes_or_exercises(onboarding) -> None:
    plan = onboarding.plan
    assert plan.suggested_edits[0] == "Move Friday's session to Saturday"
    monday = plan.days[MON].suggested_edits
    # Ten minutes off, on a 5-minute grid: 44 → "30", 45 → "35".
    minutes = 5 * ((plan.days[MON].duration_minutes - 10) // 5)
    assert monday[0] == f"Shorten Monday to {minutes} minutes"
    assert monday[1] == "Swap Incline DB Bench Press for Flat DB Bench Press on Monday"


def test_json_has_the_seeds_shape(onboarding) -> None:
    document = onboarding.plan.model_dump(mode="json")
    assert list(document) == ["week_start_date", "theme", "summary", "suggested_edits", "days"]
    assert list(document["days"]) == [d.value for d in WEEKDAYS]
    monday = document["days"]["monday"]
    assert list(monday)[:6] == ["date", "day_of_week", "is_rest_day", "status",
                               "completed_log_id", "completed_at"]
    exercise = monday["blocks"][0]["exercises"][0]
    assert exercise["name"] == "Incline DB Bench Press"
    assert "target_weight_lbs" not in exercise  # no history, no invented load


# --- splits and the calendar -------------------------------------------------------------

@pytest.mark.parametrize(("sessions", "minutes", "experience", "expected"), [
    (1, 45, Experience.INTERMEDIATE, SplitKind.FULL_BODY),
    (3, 90, Experience.ADVANCED, SplitKind.FULL_BODY),
    (4, 45, Experience.BEGINNER, SplitKind.UPPER_LOWER),
    (5, 60, Experience.INTERMEDIATE, SplitKind.UPPER_LOWER_PPL),
    (5, 60, Experience.BEGINNER, SplitKind.UPPER_LOWER_FULL),
    (5, 30, Experience.BEGINNER, SplitKind.UPPER_LOWER_PPL),  # short sessions: fewer groups
    (6, 60, Experience.ADVANCED, SplitKind.PUSH_PULL_LEGS),
    (6, 60, Experience.BEGINNER, SplitKind.UPPER_LOWER),
    (7, 45, Experience.INTERMEDIATE, SplitKind.PUSH_PULL_LEGS),
])
def test_split_table(sessions: int, minutes: int, experience: Experience,
                     expected: SplitKind) -> None:
    assert split_kind(sessions, minutes, experience) is expected


@pytest.mark.parametrize(("count", "days"), [
    (1, (MON,)),
    (2, (MON, THU)),
    (3, (MON, WED, FRI)),
    (4, (MON, TUE, THU, FRI)),
    (5, (MON, TUE, THU, FRI, SAT)),
    (6, (MON, TUE, WED, THU, FRI, SAT)),
    (7, WEEKDAYS),
])
def test_days_are_spread_for_recovery(count: int, days: tuple[Weekday, ...]) -> None:
    assert spread_days(count) == days


def test_every_split_has_a_name_in_every_language() -> None:
    for phrases in PHRASEBOOK.values():
        assert all(f"split.{kind.value}" in phrases for kind in SplitKind)


def test_a_fixed_day_joins_the_spread_with_the_fewest_back_to_back_days() -> None:
    # Four days with Saturday fixed: Mon/Tue/Thu/Sat has one back-to-back pair (Mon-Tue),
    # the fewest possible, and keeps three of the standard four.
    assert spread_days(4, frozenset({SAT})) == (MON, TUE, THU, SAT)


def test_explicit_day_focus_is_honoured_and_the_rest_take_their_own_split() -> None:
    profile = Profile(training_days=(MON, WED, FRI, SAT), minutes_per_session=60, gear=FULL_GYM)
    plan = generate_week(profile, WEEK_START, day_focus={SAT: Focus.ARMS_SHOULDERS}).plan
    allowed = set(FOCUS_GROUPS[Focus.ARMS_SHOULDERS])
    assert all(CATALOG.get(e.exercise_id).primary_groups <= allowed
               for e in plan.days[SAT].exercises)
    assert plan.days[SAT].title.startswith("Arms & Shoulders")
    assert all(plan.days[d].title == "Full Body" for d in (MON, WED, FRI))
    assert validate_week(plan, profile).errors == ()


def test_seven_days_end_with_a_light_recovery_friendly_sunday() -> None:
    profile = Profile(days_per_week=7, minutes_per_session=60, gear=FULL_GYM)
    plan = generate_week(profile, WEEK_START).plan
    sunday = plan.days[SUN]
    assert sunday.title == "Light Recovery"
    assert sunday.duration_minutes <= 30
    assert all(e.target_rir == 3 for e in sunday.exercises)
    assert not any(CATALOG.get(e.exercise_id).heavy_compound for e in sunday.exercises)
    assert validate_week(plan, profile).errors == ()


def test_a_six_day_week_is_push_pull_legs_twice() -> None:
    profile = Profile(days_per_week=6, minutes_per_session=60, gear=FULL_GYM,
                      experience=Experience.ADVANCED)
    plan = generate_week(profile, WEEK_START).plan
    titles = [plan.days[d].title for d in (MON, TUE, WED, THU, FRI, SAT)]
    assert titles == ["Push", "Pull", "Legs", "Push", "Pull", "Legs"]
    assert plan.days[SUN].is_rest_day


def test_pull_days_train_rear_delts_not_presses() -> None:
    profile = Profile(days_per_week=6, minutes_per_session=60, gear=FULL_GYM,
                      experience=Experience.ADVANCED)
    plan = generate_week(profile, WEEK_START).plan
    for weekday in (TUE, FRI):
        patterns = {CATALOG.get(e.exercise_id).pattern.value for e in plan.days[weekday].exercises}
        assert "vertical_push" not in patterns
        assert "horizontal_push" not in patterns


# --- recovery, event days, time ------------------------------------------------------------

def test_heavy_lower_back_lifts_never_fall_on_consecutive_days() -> None:
    profile = Profile(days_per_week=6, minutes_per_session=90, gear=FULL_GYM,
                      experience=Experience.ADVANCED)
    plan = generate_week(profile, WEEK_START).plan
    heavy_back = [d.weekday.index for d in plan.training_days
                  if any(CATALOG.get(e.exercise_id).lower_back_dominant
                         and CATALOG.get(e.exercise_id).heavy_compound for e in d.exercises)]
    assert all(b - a >= 2 for a, b in itertools.pairwise(heavy_back))
    assert validate_week(plan, profile).errors == ()


def test_an_event_day_stays_free() -> None:
    golf = UpcomingEvent(name="Golf", start=WEEK_START + dt.timedelta(days=3),
                         end=WEEK_START + dt.timedelta(days=3))
    profile = Profile(days_per_week=4, minutes_per_session=45, gear=FULL_GYM, events=(golf,))
    plan = generate_week(profile, WEEK_START).plan
    assert plan.days[THU].is_rest_day
    assert "Golf" in plan.days[THU].coach_note
    assert validate_week(plan, profile).errors == ()


def test_short_sessions_fold_accessories_into_supersets() -> None:
    profile = Profile(days_per_week=3, minutes_per_session=25, gear=FULL_GYM)
    plan = generate_week(profile, WEEK_START).plan
    assert any(block.is_superset for day in plan.training_days for block in day.blocks)
    assert all(day.duration_minutes <= 25 for day in plan.training_days)


def test_ample_time_stays_straight_sets() -> None:
    profile = Profile(days_per_week=4, minutes_per_session=120, gear=FULL_GYM)
    plan = generate_week(profile, WEEK_START).plan
    assert not any(block.is_superset for day in plan.training_days for block in day.blocks)


# --- loads ----------------------------------------------------------------------------------

def test_known_loads_become_targets_rounded_down_and_capped_by_the_dumbbells() -> None:
    profile = Profile(days_per_week=4, minutes_per_session=60, gear=HOME_DB, max_dumbbell_lbs=50,
                      known_loads={"incline-db-bench-press": KnownLoad(weight_lbs=60, reps=8,
                                                                       rpe=8),
                                   "goblet-squat": KnownLoad(weight_lbs=40, reps=12, rpe=7)})
    plan = generate_week(profile, WEEK_START).plan
    incline = next(e for d in plan.training_days for e in d.exercises
                   if e.exercise_id == "incline-db-bench-press")
    # 60 lb × 8 @ RPE 8 → e1RM ≈ 80 lb; 6 reps at 2 RIR ≈ 62 lb, above the 50 lb dumbbells.
    assert incline.target_weight_lbs == 50
    goblet = next(e for d in plan.training_days for e in d.exercises
                  if e.exercise_id == "goblet-squat")
    # 40 × 12 @ RPE 7 → 15 effective reps: e1RM 60 lb; 8 reps at 2 RIR: 60 / (1 + 10/30)
    # = 45 lb, already on the 5 lb grid.
    assert goblet.target_weight_lbs == 45
    others = [e for d in plan.training_days for e in d.exercises
              if e.exercise_id not in profile.known_loads]
    assert all(e.target_weight_lbs is None for e in others)


def test_kilogram_users_get_loads_on_the_kilogram_grid() -> None:
    profile = Profile(days_per_week=2, minutes_per_session=60, gear=FULL_GYM, unit=Unit.KG,
                      known_loads={"flat-bb-bench-press": KnownLoad(weight_lbs=220.46, reps=5)})
    plan = generate_week(profile, WEEK_START).plan
    bench = next(e for d in plan.training_days for e in d.exercises
                 if e.exercise_id == "flat-bb-bench-press")
    kilograms = bench.target_weight_lbs * 0.45359237
    assert abs(kilograms / 2.5 - round(kilograms / 2.5)) < 1e-6


# --- gaps -----------------------------------------------------------------------------------

def test_bodyweight_only_returns_a_valid_plan_and_the_gaps_it_cannot_fill() -> None:
    profile = Profile(days_per_week=3, minutes_per_session=45)
    result = generate_week(profile, WEEK_START)
    assert validate_week(result.plan, profile).errors == ()
    assert slugs_of(result.plan) == {"push-up", "plank"}
    gaps = {gap.group: gap for gap in result.gaps}
    assert MuscleGroup.QUADS in gaps
    assert gaps[MuscleGroup.QUADS].reason is GapReason.GEAR
    assert gaps[MuscleGroup.QUADS].unlock_gear == (GearTag.DUMBBELLS,)
    assert "goblet-squat" in gaps[MuscleGroup.QUADS].unlocks
    assert gaps[MuscleGroup.BACK].unlock_gear == (GearTag.PULL_UP_BAR,)
    assert MuscleGroup.CHEST not in gaps
    assert MuscleGroup.CORE not in gaps
    assert gaps[MuscleGroup.QUADS].message == (
        "No Quads exercise fits your equipment; dumbbells would unlock DB Goblet Squat & "
        "DB Walking Lunge.")


@pytest.mark.parametrize(("language", "diff_focus", "theme"), [
    ("en", "• Push Focus", "Hypertrophy Foundation • Push Week"),
    ("es", "• Enfoque Empuje", "Semana: Empuje"),
    ("ko", "• 푸시 중심", "푸시 주간"),
])
def test_a_bodyweight_week_says_what_its_days_are(language: str, diff_focus: str,
                                                  theme: str) -> None:
    """Push-ups and planks make push days, titled so; the week's summary and theme say the
    same instead of the full-body split that was planned."""
    result = generate_week(Profile(days_per_week=3, minutes_per_session=45), WEEK_START,
                           language)
    push = PHRASEBOOK[language]["focus.push"]
    assert all(day.title.startswith(push) for day in result.plan.training_days)
    full_body = PHRASEBOOK[language]["focus.full_body"]
    assert result.summary_diff.endswith(diff_focus)
    assert full_body not in result.summary_diff
    assert theme in result.plan.theme
    assert PHRASEBOOK[language]["theme.balanced"].split("• ")[1] not in result.plan.theme


def test_a_week_the_gear_delivers_keeps_its_split_and_balance() -> None:
    result = generate_week(Profile(days_per_week=3, gear=FULL_GYM), WEEK_START)
    assert result.summary_diff.endswith("• Full Body Focus")
    assert result.plan.theme == "Hypertrophy Foundation • Balanced Week"


def test_a_full_gym_has_no_gaps(onboarding) -> None:
    assert generate_week(Profile(days_per_week=3, gear=FULL_GYM), WEEK_START).gaps == ()
    assert onboarding.gaps == ()


# --- determinism and languages --------------------------------------------------------------

def test_same_input_same_plan() -> None:
    first = generate_week(ONBOARDING_PROFILE, WEEK_START).plan.model_dump(mode="json")
    second = generate_week(ONBOARDING_PROFILE, WEEK_START).plan.model_dump(mode="json")
    assert first == second


def test_the_plan_does_not_depend_on_the_hash_seed() -> None:
    script = (
        "import json, datetime as dt\n"
        "from tests.programming.strategies import ONBOARDING_PROFILE, WEEK_START\n"
        "from fitcoach.programming.generator import generate_week\n"
        "print(json.dumps(generate_week(ONBOARDING_PROFILE, WEEK_START).plan"
        ".model_dump(mode='json'), sort_keys=True))\n"
    )
    outputs = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                              text=True, check=True)
        outputs.add(done.stdout)
    assert len(outputs) == 1
    assert json.loads(outputs.pop())["summary"]["frequency"] == 4


@pytest.mark.parametrize(("language", "title", "theme_start"), [
    ("es", "Tren superior", "Base de hipertrofia"),
    ("it", "Parte superiore", "Base di ipertrofia"),
    ("he", "פלג גוף עליון", "בסיס היפרטרופיה"),
    ("ko", "상체", "근비대 기초"),
])
def test_texts_follow_the_language_but_names_stay_the_index_names(
        language: str, title: str, theme_start: str) -> None:
    plan = generate_week(ONBOARDING_PROFILE, WEEK_START, language).plan
    assert plan.days[MON].title.startswith(title)
    assert plan.theme.startswith(theme_start)
    assert plan.days[MON].blocks[0].exercises[0].name == "Incline DB Bench Press"
    assert validate_week(plan, ONBOARDING_PROFILE).errors == ()


def test_week_start_is_normalised_to_its_monday() -> None:
    plan = generate_week(ONBOARDING_PROFILE, WEEK_START + dt.timedelta(days=3)).plan
    assert plan.week_start_date == WEEK_START
