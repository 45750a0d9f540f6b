"""Where a chat turn's CPU goes on the server, stage by stage, without HTTP or contention.

The same messages as `load_mix` (the evaluation suite's, every intent, five languages) go
through the service's own chat path (`api.coach.service`) on a scratch database, one at a
time in one thread; each stage is timed with the thread's CPU clock:

- snapshot: the token's lookup and the turn's snapshot (live memory, this week's plan with
  completions, the last chat lines, the known loads): `open_turn`, one read transaction as
  the endpoint runs it (before it, the lookup and `load_turn` in a transaction each);
- think: `brain.pipeline.run_turn` with the embedded brain (incl. its log reader's reads);
- persist: `persist_turn` (lock, memory mutations, proposal, transcript);
- encode: the answer's JSON bytes as the endpoint sends them.

HTTP parsing, routing and dependency resolution are not included: the difference between
the sum here and the server's CPU per turn under `load_mix` is that share.

    .venv/bin/python -m benchmarks.load_stages                  # SQLite and PostgreSQL
    .venv/bin/python -m benchmarks.load_stages --backends sqlite --turns 600 --profile out.prof
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import datetime as dt
import inspect
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from benchmarks.databases import postgres_available, scratch_database
from benchmarks.load_mix import CHAT_WEIGHTS, EXERCISES, LANGUAGES, message_pool
from fitcoach.api.auth import hash_token
from fitcoach.api.coach import proposals, service
from fitcoach.api.coach.schemas import ChatRequest
from fitcoach.api.coach.service import load_turn, persist_turn
from fitcoach.api.users.repository import UserRepository
from fitcoach.api.users.schemas import CreateUserRequest
from fitcoach.api.users.service import create_user
from fitcoach.api.workouts.schemas import WorkoutLogRequest
from fitcoach.api.workouts.service import log_workout
from fitcoach.brain.pipeline import run_turn
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.evals.stats import percentile
from fitcoach.store.database import Database
from fitcoach.store.log_reader import SqlLogReader

STAGES = ("snapshot", "think", "persist", "encode")
PRELOADS = "reader" in inspect.signature(load_turn).parameters  # the snapshot reads logs too
LOOP = asyncio.new_event_loop()  # the pipeline is async; one loop for every turn

# Absent before a turn authenticated in its snapshot's transaction (for before/after runs).
OPEN_TURN = getattr(service, "open_turn", None)


def encode_turn(result: Any) -> bytes:
    if hasattr(result, "seed_json_bytes"):
        return bytes(result.seed_json_bytes())
    from fastapi.responses import JSONResponse  # before the answer was encoded once

    return bytes(JSONResponse(result.seed_json()).body)


def _snapshot(database: Database, caller: Any, token_hash: str, request: ChatRequest,
              now: dt.datetime, reader: SqlLogReader) -> Any:
    if OPEN_TURN is not None:
        opened = OPEN_TURN(database, token_hash, now)
        return service.turn_input(opened.snapshot, opened.caller, request, now), opened.reader
    with database.read() as session:
        UserRepository(session).by_token_hash(token_hash)
    return load_turn(database, caller, request, now,
                     **({"reader": reader} if PRELOADS else {})), reader


def _cpu(stage: str, samples: dict[str, list[float]], work: Callable[[], Any]) -> Any:
    started = time.thread_time()
    result = work()
    samples[stage].append((time.thread_time() - started) * 1000)
    return result


def turn(database: Database, brain: EmbeddedBrain, caller: Any, token_hash: str,
         body: dict[str, Any], samples: dict[str, list[float]]) -> dict[str, Any]:
    request = ChatRequest.model_validate(body)
    now = dt.datetime.now(dt.UTC)
    reader = SqlLogReader(database, caller.user_id, caller.timezone)
    given, reader = _cpu("snapshot", samples, lambda: _snapshot(
        database, caller, token_hash, request, now, reader))
    outcome = _cpu("think", samples, lambda: LOOP.run_until_complete(
        run_turn(given, brain, reader, fallback=brain)))
    result = _cpu("persist", samples,
                  lambda: persist_turn(database, caller, given, outcome, 1))
    _cpu("encode", samples, lambda: encode_turn(result))
    return result.model_dump(mode="json")


def prepare(database: Database, brain: EmbeddedBrain, users: int,
            seeds: dict[str, Any]) -> list[Any]:
    callers = []
    rng = random.Random(1)
    scratch: dict[str, list[float]] = defaultdict(list)
    for index in range(users):
        language = LANGUAGES[index % len(LANGUAGES)]
        now = dt.datetime.now(dt.UTC)
        created = create_user(database, CreateUserRequest(display_name="stages",
                                                          locale=language), now)
        token_hash = hash_token(created.token)
        with database.read() as session:
            caller = UserRepository(session).by_token_hash(token_hash)
        answer = turn(database, brain, caller, token_hash, seeds[language].body, scratch)
        if answer["proposal"]["id"]:
            proposals.accept(database, caller, answer["proposal"]["id"], now)
        for _ in range(2):
            log_workout(database, caller, WorkoutLogRequest.model_validate({"exercises_logged": [
                {"exercise_id": slug, "sets": [{"weight_lbs": 30, "reps": rng.randint(6, 12)}]}
                for slug in rng.sample(EXERCISES, 2)]}), now)
        callers.append((caller, token_hash))
    return callers


def run_backend(backend: str, turns: int, users: int, profile: str | None) -> dict[str, Any]:
    pool, seeds = message_pool()
    intents = {k: v for k, v in CHAT_WEIGHTS.items() if k != "onboarding"}
    brain = EmbeddedBrain()
    with scratch_database(backend) as database:
        callers = prepare(database, brain, users, seeds)
        rng = random.Random(7)
        samples: dict[str, list[float]] = defaultdict(list)
        for _ in range(30):  # warm-up: caches, first-use imports
            caller, token_hash = rng.choice(callers)
            intent = rng.choices(list(intents), list(intents.values()))[0]
            turn(database, brain, caller, token_hash,
                 rng.choice(pool[caller.locale][intent]).body, defaultdict(list))
        profiler = cProfile.Profile() if profile else None
        if profiler:
            profiler.enable()
        for _ in range(turns):
            caller, token_hash = rng.choice(callers)
            intent = rng.choices(list(intents), list(intents.values()))[0]
            turn(database, brain, caller, token_hash,
                 rng.choice(pool[caller.locale][intent]).body, samples)
        if profiler:
            profiler.disable()
            profiler.dump_stats(f"{profile}.{backend}")
    return {"backend": backend, "turns": turns, "samples": samples}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--turns", type=int, default=400)
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--profile", help="write cProfile stats to PROFILE.<backend>")
    args = parser.parse_args()
    print("| database | stage | median CPU ms | mean CPU ms | p95 CPU ms |")
    print("|---|---|---|---|---|")
    for backend in args.backends.split(","):
        if backend == "postgres" and not postgres_available():
            print(f"| {backend} | skipped: PostgreSQL does not answer | | | |")
            continue
        result = run_backend(backend, args.turns, args.users, args.profile)
        samples = result["samples"]
        totals = [sum(parts) for parts in zip(*(samples[s] for s in STAGES), strict=True)]
        for stage, values in [*((s, samples[s]) for s in STAGES), ("total", totals)]:
            print(f"| {backend} | {stage} | {statistics.median(values):.2f} | "
                  f"{statistics.fmean(values):.2f} | "
                  f"{percentile(values, 0.95):.2f} |", flush=True)


if __name__ == "__main__":
    main()
