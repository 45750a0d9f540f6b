"""The memory as the user sees it: one list per tier, each item flat with its tier's fields."""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from fitcoach.memory.entries import MemoryItem


class ItemStatus(StrEnum):
    ACTIVE = "active"
    EXPIRED = "expired"
    INVALIDATED = "invalidated"


class MemoryItemView(BaseModel):
    """`memory_id`, lifecycle fields, and the entry's own fields (`category`, `fact`, …)."""

    model_config = ConfigDict(extra="allow")

    memory_id: str
    status: ItemStatus
    created_at: dt.datetime
    updated_at: dt.datetime
    invalidated_at: dt.datetime | None = None
    invalidation_reason: str | None = None

    @classmethod
    def of(cls, item: MemoryItem, now: dt.datetime) -> MemoryItemView:
        if item.invalidated_at is not None:
            status = ItemStatus.INVALIDATED
        elif item.is_active(now):
            status = ItemStatus.ACTIVE
        else:
            status = ItemStatus.EXPIRED
        entry: dict[str, Any] = item.entry.model_dump(mode="json", exclude_none=True)
        return cls(memory_id=item.memory_id, status=status, created_at=item.created_at,
                   updated_at=item.updated_at, invalidated_at=item.invalidated_at,
                   invalidation_reason=item.invalidation_reason, **entry)


class MemoryListing(BaseModel):
    tier_1_staples: list[MemoryItemView] = Field(default_factory=list)
    tier_2_physiological: list[MemoryItemView] = Field(default_factory=list)
    tier_3_situational: list[MemoryItemView] = Field(default_factory=list)
