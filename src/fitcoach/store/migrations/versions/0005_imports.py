"""Imports from other apps (DESIGN D11): one row per import, the import a workout came
from, and the imported sets the analytics must not read (warm-ups, exercises outside the
catalog), kept as the user's history.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Frozen copies of the column types as they were when this migration was written.
_AUTO_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
_ID = sa.String(length=40)


def _timestamp(name: str) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=False)


def _owner() -> sa.Column:
    return sa.Column("user_id", _ID, sa.ForeignKey("users.id", ondelete="CASCADE"),
                     nullable=False)


def upgrade() -> None:
    op.create_table(
        "imports",
        sa.Column("id", _ID, primary_key=True),
        _owner(),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("workouts", sa.Integer(), nullable=False),
        sa.Column("sets", sa.Integer(), nullable=False),
        sa.Column("skipped_duplicates", sa.Integer(), nullable=False),
        sa.Column("unmapped", _JSON_DOC, nullable=False),
        _timestamp("created_at"),
    )
    op.create_index("ix_imports_user_id_created_at", "imports", ["user_id", "created_at"])
    op.create_table(
        "kept_sets",
        sa.Column("id", _AUTO_ID, primary_key=True, autoincrement=True),
        _owner(),
        sa.Column("log_id", _ID, sa.ForeignKey("workout_logs.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("exercise_name", sa.String(200), nullable=False),
        sa.Column("exercise_id", sa.String(64), nullable=True),
        sa.Column("exercise_position", sa.Integer(), nullable=False),
        sa.Column("set_index", sa.Integer(), nullable=False),
        sa.Column("warmup", sa.Boolean(), nullable=False),
        sa.Column("weight_lbs", sa.Float(), nullable=False),
        sa.Column("reps", sa.Integer(), nullable=False),
        sa.Column("rpe", sa.Float(), nullable=True),
        _timestamp("completed_at"),
    )
    op.create_index("ix_kept_sets_user_id_exercise_name", "kept_sets",
                    ["user_id", "exercise_name"])
    op.create_index("ix_kept_sets_log_id", "kept_sets", ["log_id"])
    op.add_column("workout_logs", sa.Column("import_id", _ID, nullable=True))


def downgrade() -> None:
    # Natively, not in batch mode: SQLite's batch mode copies and drops workout_logs, and
    # with foreign keys on the drop cascades to every set and completion (SQLite >= 3.35
    # drops a plain column in place; PostgreSQL always does).
    op.drop_column("workout_logs", "import_id")
    op.drop_index("ix_kept_sets_log_id", table_name="kept_sets")
    op.drop_index("ix_kept_sets_user_id_exercise_name", table_name="kept_sets")
    op.drop_table("kept_sets")
    op.drop_index("ix_imports_user_id_created_at", table_name="imports")
    op.drop_table("imports")
