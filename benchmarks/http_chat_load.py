"""HTTP chat load: concurrent users talking to a real `fitcoach serve` on loopback (DESIGN §5:
at least 150 chat turns/s with 50 concurrent users, p99 at most 250 ms).

Per database: a scratch database, the server started as a user would start it (`fitcoach
serve`, migrations first), then N users who each sign up, onboard, accept their plan, log two
workouts and then talk: the seed's intents in turn (a day edit, a gym swap, soreness, a form
question, a progress question with tools, a week overhaul, an event). Only the talking phase
is timed. The load generator is one asyncio process on the same machine, so it shares the
CPUs with the server: the numbers are a floor, not a ceiling.

    .venv/bin/python -m benchmarks.http_chat_load
    .venv/bin/python -m benchmarks.http_chat_load --backends sqlite --users 50 --turns 20
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import IO, Any

import httpx

from benchmarks.databases import postgres_available, scratch_url
from benchmarks.load_servers import BENCH_ENVIRONMENT
from fitcoach.evals.stats import percentile

ONBOARDING = (
    "Hey! I'm 32 and train at home. I have adjustable dumbbells up to 50 lb and an adjustable "
    "bench. I want to build muscle, especially chest and delts, but my lower back bothers me "
    "on heavy deadlifts. I can train 4 days a week for about 45 minutes."
)
CONVERSATION = (
    "I only have 30 minutes on Monday instead of 45. Keep the chest focus but cut the fluff.",
    "The bench is taken. What can I do instead of Incline DB Bench Press right now?",
    "My right shoulder feels really tight and irritated today. I don't think I should do "
    "overhead work or heavy incline pressing.",
    "I can't feel my lats on dumbbell rows; I feel it mostly in my biceps and forearm. What "
    "should I change?",
    "Should I go up in weight on incline DB bench? What has my volume looked like over the "
    "last 3 weeks?",
    "Can we mix it up? Move my training days to Monday, Wednesday, Friday and Saturday, and "
    "make Saturday an arms-and-shoulders day.",
    "I have a 36-hole golf tournament this Saturday. Make sure my back, forearms and "
    "shoulders aren't fried before the weekend.",
    "Thanks coach, that helps a lot!",
)
WORKOUT = {"exercises_logged": [
    {"exercise_id": "incline-db-bench-press",
     "sets": [{"weight_lbs": 40, "reps": 10, "rpe": 8}, {"weight_lbs": 40, "reps": 9, "rpe": 9}]},
    {"exercise_id": "chest-supported-db-row",
     "sets": [{"weight_lbs": 35, "reps": 12, "rpe": 8}]},
]}


@dataclass
class Tally:
    latencies_ms: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    routes: dict[str, int] = field(default_factory=dict)

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(url: str, port: int, workers: int, log: IO[bytes]) -> subprocess.Popen[bytes]:
    # Rate limits off (BENCH_ENVIRONMENT): all users sign up from one address and talk
    # without pause; the benchmark measures the service, not its abuse limits.
    env = {**os.environ, **BENCH_ENVIRONMENT, "FITCOACH_DB": url, "FITCOACH_HOST": "127.0.0.1",
           "FITCOACH_PORT": str(port)}
    command = [sys.executable, "-m", "fitcoach.cli", "serve", "--workers", str(workers)]
    # The access log goes to a file: a pipe nobody reads would fill up and stall the server.
    return subprocess.Popen(command, env=env, stdout=log, stderr=log)


async def wait_healthy(base: str, server: subprocess.Popen[bytes], log: IO[bytes]) -> None:
    async with httpx.AsyncClient(base_url=base) as client:
        for _ in range(600):
            if server.poll() is not None:
                log.seek(0)
                raise RuntimeError(f"the server exited: {log.read().decode()[-2000:]}")
            try:
                if (await client.get("/healthz")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError("the server did not become healthy")


async def prepare_user(client: httpx.AsyncClient, index: int) -> dict[str, str]:
    created = (await client.post("/api/users", json={"display_name": f"load {index}"})).json()
    headers = {"Authorization": f"Bearer {created['token']}"}
    first = await client.post("/api/coach/chat", json={"message": ONBOARDING}, headers=headers)
    first.raise_for_status()
    proposal = first.json()["proposal"]
    if proposal["id"]:
        (await client.post(f"/api/coach/proposals/{proposal['id']}/accept",
                           headers=headers)).raise_for_status()
    for _ in range(2):
        (await client.post("/api/workouts/log", json=WORKOUT, headers=headers)).raise_for_status()
    return headers


async def talk(client: httpx.AsyncClient, headers: dict[str, str], turns: int, offset: int,
               tally: Tally) -> None:
    for turn in range(turns):
        message = CONVERSATION[(offset + turn) % len(CONVERSATION)]
        start = time.perf_counter()
        try:
            response = await client.post("/api/coach/chat", json={"message": message},
                                         headers=headers)
        except httpx.HTTPError as error:
            tally.error(type(error).__name__)
            continue
        elapsed = (time.perf_counter() - start) * 1000
        if response.status_code != 200:
            tally.error(f"HTTP {response.status_code}")
            continue
        tally.latencies_ms.append(elapsed)
        kind = response.json()["proposal"]["type"]
        tally.routes[kind] = tally.routes.get(kind, 0) + 1


async def load(base: str, users: int, turns: int) -> tuple[Tally, float]:
    limits = httpx.Limits(max_connections=users + 10, max_keepalive_connections=users + 10)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        headers = await asyncio.gather(*(prepare_user(client, i) for i in range(users)))
        tally = Tally()
        start = time.perf_counter()
        await asyncio.gather(*(talk(client, h, turns, i, tally) for i, h in enumerate(headers)))
        return tally, time.perf_counter() - start


def run_backend(backend: str, users: int, turns: int, workers: int) -> dict[str, Any]:
    with scratch_url(backend) as url, tempfile.TemporaryFile() as log:
        port = _free_port()
        server = start_server(url, port, workers, log)
        try:
            base = f"http://127.0.0.1:{port}"
            asyncio.run(wait_healthy(base, server, log))
            tally, seconds = asyncio.run(load(base, users, turns))
        finally:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    values = sorted(tally.latencies_ms)
    return {
        "backend": backend, "users": users, "workers": workers, "turns": len(values),
        "seconds": seconds, "turns_per_s": len(values) / seconds if seconds else 0.0,
        "p50": statistics.median(values) if values else float("nan"),
        "p95": percentile(values, 0.95) if values else float("nan"),
        "p99": percentile(values, 0.99) if values else float("nan"),
        "errors": tally.errors, "routes": tally.routes,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--turns", type=int, default=20, help="timed turns per user")
    parser.add_argument("--workers", type=int, default=1, help="uvicorn worker processes")
    args = parser.parse_args()
    rows = []
    for backend in args.backends.split(","):
        if backend == "postgres" and not postgres_available():
            print("PostgreSQL does not answer: skipped")
            continue
        print(f"{backend}: {args.users} users x {args.turns} turns ...", flush=True)
        rows.append(run_backend(backend, args.users, args.turns, args.workers))
        print(f"  {rows[-1]}", flush=True)
    print()
    print("| database | users | workers | turns | turns/s | p50 ms | p95 ms | p99 ms | errors |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['backend']} | {r['users']} | {r['workers']} | {r['turns']} | "
              f"{r['turns_per_s']:.1f} | {r['p50']:.1f} | {r['p95']:.1f} | {r['p99']:.1f} | "
              f"{sum(r['errors'].values()) or 0} |")


if __name__ == "__main__":
    main()
