from __future__ import annotations

import datetime as dt
from typing import Any

from fitcoach.analytics.known_loads import KnownLoad
from fitcoach.brain.ports import UserSettings
from fitcoach.brain.profile_builder import Essential, build_profile, coaching_tone
from fitcoach.catalog.vocabulary import (
    AcuteCondition,
    BodyPart,
    Experience,
    GearTag,
    Goal,
    MuscleGroup,
    Pattern,
    Unit,
    Weekday,
)
from fitcoach.memory.entries import MemoryItem, Tier, Tone, parse_entry
from fitcoach.programming.profile import (
    AcuteState,
    ChronicConstraint,
    UpcomingEvent,
)

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
SETTINGS = UserSettings(user_id="u1")


def utc(*parts: int) -> dt.datetime:
    return dt.datetime(*parts, tzinfo=dt.UTC)


def item(memory_id: str, tier: Tier, entry: dict[str, Any], *, day: int = 1,
         updated_day: int | None = None, **lifecycle: Any) -> MemoryItem:
    """An item created on September `day` (and last updated on `updated_day`)."""
    return MemoryItem(memory_id=memory_id, tier=tier, entry=parse_entry(tier, entry),
                      created_at=utc(2026, 9, day, 9, 0),
                      updated_at=utc(2026, 9, updated_day or day, 9, 0), **lifecycle)


def staple(memory_id: str, entry: dict[str, Any], **kwargs: Any) -> MemoryItem:
    return item(memory_id, Tier.STAPLES, entry, **kwargs)


# The seed's onboarding user, with the structured fields the embedded brain adds.
ONBOARDED = [
    staple("mem_01", {"category": "equipment",
                      "fact": "Home gym with dumbbells up to 50 lbs and adjustable bench.",
                      "gear": ["dumbbells", "flat_bench", "incline_bench"],
                      "max_dumbbell_lbs": 50}),
    staple("mem_02", {"category": "goal",
                      "fact": "Hypertrophy focus with priority on chest and delts; 4 days/week, "
                              "45 min.",
                      "goal": "hypertrophy", "priority_groups": ["Chest", "Shoulders"],
                      "days_per_week": 4, "minutes_per_session": 45}),
    staple("mem_03", {"category": "chronic_condition",
                      "fact": "Lower back sensitivity on heavy deadlifts/unsupported spinal "
                              "loading.",
                      "body_parts": ["lower_back"], "avoid_patterns": ["hinge"],
                      "avoid_exercises": ["conventional-deadlift", "barbell-bent-over-row"]}),
]


def test_nothing_known_gives_a_bodyweight_default_and_names_what_is_missing() -> None:
    build = build_profile([], NOW, settings=SETTINGS)
    assert build.missing == (Essential.EQUIPMENT, Essential.SCHEDULE, Essential.SESSION_LENGTH)
    assert build.missing == ("equipment", "schedule", "session_length")
    profile = build.profile
    assert profile.gear == frozenset()
    assert profile.max_dumbbell_lbs is None
    assert (profile.training_days, profile.days_per_week) == (None, 3)
    assert profile.minutes_per_session == 45
    assert profile.chronic == profile.acute == profile.events == ()


def test_the_seed_onboarding_user() -> None:
    build = build_profile(ONBOARDED, NOW, settings=SETTINGS)
    assert build.missing == ()
    profile = build.profile
    assert profile.gear == {GearTag.DUMBBELLS, GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH}
    assert profile.max_dumbbell_lbs == 50
    assert profile.goal is Goal.HYPERTROPHY
    assert profile.priority_groups == (MuscleGroup.CHEST, MuscleGroup.SHOULDERS)
    assert (profile.training_days, profile.days_per_week) == (None, 4)
    assert profile.minutes_per_session == 45
    assert profile.chronic == (ChronicConstraint(
        body_parts=(BodyPart.LOWER_BACK,), patterns=(Pattern.HINGE,),
        exercises=("conventional-deadlift", "barbell-bent-over-row"),
        note="Lower back sensitivity on heavy deadlifts/unsupported spinal loading."),)


def test_unit_and_known_loads_pass_through() -> None:
    loads = {"incline-db-bench-press": KnownLoad(weight_lbs=45, reps=10, rpe=8)}
    build = build_profile(ONBOARDED, NOW, settings=UserSettings(user_id="u1", units=Unit.KG),
                          known_loads=loads)
    assert build.profile.unit is Unit.KG
    assert build.profile.known_loads == loads


class TestEquipment:
    def test_inventories_are_united(self) -> None:
        travel = staple("mem_09", {"category": "equipment", "fact": "Pull-up bar at the office",
                                   "gear": ["pull_up_bar"]})
        profile = build_profile([*ONBOARDED, travel], NOW, settings=SETTINGS).profile
        assert profile.gear == {GearTag.DUMBBELLS, GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH,
                                GearTag.PULL_UP_BAR}
        assert profile.max_dumbbell_lbs == 50  # the bar adds no dumbbells

    def test_heaviest_dumbbells_of_any_inventory(self) -> None:
        office = staple("mem_09", {"category": "equipment", "fact": "DBs to 70 at the office",
                                   "gear": ["dumbbells"], "max_dumbbell_lbs": 70})
        profile = build_profile([*ONBOARDED, office], NOW, settings=SETTINGS).profile
        assert profile.max_dumbbell_lbs == 70

    def test_an_unlimited_rack_lifts_the_limit(self) -> None:
        gym = staple("mem_09", {"category": "equipment", "fact": "Commercial gym membership",
                                "gear": [tag.value for tag in GearTag]})
        profile = build_profile([*ONBOARDED, gym], NOW, settings=SETTINGS).profile
        assert profile.max_dumbbell_lbs is None
        assert GearTag.BARBELL in profile.gear

    def test_unparsed_equipment_is_still_missing(self) -> None:
        vague = staple("mem_09", {"category": "equipment", "fact": "Some stuff in the garage"})
        build = build_profile([vague], NOW, settings=SETTINGS)
        assert Essential.EQUIPMENT in build.missing
        assert build.profile.gear == frozenset()

    def test_bodyweight_only_is_a_known_answer(self) -> None:
        nothing = staple("mem_09", {"category": "equipment", "fact": "No equipment at all",
                                    "gear": []})
        build = build_profile([nothing], NOW, settings=SETTINGS)
        assert Essential.EQUIPMENT not in build.missing
        assert build.profile.gear == frozenset()

    def test_deleted_equipment_no_longer_counts(self) -> None:
        deleted = ONBOARDED[0].model_copy(update={"invalidated_at": NOW,
                                                  "invalidation_reason": "sold it"})
        build = build_profile([deleted, *ONBOARDED[1:]], NOW, settings=SETTINGS)
        assert build.missing == (Essential.EQUIPMENT,)
        assert build.profile.gear == frozenset()


class TestGoals:
    def test_newest_goal_wins_field_by_field(self) -> None:
        old = staple("mem_10", {"category": "goal", "fact": "Strength, 3x60 min",
                                "goal": "strength", "days_per_week": 3,
                                "minutes_per_session": 60, "experience": "advanced"}, day=1)
        new = staple("mem_11", {"category": "goal", "fact": "Now hypertrophy, 30 min sessions",
                                "goal": "hypertrophy", "minutes_per_session": 30}, day=5)
        profile = build_profile([new, old], NOW, settings=SETTINGS).profile
        assert profile.goal is Goal.HYPERTROPHY
        assert profile.minutes_per_session == 30
        assert profile.days_per_week == 3  # only the old entry states a schedule
        assert profile.experience is Experience.ADVANCED

    def test_an_update_makes_an_old_entry_the_newest(self) -> None:
        old = staple("mem_10", {"category": "goal", "fact": "Strength", "goal": "strength"},
                     day=1, updated_day=10)
        newer = staple("mem_11", {"category": "goal", "fact": "Fat loss", "goal": "fat_loss"},
                       day=5)
        assert build_profile([old, newer], NOW, settings=SETTINGS).profile.goal is Goal.STRENGTH

    def test_training_days_give_the_count_in_calendar_order(self) -> None:
        days = staple("mem_10", {"category": "goal", "fact": "Fri, Mon, Wed",
                                 "training_days": ["friday", "monday", "wednesday", "monday"]})
        build = build_profile([days], NOW, settings=SETTINGS)
        assert build.profile.training_days == (Weekday.MONDAY, Weekday.WEDNESDAY,
                                               Weekday.FRIDAY)
        assert build.profile.days_per_week == 3
        assert Essential.SCHEDULE not in build.missing

    def test_the_schedule_comes_from_one_entry(self) -> None:
        days = staple("mem_10", {"category": "goal", "fact": "Mon/Wed/Fri",
                                 "training_days": ["monday", "wednesday", "friday"]}, day=1)
        count = staple("mem_11", {"category": "goal", "fact": "Four days now",
                                  "days_per_week": 4}, day=5)
        profile = build_profile([days, count], NOW, settings=SETTINGS).profile
        assert (profile.training_days, profile.days_per_week) == (None, 4)

    def test_an_unknown_schedule_is_assumed_and_reported(self) -> None:
        goal_only = staple("mem_10", {"category": "goal", "fact": "Build muscle",
                                      "goal": "hypertrophy"})
        build = build_profile([goal_only], NOW, settings=SETTINGS)
        assert build.missing == (Essential.EQUIPMENT, Essential.SCHEDULE,
                                 Essential.SESSION_LENGTH)
        assert build.profile.session_count == 3


class TestStates:
    def test_acute_states_while_active(self) -> None:
        sore = item("mem_20", Tier.PHYSIOLOGICAL,
                    {"body_part": "hamstrings", "condition": "soreness",
                     "fact": "Hamstring soreness", "effective_date": "2026-09-13",
                     "expires_at": "2026-09-16T00:00:00Z"}, day=13)
        build = build_profile([*ONBOARDED, sore], NOW, settings=SETTINGS)
        assert build.profile.acute == (AcuteState(
            body_part=BodyPart.HAMSTRINGS, condition=AcuteCondition.SORENESS,
            since=dt.date(2026, 9, 13), until=utc(2026, 9, 16, 0, 0),
            note="Hamstring soreness"),)
        later = build_profile([*ONBOARDED, sore], utc(2026, 9, 16, 0, 0, 1), settings=SETTINGS)
        assert later.profile.acute == ()

    def test_events_with_dates(self) -> None:
        golf = item("mem_30", Tier.SITUATIONAL,
                    {"event": "Golf tournament", "fact": "36 holes on Saturday",
                     "week_start_date": "2026-09-14", "event_date": "2026-09-19",
                     "expires_at": "2026-09-20T00:00:00Z",
                     "protect": ["lower_back", "forearms", "shoulders"]})
        trip = item("mem_31", Tier.SITUATIONAL,
                    {"event": "Work trip", "fact": "Away all week, hotel gym",
                     "week_start_date": "2026-09-21", "end_date": "2026-09-25",
                     "expires_at": "2026-09-26T00:00:00Z", "travel": True}, day=2)
        profile = build_profile([trip, golf], NOW, settings=SETTINGS).profile
        assert profile.events == (
            UpcomingEvent(name="Golf tournament", start=dt.date(2026, 9, 19),
                          end=dt.date(2026, 9, 19),
                          protect=(BodyPart.LOWER_BACK, BodyPart.FOREARMS, BodyPart.SHOULDERS)),
            UpcomingEvent(name="Work trip", start=dt.date(2026, 9, 21),
                          end=dt.date(2026, 9, 25), travel=True),
        )

    def test_an_event_that_is_over_is_gone(self) -> None:
        past = item("mem_30", Tier.SITUATIONAL,
                    {"event": "Race", "fact": "10k", "week_start_date": "2026-09-07",
                     "event_date": "2026-09-12", "expires_at": "2026-09-13T00:00:00Z"})
        assert build_profile([past], NOW, settings=SETTINGS).profile.events == ()


class TestTone:
    def test_no_preference_means_no_tone(self) -> None:
        assert coaching_tone(ONBOARDED, NOW) is None

    def test_newest_stated_tone_wins(self) -> None:
        gentle = staple("mem_40", {"category": "preference", "fact": "Be gentle",
                                   "tone": "gentle"}, day=1)
        tough = staple("mem_41", {"category": "preference", "fact": "Tough love please",
                                  "tone": "tough_love"}, day=3)
        untyped = staple("mem_42", {"category": "preference", "fact": "Likes emojis"}, day=5)
        assert coaching_tone([tough, untyped, gentle], NOW) is Tone.TOUGH_LOVE

    def test_a_revoked_tone_is_forgotten(self) -> None:
        gentle = staple("mem_40", {"category": "preference", "fact": "Be gentle",
                                   "tone": "gentle"}, day=1)
        tough = staple("mem_41", {"category": "preference", "fact": "Tough love please",
                                  "tone": "tough_love"}, day=3, invalidated_at=NOW,
                       invalidation_reason="revoked")
        assert coaching_tone([gentle, tough], NOW) is Tone.GENTLE
