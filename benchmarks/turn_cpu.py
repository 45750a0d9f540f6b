"""The in-process CPU of a chat turn, weighted like a load run's chat mix.

`load_mix` divides the servers' CPU per chat turn by this figure, measured in the same run
and on the same cores, so the ratio (what HTTP, the framework and the database add around
the brain) means something on a shared machine where absolute times drift. Each case of the
public evaluation suite whose intent the mix draws is played in this process with the
embedded brain and the in-memory log reader (`benchmarks/turn_latency.py`'s turn), its CPU
read with `time.process_time`; the mean per intent is weighted as the load draws intents.

How, so that the figure is the brain's warm cost and the same each time it is taken:

- every case's state and turn input are built first, untimed;
- a first round plays every case once, untimed: the first turns of a fresh process pay for
  lazily built tables and caches (the dearer first run the earlier method showed);
- then `rounds` timed rounds each play every case once, in the suite's order, so that a
  turn follows a different turn as on a server (the earlier method played each case's
  turn six times in a row, which keeps one turn's data hot in the CPU's caches);
- each round gives a weighted mean; the figure is the median over rounds, which one
  round disturbed by another process on the cores does not move.
"""

from __future__ import annotations

import asyncio
import gc
import statistics
import time
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fitcoach.brain.pipeline import run_turn
from fitcoach.brain.ports import RouteContext
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.evals import Case, load_states, load_suite
from fitcoach.evals.runner import play_history


@dataclass(frozen=True)
class TurnCpu:
    weighted_ms: float  # median over rounds of the weighted mean CPU per turn
    per_intent_ms: dict[str, float]  # mean per intent over every timed round
    turns: int  # timed turns
    rounds_ms: tuple[float, ...] = ()  # each round's weighted mean


async def _prepared(cases: list[Case], brain: EmbeddedBrain) -> list[tuple[Case, Any, Any]]:
    states = load_states()
    played = []
    for case in cases:
        session = states[case.state].session(case.language, case.now, brain, brain)
        route = RouteContext(active_tab=case.route.active_tab,
                             selected_day=case.route.selected_day)
        await play_history(case, session)  # a follow-up is timed after its chat (untimed)
        played.append((case, session,
                       session.turn_input(case.message, route=route, now=case.now)))
    return played


async def _rounds(cases: list[Case], rounds: int) -> list[dict[str, list[float]]]:
    brain = EmbeddedBrain()
    played = await _prepared(cases, brain)
    timed: list[dict[str, list[float]]] = []
    gc.collect()
    for index in range(1 + rounds):
        by_intent: dict[str, list[float]] = defaultdict(list)
        for case, session, turn in played:
            started = time.process_time()
            await run_turn(turn, brain, session.log_reader, fallback=brain)
            by_intent[case.intent.value].append((time.process_time() - started) * 1000)
        if index:  # the first round warms up
            timed.append(by_intent)
    return timed


def _weighted(means: Mapping[str, float], weights: Mapping[str, float]) -> float:
    total = sum(weights[intent] for intent in means)
    return sum(weights[intent] * mean for intent, mean in means.items()) / total


def in_process_turn_cpu(weights: Mapping[str, float], rounds: int = 5) -> TurnCpu:
    cases = [case for case in load_suite() if weights.get(case.intent.value)]
    timed = asyncio.run(_rounds(cases, rounds))
    per_round = tuple(
        _weighted({k: statistics.fmean(v) for k, v in by_intent.items()}, weights)
        for by_intent in timed)
    pooled: dict[str, list[float]] = defaultdict(list)
    for by_intent in timed:
        for intent, samples in by_intent.items():
            pooled[intent].extend(samples)
    return TurnCpu(weighted_ms=statistics.median(per_round),
                   per_intent_ms={k: statistics.fmean(v) for k, v in pooled.items()},
                   turns=sum(len(v) for v in pooled.values()), rounds_ms=per_round)
