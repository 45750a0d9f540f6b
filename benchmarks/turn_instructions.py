"""Function calls per chat turn: over HTTP through the ASGI app against the brain's own turn.

A count of calls is repeatable on a loaded machine, where CPU time is not: the same turns
on the same state make (nearly) the same calls whatever else runs on the cores, so an A/B of
a change to the server can be read from one run each. A call is not a fixed cost (a SQLite
statement is one C call), so the count tracks the Python work around the brain, not the
database's own; `--callgrind` style instruction counts complete it (see docs/performance.md).

Two figures, each a per-intent mean weighted as `load_mix`'s chat mix draws intents:

- **HTTP turn**: `POST /api/coach/chat` sent to the app as uvicorn sends it (one ASGI call,
  the served app with its middleware, rate limits off as in `load_mix`, SQLite file), for
  users onboarded as `load_mix` onboards them (seed message, week accepted, two logs). Every
  Python call (`call`) and C call (`c_call`) made in any thread while the request runs is
  counted (`sys.setprofile` and `threading.setprofile`) and attributed to the innermost
  stage it ran in: authentication and snapshot (`open_turn`), the brain (`run_turn`; its
  log reads apart), the persist, the answer's encoding, and the rest (framework, middleware,
  dependencies, body validation, thread-pool trips). uvicorn's HTTP parsing is not in it.
- **in-process turn**: the brain's own turn as `benchmarks/turn_cpu.py` plays it (every
  evaluation case of those intents, embedded brain, in-memory log reader).

The ratio HTTP ÷ in-process is the call-count analogue of issue 15's CPU ratio.

    PYTHONPATH=src:. .venv/bin/python -m benchmarks.turn_instructions
    PYTHONPATH=src:. .venv/bin/python -m benchmarks.turn_instructions --turns 400 --top 25
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import threading
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import CodeType, FrameType
from typing import Any

from benchmarks.databases import scratch_url
from benchmarks.load_mix import CHAT_WEIGHTS, EXERCISES, message_pool
from benchmarks.turn_cpu import _prepared
from fitcoach.api.app import create_app
from fitcoach.api.coach import service
from fitcoach.brain import pipeline
from fitcoach.brain.contract import ChatTurnResult
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.evals import load_suite
from fitcoach.settings import Settings
from fitcoach.store.database import Database
from fitcoach.store.log_reader import SqlLogReader
from fitcoach.store.migrate import upgrade

INTENTS = {k: v for k, v in CHAT_WEIGHTS.items() if k != "onboarding"}
LANGUAGES = ("en", "es", "it", "he", "ko")


def _stage_markers() -> dict[CodeType, str]:
    from fitcoach.api.limits.rate_limit import RateLimiter
    from fitcoach.api.plans.service import keep_this_week

    markers = {service.open_turn.__code__: "auth + snapshot",
               keep_this_week.__code__: "keep the week",
               RateLimiter.enforce.__code__: "rate limit",
               pipeline.run_turn.__code__: "brain",
               service.persist_turn.__code__: "persist",
               ChatTurnResult.seed_json_bytes.__code__: "encode"}
    for name, member in vars(SqlLogReader).items():
        if callable(member) and hasattr(member, "__code__") and not name.startswith("__"):
            markers[member.__code__] = "brain: log reads"
    return markers


OUTSIDE = "framework and the rest"


@dataclass
class Counts:
    """Calls by stage, and by function within each stage."""

    calls: Counter[str] = field(default_factory=Counter)
    by_function: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))

    def total(self) -> int:
        return sum(self.calls.values())


class CallCounter:
    """Counts calls in every thread while `counting`, attributed to the innermost marker on
    the thread's stack (a coroutine's suspension is a return, its resumption a call, so the
    stack stays right across awaits)."""

    def __init__(self, markers: Mapping[CodeType, str], detail: bool) -> None:
        self.markers = markers
        self.detail = detail
        self.counting = False
        self.counts = Counts()
        self._stacks: dict[int, list[str]] = defaultdict(list)

    def install(self) -> None:
        sys.setprofile(self._event)
        threading.setprofile(self._event)

    def uninstall(self) -> None:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]

    def _event(self, frame: FrameType, event: str, arg: Any) -> None:
        if not self.counting:
            return
        stack = self._stacks[threading.get_ident()]
        if event == "call":
            marker = self.markers.get(frame.f_code)
            if marker is not None:
                stack.append(marker)
            stage = stack[-1] if stack else OUTSIDE
            self.counts.calls[stage] += 1
            if self.detail:
                code = frame.f_code
                self.counts.by_function[stage][
                    f"{code.co_name} ({code.co_filename.rsplit('/site-packages/', 1)[-1]}"
                    f":{code.co_firstlineno})"] += 1
        elif event == "return":
            if stack and self.markers.get(frame.f_code) is not None:
                stack.pop()
        elif event == "c_call":
            stage = stack[-1] if stack else OUTSIDE
            self.counts.calls[stage] += 1
            if self.detail:
                self.counts.by_function[stage][f"<C> {getattr(arg, '__qualname__', arg)}"] += 1

    def measure(self) -> Counts:
        """Start a fresh count (call `stop` to end it)."""
        self.counts = Counts()
        self._stacks.clear()
        self.counting = True
        return self.counts

    def stop(self) -> None:
        self.counting = False


class AsgiClient:
    """Sends one request straight to the ASGI app, as uvicorn would hand it over."""

    def __init__(self, app: Callable[..., Any]) -> None:
        self.app = app

    async def request(self, method: str, path: str, body: Any = None,
                      token: str | None = None) -> tuple[int, bytes]:
        payload = b"" if body is None else json.dumps(body).encode()
        headers = [(b"host", b"bench"), (b"content-type", b"application/json"),
                   (b"content-length", str(len(payload)).encode())]
        if token:
            headers.append((b"authorization", f"Bearer {token}".encode()))
        scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"},
                 "http_version": "1.1", "method": method, "scheme": "http", "path": path,
                 "raw_path": path.encode(), "query_string": b"", "root_path": "",
                 "headers": headers, "client": ("127.0.0.1", 50000),
                 "server": ("127.0.0.1", 8000), "state": {}}
        sent = False
        status, chunks = 0, []

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if sent:
                await asyncio.sleep(3600)  # a client that keeps the connection open
            sent = True
            return {"type": "http.request", "body": payload, "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self.app(scope, receive, send)
        return status, b"".join(chunks)


@dataclass
class Account:
    token: str
    language: str


async def _onboard(client: AsgiClient, pool_seeds: Mapping[str, Any], index: int,
                   rng: random.Random) -> Account:
    language = LANGUAGES[index % len(LANGUAGES)]
    status, body = await client.request("POST", "/api/users",
                                        {"display_name": "calls", "locale": language})
    assert status == 201, body
    token = json.loads(body)["token"]
    status, body = await client.request("POST", "/api/coach/chat",
                                        pool_seeds[language].body, token)
    assert status == 200, body
    proposal = json.loads(body)["proposal"]["id"]
    if proposal:
        status, body = await client.request(
            "POST", f"/api/coach/proposals/{proposal}/accept", token=token)
        assert status == 200, body
    for _ in range(2):
        exercises = [{"exercise_id": slug,
                      "sets": [{"weight_lbs": rng.choice((20, 25, 30, 35, 40)),
                                "reps": rng.randint(6, 12), "rpe": rng.choice((7, 8, 9))}
                               for _ in range(rng.randint(2, 4))]}
                     for slug in rng.sample(EXERCISES, rng.randint(1, 3))]
        status, body = await client.request("POST", "/api/workouts/log", {
            "idempotency_key": uuid.uuid4().hex, "exercises_logged": exercises}, token)
        assert status == 201, body
    return Account(token, language)


def _weighted(per_intent: Mapping[str, list[float]]) -> float:
    total = sum(INTENTS[intent] for intent in per_intent)
    return sum(INTENTS[i] * statistics.fmean(v) for i, v in per_intent.items()) / total


@dataclass
class HttpResult:
    per_intent_total: dict[str, list[float]]
    per_intent_stage: dict[str, dict[str, list[float]]]
    by_function: dict[str, Counter[str]]
    turns: int


async def http_turns(url: str, counter: CallCounter, users: int, turns: int, warm: int,
                     seed: int) -> HttpResult:
    settings = Settings(db=url, **{f"rate_limit_{a}_per_minute": 0
                                   for a in ("chat", "log", "signup")})
    database = Database(url)
    upgrade(database)
    app = create_app(settings, database=database, web_directory=None, freeze_heap=True)
    client = AsgiClient(app)
    pool, seeds = message_pool()
    rng = random.Random(seed)
    per_total: dict[str, list[float]] = defaultdict(list)
    per_stage: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    functions: dict[str, Counter[str]] = defaultdict(Counter)
    async with app.router.lifespan_context(app):
        accounts = [await _onboard(client, seeds, index, rng) for index in range(users)]
        for index in range(warm + turns):
            account = rng.choice(accounts)
            intent = rng.choices(list(INTENTS), list(INTENTS.values()))[0]
            message = rng.choice(pool[account.language][intent])
            counts = counter.measure() if index >= warm else None
            status, body = await client.request("POST", "/api/coach/chat", message.body,
                                                account.token)
            counter.stop()
            assert status in (200, 409), body
            if counts is None:
                continue
            per_total[intent].append(counts.total())
            for stage in STAGES:
                per_stage[stage][intent].append(counts.calls.get(stage, 0))
            for stage, by_function in counts.by_function.items():
                functions[stage].update(by_function)
    return HttpResult(per_total, per_stage, functions, turns)


STAGES = ("auth + snapshot", "keep the week", "rate limit", "brain", "brain: log reads",
          "persist", "encode", OUTSIDE)


async def in_process_turns(counter: CallCounter, rounds: int) -> dict[str, list[float]]:
    cases = [case for case in load_suite() if INTENTS.get(case.intent.value)]
    brain = EmbeddedBrain()
    played = await _prepared(cases, brain)
    per_intent: dict[str, list[float]] = defaultdict(list)
    for index in range(1 + rounds):  # the first round warms up, as turn_cpu's
        for case, session, turn in played:
            counts = counter.measure() if index else None
            await pipeline.run_turn(turn, brain, session.log_reader, fallback=brain)
            counter.stop()
            if counts is not None:
                per_intent[case.intent.value].append(counts.total())
    return per_intent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--users", type=int, default=10)
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--warm", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=1, help="in-process rounds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=0,
                        help="list the N most called functions of each stage but the brain")
    parser.add_argument("--http-only", action="store_true",
                        help="skip the in-process turn (it does not change with the server)")
    parser.add_argument("--plain", action="store_true",
                        help="count nothing, only play the turns (for strace or callgrind)")
    args = parser.parse_args()
    if args.plain:
        counter = CallCounter({}, detail=False)
        with scratch_url("sqlite") as url:
            asyncio.run(http_turns(url, counter, args.users, args.turns, args.warm, args.seed))
        return
    counter = CallCounter(_stage_markers(), detail=args.top > 0)
    counter.install()
    started = time.perf_counter()
    try:
        with scratch_url("sqlite") as url:
            http = asyncio.run(http_turns(url, counter, args.users, args.turns, args.warm,
                                          args.seed))
        own = ({} if args.http_only
               else asyncio.run(in_process_turns(counter, args.rounds)))
    finally:
        counter.uninstall()
    http_total = _weighted(http.per_intent_total)
    own_total = _weighted(own) if own else float("nan")
    print(f"{http.turns} HTTP turns ({args.users} users, seed {args.seed}), "
          f"{sum(map(len, own.values()))} in-process turns, "
          f"{time.perf_counter() - started:.0f} s\n")
    print("| stage of the HTTP turn | calls per turn | share |")
    print("|---|---|---|")
    for stage in STAGES:
        calls = _weighted(http.per_intent_stage[stage]) if http.per_intent_stage[stage] else 0
        print(f"| {stage} | {calls:,.0f} | {100 * calls / http_total:.1f}% |")
    print(f"| **HTTP turn** | **{http_total:,.0f}** | 100% |")
    print(f"| in-process turn (the brain's own) | {own_total:,.0f} | |")
    brain = sum(_weighted(http.per_intent_stage[s]) for s in ("brain", "brain: log reads"))
    print(f"\nratio HTTP ÷ in-process turn: **{http_total / own_total:.2f}×**; "
          f"HTTP ÷ the brain inside it: {http_total / brain:.2f}×; "
          f"around the brain: {http_total - brain:,.0f} calls per turn")
    if args.top:
        for stage in STAGES:
            if stage == "brain" or stage not in http.by_function:
                continue
            print(f"\n{stage}, most called (calls per turn):")
            for name, calls in http.by_function[stage].most_common(args.top):
                print(f"  {calls / http.turns:8.1f}  {name}")


if __name__ == "__main__":
    main()
