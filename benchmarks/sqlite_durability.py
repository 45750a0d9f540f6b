"""What SQLite's synchronous=FULL costs against NORMAL (docs/reliability.md, "Durability").

Three measurements per mode, each on a fresh database:
1. raw commits: one small INSERT per transaction (BEGIN IMMEDIATE ... COMMIT), in WAL mode;
2. workout logs over HTTP: a real `fitcoach serve`, N concurrent clients each posting logs
   (every log is one write transaction: the log, its sets, the day, the records);
3. chat turns over HTTP with the embedded brain: N concurrent users, each turn one read and
   one or two write transactions (rate limit, memory, proposal, chat lines).
Rate limits are off (they would cap the load, not measure it).

    .venv/bin/python -m benchmarks.sqlite_durability
    .venv/bin/python -m benchmarks.sqlite_durability --clients 16 --logs 100 --turns 10
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

import httpx

from benchmarks.databases import scratch_url
from benchmarks.http_chat_load import (
    CONVERSATION,
    ONBOARDING,
    WORKOUT,
    _free_port,
    start_server,
    wait_healthy,
)
from fitcoach.evals.stats import percentile

MODES = ("NORMAL", "FULL")


def raw_commits(mode: str, commits: int = 2000) -> float:
    """Milliseconds per commit."""
    with tempfile.TemporaryDirectory(prefix="fitcoach-sync-") as directory:
        connection = sqlite3.connect(Path(directory) / "raw.db", isolation_level=None)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute(f"PRAGMA synchronous={mode}")
        connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)")
        start = time.perf_counter()
        for _ in range(commits):
            connection.execute("BEGIN IMMEDIATE")
            connection.execute("INSERT INTO t (v) VALUES (?)", ("x" * 200,))
            connection.execute("COMMIT")
        elapsed = time.perf_counter() - start
        connection.close()
    return elapsed / commits * 1000


async def _user(client: httpx.AsyncClient, index: int) -> dict[str, str]:
    created = (await client.post("/api/users", json={"display_name": f"d{index}"})).json()
    return {"Authorization": f"Bearer {created['token']}"}


async def _logs(client: httpx.AsyncClient, headers: dict[str, str], count: int,
                latencies: list[float]) -> None:
    for _ in range(count):
        start = time.perf_counter()
        response = await client.post("/api/workouts/log", json=WORKOUT, headers=headers)
        response.raise_for_status()
        latencies.append((time.perf_counter() - start) * 1000)


async def _turns(client: httpx.AsyncClient, headers: dict[str, str], count: int, offset: int,
                 latencies: list[float]) -> None:
    first = await client.post("/api/coach/chat", json={"message": ONBOARDING}, headers=headers)
    first.raise_for_status()
    for turn in range(count):
        start = time.perf_counter()
        response = await client.post(
            "/api/coach/chat", json={"message": CONVERSATION[(offset + turn) % 8]},
            headers=headers)
        response.raise_for_status()
        latencies.append((time.perf_counter() - start) * 1000)


async def over_http(mode: str, clients: int, logs: int, turns: int) -> dict[str, tuple]:
    results: dict[str, tuple] = {}
    with scratch_url("sqlite") as url, tempfile.TemporaryFile() as log:
        os.environ.update({"FITCOACH_SQLITE_SYNCHRONOUS": mode,
                           "FITCOACH_RATE_LIMIT_CHAT_PER_MINUTE": "0",
                           "FITCOACH_RATE_LIMIT_LOG_PER_MINUTE": "0"})
        port = _free_port()
        server = start_server(url, port, 1, log)
        try:
            base = f"http://127.0.0.1:{port}"
            await wait_healthy(base, server, log)
            limits = httpx.Limits(max_connections=clients + 5)
            async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
                users = await asyncio.gather(*(_user(client, i) for i in range(clients)))
                for name, work, count in (("logs", _logs, logs), ("turns", _turns, turns)):
                    latencies: list[float] = []
                    start = time.perf_counter()
                    if name == "logs":
                        await asyncio.gather(*(work(client, h, count, latencies)
                                               for h in users))
                    else:
                        await asyncio.gather(*(work(client, h, count, i, latencies)
                                               for i, h in enumerate(users)))
                    elapsed = time.perf_counter() - start
                    results[name] = (len(latencies) / elapsed, statistics.median(latencies),
                                     percentile(latencies, 0.99))
        except httpx.HTTPStatusError:
            log.seek(0)
            print(log.read().decode(errors="replace")[-6000:])
            raise
        finally:
            server.terminate()
            server.wait(timeout=30)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--logs", type=int, default=60, help="logs per client")
    parser.add_argument("--turns", type=int, default=10, help="chat turns per client")
    options = parser.parse_args()
    print("| mode | raw commit ms | logs/s | log p50 ms | log p99 ms | turns/s | turn p50 ms "
          "| turn p99 ms |")
    print("|---|---|---|---|---|---|---|---|")
    for mode in MODES:
        commit = raw_commits(mode)
        http = asyncio.run(over_http(mode, options.clients, options.logs, options.turns))
        logs, turns = http["logs"], http["turns"]
        print(f"| {mode} | {commit:.3f} | {logs[0]:.0f} | {logs[1]:.1f} | {logs[2]:.1f} "
              f"| {turns[0]:.0f} | {turns[1]:.1f} | {turns[2]:.1f} |")


if __name__ == "__main__":
    main()
