"""In-process chat-turn latency with the embedded brain, per intent (DESIGN §5).

Every case of the public evaluation suite (`fitcoach.evals`) is one workload: its starting
state, message, route and *now*. Each round times `brain.pipeline.run_turn` on the turn
input the case builds (context assembly, routing, memory checks, tools, the engine's
materialisation and the validator) exactly as the service runs it, without the database.
Targets: p50 ≤ 15 ms and p99 ≤ 60 ms for onboarding and day edits, and for all intents.

    .venv/bin/python benchmarks/turn_latency.py [--rounds 30] [--lang xx] [--intent name]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from fitcoach.brain.pipeline import run_turn
from fitcoach.brain.ports import RouteContext
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.evals import Case, load_states, load_suite, select
from fitcoach.evals.runner import play_history
from fitcoach.evals.stats import percentile

P50_TARGET_MS = 15.0
P99_TARGET_MS = 60.0
DAY_EDITS = ("day_change", "gym_swap", "acute_state")
WARM_UP_ROUNDS = 3


@dataclass(frozen=True)
class Row:
    name: str
    samples: list[float]

    def line(self, check: bool) -> str:
        p50, p95, p99 = (percentile(self.samples, q) for q in (0.50, 0.95, 0.99))
        verdict = ""
        if check:
            verdict = "  ok" if p50 <= P50_TARGET_MS and p99 <= P99_TARGET_MS else "  MISSED"
        return (f"{self.name:<22}{len(self.samples):>8}{p50:>9.2f}{p95:>9.2f}{p99:>9.2f}"
                f"{max(self.samples):>9.2f}{statistics.fmean(self.samples):>9.2f}{verdict}")

    @property
    def meets_targets(self) -> bool:
        return (percentile(self.samples, 0.50) <= P50_TARGET_MS
                and percentile(self.samples, 0.99) <= P99_TARGET_MS)


async def time_case(case: Case, brain: EmbeddedBrain, rounds: int,
                    clock: Callable[[], float] = time.perf_counter) -> list[float]:
    """The case's timed turns in ms: wall time, or with `clock=time.process_time` the CPU
    the process spent on each (what `load_mix` compares a server's CPU per turn with)."""
    state = load_states()[case.state]
    session = state.session(case.language, case.now, brain, brain)
    route = RouteContext(active_tab=case.route.active_tab, selected_day=case.route.selected_day)
    await play_history(case, session)  # a follow-up is timed with the chat it follows (untimed)
    turn = session.turn_input(case.message, route=route, now=case.now)
    samples = []
    for index in range(WARM_UP_ROUNDS + rounds):
        started = clock()
        await run_turn(turn, brain, session.log_reader, fallback=brain)
        elapsed = (clock() - started) * 1000
        if index >= WARM_UP_ROUNDS:
            samples.append(elapsed)
    return samples


async def measure(cases: Iterable[Case], rounds: int,
                  clock: Callable[[], float] = time.perf_counter
                  ) -> tuple[dict[str, list[float]], dict[str, str]]:
    """Samples per intent, and the cases that raised (skipped, with the error)."""
    brain = EmbeddedBrain()
    by_intent: dict[str, list[float]] = {}
    failed: dict[str, str] = {}
    gc.collect()
    for case in cases:
        try:
            samples = await time_case(case, brain, rounds, clock)
        except Exception as error:  # a broken case must not hide the others' numbers
            failed[case.id] = f"{type(error).__name__}: {error}"
            continue
        by_intent.setdefault(case.intent.value, []).extend(samples)
    return by_intent, failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30, help="timed turns per case")
    parser.add_argument("--lang", default=None)
    parser.add_argument("--intent", default=None)
    args = parser.parse_args(argv)
    cases = select(load_suite(), language=args.lang, intent=args.intent)
    if not cases:
        print("no case matches", file=sys.stderr)
        return 2
    by_intent, failed = asyncio.run(measure(cases, args.rounds))
    everything = [s for samples in by_intent.values() for s in samples]
    onboarding = by_intent.get("onboarding", [])
    day_edits = [s for name in DAY_EDITS for s in by_intent.get(name, [])]
    print(f"{len(cases)} cases x {args.rounds} rounds, embedded brain, in-process (ms)")
    print(f"{'intent':<22}{'turns':>8}{'p50':>9}{'p95':>9}{'p99':>9}{'max':>9}{'mean':>9}")
    for name, samples in by_intent.items():
        print(Row(name, samples).line(check=False))
    print("-" * 75)
    targets = [Row("onboarding", onboarding), Row("day edits", day_edits),
               Row("all intents", everything)]
    for row in targets:
        if row.samples:
            print(row.line(check=True))
    for case_id, error in failed.items():
        print(f"skipped {case_id}: {error}")
    met = not failed and all(row.meets_targets for row in targets if row.samples)
    print(f"targets p50 <= {P50_TARGET_MS:g} ms, p99 <= {P99_TARGET_MS:g} ms: "
          f"{'met' if met else 'MISSED'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
