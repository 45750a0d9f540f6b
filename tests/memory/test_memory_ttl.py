from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from fitcoach.catalog.vocabulary import AcuteCondition
from fitcoach.memory.entries import PhysiologicalEntry, SituationalEntry, Tier
from fitcoach.memory.ttl import default_expiry, event_expiry, with_time_defaults
from fitcoach.timekeeping import local_date

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)


def utc(*parts: int) -> dt.datetime:
    return dt.datetime(*parts, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    ("condition", "expected"),
    [
        (AcuteCondition.SORENESS, utc(2026, 9, 17, 10, 0)),  # 72 h
        (AcuteCondition.FATIGUE, utc(2026, 9, 16, 10, 0)),  # 48 h
        # The seed's shoulder example: a minor joint tweak lives exactly now + 5 days.
        (AcuteCondition.MINOR_STRAIN, utc(2026, 9, 19, 10, 0)),
    ],
)
def test_default_expiry_per_condition(condition: AcuteCondition, expected: dt.datetime) -> None:
    assert default_expiry(condition, NOW) == expected


def test_default_expiry_is_reported_in_utc_whatever_zone_now_is_in() -> None:
    rome_now = dt.datetime(2026, 9, 14, 12, 0, tzinfo=ZoneInfo("Europe/Rome"))  # 10:00 UTC
    expiry = default_expiry(AcuteCondition.SORENESS, rome_now)
    assert expiry == utc(2026, 9, 17, 10, 0)
    assert expiry.utcoffset() == dt.timedelta(0)


def test_naive_now_is_refused() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        default_expiry(AcuteCondition.SORENESS, dt.datetime(2026, 9, 14, 10, 0))


@pytest.mark.parametrize(
    ("last_day", "zone", "expected"),
    [
        (dt.date(2026, 9, 19), "UTC", utc(2026, 9, 20, 0, 0)),
        (dt.date(2026, 9, 19), "America/New_York", utc(2026, 9, 20, 4, 0)),  # EDT, UTC-4
        (dt.date(2026, 9, 19), "Europe/Rome", utc(2026, 9, 19, 22, 0)),  # CEST, UTC+2
        (dt.date(2026, 9, 19), "Asia/Seoul", utc(2026, 9, 19, 15, 0)),  # KST, UTC+9
        # Rome leaves summer time at 03:00 on 2026-10-25: the two midnights differ in offset.
        (dt.date(2026, 10, 24), "Europe/Rome", utc(2026, 10, 24, 22, 0)),
        (dt.date(2026, 10, 25), "Europe/Rome", utc(2026, 10, 25, 23, 0)),
    ],
)
def test_event_expires_at_the_end_of_its_last_local_day(
    last_day: dt.date, zone: str, expected: dt.datetime
) -> None:
    expiry = event_expiry(last_day, zone)
    assert expiry == expected
    assert expiry.utcoffset() == dt.timedelta(0)


def test_event_expiry_accepts_a_tzinfo() -> None:
    assert event_expiry(dt.date(2026, 9, 19), ZoneInfo("Asia/Seoul")) == utc(2026, 9, 19, 15, 0)


def test_local_date_uses_the_users_zone() -> None:
    late_evening_utc = utc(2026, 9, 14, 20, 0)
    assert local_date(late_evening_utc, "UTC") == dt.date(2026, 9, 14)
    assert local_date(late_evening_utc, "Asia/Seoul") == dt.date(2026, 9, 15)  # 05:00 KST


class TestTimeDefaults:
    def test_tier_2_create_gets_today_and_the_condition_ttl(self) -> None:
        given = {"body_part": "shoulders", "condition": "minor_strain", "fact": "Tight shoulder"}
        filled = with_time_defaults(Tier.PHYSIOLOGICAL, given, given=given, previous=None,
                                    now=NOW, tz="UTC")
        assert filled["effective_date"] == dt.date(2026, 9, 14)
        assert filled["expires_at"] == utc(2026, 9, 19, 10, 0)

    def test_given_times_are_kept(self) -> None:
        given = {"body_part": "hamstrings", "condition": "soreness", "fact": "Sore",
                 "effective_date": "2026-09-13", "expires_at": "2026-09-16T00:00:00Z"}
        filled = with_time_defaults(Tier.PHYSIOLOGICAL, given, given=given, previous=None,
                                    now=NOW, tz="UTC")
        assert filled == given

    def test_tier_2_update_keeps_expiry_unless_the_condition_changes(self) -> None:
        previous = PhysiologicalEntry(body_part="hamstrings", condition="soreness", fact="Sore",
                                      effective_date=dt.date(2026, 9, 13),
                                      expires_at=utc(2026, 9, 16, 0, 0))
        wording = {"fact": "Hamstrings still a bit sore"}
        merged = {**previous.model_dump(), **wording}
        same = with_time_defaults(Tier.PHYSIOLOGICAL, merged, given=wording, previous=previous,
                                  now=NOW, tz="UTC")
        assert same["expires_at"] == utc(2026, 9, 16, 0, 0)

        strain = {"condition": "minor_strain"}
        merged = {**previous.model_dump(), **strain}
        longer = with_time_defaults(Tier.PHYSIOLOGICAL, merged, given=strain, previous=previous,
                                    now=NOW, tz="UTC")
        assert longer["expires_at"] == utc(2026, 9, 19, 10, 0)

    def test_tier_3_expiry_follows_the_last_day(self) -> None:
        given = {"event": "Golf tournament", "fact": "36 holes", "week_start_date": "2026-09-14",
                 "event_date": "2026-09-19"}
        filled = with_time_defaults(Tier.SITUATIONAL, given, given=given, previous=None,
                                    now=NOW, tz="America/New_York")
        assert filled["expires_at"] == utc(2026, 9, 20, 4, 0)

        previous = SituationalEntry.model_validate(filled)
        moved = {"end_date": "2026-09-20"}
        merged = {**previous.model_dump(), **moved}
        refilled = with_time_defaults(Tier.SITUATIONAL, merged, given=moved, previous=previous,
                                      now=NOW, tz="America/New_York")
        assert refilled["expires_at"] == utc(2026, 9, 21, 4, 0)

    def test_tier_3_without_any_date_is_left_for_the_schema_to_refuse(self) -> None:
        given = {"event": "Work trip", "fact": "Away", "week_start_date": "2026-09-14"}
        filled = with_time_defaults(Tier.SITUATIONAL, given, given=given, previous=None,
                                    now=NOW, tz="UTC")
        assert "expires_at" not in filled

    def test_staples_are_untouched(self) -> None:
        given = {"category": "goal", "fact": "Hypertrophy"}
        assert with_time_defaults(Tier.STAPLES, given, given=given, previous=None, now=NOW,
                                  tz="UTC") == given
