"""The user's calendar: their local date and the Monday of their week (DESIGN D4).

"Today", weekday names and week boundaries are the user's, in their time zone; weeks start on
Monday. This is the one home of that rule. It is pure (no clock: *now* is always handed in)
and imports nothing of fitcoach, so every layer may use it, the pure packages included.
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo


def as_zone(tz: dt.tzinfo | str) -> dt.tzinfo:
    """An IANA name ("Europe/Rome") or a tzinfo, as a tzinfo."""
    return ZoneInfo(tz) if isinstance(tz, str) else tz


def require_aware(moment: dt.datetime, name: str = "now") -> dt.datetime:
    """Naive datetimes are refused: a naive time would be read in the server's zone."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{name} must be timezone-aware, got {moment!r}")
    return moment


def local_date(now: dt.datetime, tz: dt.tzinfo | str) -> dt.date:
    """The user's calendar date at `now`."""
    return require_aware(now).astimezone(as_zone(tz)).date()


def week_start(day: dt.date) -> dt.date:
    """The Monday of the week `day` falls in (weeks start on Monday)."""
    return day - dt.timedelta(days=day.weekday())


def local_week_start(now: dt.datetime, tz: dt.tzinfo | str) -> dt.date:
    """The Monday of the user's week at `now`, seen from their time zone."""
    return week_start(local_date(now, tz))
