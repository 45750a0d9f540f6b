"""Initial schema: users and tokens, memory and its audit, proposals and plan versions,
workout logs and sets, personal records, day completions, chat messages, context caches.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Frozen copies of the column types as they were when this migration was written.
AUTO_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
ID = sa.String(length=40)


def _timestamp(name: str, *, nullable: bool = False) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def _owner() -> sa.Column:
    return sa.Column("user_id", ID, sa.ForeignKey("users.id", ondelete="CASCADE"),
                     nullable=False)


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", ID, primary_key=True),
        sa.Column("display_name", sa.String(100), nullable=False),
        sa.Column("locale", sa.String(8), nullable=False),
        sa.Column("units", sa.String(4), nullable=False),
        sa.Column("timezone", sa.String(64), nullable=False),
        _timestamp("created_at"),
    )
    op.create_table(
        "api_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        _owner(),
        _timestamp("created_at"),
    )
    op.create_index("ix_api_tokens_user_id", "api_tokens", ["user_id"])

    op.create_table(
        "memory_items",
        sa.Column("id", ID, primary_key=True),
        _owner(),
        sa.Column("tier", sa.String(32), nullable=False),
        sa.Column("entry", JSON_DOC, nullable=False),
        _timestamp("created_at"),
        _timestamp("updated_at"),
        _timestamp("invalidated_at", nullable=True),
        sa.Column("invalidation_reason", sa.String(500), nullable=True),
        _timestamp("expires_at", nullable=True),
    )
    op.create_index("ix_memory_items_user_id_invalidated_at_expires_at", "memory_items",
                    ["user_id", "invalidated_at", "expires_at"])
    op.create_table(
        "memory_audit",
        sa.Column("id", AUTO_ID, primary_key=True, autoincrement=True),
        _owner(),
        sa.Column("memory_id", ID, nullable=False),
        sa.Column("operation", sa.String(8), nullable=False),
        sa.Column("tier", sa.String(32), nullable=False),
        sa.Column("entry", JSON_DOC, nullable=True),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        _timestamp("applied_at"),
    )
    op.create_index("ix_memory_audit_user_id_applied_at", "memory_audit",
                    ["user_id", "applied_at"])

    op.create_table(
        "proposals",
        sa.Column("id", ID, primary_key=True),
        _owner(),
        sa.Column("type", sa.String(12), nullable=False),
        sa.Column("target_day", sa.String(9), nullable=True),
        sa.Column("summary_diff", sa.Text(), nullable=True),
        sa.Column("data", JSON_DOC, nullable=False),
        sa.Column("base_plan_version", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("result_version", sa.Integer(), nullable=True),
        _timestamp("created_at"),
        _timestamp("decided_at", nullable=True),
    )
    op.create_index("ix_proposals_user_id_status", "proposals", ["user_id", "status"])
    op.create_table(
        "plan_versions",
        sa.Column("id", AUTO_ID, primary_key=True, autoincrement=True),
        _owner(),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("week_start_date", sa.Date(), nullable=False),
        sa.Column("plan", JSON_DOC, nullable=False),
        sa.Column("proposal_id", ID, sa.ForeignKey("proposals.id"), nullable=True),
        _timestamp("created_at"),
        sa.UniqueConstraint("user_id", "version", name="uq_plan_versions_user_id_version"),
    )

    op.create_table(
        "workout_logs",
        sa.Column("id", ID, primary_key=True),
        _owner(),
        sa.Column("idempotency_key", sa.String(128), nullable=True),
        sa.Column("request_hash", sa.String(64), nullable=False),
        _timestamp("completed_at"),
        sa.Column("day", sa.String(9), nullable=False),
        sa.Column("local_date", sa.Date(), nullable=False),
        sa.Column("new_prs", JSON_DOC, nullable=False),
        _timestamp("created_at"),
        sa.UniqueConstraint("user_id", "idempotency_key",
                            name="uq_workout_logs_user_id_idempotency_key"),
    )
    op.create_index("ix_workout_logs_user_id_completed_at", "workout_logs",
                    ["user_id", "completed_at"])
    op.create_table(
        "workout_sets",
        sa.Column("id", AUTO_ID, primary_key=True, autoincrement=True),
        _owner(),
        sa.Column("log_id", ID, sa.ForeignKey("workout_logs.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("exercise_id", sa.String(64), nullable=False),
        sa.Column("exercise_position", sa.Integer(), nullable=False),
        sa.Column("set_index", sa.Integer(), nullable=False),
        sa.Column("weight_lbs", sa.Float(), nullable=False),
        sa.Column("reps", sa.Integer(), nullable=False),
        sa.Column("rpe", sa.Float(), nullable=True),
        _timestamp("completed_at"),
    )
    op.create_index("ix_workout_sets_user_id_exercise_id_completed_at", "workout_sets",
                    ["user_id", "exercise_id", "completed_at"])
    op.create_index("ix_workout_sets_user_id_completed_at", "workout_sets",
                    ["user_id", "completed_at"])
    op.create_index("ix_workout_sets_log_id", "workout_sets", ["log_id"])
    op.create_table(
        "personal_records",
        sa.Column("user_id", ID, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("exercise_id", sa.String(64), primary_key=True),
        sa.Column("records", JSON_DOC, nullable=False),
        sa.Column("last_top_weight_lbs", sa.Float(), nullable=False),
        sa.Column("last_top_reps", sa.Integer(), nullable=False),
        sa.Column("last_top_rpe", sa.Float(), nullable=True),
        _timestamp("last_logged_at"),
        _timestamp("updated_at"),
    )
    op.create_table(
        "day_completions",
        sa.Column("user_id", ID, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("date", sa.Date(), primary_key=True),
        sa.Column("log_id", ID, sa.ForeignKey("workout_logs.id", ondelete="CASCADE"),
                  nullable=False),
        _timestamp("completed_at"),
    )

    op.create_table(
        "chat_messages",
        sa.Column("id", AUTO_ID, primary_key=True, autoincrement=True),
        _owner(),
        sa.Column("role", sa.String(8), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("proposal_id", ID, nullable=True),
        _timestamp("created_at"),
    )
    op.create_index("ix_chat_messages_user_id_id", "chat_messages", ["user_id", "id"])
    op.create_table(
        "context_caches",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("provider", sa.String(32), nullable=False),
        sa.Column("model", sa.String(100), nullable=False),
        sa.Column("prompt_hash", sa.String(64), nullable=False),
        sa.Column("cache_name", sa.String(300), nullable=False),
        _timestamp("expires_at"),
        _timestamp("created_at"),
        _timestamp("updated_at"),
    )


def downgrade() -> None:
    for table in ("context_caches", "chat_messages", "day_completions", "personal_records",
                  "workout_sets", "workout_logs", "plan_versions", "proposals",
                  "memory_audit", "memory_items", "api_tokens", "users"):
        op.drop_table(table)
