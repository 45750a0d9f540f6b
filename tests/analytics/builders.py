"""Small constructors that keep the analytics tests readable."""

from __future__ import annotations

import datetime as dt

from fitcoach.analytics.logs import ExerciseSession, SetRecord

UTC = dt.UTC


def at(day: int, hour: int = 12, month: int = 9, year: int = 2026) -> dt.datetime:
    return dt.datetime(year, month, day, hour, tzinfo=UTC)


def s(weight: float, reps: int, rpe: float | None = None) -> SetRecord:
    return SetRecord(weight_lbs=weight, reps=reps, rpe=rpe)


def straight(weight: float, *reps: int, rpe: float | None = None) -> tuple[SetRecord, ...]:
    return tuple(s(weight, r, rpe) for r in reps)


def session(log_id: str, when: dt.datetime, *sets: SetRecord) -> ExerciseSession:
    return ExerciseSession(log_id=log_id, completed_at=when, sets=sets)
