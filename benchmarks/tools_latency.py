"""Latency of the seed's three analytical tools as a user's history grows (DESIGN §5:
no more than 2x slower at 100k logged sets than at 1k).

For each database and history size: a fresh database, the measured user with that many
sets and a neighbour with as many (the tables are shared, the queries must not care), then
each tool called through `run_tool` over the SQL log reader, exactly as a chat turn calls
it. Each call opens its own read transaction, as in the service.

    .venv/bin/python -m benchmarks.tools_latency
    .venv/bin/python -m benchmarks.tools_latency --backends sqlite --sizes 1000,100000
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks.databases import postgres_available, scratch_database
from benchmarks.history import add_history, add_user, refresh_statistics
from fitcoach.brain.tools import HISTORY_TOOL, RECORDS_TOOL, VOLUME_TOOL, run_tool
from fitcoach.store.log_reader import SqlLogReader

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
CALLS: dict[str, tuple[str, dict[str, Any]]] = {
    "history (10 sessions)": (HISTORY_TOOL, {"exercise_slug": "flat-db-bench-press",
                                             "limit_sessions": 10}),
    "volume (12 weeks)": (VOLUME_TOOL, {"muscle_group": "Chest", "weeks_back": 12}),
    "records": (RECORDS_TOOL, {"exercise_slug": "goblet-squat"}),
}


def _measure(call: Callable[[], object], repeat: int) -> tuple[float, float]:
    """(median, p95) in milliseconds, after a few warm-up calls."""
    for _ in range(5):
        call()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(0.95 * (len(samples) - 1))]


def run_backend(backend: str, sizes: list[int], repeat: int) -> dict[int, dict[str, tuple]]:
    results: dict[int, dict[str, tuple]] = {}
    for size in sizes:
        with scratch_database(backend) as database:
            user, _ = add_user(database, NOW, timezone="Europe/Rome")
            neighbour, _ = add_user(database, NOW)
            add_history(database, user.user_id, size, NOW, seed=1)
            add_history(database, neighbour.user_id, size, NOW, seed=2)
            if backend == "postgres":
                refresh_statistics(database)
            reader = SqlLogReader(database, user.user_id, user.timezone)
            row: dict[str, tuple] = {}
            for label, (name, args) in CALLS.items():
                result = run_tool(name, args, reader, NOW)
                if "error" in result:
                    raise RuntimeError(f"{name}: {result['error']}")
                row[label] = _measure(lambda n=name, a=args, r=reader: run_tool(n, a, r, NOW),
                                      repeat)
            results[size] = row
            print(f"  {backend} {size:>7} sets: " + ", ".join(
                f"{label} {median:.2f} ms" for label, (median, _) in row.items()), flush=True)
    return results


def report(backend: str, results: dict[int, dict[str, tuple]]) -> str:
    sizes = sorted(results)
    lines = [f"### {backend}", "",
             "| tool | " + " | ".join(f"{s:,} sets p50 / p95 (ms)" for s in sizes)
             + f" | {sizes[-1]:,} vs {sizes[0]:,} (p50) |",
             "|---|" + "---|" * (len(sizes) + 1)]
    for label in CALLS:
        cells = [f"{results[s][label][0]:.2f} / {results[s][label][1]:.2f}" for s in sizes]
        ratio = results[sizes[-1]][label][0] / results[sizes[0]][label][0]
        lines.append(f"| {label} | " + " | ".join(cells) + f" | {ratio:.2f}x |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--repeat", type=int, default=300)
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    tables = []
    for backend in args.backends.split(","):
        if backend == "postgres" and not postgres_available():
            print("PostgreSQL does not answer: skipped")
            continue
        print(f"{backend}: building histories and measuring ...", flush=True)
        tables.append(report(backend, run_backend(backend, sizes, args.repeat)))
    print()
    print("\n\n".join(tables))


if __name__ == "__main__":
    main()
