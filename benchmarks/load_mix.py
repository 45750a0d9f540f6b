"""Realistic HTTP load on a live `fitcoach serve`: many users, every kind of request.

For each deployment (database × server processes × uvicorn workers × concurrent users ×
mix) the benchmark makes a scratch database, starts the server(s) the way a user does
(`fitcoach serve --workers W`, migrations first; several processes share the database on
consecutive ports, the generator round-robins requests across them like a load balancer),
signs up and onboards the users (untimed: each sends its language's onboarding message,
accepts the week and logs two workouts), warms up, then measures a fixed window.

Each virtual user is a closed loop without think time: its next request leaves when the
previous answer arrives, so latency ≈ users ÷ throughput. Requests are drawn from a mix:

- `mix` (the default): 60% chat turns, 8% accepts of the user's last proposal, 10% workout
  logs (one in ten retried with the same idempotency key), 22% reads (plan, memory,
  records, logs). Chat turns are the public evaluation suite's messages in the user's
  language (en, es, it, he, ko), weighted over every intent: day changes, gym swaps, acute
  states, events, week overhauls, progress questions (with tools), form questions,
  conversation, memory updates; 4% of chat turns are a brand-new user signing up and
  onboarding. A tenth of the virtual users share their account with another (two tabs):
  their races may be refused with 409 (an outdated accept, a memory conflict), which is
  reported as a conflict, not an error. So is any user's accept of a proposal whose day
  was logged after it was staged (409 `proposal_settled`: a logged workout is never
  rewritten).
- `chat`: chat turns only, same intents (DESIGN §5's turns/s bar).

After the window the servers are stopped and the database is checked against what the
service acknowledged (`load_checks`): no duplicated memory fact, every acknowledged log
stored once, no plan version gaps, one pending proposal at most, two transcript lines per
answered turn.

The generator is one asyncio process with raw HTTP/1.1 keep-alive connections
(`load_client`); it runs on the same cores as the server, and its own CPU, the servers' CPU
and the machine's busy share are reported so a reader can judge.

    .venv/bin/python -m benchmarks.load_mix                       # the full matrix
    .venv/bin/python -m benchmarks.load_mix --backends sqlite --users 50 --deployments 1x1 \\
        --mixes chat --seconds 15
    .venv/bin/python -m benchmarks.load_mix --backends postgres --deployments 2x1 \\
        --profile /tmp/prof                                       # py-spy on the workers
    .venv/bin/python -m benchmarks.load_mix --backends sqlite --deployments 1x2 \\
        --mixes chat --users 50 --gate-probe       # how long writers wait for SQLite's lock
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import time
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.databases import postgres_available, scratch_url
from benchmarks.load_checks import Acks, verify
from benchmarks.load_client import Connection, Response
from benchmarks.load_servers import (
    CpuMeter,
    CpuWindow,
    GateProbe,
    Profiler,
    Servers,
    wait_for_quiet,
)
from benchmarks.turn_cpu import TurnCpu, in_process_turn_cpu
from fitcoach.evals import load_suite
from fitcoach.evals.stats import percentile

LANGUAGES = ("en", "es", "it", "he", "ko")
# Chat intents and their weights (sums to 100 with the sign-ups).
CHAT_WEIGHTS = {
    "day_change": 16, "gym_swap": 10, "acute_state": 10, "situational_event": 8,
    "week_overhaul": 6, "progress_review": 12, "form_qa": 12, "conversation": 10,
    "memory_update": 6, "unknown": 6, "onboarding": 4,
}
# Request kinds of the `mix`, per 100 requests.
MIX_WEIGHTS = {"chat": 60, "accept": 8, "log": 10, "plan": 8, "memory": 6, "records": 4,
               "logs": 4}
RETRY_SHARE = 0.1  # logs re-sent with the same idempotency key
SHARED_SHARE = 0.1  # virtual users sharing their account with another
EXERCISES = ("incline-db-bench-press", "chest-supported-db-row", "goblet-squat",
             "db-romanian-deadlift", "seated-db-shoulder-press", "db-lateral-raise")


def _settled(body: bytes) -> bool:
    """A 409 refusing to rewrite a day whose workout is logged: the right answer, not a fault."""
    try:
        return bool(json.loads(body)["error"]["code"] == "proposal_settled")
    except (ValueError, KeyError, TypeError):
        return False


@dataclass(frozen=True)
class Message:
    intent: str
    body: dict[str, Any]


def message_pool() -> tuple[dict[str, dict[str, list[Message]]], dict[str, Message]]:
    """Messages per language and intent, and each language's seed onboarding message."""
    pool: dict[str, dict[str, list[Message]]] = defaultdict(lambda: defaultdict(list))
    seeds: dict[str, Message] = {}
    for case in load_suite():
        if case.intent.value not in CHAT_WEIGHTS:
            continue
        selected = case.route.selected_day.value if case.route.selected_day else None
        message = Message(case.intent.value, {
            "message": case.message, "active_tab": case.route.active_tab.value,
            "selected_day": selected})
        pool[case.language.value][case.intent.value].append(message)
        if case.id.endswith("-seed-1"):
            seeds[case.language.value] = message
    return pool, seeds


@dataclass
class Account:
    user_id: str
    token: str
    language: str
    shared: bool = False


@dataclass
class Tally:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: Counter[str] = field(default_factory=Counter)
    conflicts: Counter[str] = field(default_factory=Counter)
    proposals: Counter[str] = field(default_factory=Counter)
    error_samples: list[str] = field(default_factory=list)
    # Answers that arrived within the window, wherever they started: the work the servers'
    # CPU over the window paid for (latencies count only requests wholly inside it, so at
    # 50 requests in flight they would undercount the window's work by about 50).
    finished: int = 0

    def error(self, what: str, detail: str = "") -> None:
        self.errors[what] += 1
        if len(self.error_samples) < 8:
            self.error_samples.append(f"{what}: {detail[:300]}")


class Clients:
    """One keep-alive connection per server port; requests go round-robin over them."""

    def __init__(self, ports: list[int]) -> None:
        self.connections = [Connection("127.0.0.1", port) for port in ports]
        self._next = 0

    async def request(self, method: str, path: str, body: Any = None,
                      token: str | None = None) -> Response:
        connection = self.connections[self._next]
        self._next = (self._next + 1) % len(self.connections)
        return await connection.request(method, path, body, token)

    async def close(self) -> None:
        for connection in self.connections:
            await connection.close()

    @property
    def reconnects(self) -> int:
        return sum(c.reconnects for c in self.connections)


class Run:
    def __init__(self, ports: list[int], mix: str, seed: int, rate: float | None = None
                 ) -> None:
        self.ports = ports
        self.mix = mix
        self.rate = rate  # offered requests/s over all users; None: no think time
        self.pool, self.seeds = message_pool()
        self.acks = Acks()
        self.tally = Tally()
        self.user_ids: set[str] = set()
        self.seed = seed
        self.window: tuple[float, float] = (float("inf"), float("inf"))
        self.stop_at = float("inf")
        self.reconnects = 0

    # --- requests, timed and checked --------------------------------------------------

    async def _call(self, clients: Clients, route: str, method: str, path: str,
                    body: Any = None, token: str | None = None,
                    ok: tuple[int, ...] = (200,), conflict_ok: bool = False
                    ) -> Response | None:
        started = time.perf_counter()
        try:
            response = await clients.request(method, path, body, token)
        except (TimeoutError, OSError, Exception) as failure:
            self.tally.error(f"{route}: {type(failure).__name__}", str(failure))
            return None
        finished = time.perf_counter()
        if response.status in ok:
            if self.window[0] <= finished <= self.window[1]:
                self.tally.finished += 1
            if self.window[0] <= started and finished <= self.window[1]:
                self.tally.latencies[route].append((finished - started) * 1000)
            return response
        if response.status == 409 and (conflict_ok or _settled(response.body)):
            self.tally.conflicts[route] += 1
            return None
        self.tally.error(f"{route}: HTTP {response.status}",
                         response.body.decode(errors="replace"))
        return None

    async def sign_up(self, clients: Clients, rng: random.Random) -> Account | None:
        language = rng.choice(LANGUAGES)
        created = await self._call(clients, "POST /api/users", "POST", "/api/users",
                                   {"display_name": "load", "locale": language}, ok=(201,))
        if created is None:
            return None
        data = created.json()
        self.user_ids.add(data["user_id"])
        return Account(data["user_id"], data["token"], language)

    async def chat(self, clients: Clients, account: Account, message: Message
                   ) -> dict[str, Any] | None:
        route = f"chat {message.intent}"
        response = await self._call(clients, route, "POST", "/api/coach/chat", message.body,
                                    account.token, conflict_ok=account.shared)
        if response is None:
            return None
        answer = response.json()
        if not {"message", "proposal", "memory_mutations"} <= answer.keys():
            self.tally.error(f"{route}: contract", response.body.decode()[:300])
            return None
        self.acks.chat_turns[account.user_id] += 1
        self.tally.proposals[answer["proposal"]["type"]] += 1
        return answer

    async def accept(self, clients: Clients, account: Account, proposal_id: str,
                     route: str = "accept") -> bool:
        response = await self._call(clients, route, "POST",
                                    f"/api/coach/proposals/{proposal_id}/accept",
                                    token=account.token, conflict_ok=account.shared)
        if response is None:
            return False
        self.acks.versions[account.user_id].add(response.json()["version"])
        return True

    async def log(self, clients: Clients, account: Account, rng: random.Random,
                  retry: tuple[str, dict[str, Any]] | None = None
                  ) -> tuple[str, dict[str, Any]] | None:
        if retry is None:
            exercises = [{"exercise_id": slug,
                          "sets": [{"weight_lbs": rng.choice((20, 25, 30, 35, 40)),
                                    "reps": rng.randint(6, 12), "rpe": rng.choice((7, 8, 9))}
                                   for _ in range(rng.randint(2, 4))]}
                         for slug in rng.sample(EXERCISES, rng.randint(1, 3))]
            retry = (uuid.uuid4().hex, {"exercises_logged": exercises})
        key, body = retry
        response = await self._call(clients, "log", "POST", "/api/workouts/log",
                                    {"idempotency_key": key, **body}, account.token,
                                    ok=(201,))
        if response is None:
            return None
        sets = sum(len(e["sets"]) for e in body["exercises_logged"])
        self.acks.log(account.user_id, key, response.json()["log_id"], sets)
        return retry

    # --- set-up ---------------------------------------------------------------------

    async def prepare(self, clients: Clients, index: int) -> Account | None:
        rng = random.Random(self.seed * 100_003 + index)
        account = await self.sign_up(clients, rng)
        if account is None:
            return None
        answer = await self.chat(clients, account, self.seeds[account.language])
        if answer and answer["proposal"]["id"]:
            await self.accept(clients, account, answer["proposal"]["id"])
        for _ in range(2):
            await self.log(clients, account, rng)
        return account

    # --- the loop of one virtual user -----------------------------------------------

    async def user(self, index: int, account: Account) -> None:
        rng = random.Random(self.seed * 7919 + index)
        clients = Clients(self.ports)
        pending: str | None = None
        last_log: tuple[str, dict[str, Any]] | None = None
        kinds, kind_weights = zip(*(MIX_WEIGHTS.items() if self.mix == "mix"
                                    else {"chat": 1}.items()), strict=True)
        intents, intent_weights = zip(*CHAT_WEIGHTS.items(), strict=True)
        if self.mix == "chat":  # the bar is about turns of onboarded users
            intents, intent_weights = intents[:-1], intent_weights[:-1]
        # With a rate, each user thinks between requests (exponential gaps, so arrivals over
        # all users are Poisson at `rate`), but never has two requests in flight: a late
        # answer delays the next request instead of piling requests up.
        next_at = time.perf_counter()
        try:
            while time.perf_counter() < self.stop_at:
                if self.rate:
                    next_at = max(next_at, time.perf_counter() - 1.0)
                    next_at += rng.expovariate(self.rate / self.users)
                    delay = next_at - time.perf_counter()
                    if delay > 0:
                        await asyncio.sleep(delay)
                    if time.perf_counter() >= self.stop_at:
                        break
                kind = rng.choices(kinds, kind_weights)[0]
                if kind == "accept" and pending is None:
                    kind = "plan"
                if kind == "chat":
                    intent = rng.choices(intents, intent_weights)[0]
                    if intent == "onboarding":
                        fresh = await self.sign_up(clients, rng)
                        if fresh is not None:
                            account, pending, last_log = fresh, None, None
                    options = self.pool[account.language][intent]
                    answer = await self.chat(clients, account, rng.choice(options))
                    if answer is not None:
                        pending = answer["proposal"]["id"] or pending
                elif kind == "accept":
                    assert pending is not None
                    await self.accept(clients, account, pending)
                    pending = None
                elif kind == "log":
                    retry = last_log if last_log and rng.random() < RETRY_SHARE else None
                    last_log = await self.log(clients, account, rng, retry)
                elif kind == "plan":
                    await self._call(clients, "GET plan", "GET", "/api/plans/current",
                                     token=account.token, ok=(200, 404))
                elif kind == "memory":
                    await self._call(clients, "GET memory", "GET", "/api/memory",
                                     token=account.token)
                elif kind == "records":
                    await self._call(clients, "GET records", "GET",
                                     f"/api/prs/{rng.choice(EXERCISES)}", token=account.token)
                else:
                    await self._call(clients, "GET logs", "GET", "/api/workouts/logs?limit=10",
                                     token=account.token)
        finally:
            self.reconnects += clients.reconnects
            await clients.close()

    async def drive(self, users: int, warm_up: float, seconds: float,
                    on_window: Any) -> None:
        self.users = users
        semaphore = asyncio.Semaphore(16)

        async def prepared(index: int) -> Account | None:
            async with semaphore:
                return await self._prepare_alone(index)

        accounts = await asyncio.gather(*(prepared(i) for i in range(users)))
        if any(a is None for a in accounts):
            raise RuntimeError(f"set-up failed: {self.tally.error_samples}")
        # Every tenth pair of virtual users shares one account (two tabs of one person).
        rng = random.Random(self.seed)
        shared = rng.sample(range(0, users - 1, 2), int(users * SHARED_SHARE / 2))
        for i in shared:
            accounts[i].shared = True  # type: ignore[union-attr]
            accounts[i + 1] = accounts[i]
        begin = time.perf_counter()
        self.window = (begin + warm_up, begin + warm_up + seconds)
        self.stop_at = self.window[1]
        loops = [asyncio.create_task(self.user(i, a)) for i, a in enumerate(accounts)]  # type: ignore[arg-type]
        await asyncio.sleep(max(0.0, self.window[0] - time.perf_counter()))
        on_window("start")
        await asyncio.sleep(max(0.0, self.window[1] - time.perf_counter()))
        on_window("stop")
        await asyncio.gather(*loops)

    async def _prepare_alone(self, index: int) -> Account | None:
        clients = Clients(self.ports)
        try:
            return await self.prepare(clients, index)
        finally:
            await clients.close()


def summarize(tally: Tally, seconds: float) -> dict[str, dict[str, float]]:
    routes: dict[str, list[float]] = dict(tally.latencies)
    chats = [v for route, values in routes.items() if route.startswith("chat ")
             for v in values]
    rows: dict[str, dict[str, float]] = {}
    everything = [v for values in routes.values() for v in values]
    for name, values in [*sorted(routes.items()), ("chat (all)", chats), ("all", everything)]:
        if not values:
            continue
        rows[name] = {"n": len(values), "per_s": len(values) / seconds,
                      "p50": statistics.median(values), "p95": percentile(values, 0.95),
                      "p99": percentile(values, 0.99), "max": max(values)}
    return rows


@dataclass
class Deployment:
    backend: str
    processes: int
    workers: int
    users: int
    mix: str
    rate: float | None = None

    @property
    def label(self) -> str:
        paced = f" at {self.rate:g}/s" if self.rate else ""
        return (f"{self.backend} {self.processes}x{self.workers} {self.users} users "
                f"{self.mix}{paced}")


def run_one(deployment: Deployment, warm_up: float, seconds: float, seed: int,
            profile: Path | None, gate_probe: bool = False) -> dict[str, Any]:
    probe = GateProbe.create() if gate_probe and deployment.backend == "sqlite" else None
    with scratch_url(deployment.backend) as url:
        servers = Servers(url, processes=deployment.processes, workers=deployment.workers,
                          extra_env=probe.environment() if probe else {})
        with servers:
            run = Run(servers.ports, deployment.mix, seed, deployment.rate)
            meter = CpuMeter(servers.pids())
            window: dict[str, Any] = {}

            def on_window(event: str) -> None:
                window[event] = time.time()  # the probe's lines carry wall-clock times
                if event == "start":
                    meter.start()
                    if profile is not None:
                        window["profiler"] = Profiler(
                            servers.worker_pids(), seconds,
                            profile / (deployment.label.replace(' ', '_').replace('/', '_per_')
                                       + ".txt"))
                else:
                    window["cpu"] = meter.stop()

            asyncio.run(run.drive(deployment.users, warm_up, seconds, on_window))
            profile_text = window["profiler"].finish() if "profiler" in window else None
        checks = verify(url, run.acks, run.user_ids)
    gate = probe.summary(window["start"], window["stop"]) if probe else None
    if probe:
        probe.close()
    cpu: CpuWindow = window["cpu"]
    return {
        "deployment": deployment.__dict__, "seconds": cpu.seconds,
        "routes": summarize(run.tally, cpu.seconds),
        "errors": dict(run.tally.errors), "error_samples": run.tally.error_samples,
        "conflicts": dict(run.tally.conflicts), "proposals": dict(run.tally.proposals),
        "reconnects": run.reconnects,
        "cpu": {"server_s": cpu.server_cpu, "generator_s": cpu.generator_cpu,
                "server_cores": cpu.server_cpu / cpu.seconds,
                "generator_cores": cpu.generator_cpu / cpu.seconds,
                "database_cores": cpu.database_cpu / cpu.seconds,
                "others_cores": cpu.others_cpu / cpu.seconds,
                "unattributed_cores": cpu.unattributed_cpu / cpu.seconds,
                "others_top": [(name, round(s / cpu.seconds, 2)) for name, s in cpu.others_top],
                "machine_busy": cpu.machine_busy_share, "load_before": cpu.load_before,
                "load_after": cpu.load_after},
        "checks": checks, "profile": profile_text,
        "server_cpu_ms_per_request": 1000 * cpu.server_cpu / max(1, run.tally.finished),
        "write_gate": gate,
    }


def print_result(result: dict[str, Any]) -> None:
    d = Deployment(**result["deployment"])
    cpu = result["cpu"]
    print(f"\n## {d.label}: {result['seconds']:.1f} s window")
    print(f"server CPU {cpu['server_cores']:.2f} cores "
          f"({result['server_cpu_ms_per_request']:.1f} ms per request), generator "
          f"{cpu['generator_cores']:.2f} cores, machine busy "
          f"{100 * cpu['machine_busy']:.0f}% of all cores, load "
          f"{cpu['load_before']:.1f} → {cpu['load_after']:.1f}; PostgreSQL "
          f"{cpu['database_cores']:.2f} cores, other processes {cpu['others_cores']:.2f} cores "
          f"{cpu['others_top']}, unattributed {cpu['unattributed_cores']:.2f} cores")
    print("| route | n | per s | p50 ms | p95 ms | p99 ms | max ms |")
    print("|---|---|---|---|---|---|---|")
    for name, r in result["routes"].items():
        strong = "**" if name in ("chat (all)", "all") else ""
        print(f"| {strong}{name}{strong} | {r['n']} | {r['per_s']:.1f} | {r['p50']:.1f} | "
              f"{r['p95']:.1f} | {r['p99']:.1f} | {r['max']:.1f} |")
    print(f"errors: {result['errors'] or 'none'}; conflicts (shared accounts): "
          f"{result['conflicts'] or 'none'}; reconnects: {result['reconnects']}")
    for sample in result["error_samples"]:
        print(f"  {sample}")
    bad = {k: v for k, v in result["checks"].items() if v}
    print(f"checks after the run: {bad if bad else 'all hold'}")
    baseline = result.get("in_process")
    if baseline:
        print(f"in-process turn (same intents, embedded brain, no HTTP or database): "
              f"{baseline['cpu_ms_per_turn']:.2f} ms CPU (median of rounds: "
              f"{baseline['before_ms']:.2f} before the run, {baseline['after_ms']:.2f} after; "
              f"{baseline['turns']} turns); server CPU per chat turn = "
              f"{baseline['ratio']:.2f}x that")
    gate = result.get("write_gate")
    if gate and gate.get("writes"):
        print(f"SQLite write gate: {gate['writes']:.0f} writes, held "
              f"{100 * gate['held_share']:.0f}% of the window; hold ms mean "
              f"{gate['hold_mean']:.1f}, p50 {gate['hold_p50']:.1f}, p99 {gate['hold_p99']:.1f}; "
              f"wait ms mean {gate['wait_mean']:.1f}, p50 {gate['wait_p50']:.1f}, "
              f"p99 {gate['wait_p99']:.1f}")
    sys.stdout.flush()


def chat_baseline(rounds: int) -> TurnCpu:
    """The in-process CPU of the chat mix's turns (`turn_cpu`), measured just before and
    just after a run so that the ratio compares the two on the machine as it then is."""
    weights = {k: v for k, v in CHAT_WEIGHTS.items() if k != "onboarding"}
    return in_process_turn_cpu(weights, rounds)


def in_process_result(before: TurnCpu, after: TurnCpu, server_ms: float) -> dict[str, Any]:
    mean = (before.weighted_ms + after.weighted_ms) / 2
    return {"cpu_ms_per_turn": mean, "before_ms": before.weighted_ms,
            "after_ms": after.weighted_ms,
            "rounds_ms": [*before.rounds_ms, *after.rounds_ms],
            "per_intent_ms": before.per_intent_ms, "turns": before.turns + after.turns,
            "ratio": server_ms / mean}


def summary_table(results: list[dict[str, Any]]) -> str:
    lines = ["| database | processes x workers | users | mix | offered/s | chat turns/s | "
             "chat p50 | chat p99 | all req/s | all p99 | errors | checks | server cores | "
             "server CPU ms/req | x in-process turn | generator cores |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        d, chat, every = r["deployment"], r["routes"].get("chat (all)"), r["routes"]["all"]
        bad = sum(r["checks"].values())
        ratio = f"{r['in_process']['ratio']:.2f}" if r.get("in_process") else "–"
        lines.append(
            f"| {d['backend']} | {d['processes']}x{d['workers']} | {d['users']} | {d['mix']} "
            f"| {d['rate'] or 'closed'} | {chat['per_s']:.1f} | {chat['p50']:.0f} | "
            f"{chat['p99']:.0f} | "
            f"{every['per_s']:.1f} | {every['p99']:.0f} | {sum(r['errors'].values())} | "
            f"{bad if bad else 'ok'} | {r['cpu']['server_cores']:.2f} | "
            f"{r['server_cpu_ms_per_request']:.1f} | {ratio} | "
            f"{r['cpu']['generator_cores']:.2f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--users", default="50,200", help="concurrent users, comma-separated")
    parser.add_argument("--deployments", default="1x1,1x2,2x1",
                        help="processes x uvicorn workers each; 2x1 = two `fitcoach serve`")
    parser.add_argument("--mixes", default="chat,mix")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured window")
    parser.add_argument("--warm-up", type=float, default=3.0)
    parser.add_argument("--rate", type=float, default=None,
                        help="offered requests/s over all users (think time between a "
                             "user's requests); default: none, each user's next request "
                             "leaves when the answer arrives (saturation)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="append each result as a JSON line")
    parser.add_argument("--quiet", type=float, default=0.2,
                        help="before each run, wait (up to --quiet-wait s) until the machine "
                             "is less than this share busy (other processes' work); 1 = don't "
                             "wait")
    parser.add_argument("--quiet-wait", type=float, default=300.0,
                        help="the longest wait for a quiet machine before a run, in seconds")
    parser.add_argument("--profile", type=Path, help="py-spy the workers; reports here")
    parser.add_argument("--max-others", type=float, default=0.15,
                        help="other processes' CPU (cores) tolerated during the window: "
                             "above it the run is repeated (other people's work on the cores)")
    parser.add_argument("--attempts", type=int, default=3)
    parser.add_argument("--baseline-rounds", type=int, default=5,
                        help="chat runs: before and after each, time this many rounds of "
                             "in-process turns over the evaluation cases (CPU, this process; "
                             "`turn_cpu`) and report the servers' CPU per chat turn as a "
                             "multiple of it; 0 = skip")
    parser.add_argument("--gate-probe", action="store_true",
                        help="SQLite: time every write's wait for and hold of the write gate "
                             "in the servers, and report them for the window")
    args = parser.parse_args()
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    results = []
    for backend in args.backends.split(","):
        if backend == "postgres" and not postgres_available():
            print("PostgreSQL does not answer: skipped")
            continue
        for spec in args.deployments.split(","):
            processes, workers = (int(x) for x in spec.split("x"))
            for users in (int(u) for u in args.users.split(",")):
                for mix in args.mixes.split(","):
                    deployment = Deployment(backend, processes, workers, users, mix,
                                            args.rate)
                    for attempt in range(1, args.attempts + 1):
                        busy = (wait_for_quiet(args.quiet, args.quiet_wait)
                                if args.quiet < 1 else None)
                        print(f"running {deployment.label} ..."
                              + (f" (machine {100 * busy:.0f}% busy before)" if busy else ""),
                              flush=True)
                        timed = mix == "chat" and args.baseline_rounds > 0
                        before = chat_baseline(args.baseline_rounds) if timed else None
                        result = run_one(deployment, args.warm_up, args.seconds, args.seed,
                                         args.profile, args.gate_probe)
                        if before is not None:
                            # Again after the run: the machine's load drifts by the minute,
                            # and the ratio is taken over the mean of the two.
                            after = chat_baseline(args.baseline_rounds)
                            result["in_process"] = in_process_result(
                                before, after, result["server_cpu_ms_per_request"])
                        others = result["cpu"]["others_cores"]
                        if backend == "sqlite":  # no round trips: what is left is others'
                            others += result["cpu"]["unattributed_cores"]
                        if others <= args.max_others or attempt == args.attempts:
                            break
                        print(f"  other processes took {others:.2f} cores "
                              f"{result['cpu']['others_top']}: measuring again", flush=True)
                    result["attempts"] = attempt
                    print_result(result)
                    if result["profile"]:
                        print(result["profile"][:3000])
                    results.append(result)
                    if args.json:
                        with args.json.open("a") as out:
                            out.write(json.dumps({k: v for k, v in result.items()
                                                  if k != "profile"}) + "\n")
    print("\n" + summary_table(results))


if __name__ == "__main__":
    main()
