"""Latency statistics shared by the evaluation report and the benchmarks."""

from __future__ import annotations

import math
from collections.abc import Sequence


def percentile(samples: Sequence[float], share: float) -> float:
    """The nearest-rank percentile: the smallest sample with at least `share` of all samples
    at or below it, i.e. the ⌈share × n⌉-th smallest (1-based; share in [0, 1], 0 and 1 give
    the minimum and the maximum). Always an observed value, never an interpolation. 0.0 for
    no samples.

    p50 of [1, 2, 3, 4] is 2, p95 of 1..100 is 95, p99 of 1..100 is 99."""
    if not 0 <= share <= 1:
        raise ValueError(f"share must be within [0, 1], got {share}")
    if not samples:
        return 0.0
    ordered = sorted(samples)
    # The tolerance keeps float noise (0.29 × 100 = 28.999999999999996) from moving a rank.
    rank = math.ceil(share * len(ordered) - 1e-9)
    return ordered[min(max(rank, 1), len(ordered)) - 1]
