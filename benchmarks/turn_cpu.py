"""The in-process CPU of a chat turn, weighted like a load run's chat mix.

`load_mix` divides the servers' CPU per chat turn by this figure, measured in the same run
and on the same cores, so the ratio (what HTTP, the framework and the database add around
the brain) means something on a shared machine where absolute times drift. Each case of the
public evaluation suite whose intent the mix draws is played in this process with the
embedded brain and the in-memory log reader (`benchmarks/turn_latency.py`'s turn), its CPU
read with `time.process_time`; the mean per intent is weighted as the load draws intents.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Mapping
from dataclasses import dataclass

from benchmarks.turn_latency import measure
from fitcoach.evals import load_suite


@dataclass(frozen=True)
class TurnCpu:
    weighted_ms: float  # mean CPU per turn, intents weighted as the load draws them
    per_intent_ms: dict[str, float]
    turns: int


def in_process_turn_cpu(weights: Mapping[str, float], rounds: int = 3) -> TurnCpu:
    cases = [case for case in load_suite() if weights.get(case.intent.value)]
    by_intent, failed = asyncio.run(measure(cases, rounds, clock=time.process_time))
    if failed:
        raise RuntimeError(f"in-process turns failed: {failed}")
    means = {intent: statistics.fmean(samples) for intent, samples in by_intent.items()}
    total_weight = sum(weights[intent] for intent in means)
    weighted = sum(weights[intent] * mean for intent, mean in means.items()) / total_weight
    return TurnCpu(weighted, means, sum(len(s) for s in by_intent.values()))
