"""The server's CPU per request when requests come one at a time: the floor under a load run.

One `fitcoach serve` (1 process, 1 worker, SQLite, rate limits off as in `load_mix`), users
onboarded as `load_mix` onboards them, then for each kind of request `--requests` of them in
a row over one keep-alive connection, nothing else in flight. The server's CPU (user +
system from `/proc`) over each series ÷ its requests is what one request costs with no
queueing, no contention for the write gate and no other request's work interleaved:

- `GET /healthz`: uvicorn, the middleware and the framework around an empty answer;
- `GET /api/users/me`: the same plus a token lookup in a read transaction;
- `POST /api/coach/chat`: a chat turn, drawn as `load_mix --mixes chat` draws them.

The in-process turn (`benchmarks/turn_cpu.py`) is taken in this process before and after,
and the chat figure is also given as a multiple of it. `--rounds N` repeats the three series
N times (alternating kinds) and reports each series' median.

    PYTHONPATH=src:. .venv/bin/python -m benchmarks.request_floor
    PYTHONPATH=/other/tree/src:. .venv/bin/python -m benchmarks.request_floor   # another tree
"""

from __future__ import annotations

import argparse
import asyncio
import random
import signal
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from benchmarks.databases import scratch_url
from benchmarks.load_mix import CHAT_WEIGHTS, Clients, Run, chat_baseline
from benchmarks.load_servers import CLOCK_TICKS, Servers, load_average

INTENTS = {k: v for k, v in CHAT_WEIGHTS.items() if k != "onboarding"}


def _cpu(pids: list[int]) -> tuple[float, float]:
    """User and system CPU seconds of these processes so far."""
    user = system = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        user, system = user + int(fields[11]), system + int(fields[12])
    return user / CLOCK_TICKS, system / CLOCK_TICKS


# `--stages`: a `sitecustomize` the server imports first (put first on its PYTHONPATH) that
# times the chat turn's stages with `time.thread_time` (the CPU of the thread running the
# stage; requests come one at a time, so nothing else runs in it meanwhile) and writes one
# line per stage and call.
_STAGE_PROBE = '''
import os
import time
import functools

_out = None


def _write(stage, started):
    global _out
    spent = time.thread_time() - started
    if _out is None:
        _out = open(os.path.join(os.environ["FITCOACH_BENCH_STAGES"], f"{os.getpid()}.txt"),
                    "a", buffering=1)
    _out.write(f"{stage} {spent:.7f}\\n")


def _sync(stage, function):
    @functools.wraps(function)
    def timed(*args, **kwargs):
        started = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            _write(stage, started)
    return timed


def _async(stage, function):
    @functools.wraps(function)
    async def timed(*args, **kwargs):
        started = time.thread_time()
        try:
            return await function(*args, **kwargs)
        finally:
            _write(stage, started)
    return timed


try:
    from fitcoach.api.coach import endpoints as _endpoints, service as _service
    from fitcoach.brain import pipeline as _pipeline
    from fitcoach.brain.contract import ChatTurnResult as _Result
except Exception:  # a process without fitcoach on its path
    _service = None

if _service is not None:
    _endpoints.open_turn = _service.open_turn = _sync("snapshot", _service.open_turn)
    _service.persist_turn = _sync("persist", _service.persist_turn)
    _pipeline.run_turn = _async("brain", _pipeline.run_turn)
    _Result.seed_json_bytes = _sync("encode", _Result.seed_json_bytes)
'''


def _stage_means(directory: Path) -> dict[str, float]:
    spent: dict[str, list[float]] = defaultdict(list)
    for file in directory.glob("*.txt"):
        for line in file.read_text().splitlines():
            stage, seconds = line.split()
            spent[stage].append(float(seconds) * 1000)
    return {stage: statistics.fmean(values) for stage, values in spent.items()}


def _py_spy(pid: int, out: Path) -> subprocess.Popen[bytes]:
    """py-spy on `pid` until interrupted: 250 Hz, samples of the thread holding the GIL, raw."""
    return subprocess.Popen([str(Path(sys.executable).with_name("py-spy")), "record",
                             "--pid", str(pid), "--rate", "250", "--gil", "--format", "raw",
                             "--output", str(out), "--nonblocking"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def _series(run: Run, servers: Servers, accounts: list[Any], kind: str, requests: int,
                  rng: random.Random, profile: Path | None = None) -> tuple[float, float]:
    clients = Clients(servers.ports)
    pids = servers.pids()
    spy = None
    try:
        await clients.request("GET", "/healthz")  # the connection is open before counting
        if profile is not None:
            spy = _py_spy(servers.worker_pids()[0], profile / f"{kind}.txt")
            await asyncio.sleep(1.0)  # py-spy attached
        started = _cpu(pids)
        for _ in range(requests):
            account = rng.choice(accounts)
            if kind == "healthz":
                response = await clients.request("GET", "/healthz")
            elif kind == "me":
                response = await clients.request("GET", "/api/users/me",
                                                 token=account.token)
            else:
                intent = rng.choices(list(INTENTS), list(INTENTS.values()))[0]
                message = rng.choice(run.pool[account.language][intent])
                response = await clients.request("POST", "/api/coach/chat", message.body,
                                                 account.token)
            assert response.status in (200, 409), response.body[:300]
        ended = _cpu(pids)
        return ((ended[0] - started[0]) * 1000 / requests,
                (ended[1] - started[1]) * 1000 / requests)
    finally:
        await clients.close()
        if spy is not None:
            spy.send_signal(signal.SIGINT)
            spy.wait(timeout=60)


async def _measure(servers: Servers, users: int, requests: int, rounds: int,
                   seed: int, profile: Path | None = None
                   ) -> dict[str, list[tuple[float, float]]]:
    run = Run(servers.ports, "chat", seed)
    accounts = []
    clients = Clients(servers.ports)
    try:
        for index in range(users):
            account = await run.prepare(clients, index)
            assert account is not None, run.tally.error_samples
            accounts.append(account)
    finally:
        await clients.close()
    rng = random.Random(seed)
    await _series(run, servers, accounts, "chat", max(20, requests // 5), rng)  # warm-up
    results: dict[str, list[tuple[float, float]]] = {"healthz": [], "me": [], "chat": []}
    for index in range(rounds):
        for kind in results:
            results[kind].append(await _series(run, servers, accounts, kind, requests, rng,
                                               profile if index == 0 else None))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline-rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", type=Path,
                        help="py-spy the worker during each kind's first series (its CPU "
                             "figure then includes py-spy's cost); raw stacks written here")
    parser.add_argument("--stages", action="store_true",
                        help="time the chat turn's stages in the server (thread CPU)")
    args = parser.parse_args()
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    probe = Path(tempfile.mkdtemp(prefix="fitcoach-stages-")) if args.stages else None
    env: dict[str, str] = {}
    if probe is not None:
        (probe / "sitecustomize.py").write_text(_STAGE_PROBE)
        env = {"FITCOACH_BENCH_STAGES": str(probe),
               "PYTHONPATH": ":".join(filter(None, (str(probe),
                                                    __import__("os").environ.get("PYTHONPATH"))))}
    load = load_average()
    before = chat_baseline(args.baseline_rounds).weighted_ms if args.baseline_rounds else 0.0
    with scratch_url("sqlite") as url, Servers(url, extra_env=env) as servers:
        results = asyncio.run(_measure(servers, args.users, args.requests, args.rounds,
                                       args.seed, args.profile))
    after = chat_baseline(args.baseline_rounds).weighted_ms if args.baseline_rounds else 0.0
    turn = (before + after) / 2
    print(f"load average {load:.2f} -> {load_average():.2f}; {args.rounds} rounds of "
          f"{args.requests} requests each, 1 process x 1 worker, SQLite")
    for kind, pairs in results.items():
        values = [user + system for user, system in pairs]
        line = (f"{kind:8} {statistics.median(values):6.2f} ms server CPU per request "
                f"({', '.join(f'{v:.2f}' for v in values)}; of which system "
                f"{statistics.median(system for _, system in pairs):.2f})")
        if kind == "chat" and turn:
            line += (f"; in-process turn {turn:.2f} ms ({before:.2f} / {after:.2f}): "
                     f"{statistics.median(values) / turn:.2f}x")
        print(line)
    if probe is not None:
        means = _stage_means(probe)
        print("chat stages, thread CPU ms per call (mean, every chat request of the run): "
              + ", ".join(f"{stage} {ms:.2f}" for stage, ms in sorted(means.items())))


if __name__ == "__main__":
    main()
