"""The engine's `Profile`, derived from a user's active memory at *now* (pure).

The engine never reads memory; this is the one place that turns facts into constraints:
- equipment: the union of the active equipment entries' `gear`; without one, bodyweight only
  (DESIGN D3). An entry whose gear was never parsed (`gear` None) does not count as knowing
  the equipment; `gear: []` does (the user said: nothing but bodyweight).
- goal entries: the newest active entry that sets a field wins, field by field. The schedule
  (`training_days` / `days_per_week`) is taken from one entry as a unit, so an old list of
  days never contradicts a newer count.
- chronic conditions become `ChronicConstraint`s, Tier 2 states `AcuteState`s, Tier 3 events
  `UpcomingEvent`s.
What is unknown is reported in `missing` so the coach asks instead of guessing; the profile is
still usable (3 sessions of 45 minutes) so a turn never has to fail for lack of it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from typing import TypeVar

from pydantic import BaseModel, ConfigDict

from fitcoach.analytics.known_loads import KnownLoad
from fitcoach.brain.ports import UserSettings
from fitcoach.catalog.vocabulary import GearTag, Weekday
from fitcoach.memory.entries import (
    MemoryItem,
    PhysiologicalEntry,
    SituationalEntry,
    StapleCategory,
    StapleEntry,
    Tone,
)
from fitcoach.memory.render import active_items
from fitcoach.programming.profile import (
    AcuteState,
    ChronicConstraint,
    Profile,
    UpcomingEvent,
)

DEFAULT_DAYS_PER_WEEK = 3
DEFAULT_MINUTES_PER_SESSION = 45


class Essential(StrEnum):
    """What the coach must know before planning, and asks for when it is missing."""

    EQUIPMENT = "equipment"
    SCHEDULE = "schedule"
    SESSION_LENGTH = "session_length"


class ProfileBuild(BaseModel):
    """A usable profile, and which essentials it had to assume."""

    model_config = ConfigDict(frozen=True)

    profile: Profile
    missing: tuple[Essential, ...] = ()  # in the order of `Essential`


def build_profile(
    items: Iterable[MemoryItem],
    now: dt.datetime,
    *,
    settings: UserSettings,
    known_loads: Mapping[str, KnownLoad] | None = None,
) -> ProfileBuild:
    """The profile of the user whose items these are, as their memory stands at `now`."""
    active = active_items(items, now)
    staples = _staples_newest_first(active)
    equipment = staples[StapleCategory.EQUIPMENT]
    goals = staples[StapleCategory.GOAL]

    missing: list[Essential] = []
    if not any(entry.gear is not None for entry in equipment):
        missing.append(Essential.EQUIPMENT)
    training_days, days_per_week = _schedule(goals)
    if training_days is None and days_per_week is None:
        missing.append(Essential.SCHEDULE)
        days_per_week = DEFAULT_DAYS_PER_WEEK
    minutes = _first(entry.minutes_per_session for entry in goals)
    if minutes is None:
        missing.append(Essential.SESSION_LENGTH)
        minutes = DEFAULT_MINUTES_PER_SESSION

    goal = _first(entry.goal for entry in goals)
    experience = _first(entry.experience for entry in goals)
    profile = Profile(
        training_days=training_days,
        days_per_week=days_per_week,
        minutes_per_session=minutes,
        priority_groups=_first(entry.priority_groups for entry in goals) or (),
        gear=frozenset(tag for entry in equipment for tag in entry.gear or ()),
        max_dumbbell_lbs=_dumbbell_limit(equipment),
        chronic=tuple(_constraint(entry) for entry in staples[StapleCategory.CHRONIC_CONDITION]),
        acute=tuple(_acute_state(i.entry) for i in active
                    if isinstance(i.entry, PhysiologicalEntry)),
        events=tuple(_event(i.entry) for i in active if isinstance(i.entry, SituationalEntry)),
        known_loads=dict(known_loads or {}),
        unit=settings.units,
        # Unset goal fields keep the engine's own defaults.
        **({"goal": goal} if goal is not None else {}),
        **({"experience": experience} if experience is not None else {}),
    )
    return ProfileBuild(profile=profile, missing=tuple(missing))


def coaching_tone(items: Iterable[MemoryItem], now: dt.datetime) -> Tone | None:
    """The tone the user asked for (newest active preference that names one), if any."""
    preferences = _staples_newest_first(active_items(items, now))[StapleCategory.PREFERENCE]
    return _first(entry.tone for entry in preferences)


def _staples_newest_first(
    active: Sequence[MemoryItem],
) -> dict[StapleCategory, list[StapleEntry]]:
    """Tier 1 entries by category, newest first: an UPDATE makes a fact current again, so
    `updated_at` decides, then creation time, then id."""
    groups: dict[StapleCategory, list[StapleEntry]] = {category: [] for category in
                                                       StapleCategory}
    for item in sorted(active, key=lambda i: (i.updated_at, i.created_at, i.memory_id),
                       reverse=True):
        if isinstance(item.entry, StapleEntry):
            groups[item.entry.category].append(item.entry)
    return groups


_T = TypeVar("_T")


def _first(values: Iterable[_T | None]) -> _T | None:
    return next((value for value in values if value is not None), None)


def _schedule(goals: Sequence[StapleEntry]) -> tuple[tuple[Weekday, ...] | None, int | None]:
    """Days and count from the newest goal entry that states a schedule at all."""
    for entry in goals:
        if entry.training_days:
            days = tuple(sorted(set(entry.training_days), key=lambda day: day.index))
            return days, len(days)
        if entry.days_per_week is not None:
            return None, entry.days_per_week
    return None, None


def _dumbbell_limit(equipment: Sequence[StapleEntry]) -> float | None:
    """The heaviest dumbbell any inventory offers; None when one has no stated limit."""
    limits = [entry.max_dumbbell_lbs for entry in equipment
              if entry.gear and GearTag.DUMBBELLS in entry.gear]
    if not limits or None in limits:
        return None
    return max(limit for limit in limits if limit is not None)


def _constraint(entry: StapleEntry) -> ChronicConstraint:
    return ChronicConstraint(body_parts=entry.body_parts or (),
                             patterns=entry.avoid_patterns or (),
                             exercises=entry.avoid_exercises or (), note=entry.fact)


def _acute_state(entry: PhysiologicalEntry) -> AcuteState:
    return AcuteState(body_part=entry.body_part, condition=entry.condition,
                      since=entry.effective_date, until=entry.expires_at, note=entry.fact)


def _event(entry: SituationalEntry) -> UpcomingEvent:
    start, end = entry.span
    return UpcomingEvent(name=entry.event, start=start, end=end, protect=entry.protect or (),
                         travel=bool(entry.travel), busy_minutes=entry.busy_minutes)
