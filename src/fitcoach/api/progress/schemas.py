"""The body of GET /api/progress: numbers in the caller's unit, weeks in the caller's zone.

Every number is computed by the analytics core (`fitcoach.analytics`): e1RM by
`strength.estimated_1rm`, hard sets, tonnage and the weekly landmark by `volume`. Loads are
in `unit` (the caller's), rounded for display by `units.display_weight`; nothing here is
pounds unless the caller's unit is lb.
"""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, ConfigDict

from fitcoach.analytics.volume import LandmarkStatus
from fitcoach.catalog.vocabulary import MuscleGroup, Unit


class _View(BaseModel):
    model_config = ConfigDict(frozen=True)


class HardSetBand(_View):
    """The seed's weekly landmark per muscle group, in hard sets."""

    low: int
    high: int


class StrengthPoint(_View):
    """One session of one exercise: the best reliable e1RM among its sets."""

    log_id: str
    completed_at: dt.datetime
    estimated_1rm: float


class ExerciseStrength(_View):
    exercise_id: str
    name: str
    sessions: int  # sessions of the exercise in the window, with or without an estimate
    points: list[StrengthPoint]  # oldest first; sessions with no reliable estimate left out


class GroupVolume(_View):
    muscle_group: MuscleGroup
    sets: int  # every set of exercises with the group as primary
    hard_sets: int  # hard sets of exercises with the group as primary
    fractional_hard_sets: float  # + 0.5 per hard set where the group is secondary
    tonnage: float  # Σ weight × reps of the primary work, in `unit`
    landmark: LandmarkStatus  # fractional_hard_sets against hard_set_band


class WeekProgress(_View):
    week_start: dt.date  # Monday, in the caller's time zone
    workouts: int
    records_broken: int  # new personal records announced by the week's logs
    groups: list[GroupVolume]  # groups trained that week, in MuscleGroup order


class ProgressView(_View):
    unit: Unit
    timezone: str
    weeks: int
    window_start: dt.datetime  # [start, end): whole weeks, the current one last
    window_end: dt.datetime
    total_workouts: int  # all-time, so a client can tell "nothing lately" from "nothing yet"
    hard_set_band: HardSetBand
    strength: list[ExerciseStrength]  # exercises logged in the window, by slug
    volume: list[WeekProgress]  # oldest first, one entry per week of the window


class ExerciseHistoryView(_View):
    """One exercise over the caller's whole history (GET /api/progress/exercises/{slug})."""

    exercise_id: str
    name: str
    unit: Unit
    cues: list[str]  # the catalog's form cues in the caller's language
    sessions: int  # sessions of the exercise read, with or without an estimate
    points: list[StrengthPoint]  # oldest first; sessions with no reliable estimate left out
    truncated: bool  # True when only the newest MAX_SETS sets were read
