"""How long memory facts live (DESIGN D4): acute states by condition, events by their last day.

The seed gives ranges (soreness 48-72 h, a minor joint tweak 5-7 days); DESIGN D4 picks one
value per condition, and the seed's own shoulder example expects exactly now + 5 days for a
tweak. Everything here is pure: *now* and the user's time zone are always handed in.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from fitcoach.catalog.vocabulary import ACUTE_TTL, AcuteCondition
from fitcoach.memory.entries import Entry, PhysiologicalEntry, SituationalEntry, Tier
from fitcoach.timekeeping import as_zone, local_date, require_aware


def default_expiry(condition: AcuteCondition, now: dt.datetime) -> dt.datetime:
    """When an acute state recorded at `now` fades by default (aware, UTC)."""
    return require_aware(now).astimezone(dt.UTC) + ACUTE_TTL[condition]


def event_expiry(end_date: dt.date, tz: dt.tzinfo | str) -> dt.datetime:
    """The end of an event's last day in the user's time zone, as an aware UTC datetime.

    That is the next local midnight: an item stays active while now <= expires_at, so the
    event is shown for the whole of its last day and disappears as the next day begins.
    """
    next_midnight = dt.datetime.combine(end_date + dt.timedelta(days=1), dt.time(),
                                        tzinfo=as_zone(tz))
    return next_midnight.astimezone(dt.UTC)


def with_time_defaults(
    tier: Tier,
    data: Mapping[str, Any],
    *,
    given: Mapping[str, Any],
    previous: Entry | None,
    now: dt.datetime,
    tz: dt.tzinfo | str,
) -> dict[str, Any]:
    """A raw entry with the time fields its tier needs filled in where the brain left them out.

    `data` is what will be validated (for an UPDATE: the old entry with `given` merged over
    it); `previous` is the entry before the change (None for a CREATE).

    - Tier 2: a missing `effective_date` is the user's date today; a missing `expires_at` is
      `default_expiry(condition, now)`. On UPDATE the expiry is recomputed only when the
      condition changes (a soreness that turns out to be a strain lives longer), so editing
      the wording does not extend a state's life.
    - Tier 3: a missing `expires_at` is the end of the event's last day (`end_date`, else
      `event_date`) in the user's zone; on UPDATE it is recomputed when that day moves.

    An `expires_at` the brain gives is always kept. Fields that do not parse are left alone:
    the tier's schema reports them.
    """
    filled = dict(data)
    expiry_given = given.get("expires_at") is not None
    if tier is Tier.PHYSIOLOGICAL:
        if filled.get("effective_date") is None:
            filled["effective_date"] = local_date(now, tz)
        condition = _lenient(_CONDITION, filled.get("condition"))
        before = previous.condition if isinstance(previous, PhysiologicalEntry) else None
        if not expiry_given and condition is not None and condition is not before:
            filled["expires_at"] = default_expiry(condition, now)
    elif tier is Tier.SITUATIONAL:
        last_day = _lenient(_DATE, filled.get("end_date") or filled.get("event_date"))
        last_before = _last_day(previous) if isinstance(previous, SituationalEntry) else None
        if not expiry_given and last_day is not None and last_day != last_before:
            filled["expires_at"] = event_expiry(last_day, tz)
    return filled


def _last_day(entry: SituationalEntry) -> dt.date | None:
    return entry.end_date or entry.event_date


_T = TypeVar("_T")
_CONDITION: TypeAdapter[AcuteCondition] = TypeAdapter(AcuteCondition)
_DATE: TypeAdapter[dt.date] = TypeAdapter(dt.date)


def _lenient(adapter: TypeAdapter[_T], value: Any) -> _T | None:
    """The parsed value, or None when it is missing or malformed (the schema will say why)."""
    if value is None:
        return None
    try:
        return adapter.validate_python(value)
    except ValidationError:
        return None
