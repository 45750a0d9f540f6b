"""The seed's runtime context block (SPEC §3): what a brain is told about *now* each turn.

Only active items appear (not invalidated, and now <= expires_at), so an acute note leaves
the context by itself once its TTL passes (SPEC §8.5). The output is deterministic, items
ordered by creation time then id, because LLM brains send it as the dynamic part of the
prompt and tests compare it verbatim.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Mapping
from typing import Any

from fitcoach.catalog.vocabulary import weekday_of_index
from fitcoach.memory.entries import (
    MemoryItem,
    PhysiologicalEntry,
    SituationalEntry,
    StapleEntry,
    Tier,
)
from fitcoach.timekeeping import as_zone, require_aware

TIER_HEADINGS: dict[Tier, str] = {
    Tier.STAPLES: "Tier 1 Staples",
    Tier.PHYSIOLOGICAL: "Tier 2 Physiological",
    Tier.SITUATIONAL: "Tier 3 Situational",
}
BULLET = "  • "
NONE_ACTIVE = "(None active)"
NO_PLAN = "(none yet: no weekly plan has been accepted)"


def active_items(items: Iterable[MemoryItem], now: dt.datetime) -> tuple[MemoryItem, ...]:
    """The items that count at `now`, oldest first (ties broken by id)."""
    require_aware(now)
    return tuple(sorted((item for item in items if item.is_active(now)),
                        key=lambda item: (item.created_at, item.memory_id)))


def by_tier(items: Iterable[MemoryItem]) -> dict[Tier, tuple[MemoryItem, ...]]:
    """Items grouped by tier, every tier present, each group in the order given."""
    groups: dict[Tier, list[MemoryItem]] = {tier: [] for tier in Tier}
    for item in items:
        groups[item.tier].append(item)
    return {tier: tuple(group) for tier, group in groups.items()}


def iso_z(moment: dt.datetime) -> str:
    """UTC to the second with a `Z`, as the seed writes timestamps: 2026-09-16T00:00:00Z."""
    return require_aware(moment, "timestamp").astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def render_item(item: MemoryItem) -> str:
    """One memory line, without its bullet."""
    entry = item.entry
    head = f"[id: {item.memory_id}]"
    if isinstance(entry, StapleEntry):
        return f"{head} [{entry.category.value}] {_one_line(entry.fact)}"
    if isinstance(entry, PhysiologicalEntry):
        return (f"{head} {_one_line(entry.fact)} (effective: {entry.effective_date.isoformat()},"
                f" expires: {iso_z(entry.expires_at)})")
    return f"{head} [{_one_line(entry.event)}] {_one_line(entry.fact)} ({_event_dates(entry)})"


def render_memory_profile(items: Iterable[MemoryItem], now: dt.datetime) -> str:
    """The ACTIVE USER MEMORY PROFILE section: three tier headings, active items only."""
    lines = ["ACTIVE USER MEMORY PROFILE (Unexpired Only):"]
    for tier, group in by_tier(active_items(items, now)).items():
        lines.append(f"- {TIER_HEADINGS[tier]}:")
        lines.extend(BULLET + render_item(item) for item in group)
        if not group:
            lines.append(BULLET + NONE_ACTIVE)
    return "\n".join(lines)


def render_runtime_context(
    *,
    now: dt.datetime,
    timezone: dt.tzinfo | str,
    active_tab: str,
    selected_day: str | None,
    items: Iterable[MemoryItem],
    plan: Mapping[str, Any] | None,
    message: str,
) -> str:
    """The whole block, from `[RUNTIME CONTEXT BLOCK]` to the quoted user message.

    `plan` is the active weekly plan as JSON data (`WeeklyPlan.model_dump(mode="json")`), or
    None before the first plan is accepted.
    """
    local_now = require_aware(now).astimezone(as_zone(timezone))
    weekday = weekday_of_index(local_now.weekday()).display_name
    plan_text = NO_PLAN if plan is None else json.dumps(plan, ensure_ascii=False,
                                                        separators=(",", ":"))
    return "\n".join([
        "[RUNTIME CONTEXT BLOCK]",
        f"CURRENT TIMESTAMP: {iso_z(now)}",
        f"CURRENT DATE: {weekday}, {local_now.date().isoformat()}",
        f"ACTIVE TAB: {active_tab}",
        f"SELECTED DAY IN ROUTE: {selected_day or 'null'}",
        render_memory_profile(items, now),
        "ACTIVE WEEKLY TRAINING PLAN:",
        plan_text,
        "[USER MESSAGE / CHIP INPUT]",
        # JSON quoting keeps a multi-line or quote-laden message on one unambiguous line.
        json.dumps(message, ensure_ascii=False),
    ])


def _event_dates(entry: SituationalEntry) -> str:
    parts = [f"week of: {entry.week_start_date.isoformat()}"]
    if entry.event_date is not None or entry.end_date is not None:
        first, last = entry.span
        days = first.isoformat() if first == last else f"{first.isoformat()} to {last.isoformat()}"
        parts.append(f"event: {days}")
    parts.append(f"expires: {iso_z(entry.expires_at)}")
    return ", ".join(parts)


def _one_line(text: str) -> str:
    """Facts are the user's words: a stray newline must not break the block's layout."""
    return " ".join(text.split())
