"""POST /api/imports' work, in-process: a Strong CSV export of N sets (default 10k: 400
workouts of five exercises × five sets, one a warm-up, one exercise outside the catalog)
imported into a fresh user, then imported again (every workout skipped). Target (issue 12):
a 10k-set file ≤ 2 s.

    .venv/bin/python -m benchmarks.import_csv [--sets 10000] [--repeat 3] [--backends sqlite]
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import time

from benchmarks.databases import postgres_available, scratch_database
from fitcoach.api.imports import service
from fitcoach.api.imports.formats import Source
from fitcoach.api.users.repository import UserRepository
from fitcoach.api.users.schemas import CreateUserRequest
from fitcoach.api.users.service import create_user

TARGET_SECONDS = 2.0
NOW = dt.datetime(2026, 12, 1, tzinfo=dt.UTC)
NAMES = ("Bench Press (Barbell)", "Squat (Barbell)", "Lat Pulldown (Cable)",
         "Bicep Curl (Dumbbell)", "Hip Thrust (Barbell)", "Lateral Raise (Dumbbell)",
         "Deadlift (Barbell)", "Leg Press")
HEADER = ("Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;"
          "Distance Unit;Seconds;Notes;Workout Notes;Workout Duration")


def strong_export(sets: int) -> bytes:
    lines = [HEADER]
    start = dt.datetime(2025, 1, 1, 7)
    workout = 0
    while len(lines) - 1 < sets:
        stamp = f"{start + dt.timedelta(hours=37 * workout):%Y-%m-%d %H:%M:%S}"
        for e in range(5):
            name = NAMES[(workout + e) % len(NAMES)]
            for k in range(5):
                order = "W" if k == 0 else str(k)
                lines.append(f'{stamp};"Day {workout % 4}";"{name}";{order};{40 + 5 * k};kg;'
                             f'{8 + k % 3};{8 if k else ""};;;0;"";"";1h')
        workout += 1
    return ("\n".join(lines[:sets + 1]) + "\n").encode()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--backends", default="sqlite,postgres")
    args = parser.parse_args(argv)
    body = strong_export(args.sets)
    print(f"{args.sets} sets, {len(body):,} bytes")
    missed = False
    for backend in args.backends.split(","):
        if backend == "postgres" and not postgres_available():
            print("postgres: not reachable, skipped")
            continue
        first, again = [], []
        for _ in range(args.repeat):
            with scratch_database(backend) as database:
                created = create_user(database, CreateUserRequest(display_name="bench"), NOW)
                with database.read() as session:
                    caller = UserRepository(session).get(created.user_id)
                assert caller is not None
                began = time.perf_counter()
                result = service.import_csv(database, caller, Source.STRONG, body, None, NOW)
                first.append(time.perf_counter() - began)
                began = time.perf_counter()
                service.import_csv(database, caller, Source.STRONG, body, None, NOW)
                again.append(time.perf_counter() - began)
        median = statistics.median(first)
        missed |= median > TARGET_SECONDS
        print(f"{backend}: import p50 {median:.2f} s (runs {', '.join(f'{t:.2f}' for t in first)})"
              f", re-import p50 {statistics.median(again):.2f} s; {result.workouts} workouts, "
              f"{result.sets} sets, {len(result.unmapped)} unmapped name(s)")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
