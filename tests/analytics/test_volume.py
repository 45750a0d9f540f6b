import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fitcoach.analytics.logs import VolumeRow
from fitcoach.analytics.volume import (
    LandmarkStatus,
    TrendDirection,
    VolumeMetric,
    WeekVolume,
    exercises_for_group,
    hard_set_flags,
    landmark_status,
    summarize_trend,
    tonnage,
    volume_window,
    weekly_volume,
)
from fitcoach.catalog.vocabulary import MuscleGroup
from fitcoach.timekeeping import local_week_start
from tests.analytics.builders import at, s
from tests.analytics.helpers import count_hard_sets

NEW_YORK = ZoneInfo("America/New_York")
UTC = dt.UTC


def test_tonnage_is_weight_times_reps():
    assert tonnage([s(100, 10), s(100, 8), s(0, 12)]) == 1800


def test_a_rating_decides_when_present():
    assert hard_set_flags([s(50, 10, rpe=6.5), s(50, 10, rpe=7), s(50, 10, rpe=10)]) == [
        False,
        True,
        True,
    ]


def test_unrated_warm_ups_do_not_count():
    # Best set 185x5: e1RM 185*36/32 = 208.1; 80 % of it is 166.5.
    sets = [
        s(45, 10),  # 45*36/27 = 60.0
        s(95, 5),  # 106.9
        s(135, 5),  # 151.9
        s(185, 5),  # 208.1
        s(185, 5),
        s(185, 4),  # 185*36/33 = 201.8
        s(155, 8),  # back-off: 155*36/29 = 192.4
        s(185, 0),  # a failed rep lifted nothing
    ]
    assert hard_set_flags(sets) == [False, False, False, True, True, True, True, False]
    assert count_hard_sets(sets) == 4


def test_unloaded_sets_compare_reps_with_the_best_set():
    # Half of 20 reps is 10: push-ups to failure lose reps fast, a warm-up of 6 is not a set.
    assert hard_set_flags([s(0, 6), s(0, 20), s(0, 14), s(0, 10), s(0, 9)]) == [
        False,
        True,
        True,
        True,
        False,
    ]


def test_loaded_and_unloaded_sets_are_judged_apart():
    # Bodyweight dips for 12, then weighted: the 12-rep set is the best unloaded set.
    assert hard_set_flags([s(0, 12), s(45, 6), s(45, 5)]) == [True, True, True]


def test_week_start_is_monday_in_the_users_zone():
    # Monday 02:00 UTC is still Sunday evening in New York.
    assert local_week_start(at(14, hour=2), UTC) == dt.date(2026, 9, 14)
    assert local_week_start(at(14, hour=2), NEW_YORK) == dt.date(2026, 9, 7)


def test_volume_window_covers_whole_local_weeks():
    start, end = volume_window(at(16), 3, NEW_YORK)
    assert start == dt.datetime(2026, 8, 31, 4, tzinfo=UTC)  # midnight EDT
    assert end == dt.datetime(2026, 9, 21, 4, tzinfo=UTC)
    with pytest.raises(ValueError, match="weeks_back"):
        volume_window(at(16), 0, NEW_YORK)


def test_exercises_for_group_from_the_catalog():
    primary, secondary = exercises_for_group(MuscleGroup.SHOULDERS)
    assert "seated-db-shoulder-press" in primary
    assert "incline-db-bench-press" in secondary
    assert "incline-db-bench-press" not in primary


INCLINE = "incline-db-bench-press"  # Chest primary; Shoulders and Triceps secondary
FLYE = "cable-chest-flye"  # Chest primary; Shoulders secondary
PULLDOWN = "lat-pulldown"  # Back primary; Biceps and Shoulders secondary


def _rows() -> list[VolumeRow]:
    rows = []

    def add(when, exercise, *sets):
        rows.extend(VolumeRow(when, exercise, one) for one in sets)

    add(dt.datetime(2026, 8, 31, 3, tzinfo=UTC), INCLINE, s(45, 10))  # Sun 30 Aug in NY
    # Wednesday 9 Sep: one warm-up, then three working sets (e1RM 66.7, 64.3, 62.1 vs 26.7).
    add(dt.datetime(2026, 9, 9, 22, tzinfo=UTC), INCLINE, s(20, 10), s(50, 10), s(50, 9), s(50, 8))
    # Monday 02:00 UTC = Sunday 13 Sep 22:00 in New York: the previous local week.
    add(dt.datetime(2026, 9, 14, 2, tzinfo=UTC), FLYE, s(30, 12, rpe=8), s(30, 12, rpe=8))
    add(dt.datetime(2026, 9, 15, 23, 30, tzinfo=UTC), INCLINE, s(55, 8, rpe=9), s(55, 7, rpe=9.5))
    add(dt.datetime(2026, 9, 15, 23, 30, tzinfo=UTC), PULLDOWN, s(100, 10))
    add(dt.datetime(2026, 9, 21, 12, tzinfo=UTC), INCLINE, s(60, 8))  # after the window
    return rows


def test_weekly_volume_for_a_primary_group():
    weeks = weekly_volume(_rows(), MuscleGroup.CHEST, at(16), 3, NEW_YORK)
    assert weeks == [
        WeekVolume(
            week_start=dt.date(2026, 8, 31),
            tonnage_lbs=0,
            hard_sets=0,
            sets=0,
            fractional_hard_sets=0,
            exercises=(),
        ),
        WeekVolume(
            week_start=dt.date(2026, 9, 7),
            tonnage_lbs=200 + 500 + 450 + 400 + 360 + 360,
            hard_sets=3 + 2,
            sets=4 + 2,
            fractional_hard_sets=5,
            exercises=(FLYE, INCLINE),
        ),
        WeekVolume(
            week_start=dt.date(2026, 9, 14),
            tonnage_lbs=440 + 385,
            hard_sets=2,
            sets=2,
            fractional_hard_sets=2,
            exercises=(INCLINE,),
        ),
    ]


def test_secondary_work_counts_half_a_set_and_nothing_else():
    weeks = weekly_volume(_rows(), MuscleGroup.SHOULDERS, at(16), 3, NEW_YORK)
    # Incline presses and flyes, and in the last week the single pulldown set too.
    assert [w.fractional_hard_sets for w in weeks] == [0, (3 + 2) * 0.5, (2 + 1) * 0.5]
    assert [w.hard_sets for w in weeks] == [0, 0, 0]
    assert [w.tonnage_lbs for w in weeks] == [0, 0, 0]
    assert [w.exercises for w in weeks] == [(), (), ()]


def test_weeks_follow_the_time_zone():
    weeks = weekly_volume(_rows(), MuscleGroup.CHEST, at(16), 2, UTC)
    # In UTC the Sunday-evening flyes fall on Monday 14 Sep.
    assert [w.week_start for w in weeks] == [dt.date(2026, 9, 7), dt.date(2026, 9, 14)]
    assert [w.sets for w in weeks] == [4, 4]


def test_unknown_slugs_are_skipped():
    rows = [VolumeRow(at(15), "retired-exercise", s(100, 10))]
    assert weekly_volume(rows, MuscleGroup.CHEST, at(16), 1, UTC)[0].sets == 0


def _week(start: dt.date, hard: int, fractional: float | None = None) -> WeekVolume:
    return WeekVolume(
        week_start=start,
        tonnage_lbs=hard * 500.0,
        hard_sets=hard,
        sets=hard,
        fractional_hard_sets=hard if fractional is None else fractional,
        exercises=(),
    )


def _weeks(*hard: int) -> list[WeekVolume]:
    first = dt.date(2026, 8, 17)
    return [_week(first + dt.timedelta(weeks=i), h) for i, h in enumerate(hard)]


def test_trend_leaves_the_running_week_out():
    trend = summarize_trend(_weeks(8, 10, 12, 14, 3))
    assert trend.direction is TrendDirection.UP
    assert trend.latest_value == 14
    assert trend.baseline_value == 10  # (8 + 10 + 12) / 3
    assert trend.change_pct == 40.0
    assert trend.weeks_compared == 4
    assert trend.latest_week_start == dt.date(2026, 9, 7)
    assert trend.values == (8, 10, 12, 14)
    assert trend.latest_landmark is LandmarkStatus.WITHIN


def test_trend_with_the_running_week():
    trend = summarize_trend(_weeks(8, 10, 12, 14, 3), include_current_week=True)
    assert trend.direction is TrendDirection.DOWN
    assert trend.baseline_value == 11  # (8 + 10 + 12 + 14) / 4
    assert trend.change_pct == -72.7  # (3 - 11) / 11
    assert trend.latest_landmark is LandmarkStatus.BELOW


def test_trend_on_tonnage_and_the_flat_band():
    trend = summarize_trend(_weeks(10, 10, 10, 11, 0), metric=VolumeMetric.TONNAGE)
    assert trend.values == (5000, 5000, 5000, 5500)
    assert trend.change_pct == 10.0
    assert trend.direction is TrendDirection.UP
    # The band's edges count as a change; inside them it is flat.
    assert summarize_trend(_weeks(10, 10, 10, 9, 0)).direction is TrendDirection.DOWN
    flat = summarize_trend(_weeks(20, 20, 20, 21, 0))
    assert flat.change_pct == 5.0
    assert flat.direction is TrendDirection.FLAT


def test_trend_edge_cases():
    assert summarize_trend(_weeks(4)).direction is TrendDirection.INSUFFICIENT_DATA
    assert summarize_trend(_weeks(7, 4)).direction is TrendDirection.INSUFFICIENT_DATA
    assert summarize_trend(_weeks(0, 0, 0, 5)).direction is TrendDirection.INSUFFICIENT_DATA
    from_nothing = summarize_trend(_weeks(0, 0, 6, 1))
    assert from_nothing.direction is TrendDirection.UP
    assert from_nothing.change_pct is None


@pytest.mark.parametrize(
    ("sets", "status"),
    [(9.5, LandmarkStatus.BELOW), (10, LandmarkStatus.WITHIN), (20, LandmarkStatus.WITHIN),
     (20.5, LandmarkStatus.ABOVE)],
)
def test_landmarks(sets, status):
    assert landmark_status(sets) is status


ZONES = [
    UTC,
    NEW_YORK,
    ZoneInfo("Asia/Seoul"),
    ZoneInfo("Europe/Rome"),
    ZoneInfo("Pacific/Chatham"),
]
CHEST = sorted(exercises_for_group(MuscleGroup.CHEST)[0])
SOMEWHERE = sorted({INCLINE, FLYE, PULLDOWN, "push-up", "seated-db-shoulder-press"})

moments = st.datetimes(
    min_value=dt.datetime(2026, 1, 1), max_value=dt.datetime(2027, 1, 1), timezones=st.just(UTC)
)
sets = st.builds(
    lambda w, r, rpe: s(w, r, rpe),
    st.integers(min_value=0, max_value=400).map(lambda x: x / 2),
    st.integers(min_value=0, max_value=30),
    st.none() | st.sampled_from([6.0, 7.5, 9.0, 10.0]),
)
rows_strategy = st.lists(
    st.builds(VolumeRow, moments, st.sampled_from(SOMEWHERE), sets), max_size=60
)


@settings(max_examples=150)
@given(
    rows_strategy,
    moments,
    st.integers(min_value=1, max_value=12),
    st.sampled_from(ZONES),
    st.sampled_from(list(MuscleGroup)),
)
def test_weekly_volume_conserves_tonnage_of_rows_in_the_window(rows, now, weeks_back, tz, group):
    weeks = weekly_volume(rows, group, now, weeks_back, tz)

    # The window by hand: the local Monday of now, and weeks_back - 1 Mondays before it.
    today = now.astimezone(tz).date()
    last_monday = today - dt.timedelta(days=today.weekday())
    first_monday = last_monday - dt.timedelta(weeks=weeks_back - 1)
    primary = exercises_for_group(group)[0]
    in_window = []
    for when, exercise, one in rows:
        local = when.astimezone(tz).date()
        if exercise in primary and first_monday <= local < last_monday + dt.timedelta(days=7):
            in_window.append(one)

    assert len(weeks) == weeks_back
    assert [w.week_start for w in weeks] == [
        first_monday + dt.timedelta(weeks=i) for i in range(weeks_back)
    ]
    assert sum(w.tonnage_lbs for w in weeks) == pytest.approx(
        sum(one.weight_lbs * one.reps for one in in_window), abs=0.01 * weeks_back
    )
    assert sum(w.sets for w in weeks) == len(in_window)
    for week in weeks:
        assert 0 <= week.hard_sets <= week.sets
        assert week.fractional_hard_sets >= week.hard_sets


@given(rows_strategy, moments, st.sampled_from(ZONES))
def test_chest_weeks_only_list_chest_exercises(rows, now, tz):
    for week in weekly_volume(rows, MuscleGroup.CHEST, now, 4, tz):
        assert set(week.exercises) <= set(CHEST)
