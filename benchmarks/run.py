"""`make bench`: the quick in-process benchmarks, one after another, each printing its summary.

    .venv/bin/python -m benchmarks.run            # quick: fewer rounds, SQLite only
    .venv/bin/python -m benchmarks.run --full     # each benchmark's own default rounds

- engine_speed: generate, validate and edit a week (p50/p95/p99 per operation);
- nlu_speed: the embedded brain's analyze + route per seed message, per language;
- turn_latency: a whole chat turn in-process, per intent of the evaluation suite;
- tools_latency: the three analytical tools over SQLite, 1k vs 100k logged sets.

The HTTP load benchmarks (http_chat_load, load_mix, load_stages, sqlite_durability) start
servers and want PostgreSQL and quiet cores; they are run one by one, as docs/performance.md
describes. Exit status 1 when a benchmark reports a missed target.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from benchmarks import engine_speed, nlu_speed, tools_latency, turn_latency


def _steps(full: bool) -> list[tuple[str, Callable[[], int | None]]]:
    return [
        ("engine_speed", lambda: engine_speed.main(200 if full else 50)),
        ("nlu_speed", lambda: nlu_speed.main(200 if full else 50)),
        ("turn_latency", lambda: turn_latency.main(["--rounds", "30" if full else "5"])),
        ("tools_latency (SQLite)", lambda: tools_latency.main(
            ["--backends", "sqlite", "--sizes", "1000,100000",
             "--repeat", "300" if full else "100"])),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="each benchmark's default rounds")
    args = parser.parse_args(argv)
    missed: list[str] = []
    for name, step in _steps(args.full):
        print(f"\n== {name} ==", flush=True)
        start = time.perf_counter()
        status = step()
        print(f"({name}: {time.perf_counter() - start:.1f} s)", flush=True)
        if status:
            missed.append(name)
    print(f"\ntargets missed: {', '.join(missed)}" if missed else "\nall targets met")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
