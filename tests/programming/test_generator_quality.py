"""What a demanding coach checks in a generated week: the big movements at three sets before
accessories, weekly sets per group against the 10-20 landmark, honest titles and focus tags,
strength days built on their main lifts. Expectations are worked out by hand from the rules
(docs/programming.md); times use the metrics time model (a set is 15 s plus 3 s per rep at the
midpoint, doubled when unilateral, plus its rest; 60 s of setup per exercise; a 5-minute
warm-up)."""

from __future__ import annotations

import pytest

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import WEEKDAYS, Experience, Goal, MuscleGroup, Pattern
from fitcoach.programming import metrics
from fitcoach.programming.focus import Focus
from fitcoach.programming.generator import generate_week
from fitcoach.programming.profile import Profile
from fitcoach.programming.rules.landmarks import WEEKLY_SETS_MAX
from fitcoach.programming.validator import validate_week
from tests.programming.helpers import day_sets
from tests.programming.strategies import FULL_GYM, HOME_DB, ONBOARDING_PROFILE, WEEK_START

MON, TUE, WED, THU, FRI, SAT, SUN = WEEKDAYS
G = MuscleGroup

SQUAT_OR_LUNGE = {Pattern.SQUAT, Pattern.LUNGE}


def weekly_sets(plan) -> dict[MuscleGroup, float]:
    totals: dict[MuscleGroup, float] = {}
    for day in plan.training_days:
        for group, sets in day_sets(day).items():
            totals[group] = totals.get(group, 0.0) + sets
    return totals


def sets_by_pattern(day) -> dict[Pattern, int]:
    """The most sets any one exercise of each movement pattern gets that day."""
    best: dict[Pattern, int] = {}
    for planned in day.exercises:
        pattern = CATALOG.get(planned.exercise_id).pattern
        best[pattern] = max(best.get(pattern, 0), planned.target_sets)
    return best


def no_errors(plan, profile) -> None:
    report = validate_week(plan, profile)
    assert report.errors == (), [v.message for v in report.errors]


# --- a short full-body week: the big movers first ---------------------------------------------

SHORT_FULL_BODY = Profile(days_per_week=3, minutes_per_session=40, gear=HOME_DB)


@pytest.fixture(scope="module")
def short_week():
    return generate_week(SHORT_FULL_BODY, WEEK_START).plan


def test_short_full_body_days_hold_every_main_pattern_at_three_sets(short_week) -> None:
    # 35 minutes of work a day. Laid in order (quads, chest, back, hamstrings, shoulders) at
    # two sets each and then raised to three, the foundation is what a coach writes first: a
    # squat or lunge, a horizontal press, a row and a hinge at three sets. A vertical press
    # at two on every day would leave 15 press sets against 9 of rows; the pulling balance
    # (rows ≥ 0.8 × presses over the week) gives two days' shoulder-press time to a fourth
    # set of rows instead (presses and rows credit the shoulders half a set each).
    assert [d.weekday for d in short_week.training_days] == [MON, WED, FRI]
    presses = pulls = 0
    for day in short_week.training_days:
        patterns = sets_by_pattern(day)
        assert max(patterns.get(p, 0) for p in SQUAT_OR_LUNGE) >= 3, day.weekday
        assert patterns.get(Pattern.HORIZONTAL_PUSH, 0) >= 3, day.weekday
        assert patterns.get(Pattern.HORIZONTAL_PULL, 0) >= 3, day.weekday
        assert patterns.get(Pattern.HINGE, 0) >= 3, day.weekday
        presses += patterns.get(Pattern.HORIZONTAL_PUSH, 0) + patterns.get(
            Pattern.VERTICAL_PUSH, 0)
        pulls += patterns.get(Pattern.HORIZONTAL_PULL, 0)
    assert pulls >= 0.8 * presses


def test_short_full_body_days_let_arms_calves_and_core_ride_on_the_compounds(short_week) -> None:
    # Monday, as arranged: incline press 3 x (15 + 24 + 120) + 60 = 537 s; goblet squat in a
    # superset with the row, 3 x (15 + 30 + 30) + 60 = 285 s, and the row 4 x (15 + 60 + 90)
    # + 60 = 720 s; Romanian deadlift 3 x (15 + 30 + 90) + 60 = 465 s: 2,007 s, 33.45 of the
    # 35 minutes (a shoulder press would not fit beside the fourth row set; Friday keeps
    # one). No isolation exercise is left room, and none is wanted before the compounds
    # have their sets.
    monday = short_week.days[MON]
    assert metrics.session_minutes(monday.blocks) == pytest.approx(38.45)
    for day in short_week.training_days:
        assert all(CATALOG.get(e.exercise_id).priority <= 2 for e in day.exercises), day.weekday
        assert len(day.exercises) in (4, 5)


def test_short_full_body_week_doses_the_big_movers(short_week) -> None:
    # Three sessions of a 3-set press, a 4-set row, a squat or lunge and a hinge: chest,
    # quads and hamstrings reach the 10-set landmark or come within a set of it (the old
    # spread-thin week gave chest and quads 6), the back passes it.
    totals = weekly_sets(short_week)
    for group in (G.CHEST, G.BACK, G.QUADS, G.HAMSTRINGS):
        assert totals[group] >= 9, (group, totals)
    assert totals[G.BACK] >= 10
    assert all(sets <= WEEKLY_SETS_MAX for sets in totals.values())
    no_errors(short_week, SHORT_FULL_BODY)


def test_short_full_body_days_say_what_they_train(short_week) -> None:
    # A full-body day names the legs as one and the upper groups its exercises target most,
    # in the order the session reaches them: never "Shoulders & Back" for a day of squats.
    tags = [day.focus_tag for day in short_week.training_days]
    assert tags == ["Chest, Legs & Back", "Chest, Legs & Back", "Legs, Chest & Back"]
    assert all(day.title == "Full Body" for day in short_week.training_days)


@pytest.mark.parametrize(("language", "legs"), [
    ("es", "Piernas"), ("it", "Gambe"), ("he", "רגליים"), ("ko", "다리"),
])
def test_focus_tags_are_honest_in_every_language(language: str, legs: str) -> None:
    plan = generate_week(SHORT_FULL_BODY, WEEK_START, language).plan
    for day in plan.training_days:
        assert legs in day.focus_tag


def test_a_priority_group_is_trained_first_even_when_time_is_short() -> None:
    # Biceps first of all: each day's foundation opens with a curl at three sets (3 x 112.5
    # + 60 = 397.5 s), before the big movers get theirs, which then share what is left.
    profile = SHORT_FULL_BODY.model_copy(update={"priority_groups": (G.BICEPS,)})
    plan = generate_week(profile, WEEK_START).plan
    for day in plan.training_days:
        curls = [e for e in day.exercises
                 if CATALOG.get(e.exercise_id).pattern is Pattern.ELBOW_FLEXION]
        assert curls, day.weekday
        assert curls[0].target_sets >= 3, day.weekday
    assert weekly_sets(plan)[G.BICEPS] >= 10
    no_errors(plan, profile)


def test_no_exercise_is_planned_below_two_sets() -> None:
    profiles = [
        SHORT_FULL_BODY, ONBOARDING_PROFILE,
        Profile(days_per_week=3, minutes_per_session=30, gear=FULL_GYM, goal=Goal.FAT_LOSS),
        Profile(days_per_week=5, minutes_per_session=30, gear=HOME_DB),
        Profile(days_per_week=7, minutes_per_session=60, gear=FULL_GYM,
                experience=Experience.ADVANCED),
        Profile(days_per_week=6, minutes_per_session=75, gear=FULL_GYM, goal=Goal.STRENGTH),
    ]
    for profile in profiles:
        plan = generate_week(profile, WEEK_START).plan
        for day in plan.training_days:
            assert all(e.target_sets >= 2 for e in day.exercises), (profile, day.weekday)


# --- the seed's onboarding user: priorities in the band, trade-offs deliberate ----------------

@pytest.fixture(scope="module")
def onboarding():
    return generate_week(ONBOARDING_PROFILE, WEEK_START).plan


def test_the_seed_users_priorities_sit_in_the_band(onboarding) -> None:
    # Each upper day: the anchor press at 4 sets and a flye at 3 (chest 7; 14 a week); the
    # shoulders reach their 8-set session cap with 2 direct sets of a seated press plus half
    # credit from the presses (2), the flye (1.5) and five sets of rows (2.5): 16 a week.
    totals = weekly_sets(onboarding)
    assert 14 <= totals[G.CHEST] <= 20
    assert 14 <= totals[G.SHOULDERS] <= 20
    for weekday in (MON, THU):
        day = onboarding.days[weekday]
        assert day.exercises[0].target_sets == 4
        assert metrics.group_sets(day.exercises)[G.SHOULDERS] == 8.0


def test_the_seed_users_big_movers_keep_the_landmark(onboarding) -> None:
    # The priorities never take the back under its floor: the shoulders' session room is kept
    # for five sets of rows on each upper day (a row credits the shoulders half a set), so the
    # back holds 10 or more; the legs get a squat pattern of 4 sets and a hinge of 3 or more
    # on both lower days.
    totals = weekly_sets(onboarding)
    assert totals[G.BACK] >= 10
    assert totals[G.QUADS] >= 10
    assert all(sets <= WEEKLY_SETS_MAX for sets in totals.values())
    for weekday in (TUE, FRI):
        patterns = sets_by_pattern(onboarding.days[weekday])
        assert patterns[Pattern.SQUAT] >= 4
        assert patterns[Pattern.HINGE] >= 3
    no_errors(onboarding, ONBOARDING_PROFILE)


def test_the_seed_users_days_are_titled_and_tagged_by_what_they_hold(onboarding) -> None:
    # Upper days: 7 sets of chest work, 5 of rows, 2 of a seated press -> "Chest & Back";
    # lower days: a squat pattern and a hinge -> "Quads & Hamstrings", the second one
    # hinge-led (the week's lower days are led by a squat and by a hinge).
    assert [onboarding.days[d].focus_tag for d in (MON, TUE, THU, FRI)] == [
        "Chest & Back", "Quads & Hamstrings", "Chest & Back", "Hamstrings & Quads"]
    assert onboarding.days[MON].title == "Upper Body • Chest Emphasis"
    assert onboarding.days[TUE].title == "Lower Body"


# --- honest titles -----------------------------------------------------------------------------

def test_a_full_body_day_without_legs_is_not_called_full_body() -> None:
    # Bodyweight only: push-ups and planks are all the index offers, so the days are push days.
    profile = Profile(days_per_week=3, minutes_per_session=30, goal=Goal.GENERAL_FITNESS)
    plan = generate_week(profile, WEEK_START).plan
    assert [day.title for day in plan.training_days] == ["Push", "Push", "Push"]
    assert all(day.focus_tag == "Chest & Core" for day in plan.training_days)


def test_a_deadlift_opening_a_lower_day_is_no_back_emphasis() -> None:
    # Back priority, full gym: a lower day that opens on the conventional deadlift trains the
    # hamstrings first (its main target); the title names an emphasis only for a priority
    # group the anchor mainly targets.
    profile = Profile(days_per_week=4, minutes_per_session=90, gear=FULL_GYM,
                      priority_groups=(G.BACK,))
    plan = generate_week(profile, WEEK_START).plan
    for day in plan.training_days:
        if day.title.startswith("Lower Body"):
            assert day.title == "Lower Body"
    assert plan.days[MON].title == "Upper Body • Back Emphasis"
    no_errors(plan, profile)


# --- strength: the main lifts take their sets ---------------------------------------------------

def test_strength_days_give_the_main_lifts_all_their_sets_first() -> None:
    # 4 x 60 minutes, full gym, strength: a heavy compound grows to its 5 sets before a second
    # exercise joins its group, so each upper day opens on a bench press variation at 5 x 3-6
    # (180 s rests) and Monday a pull-up at 4 or more (the barbell lifts' ramp-up sets, 4.5 minutes
    # each, now come out of the hour: Monday's 5 x bench, 4 x pull-up and 2 x overhead press
    # take 58 of its 60 minutes), each lower day on a back squat at 4 or more: Tuesday with a
    # Romanian deadlift at 4 or more, Friday (the week's second lower day, varied) with another
    # hinge; heavy compounds are never supersetted with each other.
    profile = Profile(days_per_week=4, minutes_per_session=60, gear=FULL_GYM,
                      goal=Goal.STRENGTH)
    plan = generate_week(profile, WEEK_START).plan
    for weekday in (MON, THU):
        sets = {e.exercise_id: e.target_sets for e in plan.days[weekday].exercises}
        pulls = {s: n for s, n in sets.items()
                 if CATALOG.get(s).pattern in (Pattern.HORIZONTAL_PULL, Pattern.VERTICAL_PULL)}
        if weekday is MON:
            assert sets["pull-up"] >= 4
        else:
            # The day before Friday's deadlift: no heavy pull (the deadlift loads the back
            # heavily and needs 48 hours after one), a row and a pulldown instead.
            assert not any(CATALOG.get(s).heavy_compound for s in pulls), pulls
            assert sum(pulls.values()) >= 4, pulls
        # Monday's barbell bench takes all 5; Thursday's incline DB press stops at 4 with five
        # minutes left since the ramp-ups came in (noted as an open question in the docs).
        assert max(sets.get(s, 0) for s in ("flat-bb-bench-press", "incline-db-bench-press",
                                            "flat-db-bench-press")) >= (5 if weekday is MON
                                                                        else 4)
    hinges = {}
    for weekday in (TUE, FRI):
        sets = {e.exercise_id: e.target_sets for e in plan.days[weekday].exercises}
        assert sets["barbell-back-squat"] >= 4
        hinges[weekday] = {s for s in sets if CATALOG.get(s).pattern is Pattern.HINGE}
    assert {e.exercise_id: e.target_sets for e in plan.days[TUE].exercises}[
        "romanian-deadlift"] >= 4
    assert hinges[FRI]
    assert hinges[FRI] != hinges[TUE]
    for day in plan.training_days:
        for block in day.blocks:
            heavy = [e for e in block.exercises if CATALOG.get(e.exercise_id).heavy_compound]
            assert len(heavy) <= 1
    no_errors(plan, profile)


def test_legs_days_keep_their_squat_and_hinge_when_pull_days_fill_the_back() -> None:
    # Six strength days, push/pull/legs. A squat and a Romanian deadlift credit the back half a
    # set each, and pull days would take the back to its 20-set cap on their own: every day's
    # main lifts are laid before any day's accessories, so both legs days keep a squat and a
    # hinge at 3 sets or more.
    profile = Profile(days_per_week=6, minutes_per_session=75, gear=FULL_GYM,
                      goal=Goal.STRENGTH)
    plan = generate_week(profile, WEEK_START).plan
    for weekday in (WED, SAT):
        patterns = sets_by_pattern(plan.days[weekday])
        assert patterns[Pattern.SQUAT] >= 3
        assert patterns[Pattern.HINGE] >= 3
    assert weekly_sets(plan)[G.BACK] <= WEEKLY_SETS_MAX
    no_errors(plan, profile)


# --- shares follow the focus ---------------------------------------------------------------------

def test_a_chosen_arms_day_carries_the_arms() -> None:
    # Mon/Wed/Fri full body + Saturday arms & shoulders: a day's share of a group is in
    # proportion to how few groups it trains, so Saturday (3 groups) takes
    # 12 x (1/3) / (3 x 1/10 + 1/3) = 6.3 of the biceps' 12 sets and the triceps' alike.
    profile = Profile(training_days=(MON, WED, FRI, SAT), minutes_per_session=60,
                      gear=FULL_GYM)
    plan = generate_week(profile, WEEK_START, day_focus={SAT: Focus.ARMS_SHOULDERS}).plan
    saturday = metrics.group_sets(plan.days[SAT].exercises)
    assert saturday[G.BICEPS] >= 6
    assert saturday[G.TRICEPS] >= 6
    no_errors(plan, profile)


def test_a_push_day_gives_the_chest_more_than_an_upper_day() -> None:
    # Upper, lower, push, pull, legs: the chest's 12 sets split 1/6 : 1/3 between the upper
    # day (six groups) and the push day (three): 4 and 8.
    profile = Profile(days_per_week=5, minutes_per_session=60, gear=FULL_GYM)
    plan = generate_week(profile, WEEK_START).plan
    assert plan.days[THU].title == "Push"
    upper = metrics.group_sets(plan.days[MON].exercises)[G.CHEST]
    push = metrics.group_sets(plan.days[THU].exercises)[G.CHEST]
    assert push > upper
    no_errors(plan, profile)
