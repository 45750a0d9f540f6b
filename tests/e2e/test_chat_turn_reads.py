"""The chat turn's folded and cached reads answer what the plain reads answer.

`coach.heads` reads the token's user, the newest plan version and the pending proposal in
one statement; `memory.cache` hands out parsed live items keyed by their stored content.
Both must agree with the repositories' own reads at every step of a user's life, and a
changed row must never be answered from the cache.
"""

from __future__ import annotations

from collections.abc import Callable

from fitcoach.api.auth import hash_token
from fitcoach.api.coach.heads import turn_heads
from fitcoach.api.coach.repository import ProposalRepository
from fitcoach.api.memory.cache import MemoryItemCache
from fitcoach.api.memory.repository import MemoryRepository
from fitcoach.api.plans.repository import PlanRepository
from fitcoach.store.database import Database
from tests.e2e.conftest import Api
from tests.store.conftest import NOW


def _agree(database: Database, api: Api) -> tuple[int | None, str | None]:
    with database.read() as session:
        heads = turn_heads(session, hash_token(api.token))
        assert heads is not None
        assert heads.caller.user_id == api.user_id
        version = PlanRepository(session).latest_version(api.user_id)
        pending = ProposalRepository(session).pending_id(api.user_id)
    assert (heads.latest_version, heads.pending_proposal_id) == (version, pending)
    return version, pending


def test_the_heads_read_agrees_with_the_repositories(new_user: Callable[..., Api],
                                                      database: Database) -> None:
    api = new_user()
    assert _agree(database, api) == (None, None)  # no plan, nothing staged
    staged = api.chat("week")["proposal"]["id"]
    assert _agree(database, api) == (None, staged)
    assert api.accept(staged).status_code == 200
    version, pending = _agree(database, api)
    assert version is not None
    assert pending is None
    newer = api.chat("week Fresh start")["proposal"]["id"]
    assert _agree(database, api) == (version, newer)  # the newest of the pending ones


def test_the_heads_read_refuses_an_unknown_or_revoked_token(new_user: Callable[..., Api],
                                                             database: Database) -> None:
    api = new_user()
    with database.read() as session:
        assert turn_heads(session, hash_token("not-a-token")) is None
    assert api.delete("/api/users/me/token").status_code in (200, 204)
    with database.read() as session:
        assert turn_heads(session, hash_token(api.token)) is None
    assert api.post("/api/coach/chat", {"message": "hello"}).status_code == 401


def test_a_cached_item_is_the_stored_one_and_a_changed_row_is_parsed_again(
        new_user: Callable[..., Api], database: Database) -> None:
    api = new_user()
    api.chat("remember: Likes dumbbells")
    with database.read() as session:
        first = MemoryRepository(session).live(api.user_id, NOW)
        again = MemoryRepository(session).live(api.user_id, NOW)
    assert [item.memory_id for item in first] == [item.memory_id for item in again]
    assert all(a is b for a, b in zip(first, again, strict=True))  # parsed once
    api.chat("update first: Trains before work, at 6")
    with database.read() as session:
        updated = MemoryRepository(session).live(api.user_id, NOW)
        everything = {item.memory_id: item for item in
                      MemoryRepository(session).everything(api.user_id)}
    assert updated == [everything[item.memory_id] for item in updated]  # as stored
    assert updated != first


def test_the_item_cache_is_bounded() -> None:
    cache = MemoryItemCache(max_entries=2)
    entry = '{"category": "preference", "fact": "Likes dumbbells"}'
    items = [cache.item(f"mem-{n}", "tier_1_staples", entry, NOW, NOW, None, None)
             for n in range(3)]
    assert cache.item("mem-2", "tier_1_staples", entry, NOW, NOW, None, None) is items[2]
    assert cache.item("mem-0", "tier_1_staples", entry, NOW, NOW, None, None) is not items[0]
