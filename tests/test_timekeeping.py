"""The user's calendar (DESIGN D4): their local date and the Monday of their week."""

import datetime as dt

import pytest

from fitcoach.timekeeping import as_zone, local_date, local_week_start, week_start

SUNDAY_LATE_UTC = dt.datetime(2026, 9, 20, 23, 30, tzinfo=dt.UTC)  # Monday 08:30 in Seoul


def test_the_week_starts_on_monday():
    assert week_start(dt.date(2026, 9, 14)) == dt.date(2026, 9, 14)  # a Monday
    assert week_start(dt.date(2026, 9, 20)) == dt.date(2026, 9, 14)  # its Sunday
    assert week_start(dt.date(2026, 9, 21)) == dt.date(2026, 9, 21)


def test_the_local_date_and_week_are_the_users():
    assert local_date(SUNDAY_LATE_UTC, "UTC") == dt.date(2026, 9, 20)
    assert local_date(SUNDAY_LATE_UTC, "Asia/Seoul") == dt.date(2026, 9, 21)
    assert local_week_start(SUNDAY_LATE_UTC, "UTC") == dt.date(2026, 9, 14)
    assert local_week_start(SUNDAY_LATE_UTC, as_zone("Asia/Seoul")) == dt.date(2026, 9, 21)


def test_a_naive_now_is_refused():
    with pytest.raises(ValueError, match="timezone-aware"):
        local_date(dt.datetime(2026, 9, 14, 9, 0), "UTC")
