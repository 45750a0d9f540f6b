"""Applying one turn's memory mutations to a user's items: all of them, or none (DESIGN D5).

Mutations run in order, each seeing the effects of the ones before it, against a working
copy. Rules:
- every entry is validated against its tier's schema (`entries.parse_entry`), after the TTL
  defaults of `ttl.with_time_defaults` fill a missing Tier 2 `effective_date`/`expires_at`
  or Tier 3 `expires_at`;
- a CREATE that repeats an active fact (`equivalence.equivalent`), or that would be expired
  on arrival, is dropped and reported with its reason; so is an UPDATE that would make its
  item repeat another active fact: the fact is then already known;
- UPDATE and DELETE must name an active id of their tier among the items given. The caller
  passes only the user's own items, so another user's id is simply unknown;
- UPDATE merges the given fields over the stored entry and validates the result;
- DELETE invalidates: the item stays, with `invalidated_at` and the reason, as an audit trail;
- with `room` given (the store's per-user cap), CREATEs beyond that many new items are
  dropped and reported with `full_reason`: the memory is full.
Any problem anywhere raises `MemoryMutationError` listing every problem, and nothing is
applied. The ids a CREATE receives come from `new_id`; a batch that fails may still have
drawn some.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from fitcoach.memory.entries import (
    Entry,
    MemoryItem,
    MemoryMutation,
    Operation,
    Tier,
    parse_entry,
)
from fitcoach.memory.equivalence import find_equivalent
from fitcoach.memory.ttl import with_time_defaults
from fitcoach.timekeeping import require_aware


class ProblemCode(StrEnum):
    INVALID_ENTRY = "invalid_entry"
    UNKNOWN_ID = "unknown_id"
    INACTIVE_ID = "inactive_id"  # invalidated or expired
    WRONG_TIER = "wrong_tier"


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MutationProblem(_Model):
    index: int  # position of the mutation in the batch
    code: ProblemCode
    message: str


class MemoryMutationError(ValueError):
    """The batch was refused as a whole; `problems` says what was wrong with which mutation."""

    def __init__(self, problems: Sequence[MutationProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"#{p.index} {p.code.value}: {p.message}"
                                   for p in self.problems))


class DroppedMutation(_Model):
    index: int
    mutation: MemoryMutation
    reason: str
    duplicate_of: str | None = None  # the active item that already states the fact


class MutationOutcome(_Model):
    """The result of a batch. Item lists hold each changed item in its final state."""

    applied: tuple[MemoryMutation, ...]  # with ids filled in and entries as stored
    created: tuple[MemoryItem, ...]
    updated: tuple[MemoryItem, ...]
    invalidated: tuple[MemoryItem, ...]  # an item updated then deleted is in both lists
    dropped: tuple[DroppedMutation, ...]
    items: tuple[MemoryItem, ...]  # all items, given order first, then the new ones


class _RefusedError(Exception):
    """One mutation is invalid; the batch goes on only to find the other problems."""

    def __init__(self, code: ProblemCode, message: str) -> None:
        self.code = code
        self.message = message


class _DroppedError(Exception):
    """One mutation has nothing to do (it repeats a fact): skipped and reported, not fatal."""

    def __init__(self, reason: str, duplicate_of: str | None = None) -> None:
        self.reason = reason
        self.duplicate_of = duplicate_of


def apply_mutations(
    items: Sequence[MemoryItem],
    mutations: Sequence[MemoryMutation],
    now: dt.datetime,
    new_id: Callable[[], str],
    *,
    tz: dt.tzinfo | str = "UTC",
    room: int | None = None,
    full_reason: str = "memory is full",
) -> MutationOutcome:
    """Apply a turn's mutations at `now`; `tz` is the user's zone for the TTL defaults;
    at most `room` items are created (None: no limit)."""
    batch = _Batch(items, now, new_id, tz)
    batch.room, batch.full_reason = room, full_reason
    problems: list[MutationProblem] = []
    dropped: list[DroppedMutation] = []
    applied: list[MemoryMutation] = []
    for index, mutation in enumerate(mutations):
        try:
            applied.append(batch.apply(mutation))
        except _RefusedError as problem:
            problems.append(MutationProblem(index=index, code=problem.code,
                                            message=problem.message))
        except _DroppedError as drop:
            dropped.append(DroppedMutation(index=index, mutation=mutation, reason=drop.reason,
                                           duplicate_of=drop.duplicate_of))
    if problems:
        raise MemoryMutationError(problems)
    return MutationOutcome(
        applied=tuple(applied),
        created=batch.final(batch.created),
        updated=batch.final(batch.updated),
        invalidated=batch.final(batch.invalidated),
        dropped=tuple(dropped),
        items=tuple(batch.working.values()),
    )


class _Batch:
    """The working copy one batch mutates, and which ids each operation touched."""

    def __init__(self, items: Sequence[MemoryItem], now: dt.datetime,
                 new_id: Callable[[], str], tz: dt.tzinfo | str) -> None:
        self.now = require_aware(now)
        self.new_id = new_id
        self.tz = tz
        # A dict keeps the given order, and replacing a value keeps its position.
        self.working: dict[str, MemoryItem] = {item.memory_id: item for item in items}
        self.created: dict[str, None] = {}  # dicts as ordered sets
        self.updated: dict[str, None] = {}
        self.invalidated: dict[str, None] = {}
        self.room: int | None = None
        self.full_reason = "memory is full"

    def final(self, ids: dict[str, None]) -> tuple[MemoryItem, ...]:
        return tuple(self.working[memory_id] for memory_id in ids)

    def apply(self, mutation: MemoryMutation) -> MemoryMutation:
        if mutation.operation is Operation.CREATE:
            return self._create(mutation)
        if mutation.operation is Operation.UPDATE:
            return self._update(mutation)
        return self._delete(mutation)

    def _create(self, mutation: MemoryMutation) -> MemoryMutation:
        given = mutation.entry or {}
        entry = self._parse(mutation.target_tier, given, given, previous=None)
        expires = getattr(entry, "expires_at", None)
        if expires is not None and expires < self.now:
            raise _DroppedError(f"already expired at {expires.isoformat()}")
        self._refuse_repeat(entry, ignore_id=None)
        if self.room is not None and len(self.created) >= self.room:
            raise _DroppedError(self.full_reason)
        memory_id = self.new_id()
        if memory_id in self.working:
            raise ValueError(f"the id factory returned {memory_id!r}, which is already in use")
        self.working[memory_id] = MemoryItem(memory_id=memory_id, tier=mutation.target_tier,
                                             entry=entry, created_at=self.now,
                                             updated_at=self.now)
        self.created[memory_id] = None
        return _as_applied(mutation, memory_id, entry)

    def _update(self, mutation: MemoryMutation) -> MemoryMutation:
        target = self._active_target(mutation)
        given = mutation.entry or {}
        merged = {**target.entry.model_dump(), **given}
        entry = self._parse(mutation.target_tier, merged, given, previous=target.entry)
        self._refuse_repeat(entry, ignore_id=target.memory_id)
        self.working[target.memory_id] = target.model_copy(
            update={"entry": entry, "updated_at": self.now})
        self.updated[target.memory_id] = None
        return _as_applied(mutation, target.memory_id, entry)

    def _delete(self, mutation: MemoryMutation) -> MemoryMutation:
        target = self._active_target(mutation)
        self.working[target.memory_id] = target.model_copy(
            update={"invalidated_at": self.now, "invalidation_reason": mutation.reason})
        self.invalidated[target.memory_id] = None
        return _as_applied(mutation, target.memory_id, None)

    def _parse(self, tier: Tier, data: dict[str, Any], given: dict[str, Any],
               previous: Entry | None) -> Entry:
        filled = with_time_defaults(tier, data, given=given, previous=previous, now=self.now,
                                    tz=self.tz)
        try:
            return parse_entry(tier, filled)
        except ValidationError as error:
            raise _RefusedError(ProblemCode.INVALID_ENTRY,
                           f"not a valid {tier.value} entry: {_summary(error)}") from None

    def _refuse_repeat(self, entry: Entry, ignore_id: str | None) -> None:
        twin = find_equivalent(entry, self.working.values(), self.now, ignore_id=ignore_id)
        if twin is not None:
            raise _DroppedError(f"repeats the active fact {twin.memory_id}",
                                duplicate_of=twin.memory_id)

    def _active_target(self, mutation: MemoryMutation) -> MemoryItem:
        memory_id = mutation.memory_id or ""  # the mutation's own check makes it non-empty
        target = self.working.get(memory_id)
        if target is None:
            raise _RefusedError(ProblemCode.UNKNOWN_ID, f"no memory item {memory_id!r}")
        if target.tier is not mutation.target_tier:
            raise _RefusedError(ProblemCode.WRONG_TIER,
                           f"{memory_id} is in {target.tier.value}, "
                           f"not {mutation.target_tier.value}")
        if target.invalidated_at is not None:
            raise _RefusedError(ProblemCode.INACTIVE_ID, f"{memory_id} was already deleted")
        if not target.is_active(self.now):
            raise _RefusedError(ProblemCode.INACTIVE_ID, f"{memory_id} has expired")
        return target


def _as_applied(mutation: MemoryMutation, memory_id: str, entry: Entry | None) -> MemoryMutation:
    """The mutation as it took effect: its id, and the whole entry as stored (None for DELETE)."""
    stored = None if entry is None else entry.model_dump(mode="json", exclude_none=True)
    return MemoryMutation(operation=mutation.operation, target_tier=mutation.target_tier,
                          memory_id=memory_id, entry=stored, reason=mutation.reason)


def _summary(error: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(part) for part in detail['loc']) or 'entry'}: {detail['msg']}"
        for detail in error.errors()
    )
