"""Exercise sequencing hierarchy within a session (SPEC §2.1).

Priority 1: high-CNS compound lifts needing maximal stability; 2: secondary, machine and cable
compounds; 3: single-joint isolation; 4: core, carries and metabolic accessories. Each
exercise's priority is catalog data; the order of a session, read block by block and within a
superset left to right, must never go back to a lower number.
"""

from __future__ import annotations

from collections.abc import Sequence

from fitcoach.catalog.models import Exercise


def first_out_of_order(exercises: Sequence[Exercise]) -> int | None:
    """Index of the first exercise that comes after one of a higher-numbered priority."""
    highest = 0
    for index, exercise in enumerate(exercises):
        if exercise.priority < highest:
            return index
        highest = max(highest, exercise.priority)
    return None
