"""Each exercise's newest sessions, kept per (user, exercise) on every log write
(`analytics.recent`), so a plan read's loads are a primary-key read instead of a scan of the
user's sets. Filled here from the logged sets: for every (user, exercise) with sets, the 8
newest sessions (time, then log id), each with its sets in logged order, and whether older
ones exist.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

import datetime as dt
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Frozen copies of the column types and the summary's size as they were when this
# migration was written (a reader handles any number of kept sessions).
_JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
_ID = sa.String(length=40)
_KEPT_SESSIONS = 8

_SETS = sa.table(
    "workout_sets", sa.column("user_id", sa.String), sa.column("exercise_id", sa.String),
    sa.column("log_id", sa.String), sa.column("completed_at", sa.DateTime(timezone=True)),
    sa.column("exercise_position", sa.Integer), sa.column("set_index", sa.Integer),
    sa.column("weight_lbs", sa.Float), sa.column("reps", sa.Integer),
    sa.column("rpe", sa.Float))


def _iso(at: dt.datetime) -> str:
    # SQLite hands back the naive UTC value it stores; PostgreSQL an aware one.
    aware = at.replace(tzinfo=dt.UTC) if at.tzinfo is None else at.astimezone(dt.UTC)
    return aware.isoformat()


def upgrade() -> None:
    table = op.create_table(
        "recent_sessions",
        sa.Column("user_id", _ID, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("exercise_id", sa.String(64), primary_key=True),
        sa.Column("sessions", _JSON_DOC, nullable=False),
        sa.Column("more", sa.Boolean(), nullable=False),
    )
    connection = op.get_bind()
    if connection.dialect.name == "postgresql":
        # A writer of the release before this one (a worker not yet restarted) logging sets
        # while the backfill reads them would leave its sessions out of the summary for good:
        # SHARE mode lets reads go on and makes writers wait for this transaction. (SQLite's
        # migration holds the database's only write lock already.)
        connection.execute(sa.text("LOCK TABLE workout_sets IN SHARE MODE"))
    pairs = connection.execute(
        sa.select(_SETS.c.user_id, _SETS.c.exercise_id).distinct()).all()
    for user_id, exercise_id in pairs:
        mine = (_SETS.c.user_id == user_id, _SETS.c.exercise_id == exercise_id)
        newest = connection.execute(
            sa.select(_SETS.c.log_id, _SETS.c.completed_at).where(*mine).distinct()
            .order_by(_SETS.c.completed_at.desc(), _SETS.c.log_id.desc())
            .limit(_KEPT_SESSIONS + 1)).all()
        kept = newest[:_KEPT_SESSIONS]
        sets = connection.execute(
            sa.select(_SETS.c.log_id, _SETS.c.weight_lbs, _SETS.c.reps, _SETS.c.rpe)
            .where(*mine, _SETS.c.log_id.in_([log_id for log_id, _ in kept]))
            .order_by(_SETS.c.exercise_position, _SETS.c.set_index)).all()
        by_log: dict[str, list[list[object]]] = {}
        for log_id, weight_lbs, reps, rpe in sets:
            by_log.setdefault(log_id, []).append([weight_lbs, reps, rpe])
        connection.execute(table.insert().values(
            user_id=user_id, exercise_id=exercise_id,
            sessions=[[log_id, _iso(at), by_log[log_id]] for log_id, at in kept],
            more=len(newest) > _KEPT_SESSIONS))


def downgrade() -> None:
    op.drop_table("recent_sessions")
