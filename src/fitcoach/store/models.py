"""The tables, as typed SQLAlchemy 2 mappings. The Alembic migrations mirror this file.

Every row that belongs to a person carries `user_id`, and every index the service queries
by starts with it: a query can only be written for one user at a time.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import (
    BigInteger,
    Date,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from fitcoach.store.types import JsonDocument, UtcDateTime

# Named constraints keep migrations reproducible on both databases.
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# SQLite only autoincrements INTEGER PRIMARY KEY; PostgreSQL gets a 64-bit identity.
AutoId = BigInteger().with_variant(Integer(), "sqlite")

ID_LENGTH = 40


def _user_fk() -> ForeignKey:
    """A fresh foreign key to the owner (a ForeignKey object belongs to one column)."""
    return ForeignKey("users.id", ondelete="CASCADE")


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {  # noqa: RUF012 (SQLAlchemy reads this class attribute)
        dt.datetime: UtcDateTime(),
        dt.date: Date(),
        dict[str, Any]: JsonDocument,
        list[Any]: JsonDocument,
    }


class User(Base):
    __tablename__ = "users"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    display_name: Mapped[str] = mapped_column(String(100))
    locale: Mapped[str] = mapped_column(String(8))
    units: Mapped[str] = mapped_column(String(4))
    timezone: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime]


class ApiToken(Base):
    """Only the sha256 of a bearer token is kept: a leaked table opens no account."""

    __tablename__ = "api_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(_user_fk(), index=True)
    created_at: Mapped[dt.datetime]


class MemoryItemRow(Base):
    __tablename__ = "memory_items"
    __table_args__ = (
        # The live profile: not invalidated, not expired (eviction is a range on expires_at).
        Index(None, "user_id", "invalidated_at", "expires_at"),
    )

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    user_id: Mapped[str] = mapped_column(_user_fk())
    tier: Mapped[str] = mapped_column(String(32))
    entry: Mapped[dict[str, Any]]
    created_at: Mapped[dt.datetime]
    updated_at: Mapped[dt.datetime]
    invalidated_at: Mapped[dt.datetime | None]
    invalidation_reason: Mapped[str | None] = mapped_column(String(500))
    # Copied from the entry so expiry is an indexed comparison, not a JSON scan.
    expires_at: Mapped[dt.datetime | None]


class MemoryAuditRow(Base):
    """One row per applied mutation, whoever applied it (the coach or the user)."""

    __tablename__ = "memory_audit"
    __table_args__ = (Index(None, "user_id", "applied_at"),)

    id: Mapped[int] = mapped_column(AutoId, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(_user_fk())
    memory_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    operation: Mapped[str] = mapped_column(String(8))
    tier: Mapped[str] = mapped_column(String(32))
    entry: Mapped[dict[str, Any] | None]
    reason: Mapped[str] = mapped_column(String(500))
    source: Mapped[str] = mapped_column(String(16))
    applied_at: Mapped[dt.datetime]


class ProposalRow(Base):
    __tablename__ = "proposals"
    __table_args__ = (Index(None, "user_id", "status"),)

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    user_id: Mapped[str] = mapped_column(_user_fk())
    type: Mapped[str] = mapped_column(String(12))
    target_day: Mapped[str | None] = mapped_column(String(9))
    summary_diff: Mapped[str | None] = mapped_column(Text)
    data: Mapped[dict[str, Any]]
    base_plan_version: Mapped[int | None]
    status: Mapped[str] = mapped_column(String(12))
    result_version: Mapped[int | None]
    created_at: Mapped[dt.datetime]
    decided_at: Mapped[dt.datetime | None]


class PlanVersionRow(Base):
    """Every accepted plan, never updated: the newest version is the user's plan."""

    __tablename__ = "plan_versions"
    __table_args__ = (UniqueConstraint("user_id", "version"),)

    id: Mapped[int] = mapped_column(AutoId, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(_user_fk())
    version: Mapped[int] = mapped_column(Integer)
    week_start_date: Mapped[dt.date]
    plan: Mapped[dict[str, Any]]
    proposal_id: Mapped[str | None] = mapped_column(ForeignKey("proposals.id"))
    created_at: Mapped[dt.datetime]


class WorkoutLogRow(Base):
    __tablename__ = "workout_logs"
    __table_args__ = (
        # NULL keys are distinct on both databases, so logs without a key never collide.
        UniqueConstraint("user_id", "idempotency_key"),
        Index(None, "user_id", "completed_at"),
    )

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    user_id: Mapped[str] = mapped_column(_user_fk())
    idempotency_key: Mapped[str | None] = mapped_column(String(128))
    # sha256 of the canonical request, so a key reused for a different workout is refused.
    request_hash: Mapped[str] = mapped_column(String(64))
    completed_at: Mapped[dt.datetime]
    day: Mapped[str] = mapped_column(String(9))
    local_date: Mapped[dt.date]
    new_prs: Mapped[list[Any]]
    created_at: Mapped[dt.datetime]
    # The import that brought this workout in (DESIGN D11); None for a workout logged here.
    import_id: Mapped[str | None] = mapped_column(String(ID_LENGTH))


class WorkoutSetRow(Base):
    """Sets normalised out of the logs: the analytical tools read only these."""

    __tablename__ = "workout_sets"
    __table_args__ = (
        Index(None, "user_id", "exercise_id", "completed_at"),
        Index(None, "user_id", "completed_at"),
        Index(None, "log_id"),
    )

    id: Mapped[int] = mapped_column(AutoId, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(_user_fk())
    log_id: Mapped[str] = mapped_column(ForeignKey("workout_logs.id", ondelete="CASCADE"))
    exercise_id: Mapped[str] = mapped_column(String(64))
    exercise_position: Mapped[int] = mapped_column(Integer)
    set_index: Mapped[int] = mapped_column(Integer)
    weight_lbs: Mapped[float] = mapped_column(Float)
    reps: Mapped[int] = mapped_column(Integer)
    rpe: Mapped[float | None] = mapped_column(Float)
    # The log's time, copied here so history and volume queries never join.
    completed_at: Mapped[dt.datetime]


class ImportRow(Base):
    """One CSV import (DESIGN D11) and what it brought in."""

    __tablename__ = "imports"
    __table_args__ = (Index(None, "user_id", "created_at"),)

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    user_id: Mapped[str] = mapped_column(_user_fk())
    source: Mapped[str] = mapped_column(String(16))
    workouts: Mapped[int] = mapped_column(Integer)
    sets: Mapped[int] = mapped_column(Integer)
    skipped_duplicates: Mapped[int] = mapped_column(Integer)
    unmapped: Mapped[list[Any]]
    created_at: Mapped[dt.datetime]


class KeptSetRow(Base):
    """Imported sets the analytics must not read, kept as history all the same: warm-ups,
    and sets of exercises outside the catalog (`exercise_id` None, the app's own name kept).
    """

    __tablename__ = "kept_sets"
    __table_args__ = (Index(None, "user_id", "exercise_name"), Index(None, "log_id"))

    id: Mapped[int] = mapped_column(AutoId, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(_user_fk())
    log_id: Mapped[str] = mapped_column(ForeignKey("workout_logs.id", ondelete="CASCADE"))
    exercise_name: Mapped[str] = mapped_column(String(200))
    exercise_id: Mapped[str | None] = mapped_column(String(64))
    exercise_position: Mapped[int] = mapped_column(Integer)
    set_index: Mapped[int] = mapped_column(Integer)
    warmup: Mapped[bool]
    weight_lbs: Mapped[float] = mapped_column(Float)
    reps: Mapped[int] = mapped_column(Integer)
    rpe: Mapped[float | None] = mapped_column(Float)
    completed_at: Mapped[dt.datetime]


class PersonalRecordRow(Base):
    """All-time records per exercise, kept incrementally, plus the latest top set."""

    __tablename__ = "personal_records"

    user_id: Mapped[str] = mapped_column(_user_fk(), primary_key=True)
    exercise_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    records: Mapped[dict[str, Any]]
    # The known load (`analytics.known_loads.known_load`): the top set of the latest session
    # (newest `last_logged_at`, then greatest `last_top_log_id`) whose top set has a load,
    # read in O(1). A weight of 0 means no session has had one yet (bodyweight work only).
    last_top_weight_lbs: Mapped[float] = mapped_column(Float)
    last_top_reps: Mapped[int] = mapped_column(Integer)
    last_top_rpe: Mapped[float | None] = mapped_column(Float)
    last_logged_at: Mapped[dt.datetime]
    last_top_log_id: Mapped[str | None] = mapped_column(String(ID_LENGTH))
    updated_at: Mapped[dt.datetime]


class RecentSessionsRow(Base):
    """Each exercise's newest sessions (`analytics.recent`), kept on every log write beside
    the records, so a plan read's loads (DESIGN D10) are a primary-key read. `sessions` is
    newest first, `[log_id, completed_at (ISO 8601, UTC), [[weight_lbs, reps, rpe], ...]]`
    each; `more` says older sessions exist than those kept."""

    __tablename__ = "recent_sessions"

    user_id: Mapped[str] = mapped_column(_user_fk(), primary_key=True)
    exercise_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    sessions: Mapped[list[Any]]
    more: Mapped[bool]


class DayCompletionRow(Base):
    """Completion is an overlay on the plan, keyed by calendar date: logging never writes
    a plan version, so it never outdates a pending proposal (DESIGN D6)."""

    __tablename__ = "day_completions"

    user_id: Mapped[str] = mapped_column(_user_fk(), primary_key=True)
    date: Mapped[dt.date] = mapped_column(primary_key=True)
    log_id: Mapped[str] = mapped_column(ForeignKey("workout_logs.id", ondelete="CASCADE"))
    completed_at: Mapped[dt.datetime]


class PlanWeekRow(Base):
    """A week's plan as it was first shown (DESIGN D10), and the peak week the training
    block shaped it from. Written the first time the week is read, or by an Accept in it;
    a past week's row is never written again."""

    __tablename__ = "plan_weeks"

    user_id: Mapped[str] = mapped_column(_user_fk(), primary_key=True)
    week_start_date: Mapped[dt.date] = mapped_column(primary_key=True)
    version: Mapped[int] = mapped_column(Integer)  # the plan version it was made from
    plan: Mapped[dict[str, Any]]
    peak: Mapped[dict[str, Any]]
    created_at: Mapped[dt.datetime]


class ChatMessageRow(Base):
    __tablename__ = "chat_messages"
    __table_args__ = (Index(None, "user_id", "id"),)

    id: Mapped[int] = mapped_column(AutoId, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(_user_fk())
    role: Mapped[str] = mapped_column(String(8))
    text: Mapped[str] = mapped_column(Text)
    proposal_id: Mapped[str | None] = mapped_column(String(ID_LENGTH))
    created_at: Mapped[dt.datetime]


class RateLimitRow(Base):
    """One request budget per user and action (GCRA), shared by every API process.

    `tat_us` is the budget's theoretical arrival time in microseconds since the epoch: a
    request is allowed while it is at most the window (minus one interval) ahead of now.
    `denied` is the last decision, so the one upsert that decides can also report it.
    """

    __tablename__ = "rate_limits"

    user_id: Mapped[str] = mapped_column(_user_fk(), primary_key=True)
    action: Mapped[str] = mapped_column(String(16), primary_key=True)
    tat_us: Mapped[int] = mapped_column(BigInteger)
    denied: Mapped[bool]


class ClientRateLimitRow(Base):
    """One request budget per client address and action (GCRA), for the routes that have no
    user yet (sign-up). A row whose `tat_us` is in the past is the same as no row, so stale
    rows are pruned (by `tat_us`) and the table stays the size of the last minute's callers.
    """

    __tablename__ = "client_rate_limits"
    __table_args__ = (Index(None, "tat_us"),)

    client: Mapped[str] = mapped_column(String(64), primary_key=True)
    action: Mapped[str] = mapped_column(String(16), primary_key=True)
    tat_us: Mapped[int] = mapped_column(BigInteger)
    denied: Mapped[bool]


class ContextCacheRow(Base):
    """LLM context caches shared by every API process (filled by the LLM brains)."""

    __tablename__ = "context_caches"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    provider: Mapped[str] = mapped_column(String(32))
    model: Mapped[str] = mapped_column(String(100))
    prompt_hash: Mapped[str] = mapped_column(String(64))
    cache_name: Mapped[str] = mapped_column(String(300))
    expires_at: Mapped[dt.datetime]
    created_at: Mapped[dt.datetime]
    updated_at: Mapped[dt.datetime]
