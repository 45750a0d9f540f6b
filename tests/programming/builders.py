"""Small hand-written plan builders for validator tests (no generator involved)."""

from __future__ import annotations

import datetime as dt

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import WEEKDAYS, Weekday
from fitcoach.programming import metrics
from fitcoach.programming.plan import Block, DayPlan, PlannedExercise, WeeklyPlan, WeekSummary

SEED_MONDAY = dt.date(2026, 9, 14)

# (slug, sets, reps, rest_seconds)
Spec = tuple[str, int, str, int]


def planned(slug: str, sets: int = 3, reps: str = "8-10", rest: int = 90,
            name: str | None = None, **extra: object) -> PlannedExercise:
    known = CATALOG.find(slug)
    return PlannedExercise(exercise_id=slug, name=name or (known.name if known else slug),
                           target_sets=sets, target_reps=reps, rest_seconds=rest, **extra)


def block(*exercises: PlannedExercise, label: str = "Block") -> Block:
    return Block(label=label, exercises=exercises)


def day(weekday: Weekday, blocks: list[Block] | None = None,
        start: dt.date = SEED_MONDAY, duration: int | None = None) -> DayPlan:
    date = start + dt.timedelta(days=weekday.index)
    blocks = blocks or []
    exercises = [e for b in blocks for e in b.exercises]
    known = all(CATALOG.find(e.exercise_id) for e in exercises)
    return DayPlan(
        date=date,
        day_of_week=weekday.display_name,
        is_rest_day=not blocks,
        title="Training" if blocks else "Rest",
        focus_tag="Test" if blocks else "Recovery",
        duration_minutes=duration if duration is not None else (
            metrics.declared_minutes(blocks) if known else 0),
        estimated_volume_lbs=metrics.estimated_volume_lbs(exercises) if known else 0,
        coach_note="",
        muscle_focus=metrics.muscle_focus(exercises) if known else (),
        blocks=tuple(blocks),
    )


def week(days: dict[Weekday, list[Block]], start: dt.date = SEED_MONDAY) -> WeeklyPlan:
    built = {w: day(w, days.get(w), start) for w in WEEKDAYS}
    return WeeklyPlan(
        week_start_date=start,
        theme="Test week",
        summary=WeekSummary(
            total_time_minutes=sum(d.duration_minutes for d in built.values()),
            total_volume_lbs=sum(d.estimated_volume_lbs for d in built.values()),
            frequency=sum(1 for d in built.values() if d.is_training_day),
        ),
        days=built,
    )
