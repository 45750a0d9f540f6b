"""The user's week in their time zone. Carrying a plan forward, placing an accepted day and
overlaying completions are pure calendar rules in `programming.calendar`; they are computed
on read, so a stored plan version is never rewritten for a new week or a logged workout:
only Accept writes a plan (DESIGN D6).
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from fitcoach.programming.plan import week_start_of


def local_date(moment: dt.datetime, timezone: str) -> dt.date:
    return moment.astimezone(ZoneInfo(timezone)).date()


def current_week_start(now: dt.datetime, timezone: str) -> dt.date:
    """Monday of the user's current week, in their time zone (DESIGN D4)."""
    return week_start_of(local_date(now, timezone))


def week_dates(week_start: dt.date) -> tuple[dt.date, dt.date]:
    return week_start, week_start + dt.timedelta(days=6)
