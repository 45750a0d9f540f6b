"""The dates of a week. Which week is the user's is `fitcoach.timekeeping`'s rule; carrying a
plan forward, placing an accepted day and overlaying completions are pure calendar rules in
`programming.calendar`; they are computed on read, so a stored plan version is never
rewritten for a new week or a logged workout: only Accept writes a plan (DESIGN D6). What a
new week shows, and keeping it once read, is `materialise`'s (DESIGN D10).
"""

from __future__ import annotations

import datetime as dt


def week_dates(week_start: dt.date) -> tuple[dt.date, dt.date]:
    return week_start, week_start + dt.timedelta(days=6)
