"""When two memory entries state the same fact, so a new one must not be stored (dedup).

- Tier 1: same category, and either the same fact once normalised (case, spacing, trailing
  punctuation) or, when both carry structured fields, the same structured content (order of
  tags and days ignored). An entry with no structured field is compared by its fact only.
- Tier 2: same body part and same condition: one active "hamstring soreness" is enough.
- Tier 3: same event name (normalised) and the same first and last day.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Iterable
from typing import Any

from fitcoach.memory.entries import (
    CATEGORY_FIELDS,
    Entry,
    MemoryItem,
    PhysiologicalEntry,
    SituationalEntry,
    StapleEntry,
)

_TRAILING_NOISE = " .!;,"


def normalise_fact(text: str) -> str:
    """The comparable form of a fact: "Home gym, DBs to 50 lbs." ~ "home gym,  dbs to 50 lbs"."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(folded.split()).rstrip(_TRAILING_NOISE)


def structured_content(entry: StapleEntry) -> dict[str, Any]:
    """The structured fields a staple sets; sequences become sets since order says nothing."""
    content: dict[str, Any] = {}
    for name in sorted(CATEGORY_FIELDS[entry.category]):
        value = getattr(entry, name)
        if value is not None:
            content[name] = frozenset(value) if isinstance(value, tuple) else value
    return content


def equivalent(a: Entry, b: Entry) -> bool:
    """Whether two entries state the same fact (the dedup rule of this module's docstring)."""
    if isinstance(a, StapleEntry) and isinstance(b, StapleEntry):
        if a.category is not b.category:
            return False
        if normalise_fact(a.fact) == normalise_fact(b.fact):
            return True
        content = structured_content(a)
        return bool(content) and content == structured_content(b)
    if isinstance(a, PhysiologicalEntry) and isinstance(b, PhysiologicalEntry):
        return a.body_part is b.body_part and a.condition is b.condition
    if isinstance(a, SituationalEntry) and isinstance(b, SituationalEntry):
        return (normalise_fact(a.event) == normalise_fact(b.event)
                and a.span == b.span)
    return False


def find_equivalent(
    entry: Entry,
    items: Iterable[MemoryItem],
    now: dt.datetime,
    *,
    ignore_id: str | None = None,
) -> MemoryItem | None:
    """The first active item stating the same fact as `entry` (skipping `ignore_id`)."""
    for item in items:
        if item.memory_id != ignore_id and item.is_active(now) and equivalent(entry, item.entry):
            return item
    return None
