"""Tonnage, hard sets and weekly volume per muscle group (the seed's `get_volume_trends`).

**Hard set** (what the seed's 10-20 weekly sets landmark counts). A set with at least one rep
that is
- rated RPE ≥ 7 (3 or fewer reps in reserve, the seed's 1-3 RIR band plus its edge), or
- unrated, and close to the best set of the same exercise in the same session: at least 80 %
  of its e1RM for loaded sets, at least half its reps for unloaded work (bodyweight, timed).
A rating is the lifter's own word, so it decides when present. Without one, the comparison
with the session's best set is what tells a warm-up from a working set: ramp-up sets before a
top set sit at 50-75 % of it by e1RM, straight working sets and back-off sets at 85-100 %,
even as fatigue costs reps (at one load, losing reps costs only ~3 % of e1RM a rep).
Comparing e1RM rather than load credits a lighter back-off set done for more reps, which a
load threshold would wrongly drop. Without load, fatigue costs reps one for one (20, 14, 11
push-ups are three honest sets to failure), hence the lower share. Loaded and unloaded sets
of an exercise (bodyweight dips, then weighted) are compared within their own kind.

**Weekly volume.** Weeks start on Monday in the user's time zone (DESIGN D4). A set counts for
a group when the group is a primary group of the exercise (catalog `primary_groups`):
tonnage, sets and hard sets. `fractional_hard_sets` also credits secondary groups 0.5 per hard
set (the planner's convention, `programming.metrics.SECONDARY_SET_CREDIT`), which is the
number to hold against the 10-20 landmark. Tonnage is Σ weight × reps as logged (per
dumbbell, bar total), the seed's definition. Sets of slugs the catalog no longer knows are
skipped: history must outlive catalog changes.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from fitcoach.analytics.logs import SetRecord
from fitcoach.analytics.strength import effort_index
from fitcoach.catalog import CATALOG, Catalog
from fitcoach.catalog.vocabulary import MuscleGroup
from fitcoach.timekeeping import local_week_start

HARD_SET_MIN_RPE = 7.0
HARD_SET_MIN_SHARE_OF_BEST_LOADED = 0.8
HARD_SET_MIN_SHARE_OF_BEST_UNLOADED = 0.5
SECONDARY_SET_CREDIT = 0.5
# The seed's weekly landmarks per muscle group (the validator's rules/landmarks.py agrees).
WEEKLY_HARD_SETS_LOW = 10
WEEKLY_HARD_SETS_HIGH = 20
_TONNAGE_DECIMALS = 2


def tonnage(sets: Iterable[SetRecord]) -> float:
    """Σ weight × reps, pounds as logged."""
    return sum(s.weight_lbs * s.reps for s in sets)


def hard_set_flags(sets: Sequence[SetRecord]) -> list[bool]:
    """Which sets of one exercise in one session are hard sets (see the module notes)."""
    best: dict[bool, float] = {}
    for s in sets:
        if s.reps >= 1:
            loaded = s.weight_lbs > 0
            best[loaded] = max(best.get(loaded, 0.0), effort_index(s))
    flags = []
    for s in sets:
        if s.reps < 1:
            flags.append(False)
        elif s.rpe is not None:
            flags.append(s.rpe >= HARD_SET_MIN_RPE)
        else:
            loaded = s.weight_lbs > 0
            share = (
                HARD_SET_MIN_SHARE_OF_BEST_LOADED if loaded else HARD_SET_MIN_SHARE_OF_BEST_UNLOADED
            )
            flags.append(effort_index(s) >= share * best[loaded])
    return flags


class WeekVolume(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    week_start: dt.date  # Monday, in the user's time zone
    tonnage_lbs: float
    hard_sets: int
    sets: int
    fractional_hard_sets: float
    exercises: tuple[str, ...]  # slugs that counted as primary work, alphabetical


def volume_window(
    now: dt.datetime, weeks_back: int, tz: dt.tzinfo
) -> tuple[dt.datetime, dt.datetime]:
    """[start, end) of the `weeks_back` calendar weeks ending with the current one, as aware
    datetimes: the range a store queries so it fetches exactly the rows `weekly_volume` uses."""
    if weeks_back < 1:
        raise ValueError("weeks_back must be at least 1")
    first = local_week_start(now, tz) - dt.timedelta(weeks=weeks_back - 1)
    end = first + dt.timedelta(weeks=weeks_back)
    # Local midnights, built in the zone so DST changes move them correctly.
    return (
        dt.datetime.combine(first, dt.time(), tzinfo=tz),
        dt.datetime.combine(end, dt.time(), tzinfo=tz),
    )


def exercises_for_group(
    group: MuscleGroup, catalog: Catalog = CATALOG
) -> tuple[frozenset[str], frozenset[str]]:
    """(slugs with the group as primary, slugs with it as secondary): what to query."""
    primary = frozenset(e.slug for e in catalog if group in e.primary_groups)
    secondary = frozenset(e.slug for e in catalog if group in e.secondary_groups)
    return primary, secondary


class _WeekTally:
    def __init__(self) -> None:
        self.tonnage = 0.0
        self.sets = 0
        self.hard_sets = 0
        self.fractional = 0.0
        self.exercises: set[str] = set()


def weekly_volume(
    rows: Iterable[tuple[dt.datetime, str, SetRecord]],
    group: MuscleGroup,
    now: dt.datetime,
    weeks_back: int,
    tz: dt.tzinfo,
    catalog: Catalog = CATALOG,
) -> list[WeekVolume]:
    """Volume of `group` per week, oldest first, `weeks_back` weeks with the current (partial)
    week last; weeks without training are included with zeros. Rows outside the window and
    rows of exercises that do not work the group are ignored."""
    primary, secondary = exercises_for_group(group, catalog)
    first_monday = volume_window(now, weeks_back, tz)[0].date()

    # Hard sets are judged within one exercise in one session (one log: one completed_at),
    # so gather those first, keyed by the week they fall in.
    sessions: dict[tuple[int, dt.datetime, str], list[SetRecord]] = defaultdict(list)
    for completed_at, exercise_id, record in rows:
        if exercise_id in primary or exercise_id in secondary:
            week = (local_week_start(completed_at, tz) - first_monday).days // 7
            if 0 <= week < weeks_back:
                sessions[(week, completed_at, exercise_id)].append(record)

    tallies = [_WeekTally() for _ in range(weeks_back)]
    for (week, _, exercise_id), sets in sessions.items():
        tally = tallies[week]
        hard = sum(hard_set_flags(sets))
        if exercise_id in primary:
            tally.tonnage += tonnage(sets)
            tally.sets += len(sets)
            tally.hard_sets += hard
            tally.fractional += hard
            tally.exercises.add(exercise_id)
        else:
            tally.fractional += hard * SECONDARY_SET_CREDIT

    return [
        WeekVolume(
            week_start=first_monday + dt.timedelta(weeks=index),
            tonnage_lbs=round(tally.tonnage, _TONNAGE_DECIMALS),
            hard_sets=tally.hard_sets,
            sets=tally.sets,
            fractional_hard_sets=tally.fractional,
            exercises=tuple(sorted(tally.exercises)),
        )
        for index, tally in enumerate(tallies)
    ]


class VolumeMetric(StrEnum):
    TONNAGE = "tonnage_lbs"
    HARD_SETS = "hard_sets"
    FRACTIONAL_HARD_SETS = "fractional_hard_sets"
    SETS = "sets"


class TrendDirection(StrEnum):
    UP = "up"
    DOWN = "down"
    FLAT = "flat"
    INSUFFICIENT_DATA = "insufficient_data"


class LandmarkStatus(StrEnum):
    """Weekly hard sets against the seed's 10-20 landmark."""

    BELOW = "below"
    WITHIN = "within"
    ABOVE = "above"


# A change smaller than this, either way, is week-to-week noise: call it flat.
FLAT_BAND_PCT = 10.0


class VolumeTrend(BaseModel):
    """Numbers a coach can cite: "Chest: 14 hard sets last week vs 9 before (+56 %)"."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    metric: VolumeMetric
    direction: TrendDirection
    weeks_compared: int
    latest_week_start: dt.date | None
    latest_value: float | None
    baseline_value: float | None  # mean of the earlier weeks compared
    change_pct: float | None  # latest vs baseline; None when the baseline is 0
    values: tuple[float, ...]  # the weeks compared, oldest first
    latest_landmark: LandmarkStatus | None  # latest week's fractional hard sets vs 10-20


def landmark_status(fractional_hard_sets: float) -> LandmarkStatus:
    if fractional_hard_sets < WEEKLY_HARD_SETS_LOW:
        return LandmarkStatus.BELOW
    if fractional_hard_sets > WEEKLY_HARD_SETS_HIGH:
        return LandmarkStatus.ABOVE
    return LandmarkStatus.WITHIN


def summarize_trend(
    weeks: Sequence[WeekVolume],
    metric: VolumeMetric = VolumeMetric.HARD_SETS,
    include_current_week: bool = False,
) -> VolumeTrend:
    """Latest week against the mean of the earlier ones, for `weekly_volume`'s output.

    The current week is still running, so by default it is left out: a Monday-morning
    comparison would otherwise always read as a collapse. The latest week is compared with
    the mean of the earlier weeks rather than with the first week alone, so one missed week
    at the start of the window does not fake a surge."""
    compared = list(weeks if include_current_week else weeks[:-1])
    values = tuple(float(getattr(week, metric.value)) for week in compared)
    if not compared:
        return VolumeTrend(
            metric=metric,
            direction=TrendDirection.INSUFFICIENT_DATA,
            weeks_compared=0,
            latest_week_start=None,
            latest_value=None,
            baseline_value=None,
            change_pct=None,
            values=(),
            latest_landmark=None,
        )
    latest = compared[-1]
    latest_value = values[-1]
    earlier = values[:-1]
    baseline = sum(earlier) / len(earlier) if earlier else None
    change_pct = None
    if baseline is None or not any(values):
        direction = TrendDirection.INSUFFICIENT_DATA
    elif baseline == 0:
        direction = TrendDirection.UP  # from nothing to something; no percentage exists
    else:
        change_pct = round(100.0 * (latest_value - baseline) / baseline, 1)
        if change_pct >= FLAT_BAND_PCT:
            direction = TrendDirection.UP
        elif change_pct <= -FLAT_BAND_PCT:
            direction = TrendDirection.DOWN
        else:
            direction = TrendDirection.FLAT
    return VolumeTrend(
        metric=metric,
        direction=direction,
        weeks_compared=len(compared),
        latest_week_start=latest.week_start,
        latest_value=latest_value,
        baseline_value=None if baseline is None else round(baseline, 2),
        change_pct=change_pct,
        values=values,
        latest_landmark=landmark_status(latest.fractional_hard_sets),
    )
