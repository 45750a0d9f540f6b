"""After a load run: did the service keep its promises? Read straight from the database.

The load generator records what the service acknowledged (each chat turn, each log with its
idempotency key and id, each accepted plan version); these checks compare that with what is
stored. Any non-zero count is a correctness failure:

- memory: no two live items of a user state the same fact (D5's dedup, under concurrency);
- logs: every acknowledged log is stored exactly once, with the id the client was given and
  all its sets; nothing is stored that nobody acknowledged;
- plans: each user's versions are 1..n without gaps or repeats, n equals the number of
  accepted proposals, every acknowledged version exists (D6);
- proposals: at most one pending per user (a new one supersedes the old);
- chat: two transcript lines per acknowledged turn, none for a refused one (one request is
  one transaction).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from sqlalchemy import func, select

from fitcoach.api.memory.repository import MemoryRepository
from fitcoach.memory.equivalence import equivalent
from fitcoach.store.database import Database
from fitcoach.store.models import (
    ChatMessageRow,
    PlanVersionRow,
    ProposalRow,
    WorkoutLogRow,
    WorkoutSetRow,
)


@dataclass
class Acks:
    """What the service acknowledged during the run (setup included)."""

    chat_turns: Counter[str] = field(default_factory=Counter)  # user_id → 200 answers
    logs: dict[tuple[str, str], tuple[str, int]] = field(default_factory=dict)
    # (user_id, idempotency key) → (log_id, number of sets sent)
    versions: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    idempotency_mismatches: int = 0  # a retried key answered with another log id

    def log(self, user_id: str, key: str, log_id: str, sets: int) -> None:
        earlier = self.logs.get((user_id, key))
        if earlier is not None and earlier[0] != log_id:
            self.idempotency_mismatches += 1
        self.logs[(user_id, key)] = (log_id, sets)


def verify(url: str, acks: Acks, user_ids: set[str]) -> dict[str, int]:
    """Violation counts (all zero when everything held) over the benchmark's users."""
    database = Database(url, pool_size=1, max_overflow=0)
    now = dt.datetime.now(dt.UTC)
    found: dict[str, int] = {}
    try:
        with database.read() as session:
            found["memory_duplicates"] = _memory_duplicates(session, user_ids, now)
            found.update(_logs(session, acks, user_ids))
            found.update(_plans(session, acks, user_ids))
            found["users_with_several_pending"] = sum(1 for _ in session.execute(
                select(ProposalRow.user_id).where(ProposalRow.status == "pending",
                                                  ProposalRow.user_id.in_(user_ids))
                .group_by(ProposalRow.user_id).having(func.count() > 1)))
            lines = dict(session.execute(
                select(ChatMessageRow.user_id, func.count())
                .where(ChatMessageRow.user_id.in_(user_ids))
                .group_by(ChatMessageRow.user_id)).all())
            found["chat_line_mismatches"] = sum(
                1 for user in user_ids if lines.get(user, 0) != 2 * acks.chat_turns[user])
    finally:
        database.dispose()
    found["idempotency_mismatches"] = acks.idempotency_mismatches
    return found


def _memory_duplicates(session, user_ids: set[str], now: dt.datetime) -> int:  # type: ignore[no-untyped-def]
    repository = MemoryRepository(session)
    duplicates = 0
    for user in user_ids:
        items = repository.live(user, now)
        for index, item in enumerate(items):
            duplicates += sum(1 for other in items[index + 1:]
                              if other.tier is item.tier and equivalent(item.entry, other.entry))
    return duplicates


def _logs(session, acks: Acks, user_ids: set[str]) -> dict[str, int]:  # type: ignore[no-untyped-def]
    set_counts = dict(session.execute(
        select(WorkoutSetRow.log_id, func.count()).where(WorkoutSetRow.user_id.in_(user_ids))
        .group_by(WorkoutSetRow.log_id)).all())
    stored: dict[tuple[str, str], list[str]] = defaultdict(list)
    for user, key, log_id in session.execute(
            select(WorkoutLogRow.user_id, WorkoutLogRow.idempotency_key, WorkoutLogRow.id)
            .where(WorkoutLogRow.user_id.in_(user_ids))):
        stored[(user, key)].append(log_id)
    missing = duplicated = wrong_id = wrong_sets = 0
    for (user, key), (log_id, sets) in acks.logs.items():
        ids = stored.get((user, key), [])
        if not ids:
            missing += 1
            continue
        duplicated += len(ids) - 1
        if log_id not in ids:
            wrong_id += 1
        elif set_counts.get(log_id, 0) != sets:
            wrong_sets += 1
    unacknowledged = sum(len(ids) for pair, ids in stored.items() if pair not in acks.logs)
    return {"logs_missing": missing, "logs_duplicated": duplicated,
            "logs_with_other_id": wrong_id, "logs_with_wrong_sets": wrong_sets,
            "logs_unacknowledged": unacknowledged}


def _plans(session, acks: Acks, user_ids: set[str]) -> dict[str, int]:  # type: ignore[no-untyped-def]
    versions: dict[str, list[int]] = defaultdict(list)
    for user, version in session.execute(
            select(PlanVersionRow.user_id, PlanVersionRow.version)
            .where(PlanVersionRow.user_id.in_(user_ids))):
        versions[user].append(version)
    accepted = dict(session.execute(
        select(ProposalRow.user_id, func.count())
        .where(ProposalRow.user_id.in_(user_ids), ProposalRow.status == "accepted")
        .group_by(ProposalRow.user_id)).all())
    gaps = count_mismatch = missing = 0
    for user in user_ids:
        mine = sorted(versions.get(user, []))
        if mine != list(range(1, len(mine) + 1)):
            gaps += 1
        if len(mine) != accepted.get(user, 0):
            count_mismatch += 1
        missing += len(acks.versions.get(user, set()) - set(mine))
    return {"plan_version_gaps": gaps, "plan_versions_vs_accepted": count_mismatch,
            "acknowledged_versions_missing": missing}
