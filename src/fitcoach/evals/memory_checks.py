"""Matching the memory operations a turn applied against the ones a case expects.

Each expectation must be met by its own applied mutation (a one-to-one matching, so two
expected CREATEs need two mutations); applied mutations no expectation claims are mistakes
unless the case allows extras.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from fitcoach.evals.cases import MemoryExpect
from fitcoach.memory.entries import MemoryMutation

_HOURS_SLACK = 0.01
_NUMBER_SLACK = 0.02  # 22 kg is 48.5 lb where a user said "about 50"


def _parse_time(value: Any) -> dt.datetime | None:
    if isinstance(value, dt.datetime):
        return value
    if isinstance(value, str):
        try:
            return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
    return None


def _same_value(expected: Any, actual: Any) -> bool:
    if isinstance(expected, list | tuple):
        if not isinstance(actual, list | tuple):
            return False
        have = {str(item).casefold() for item in actual}
        return all(str(item).casefold() in have for item in expected)
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected == actual
    if isinstance(expected, int | float) and isinstance(actual, int | float):
        return abs(expected - actual) <= _NUMBER_SLACK * max(abs(expected), 1)
    return str(expected).casefold() == str(actual).casefold()


def matches(expect: MemoryExpect, mutation: MemoryMutation, now: dt.datetime) -> bool:
    if mutation.operation is not expect.op or mutation.target_tier is not expect.tier:
        return False
    if expect.memory_id is not None and mutation.memory_id != expect.memory_id:
        return False
    entry = mutation.entry or {}
    if expect.category is not None and entry.get("category") != expect.category.value:
        return False
    if expect.condition is not None and entry.get("condition") != expect.condition.value:
        return False
    if expect.body_part and entry.get("body_part") not in {part.value
                                                          for part in expect.body_part}:
        return False
    if expect.ttl_hours is not None or expect.expires_between is not None:
        expires = _parse_time(entry.get("expires_at"))
        if expires is None:
            return False
        if expect.ttl_hours is not None:
            hours = (expires - now).total_seconds() / 3600
            low, high = expect.ttl_hours
            if not low - _HOURS_SLACK <= hours <= high + _HOURS_SLACK:
                return False
        if expect.expires_between is not None:
            first, last = expect.expires_between
            if not first <= expires <= last:
                return False
    return all(key in entry and _same_value(value, entry[key])
               for key, value in expect.entry.items())


def match_memory(expected: Sequence[MemoryExpect], applied: Sequence[MemoryMutation],
                 now: dt.datetime) -> tuple[list[MemoryExpect], list[MemoryMutation]]:
    """(expectations nothing met, applied mutations no expectation claimed)."""
    candidates = [[j for j, mutation in enumerate(applied) if matches(e, mutation, now)]
                  for e in expected]
    owner: dict[int, int] = {}  # applied index → expectation index

    def claim(i: int, seen: set[int]) -> bool:
        for j in candidates[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or claim(owner[j], seen):
                owner[j] = i
                return True
        return False

    unmet = [expected[i] for i in range(len(expected)) if not claim(i, set())]
    unclaimed = [mutation for j, mutation in enumerate(applied) if j not in owner]
    return unmet, unclaimed


def describe_mutation(mutation: MemoryMutation) -> str:
    entry = mutation.entry or {}
    parts = [mutation.operation.value, mutation.target_tier.value]
    for key in ("category", "condition", "body_part", "event", "tone"):
        if entry.get(key):
            parts.append(str(entry[key]))
    if mutation.memory_id:
        parts.append(mutation.memory_id)
    if entry.get("expires_at"):
        parts.append(f"expires {entry['expires_at']}")
    return " ".join(parts)
