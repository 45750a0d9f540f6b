"""The first read of a new week (DESIGN D10), in-process: what `GET /api/plans/current` does
the first time a week is read, with a year of history behind it. Issue 12's target: p50
≤ 10 ms with about 200 logs and 5k sets.

One write transaction per week, as the route's: the newest plan version, the week resolved
(the program's peak carried onto the week's dates and shaped by its block), kept in
`plan_weeks`, completions overlaid and every planned exercise's load from the logs
(`api.plans.loads.plan_with_loads`: the kept newest sessions of the planned exercises and
their patterns, then the load rule). Each sample is a week never read before (the next
Monday), so every sample does the whole first-read work; the kept week's later reads are
timed beside it. The user has a 4-day full-gym program whose exercises overlap their
history, and `benchmarks.history` writes one 20-set workout a day back from *now*. A twin
user with as much history (the tables are shared) and the same program is read the way
the loads were read before (the latest 10 sessions of each exercise from the logs),
interleaved with the user, so old and new are compared on the same machine state.

    .venv/bin/python -m benchmarks.week_materialise [--sets 5000] [--weeks 40]
                                                    [--backends sqlite,postgresql]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import time
from collections.abc import Callable

from sqlalchemy.orm import Session

from benchmarks.databases import postgres_available, scratch_database
from benchmarks.history import SETS_PER_LOG, add_history, add_user, refresh_statistics
from fitcoach.api.memory.repository import MemoryRepository
from fitcoach.api.plans.loads import (
    day_starts,
    plan_with_loads,
    recent_sessions,
    week_history,
)
from fitcoach.api.plans.materialise import materialise, resolve
from fitcoach.api.plans.repository import PlanRepository
from fitcoach.api.plans.service import overlay
from fitcoach.brain.ports import UserSettings
from fitcoach.brain.profile_builder import build_profile
from fitcoach.catalog.vocabulary import GearTag, Weekday
from fitcoach.programming.generator import generate_week
from fitcoach.programming.loads import same_pattern, with_loads
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.programming.profile import Profile
from fitcoach.store.database import Database
from fitcoach.timekeeping import local_week_start

TARGET_MS = 10.0
NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)  # a Monday; the history ends here
WEEK = dt.timedelta(days=7)
PROFILE = Profile(training_days=(Weekday.MONDAY, Weekday.TUESDAY, Weekday.THURSDAY,
                                 Weekday.FRIDAY), minutes_per_session=60,
                  gear=frozenset(GearTag))


LoadsReader = Callable[[Session, UserSettings, WeeklyPlan, dt.datetime], WeeklyPlan]


def plan_with_loads_before(session: Session, caller: UserSettings, plan: WeeklyPlan,
                           now: dt.datetime) -> WeeklyPlan:
    """`plan_with_loads` as it was before 2026-12-02 06:00 UTC, kept here only to time it
    beside today's in the same run: the latest 10 sessions of every exercise from the logs
    (`recent_sessions`) instead of the kept newest sessions (`week_history`)."""
    slugs = {e.exercise_id for day in plan.days.values() for e in day.exercises}
    related = {other for slug in slugs for other in same_pattern(slug)}
    history = recent_sessions(session, caller.user_id, slugs | related)
    items = MemoryRepository(session).live(caller.user_id, now)
    cap = build_profile(items, now, settings=caller).profile.max_dumbbell_lbs
    return with_loads(plan, history, day_starts(plan, caller.timezone), caller.units, cap)


def first_read(database: Database, caller: UserSettings, now: dt.datetime,
               loads: LoadsReader = plan_with_loads) -> int:
    """The route's keeping transaction; the number of planned exercises with a load."""
    with database.write(lock_user=caller.user_id) as session:
        latest = PlanRepository(session).latest(caller.user_id)
        monday = local_week_start(now, caller.timezone)
        assert latest is not None
        week = resolve(session, caller.user_id, monday, monday, latest, now)
        assert week is not None
        assert not week.stored
        materialise(session, caller.user_id, week, now)
        plan = loads(session, caller, overlay(session, caller.user_id, week.plan), now)
    return sum(e.target_weight_lbs is not None for d in plan.days.values() for e in d.exercises)


def kept_read(database: Database, caller: UserSettings, now: dt.datetime,
              loads: LoadsReader = plan_with_loads) -> WeeklyPlan:
    with database.read() as session:
        latest = PlanRepository(session).latest(caller.user_id)
        monday = local_week_start(now, caller.timezone)
        assert latest is not None
        week = resolve(session, caller.user_id, monday, monday, latest, now)
        assert week is not None
        assert week.stored
        return loads(session, caller, overlay(session, caller.user_id, week.plan), now)


def reads_side_by_side(database: Database, caller: UserSettings, slugs: set[str],
                       since: dt.datetime, rounds: int = 30) -> tuple[float, float]:
    """p50 ms of the loads' history read, today's and the one before, interleaved."""
    today, before = [], []
    with database.read() as session:
        for _ in range(rounds):
            start = time.perf_counter()
            week_history(session, caller.user_id, slugs, since)
            today.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            recent_sessions(session, caller.user_id, slugs)
            before.append((time.perf_counter() - start) * 1000)
    return statistics.median(today), statistics.median(before)


def _timed(action: Callable[[], object], into: list[float], cpu: list[float]) -> None:
    """Wall time, and this process's CPU time: on a shared machine the second is what the
    load changes least (it leaves out waiting for a core, the disk and the server)."""
    start, start_cpu = time.perf_counter(), time.process_time()
    action()
    into.append((time.perf_counter() - start) * 1000)
    cpu.append((time.process_time() - start_cpu) * 1000)


def run(backend: str, total_sets: int, weeks: int) -> dict[str, float]:
    """Two users with a year of history each and the same program: one read as today, the
    other as before (`plan_with_loads_before`), interleaved week by week (which goes first
    alternates), so both see the same machine."""
    with scratch_database(backend) as database:
        caller, _ = add_user(database, NOW)
        twin, _ = add_user(database, NOW)
        for user, seed in ((caller, 1), (twin, 2)):
            add_history(database, user.user_id, total_sets, NOW, seed=seed)
        program = generate_week(PROFILE, local_week_start(NOW, caller.timezone)).plan
        with database.write() as session:
            for user in (caller, twin):
                PlanRepository(session).add(user.user_id, 1, program, None, NOW)
        refresh_statistics(database)
        loaded = first_read(database, caller, NOW + WEEK)  # warm-up: caches, statements
        assert loaded == first_read(database, twin, NOW + WEEK, plan_with_loads_before)
        names = ("first", "kept", "first_before", "kept_before")
        times: dict[str, list[float]] = {k: [] for k in names}
        cpu: dict[str, list[float]] = {k: [] for k in names}
        for n in range(2, weeks + 2):
            now = NOW + n * WEEK
            runs = [(lambda now=now: first_read(database, caller, now), "first"),
                    (lambda now=now: first_read(database, twin, now, plan_with_loads_before),
                     "first_before")]
            for action, name in runs if n % 2 else runs[::-1]:
                _timed(action, times[name], cpu[name])
            reads = [(lambda now=now: kept_read(database, caller, now), "kept"),
                     (lambda now=now: kept_read(database, twin, now, plan_with_loads_before),
                      "kept_before")]
            for action, name in reads if n % 2 else reads[::-1]:
                _timed(action, times[name], cpu[name])
        now = NOW + (weeks + 1) * WEEK
        # The same answer either way (the twin's history differs, so each against itself).
        assert kept_read(database, caller, now) == kept_read(database, caller, now,
                                                             plan_with_loads_before)
        slugs = {e.exercise_id for d in program.days.values() for e in d.exercises}
        slugs |= {other for slug in slugs for other in same_pattern(slug)}
        since = dt.datetime.combine(local_week_start(now, caller.timezone), dt.time(),
                                    dt.UTC)
        read_now, read_before = reads_side_by_side(database, caller, slugs, since)
    result = {f"{name}_p50": statistics.median(found) for name, found in times.items()}
    result |= {f"{name}_cpu": statistics.median(found) for name, found in cpu.items()}
    return {**result, "first_p95": statistics.quantiles(times["first"], n=20)[-1],
            "first_before_p95": statistics.quantiles(times["first_before"], n=20)[-1],
            "read_now": read_now, "read_before": read_before, "slugs": len(slugs),
            "loaded": loaded}


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
              f"{TARGET_MS:g} ms target. Before (same run): first read p50 "
              f"{result['first_before_p50']:.1f} ms (p95 {result['first_before_p95']:.1f}), "
              f"kept read {result['kept_before_p50']:.1f} ms. CPU p50, first / kept read: "
              f"{result['first_cpu']:.1f} / {result['kept_cpu']:.1f} ms, before "
              f"{result['first_before_cpu']:.1f} / {result['kept_before_cpu']:.1f} ms. "
              f"The history read of "
              f"{result['slugs']:.0f} exercises p50 {result['read_now']:.2f} ms, from the "
              f"logs as before {result['read_before']:.2f} ms")
    print(f"load average {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
