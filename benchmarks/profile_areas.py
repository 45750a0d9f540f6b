"""A py-spy profile of the servers (`load_mix --profile`) summed by area of a chat turn.

Each sample's whole stack is matched against the areas below, in order; the first area
with a frame on the stack takes the sample. The raw files are py-spy's `--format raw`
output (one folded stack and its count a line), one per worker process.

    .venv/bin/python -m benchmarks.profile_areas /tmp/prof/*.[0-9]*.txt
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

# (area, markers): a sample belongs to the first area one of whose markers is in its stack.
AREAS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("the brain (run_turn, its log reads included)", ("run_turn (fitcoach/brain/pipeline",)),
    ("the snapshot read and the token lookup", ("open_turn (", "open_chat_turn (")),
    ("the persist (write gate, statements, commit)", ("persist_turn (",)),
    ("the rate limit", ("RateLimiter.",)),
    ("thread-pool trips (hand-off, the workers' loop)",
     ("run_in_threadpool (", "run_sync (anyio", "WorkerThread.run (",
      "Condition.notify (", "run_sync_in_worker_thread (")),
    ("response encoding", ("seed_json_bytes (",)),
    ("dependency resolution and request validation",
     ("solve_dependencies (", "request_body_to_args (", "_validate_value_with_model_field")),
    ("the rest of the request (middleware, routing, sending)",
     ("FastAPI.__call__ (", "Starlette.__call__ (")),
)
REST = "uvicorn's parsing, the event loop, the rest"


def areas(paths: list[Path]) -> tuple[Counter[str], int]:
    counts: Counter[str] = Counter()
    total = 0
    for path in paths:
        for line in path.read_text().splitlines():
            stack, _, count_text = line.rpartition(" ")
            if not stack:
                continue
            count = int(count_text)
            total += count
            counts[next((area for area, markers in AREAS
                         if any(marker in stack for marker in markers)), REST)] += count
    return counts, total


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("raw", type=Path, nargs="+")
    args = parser.parse_args(argv)
    counts, total = areas(args.raw)
    print(f"{total} samples")
    for area in [*(a for a, _ in AREAS), REST]:
        print(f"| {area} | {100 * counts[area] / max(1, total):.1f} |")


if __name__ == "__main__":
    main()
