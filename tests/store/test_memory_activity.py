"""The "is this memory item active" rule, in SQL and in Python, agree to the microsecond.

`memory.entries.MemoryItem.is_active` (through `memory.render.active_items`) is the rule: not
invalidated, and now <= expires_at. The store restates it in SQL so the index does the work:
`MemoryRepository.live` selects the active items, `limits.storage.make_memory_room` prunes
the inactive ones. Both are pinned here against the Python rule around the boundary, on
SQLite (naive UTC text) and PostgreSQL (timestamptz), with *now* in more than one zone.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from zoneinfo import ZoneInfo

from fitcoach.api.ids import new_memory_id
from fitcoach.api.limits.storage import make_memory_room
from fitcoach.api.memory.repository import MemoryRepository
from fitcoach.brain.ports import UserSettings
from fitcoach.memory.apply import apply_mutations
from fitcoach.memory.entries import MemoryItem, MemoryMutation, Operation, Tier
from fitcoach.memory.render import active_items
from fitcoach.memory.ttl import event_expiry
from fitcoach.store.database import Database
from tests.store.conftest import NOW

SORE_UNTIL = dt.datetime(2026, 9, 16, 10, 0, 0, 250_000, tzinfo=dt.UTC)  # sub-second on purpose
EVENT_UNTIL = event_expiry(dt.date(2026, 9, 18), "Asia/Seoul")  # 2026-09-18T15:00Z
MICROSECOND = dt.timedelta(microseconds=1)
NEW_YORK = ZoneInfo("America/New_York")


def _create(tier: Tier, entry: dict[str, object]) -> MemoryMutation:
    return MemoryMutation(operation=Operation.CREATE, target_tier=tier, entry=entry,
                          reason="test")


def _store(database: Database, user: UserSettings) -> list[MemoryItem]:
    with database.write(lock_user=user.user_id) as session:
        repository = MemoryRepository(session)
        outcome = apply_mutations([], [
            _create(Tier.STAPLES, {"category": "goal", "fact": "Get stronger"}),
            _create(Tier.STAPLES, {"category": "preference", "fact": "Short answers"}),
            _create(Tier.PHYSIOLOGICAL, {
                "body_part": "quads", "condition": "soreness", "fact": "sore quads",
                "effective_date": "2026-09-14", "expires_at": SORE_UNTIL.isoformat()}),
            _create(Tier.SITUATIONAL, {
                "event": "Trip", "fact": "Trip to Seoul", "week_start_date": "2026-09-14",
                "expires_at": EVENT_UNTIL.isoformat()}),
        ], NOW, new_memory_id)
        repository.save_outcome(user.user_id, outcome, "test", NOW)
        preference = outcome.created[1]
        deleted = apply_mutations(list(outcome.items), [MemoryMutation(
            operation=Operation.DELETE, target_tier=Tier.STAPLES,
            memory_id=preference.memory_id, reason="revoked")], NOW, new_memory_id)
        repository.save_outcome(user.user_id, deleted, "test", NOW)
    with database.read() as session:
        return MemoryRepository(session).everything(user.user_id)


def _ids(items: list[MemoryItem] | tuple[MemoryItem, ...]) -> list[str]:
    return [item.memory_id for item in items]


def test_live_and_active_items_agree_around_each_expiry(
        database: Database, new_user: Callable[..., UserSettings]) -> None:
    user = new_user()
    stored = _store(database, user)
    by_fact = {item.entry.fact: item.memory_id for item in stored}
    moments = [NOW, *(edge + step for edge in (SORE_UNTIL, EVENT_UNTIL)
                      for step in (-MICROSECOND, dt.timedelta(0), MICROSECOND))]
    with database.read() as session:
        repository = MemoryRepository(session)
        for moment in moments:
            for now in (moment, moment.astimezone(NEW_YORK)):
                assert _ids(repository.live(user.user_id, now)) == \
                    _ids(active_items(stored, now)), now
        # The boundary itself: active at expires_at, gone one microsecond later.
        assert by_fact["sore quads"] in _ids(repository.live(user.user_id, SORE_UNTIL))
        assert by_fact["sore quads"] not in _ids(
            repository.live(user.user_id, SORE_UNTIL + MICROSECOND))
        assert by_fact["Trip to Seoul"] in _ids(repository.live(user.user_id, EVENT_UNTIL))
        assert by_fact["Trip to Seoul"] not in _ids(
            repository.live(user.user_id, EVENT_UNTIL + MICROSECOND))
        assert by_fact["Short answers"] not in _ids(repository.live(user.user_id, NOW))


def test_pruning_takes_only_what_active_items_leaves_out(
        database: Database, new_user: Callable[..., UserSettings]) -> None:
    """At the boundary nothing active is pruned; a microsecond later the expired item is."""
    for now, expect_pruned in ((SORE_UNTIL, {"Short answers"}),
                               (SORE_UNTIL + MICROSECOND, {"Short answers", "sore quads"})):
        user = new_user()
        stored = _store(database, user)
        inactive = {item.entry.fact for item in stored} - {
            item.entry.fact for item in active_items(stored, now)}
        assert inactive == expect_pruned
        with database.write(lock_user=user.user_id) as session:
            # Room for as many new items as there are stored: every inactive one must go.
            fits = make_memory_room(session, user.user_id, wanted=len(stored), cap=len(stored),
                                    now=now)
        with database.read() as session:
            left = {item.entry.fact for item in MemoryRepository(session).everything(
                user.user_id)}
        assert {item.entry.fact for item in stored} - left == inactive
        assert fits == len(inactive)
