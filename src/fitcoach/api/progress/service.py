"""The caller's progress over the last weeks, computed by the analytics core from their logs.

This module only reads the window's rows and arranges what the core computes: a session's best
e1RM (`analytics.strength`), hard sets, tonnage, weekly volume per muscle group and the
10-20 landmark (`analytics.volume`), the week boundaries (`analytics.volume.volume_window`,
`timekeeping`) and display rounding in the caller's unit (`analytics.units`).
"""

from __future__ import annotations

import datetime as dt

from fitcoach.analytics.logs import exercise_sessions, logged_exercise_ids, workouts_from_rows
from fitcoach.analytics.strength import best_e1rm
from fitcoach.analytics.units import display_weight
from fitcoach.analytics.volume import (
    WEEKLY_HARD_SETS_HIGH,
    WEEKLY_HARD_SETS_LOW,
    WeekVolume,
    landmark_status,
    volume_window,
    weekly_volume,
)
from fitcoach.api.errors import NotFound
from fitcoach.api.progress.repository import ProgressRepository, WindowLog, WindowSet
from fitcoach.api.progress.schemas import (
    ExerciseHistoryView,
    ExerciseStrength,
    GroupVolume,
    HardSetBand,
    ProgressView,
    StrengthPoint,
    WeekProgress,
)
from fitcoach.brain.ports import UserSettings
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import MuscleGroup, Unit
from fitcoach.store.database import Database
from fitcoach.timekeeping import as_zone, local_week_start

DEFAULT_WEEKS = 12
MAX_WEEKS = 52
# One exercise's history reads at most this many sets (newest first): years of training at
# a few sets a week, and a bound on the answer whatever the import.
MAX_SETS = 5000


def progress_of(database: Database, caller: UserSettings, weeks: int,
                now: dt.datetime) -> ProgressView:
    zone = as_zone(caller.timezone)
    start, end = volume_window(now, weeks, zone)
    with database.read() as session:
        repository = ProgressRepository(session)
        sets = repository.sets_between(caller.user_id, start, end)
        logs = repository.logs_between(caller.user_id, start, end)
        total = repository.count_logs(caller.user_id)
    return ProgressView(
        unit=caller.units, timezone=caller.timezone, weeks=weeks,
        window_start=start.astimezone(dt.UTC), window_end=end.astimezone(dt.UTC),
        total_workouts=total,
        hard_set_band=HardSetBand(low=WEEKLY_HARD_SETS_LOW, high=WEEKLY_HARD_SETS_HIGH),
        strength=_strength(sets, caller.units),
        volume=_volume(sets, logs, now, weeks, zone, caller.units))


def exercise_history_of(database: Database, caller: UserSettings, slug: str
                        ) -> ExerciseHistoryView:
    """One exercise's e1RM per session over the caller's whole history (the newest MAX_SETS
    sets), computed as GET /api/progress computes its window; 404 for a slug not in the
    catalog. A user who never logged it gets no points, not an error."""
    exercise = CATALOG.find(slug)
    if exercise is None:
        raise NotFound(f"no exercise {slug!r} in the encyclopedia")
    with database.read() as session:
        sets = ProgressRepository(session).sets_of_exercise(caller.user_id, slug,
                                                            limit=MAX_SETS + 1)
    truncated = len(sets) > MAX_SETS
    if truncated:
        # The oldest log read may be cut part-way: leave it out rather than misjudge it.
        oldest = sets[0].log_id
        sets = [row for row in sets[1:] if row.log_id != oldest]
    series = _strength(sets, caller.units)
    found = series[0] if series else None
    return ExerciseHistoryView(
        exercise_id=slug, name=exercise.name, unit=caller.units,
        cues=list(exercise.cues_for(caller.locale)),
        sessions=found.sessions if found else 0, points=found.points if found else [],
        truncated=truncated)


def _strength(sets: list[WindowSet], unit: Unit) -> list[ExerciseStrength]:
    """Per exercise, each session's best reliable e1RM (`analytics.strength.best_e1rm`; an
    exercise logged twice in one workout is one session: `analytics.logs`), oldest first."""
    workouts = workouts_from_rows(sets)
    found = []
    for slug in sorted(logged_exercise_ids(workouts)):
        sessions = exercise_sessions(workouts, slug)[::-1]
        exercise = CATALOG.find(slug)
        found.append(ExerciseStrength(
            exercise_id=slug, name=exercise.name if exercise else slug, sessions=len(sessions),
            points=[StrengthPoint(log_id=session.log_id, completed_at=session.completed_at,
                                  estimated_1rm=display_weight(best.value_lbs, unit))
                    for session in sessions if (best := best_e1rm(session.sets)) is not None]))
    return found


def _volume(sets: list[WindowSet], logs: list[WindowLog], now: dt.datetime, weeks: int,
            zone: dt.tzinfo, unit: Unit) -> list[WeekProgress]:
    rows = [(row.completed_at, row.exercise_id, row.record) for row in sets]
    by_group: dict[MuscleGroup, list[WeekVolume]] = {
        group: weekly_volume(rows, group, now, weeks, zone) for group in MuscleGroup}
    first_monday = by_group[MuscleGroup.CHEST][0].week_start
    workouts = [0] * weeks
    records = [0] * weeks
    for log in logs:
        index = (local_week_start(log.completed_at, zone) - first_monday).days // 7
        if 0 <= index < weeks:
            workouts[index] += 1
            records[index] += log.records_broken
    return [
        WeekProgress(
            week_start=first_monday + dt.timedelta(weeks=index),
            workouts=workouts[index], records_broken=records[index],
            groups=[_group_volume(group, by_group[group][index], unit) for group in MuscleGroup
                    if by_group[group][index].sets or by_group[group][index].fractional_hard_sets])
        for index in range(weeks)]


def _group_volume(group: MuscleGroup, week: WeekVolume, unit: Unit) -> GroupVolume:
    return GroupVolume(
        muscle_group=group, sets=week.sets, hard_sets=week.hard_sets,
        fractional_hard_sets=week.fractional_hard_sets,
        tonnage=display_weight(week.tonnage_lbs, unit),
        landmark=landmark_status(week.fractional_hard_sets))
