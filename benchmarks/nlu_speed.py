"""Micro-benchmark of the embedded brain's understanding: analyze + route per message.

Runs the seed's eight messages per language (from the test data) many times and prints p50 and
p99 in milliseconds per language. The budget is "well under 5 ms" per analysis.

    .venv/bin/python benchmarks/nlu_speed.py [rounds]
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import statistics
import sys
import time
from pathlib import Path

from fitcoach.brain.ports import ActiveTab, Locale
from fitcoach.brain.providers.embedded.nlu import analyze
from fitcoach.brain.providers.embedded.nlu.router import route
from fitcoach.evals.stats import percentile

SEED_FILE = Path(__file__).resolve().parents[1] / "tests/brain/embedded/nlu_seed_messages.py"
TODAY = dt.date(2026, 9, 14)


def _seed_messages() -> dict[str, dict[int, str]]:
    spec = importlib.util.spec_from_file_location("nlu_seed_messages", SEED_FILE)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {SEED_FILE}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.SEED_MESSAGES


def main(rounds: int = 200) -> None:
    messages = _seed_messages()
    print(f"{'lang':<5}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}  ({rounds} rounds x 8 messages)")
    for lang, by_number in messages.items():
        samples: list[float] = []
        for _ in range(rounds):
            for number, text in by_number.items():
                start = time.perf_counter()
                analysis = analyze(text, today=TODAY, locale=Locale(lang),
                                   active_tab=ActiveTab.COACH)
                route(analysis, has_plan=number != 1)
                samples.append((time.perf_counter() - start) * 1000)
        print(f"{lang:<5}{statistics.median(samples):>9.3f}{percentile(samples, 0.99):>9.3f}"
              f"{max(samples):>9.3f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
