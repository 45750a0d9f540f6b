"""What authenticating a request costs now that no process caches tokens (issue 15).

Every request looks its bearer token up in the database (`api.dependencies._user_of_token`:
one read transaction, one indexed join of `api_tokens` and `users`), so that a revoked
token fails on every process at once. This times exactly that function, in-process, over a
scratch database holding `--users` users, for random tokens: wall time per lookup (p50,
p99) and this process's CPU per lookup (for PostgreSQL the server's own CPU is not in it).
The machine's load average is printed before and after, since the cores are shared.

    .venv/bin/python -m benchmarks.auth_lookup [--backends sqlite,postgres] [--lookups 3000]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import statistics
import time

from benchmarks.databases import postgres_available, scratch_database
from fitcoach.api.auth import hash_token, new_token
from fitcoach.api.dependencies import _user_of_token
from fitcoach.api.users.repository import UserRepository
from fitcoach.brain.ports import Locale, UserSettings
from fitcoach.catalog.vocabulary import Unit
from fitcoach.store.database import Database


def load_average() -> str:
    with open("/proc/loadavg") as file:
        return " ".join(file.read().split()[:3])


def sign_up(database: Database, users: int) -> list[str]:
    hashes = [hash_token(new_token()) for _ in range(users)]
    now = dt.datetime.now(dt.UTC)
    with database.write() as session:
        repository = UserRepository(session)
        for number, token_hash in enumerate(hashes):
            repository.add(UserSettings(user_id=f"usr_bench{number:06d}", display_name="B",
                                        locale=Locale.EN, units=Unit.LB, timezone="UTC"),
                           token_hash, now)
    return hashes


def measure(database: Database, hashes: list[str], lookups: int) -> tuple[float, float, float]:
    """p50 and p99 wall µs and mean CPU µs per lookup."""
    rng = random.Random(1)
    for token_hash in hashes[:200]:  # warm the pool, the statement cache and the pages
        _user_of_token(database, token_hash)
    walls = []
    cpu_start = time.process_time()
    for _ in range(lookups):
        token_hash = rng.choice(hashes)
        start = time.perf_counter()
        found = _user_of_token(database, token_hash)
        walls.append((time.perf_counter() - start) * 1e6)
        assert found is not None
    cpu = (time.process_time() - cpu_start) * 1e6 / lookups
    percentiles = statistics.quantiles(walls, n=100)
    return percentiles[49], percentiles[98], cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--users", type=int, default=1000)
    parser.add_argument("--lookups", type=int, default=3000)
    args = parser.parse_args()
    print(f"cores {os.cpu_count()}, load average before {load_average()}")
    for backend in args.backends.split(","):
        if backend == "postgres" and not postgres_available():
            print("postgres: not reachable, skipped")
            continue
        with scratch_database(backend) as database:
            hashes = sign_up(database, args.users)
            p50, p99, cpu = measure(database, hashes, args.lookups)
        print(f"{backend:9} {args.lookups} lookups over {args.users} users: "
              f"p50 {p50:.0f} µs, p99 {p99:.0f} µs, client CPU {cpu:.0f} µs per lookup")
    print(f"load average after {load_average()}")


if __name__ == "__main__":
    main()
