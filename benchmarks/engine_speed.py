"""Speed of the programming engine: generate a week, validate one, apply an edit.

A fixed spread of profiles (1-7 days, 20-120 minutes, every goal, bodyweight to full gym,
chronic limits, acute states, events, known loads) is each run many times; every timing is
one call. Prints p50/p95/p99 in milliseconds per operation and the targets from the issue:
generating a week p50 ≤ 5 ms, validating one ≤ 1 ms.

    .venv/bin/python benchmarks/engine_speed.py [rounds]
"""

from __future__ import annotations

import datetime as dt
import gc
import statistics
import sys
import time
from collections.abc import Callable

from fitcoach.analytics.known_loads import KnownLoad
from fitcoach.catalog.vocabulary import (
    AcuteCondition,
    BodyPart,
    Experience,
    GearTag,
    Goal,
    MuscleGroup,
    Weekday,
)
from fitcoach.evals.stats import percentile
from fitcoach.programming.edits import apply_edit
from fitcoach.programming.edits.operations import ShortenDay, SwapExercise
from fitcoach.programming.generator import generate_week
from fitcoach.programming.profile import (
    AcuteState,
    ChronicConstraint,
    Profile,
    UpcomingEvent,
)
from fitcoach.programming.validator import validate_week

WEEK = dt.date(2026, 9, 14)
HOME_DB = frozenset({GearTag.DUMBBELLS, GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH})
HOME = HOME_DB | {GearTag.PULL_UP_BAR, GearTag.AB_WHEEL}
FULL_GYM = frozenset(GearTag)
TARGETS_MS = {"generate week": 5.0, "validate week": 1.0}


def profiles() -> list[Profile]:
    strain = AcuteState(body_part=BodyPart.SHOULDERS, condition=AcuteCondition.MINOR_STRAIN,
                        since=WEEK, until=dt.datetime(2026, 9, 19, 10, tzinfo=dt.UTC))
    golf = UpcomingEvent(name="Golf", start=WEEK + dt.timedelta(days=5),
                         end=WEEK + dt.timedelta(days=5),
                         protect=(BodyPart.BACK, BodyPart.FOREARMS, BodyPart.SHOULDERS))
    lower_back = ChronicConstraint(body_parts=(BodyPart.LOWER_BACK,))
    loads = {"incline-db-bench-press": KnownLoad(weight_lbs=45, reps=9, rpe=8),
             "barbell-back-squat": KnownLoad(weight_lbs=225, reps=5, rpe=8)}
    return [
        Profile(days_per_week=4, minutes_per_session=45, gear=HOME_DB, max_dumbbell_lbs=50,
                priority_groups=(MuscleGroup.CHEST, MuscleGroup.SHOULDERS), chronic=(lower_back,)),
        Profile(days_per_week=3, minutes_per_session=60, gear=FULL_GYM, known_loads=loads),
        Profile(days_per_week=6, minutes_per_session=75, gear=FULL_GYM,
                experience=Experience.ADVANCED, priority_groups=(MuscleGroup.BACK,)),
        Profile(days_per_week=7, minutes_per_session=40, gear=HOME, goal=Goal.FAT_LOSS),
        Profile(days_per_week=5, minutes_per_session=30, gear=FULL_GYM, goal=Goal.STRENGTH,
                known_loads=loads),
        Profile(days_per_week=2, minutes_per_session=90, gear=HOME, acute=(strain,)),
        Profile(training_days=(Weekday.MONDAY, Weekday.WEDNESDAY, Weekday.FRIDAY,
                               Weekday.SATURDAY), minutes_per_session=45, gear=FULL_GYM,
                events=(golf,)),
        Profile(days_per_week=3, minutes_per_session=20, gear=frozenset(),
                goal=Goal.GENERAL_FITNESS),
        Profile(days_per_week=4, minutes_per_session=120, gear=FULL_GYM,
                experience=Experience.BEGINNER, priority_groups=(MuscleGroup.QUADS,)),
    ]


def _time(call: Callable[[], object], rounds: int) -> list[float]:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def main(rounds: int = 200) -> None:
    people = profiles()
    plans = [generate_week(p, WEEK).plan for p in people]  # warm the caches once
    shorten = ShortenDay(day=Weekday.MONDAY, minutes=25)
    cases: dict[str, list[Callable[[], object]]] = {
        "generate week": [lambda p=p: generate_week(p, WEEK) for p in people],
        "validate week": [lambda p=p, w=w: validate_week(w, p) for p, w in zip(people, plans,
                                                                              strict=True)],
        "edit: shorten a day": [lambda p=p, w=w: apply_edit(w, shorten, p, week_start=WEEK)
                                for p, w in zip(people, plans, strict=True)
                                if w.days[Weekday.MONDAY].duration_minutes > 25],
        "edit: swap the anchor": [
            lambda p=p, w=w: apply_edit(w, SwapExercise(
                day=Weekday.MONDAY,
                exercise_id=w.days[Weekday.MONDAY].blocks[0].exercises[0].exercise_id),
                p, week_start=WEEK)
            for p, w in zip(people, plans, strict=True)
            if w.days[Weekday.MONDAY].is_training_day and len(p.gear) > 2],
    }
    gc.collect()
    print(f"{len(people)} profiles × {rounds} rounds each; milliseconds per call")
    print(f"{'operation':<24}{'p50':>8}{'p95':>8}{'p99':>8}{'mean':>8}  target p50")
    for name, calls in cases.items():
        samples = [ms for call in calls for ms in _time(call, rounds)]
        target = TARGETS_MS.get(name)
        verdict = "" if target is None else (
            f"≤ {target:g} ms {'ok' if statistics.median(samples) <= target else 'MISSED'}")
        print(f"{name:<24}{statistics.median(samples):>8.2f}{percentile(samples, 0.95):>8.2f}"
              f"{percentile(samples, 0.99):>8.2f}{statistics.fmean(samples):>8.2f}  {verdict}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
