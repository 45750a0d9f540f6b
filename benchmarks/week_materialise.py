"""The first read of a new week (DESIGN D10), in-process: what `GET /api/plans/current` does
the first time a week is read, with a year of history behind it. Issue 12's target: p50
≤ 10 ms with about 200 logs and 5k sets.

One write transaction per week, as the route's: the newest plan version, the week resolved
(the program's peak carried onto the week's dates and shaped by its block), kept in
`plan_weeks`, completions overlaid and every planned exercise's load read from the logs
(`api.plans.loads.plan_with_loads`: the latest sessions of the planned exercises and their
patterns, then the load rule). Each sample is a week never read before (the next Monday),
so every sample does the whole first-read work; the kept week's later reads are timed
beside it. The user has a 4-day full-gym program whose exercises overlap their history, a
neighbour holds as much history (the tables are shared), and `benchmarks.history` writes
one 20-set workout a day back from *now*.

    .venv/bin/python -m benchmarks.week_materialise [--sets 5000] [--weeks 40]
                                                    [--backends sqlite,postgresql]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import time

from sqlalchemy import and_, select, union_all
from sqlalchemy.orm import Session

from benchmarks.databases import postgres_available, scratch_database
from benchmarks.history import SETS_PER_LOG, add_history, add_user, refresh_statistics
from fitcoach.api.plans.loads import SESSIONS_PER_EXERCISE, plan_with_loads, recent_sessions
from fitcoach.api.plans.materialise import materialise, resolve
from fitcoach.api.plans.repository import PlanRepository
from fitcoach.api.plans.service import overlay
from fitcoach.brain.ports import UserSettings
from fitcoach.catalog.vocabulary import GearTag, Weekday
from fitcoach.programming.generator import generate_week
from fitcoach.programming.loads import same_pattern
from fitcoach.programming.profile import Profile
from fitcoach.store.database import Database
from fitcoach.store.models import WorkoutSetRow
from fitcoach.timekeeping import local_week_start

TARGET_MS = 10.0
NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)  # a Monday; the history ends here
WEEK = dt.timedelta(days=7)
PROFILE = Profile(training_days=(Weekday.MONDAY, Weekday.TUESDAY, Weekday.THURSDAY,
                                 Weekday.FRIDAY), minutes_per_session=60,
                  gear=frozenset(GearTag))


def first_read(database: Database, caller: UserSettings, now: dt.datetime) -> int:
    """The route's keeping transaction; the number of planned exercises with a load."""
    with database.write(lock_user=caller.user_id) as session:
        latest = PlanRepository(session).latest(caller.user_id)
        monday = local_week_start(now, caller.timezone)
        assert latest is not None
        week = resolve(session, caller.user_id, monday, monday, latest, now)
        assert week is not None
        assert not week.stored
        materialise(session, caller.user_id, week, now)
        plan = plan_with_loads(session, caller, overlay(session, caller.user_id, week.plan),
                               now)
    return sum(e.target_weight_lbs is not None for d in plan.days.values() for e in d.exercises)


def kept_read(database: Database, caller: UserSettings, now: dt.datetime) -> None:
    with database.read() as session:
        latest = PlanRepository(session).latest(caller.user_id)
        monday = local_week_start(now, caller.timezone)
        assert latest is not None
        week = resolve(session, caller.user_id, monday, monday, latest, now)
        assert week is not None
        assert week.stored
        plan_with_loads(session, caller, overlay(session, caller.user_id, week.plan), now)


def union_per_exercise(session: Session, user_id: str, slugs: set[str]) -> int:
    """The read the loads used before 2026-12-02 (a subquery per exercise, unioned), kept
    here only to time it beside `recent_sessions` in the same run: the rows it returns."""
    sets = WorkoutSetRow
    latest = [select(sets.exercise_id, sets.completed_at)
              .where(sets.user_id == user_id, sets.exercise_id == slug)
              .group_by(sets.exercise_id, sets.completed_at)
              .order_by(sets.completed_at.desc()).limit(SESSIONS_PER_EXERCISE).subquery()
              for slug in sorted(slugs)]
    times = union_all(*(select(sub.c.exercise_id, sub.c.completed_at) for sub in latest)
                      ).subquery("times")
    return len(session.execute(
        select(sets.exercise_id, sets.log_id, sets.completed_at, sets.weight_lbs, sets.reps,
               sets.rpe)
        .join(times, and_(sets.exercise_id == times.c.exercise_id,
                          sets.completed_at == times.c.completed_at))
        .where(sets.user_id == user_id)).all())


def reads_side_by_side(database: Database, caller: UserSettings, slugs: set[str],
                       rounds: int = 30) -> tuple[float, float]:
    """p50 ms of the loads' history read, today's and the one before, interleaved."""
    today, before = [], []
    with database.read() as session:
        for _ in range(rounds):
            start = time.perf_counter()
            recent_sessions(session, caller.user_id, slugs)
            today.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            union_per_exercise(session, caller.user_id, slugs)
            before.append((time.perf_counter() - start) * 1000)
    return statistics.median(today), statistics.median(before)


def run(backend: str, total_sets: int, weeks: int) -> dict[str, float]:
    with scratch_database(backend) as database:
        caller, _ = add_user(database, NOW)
        neighbour, _ = add_user(database, NOW)
        for user, seed in ((caller, 1), (neighbour, 2)):
            add_history(database, user.user_id, total_sets, NOW, seed=seed)
        program = generate_week(PROFILE, local_week_start(NOW, caller.timezone)).plan
        with database.write() as session:
            PlanRepository(session).add(caller.user_id, 1, program, None, NOW)
        refresh_statistics(database)
        loaded = first_read(database, caller, NOW + WEEK)  # warm-up: caches, statements
        first, kept = [], []
        for n in range(2, weeks + 2):
            now = NOW + n * WEEK
            start = time.perf_counter()
            first_read(database, caller, now)
            first.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            kept_read(database, caller, now)
            kept.append((time.perf_counter() - start) * 1000)
        slugs = {e.exercise_id for d in program.days.values() for e in d.exercises}
        slugs |= {other for slug in slugs for other in same_pattern(slug)}
        read_now, read_before = reads_side_by_side(database, caller, slugs)
    return {"first_p50": statistics.median(first), "read_now": read_now,
            "read_before": read_before, "slugs": len(slugs),
            "first_p95": statistics.quantiles(first, n=20)[-1],
            "kept_p50": statistics.median(kept), "loaded": loaded}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", type=int, default=5000)
    parser.add_argument("--weeks", type=int, default=40)
    parser.add_argument("--backends", default="sqlite,postgresql")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}; {args.sets} sets "
          f"({args.sets // SETS_PER_LOG} logs) per user, {args.weeks} new weeks each")
    for backend in args.backends.split(","):
        if backend == "postgresql" and not postgres_available():
            print("postgresql: not reachable, skipped")
            continue
        result = run(backend, args.sets, args.weeks)
        verdict = "meets" if result["first_p50"] <= TARGET_MS else "misses"
        print(f"{backend}: first read p50 {result['first_p50']:.1f} ms "
              f"(p95 {result['first_p95']:.1f}), kept read p50 {result['kept_p50']:.1f} ms; "
              f"{result['loaded']:.0f} planned exercises with a load; {verdict} the "
              f"{TARGET_MS:g} ms target; the history read of {result['slugs']:.0f} "
              f"exercises p50 {result['read_now']:.1f} ms, the per-exercise union it "
              f"replaced {result['read_before']:.1f} ms")
    print(f"load average {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
