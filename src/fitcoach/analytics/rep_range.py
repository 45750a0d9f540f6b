"""A prescription's rep range ("8-10", "12", "30-45s") as numbers."""

from __future__ import annotations

from typing import NamedTuple

from fitcoach.catalog.models import REPS_PATTERN


class RepRange(NamedTuple):
    low: int
    high: int
    timed: bool  # the numbers are seconds (the plank), logged in the set's `reps`

    @classmethod
    def parse(cls, text: str) -> RepRange:
        match = REPS_PATTERN.match(text.strip())
        if match is None:
            raise ValueError(f"not a rep range: {text!r} (expected '8-10', '12' or '30-45s')")
        low = int(match.group(1))
        high = int(match.group(2) or low)
        if not 1 <= low <= high:
            raise ValueError(f"rep range {text!r} must be increasing and start at 1 or more")
        return cls(low, high, bool(match.group(3)))


def as_rep_range(value: str | RepRange) -> RepRange:
    return value if isinstance(value, RepRange) else RepRange.parse(value)
