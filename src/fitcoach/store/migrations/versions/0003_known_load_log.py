"""Known loads skip bodyweight sessions, as the analytics do: the latest top set *with a load*
is kept per exercise, with its log id to order two logs of the same second. Every row is
recomputed from the logged sets: the latest loaded log (newest time, then greatest log id,
as `analytics.known_loads` orders sessions) and its top set. That fixes rows whose kept top
set has no load (a newer bodyweight session overwrote a loaded one, or a back-dated loaded
session was not taken), and gives every loaded row the log id later logs are compared with:
of two logs of the same second, the one kept before was whichever arrived last.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_RECORDS = sa.table(
    "personal_records", sa.column("user_id", sa.String), sa.column("exercise_id", sa.String),
    sa.column("last_top_weight_lbs", sa.Float), sa.column("last_top_reps", sa.Integer),
    sa.column("last_top_rpe", sa.Float), sa.column("last_logged_at", sa.DateTime(timezone=True)),
    sa.column("last_top_log_id", sa.String))
_SETS = sa.table(
    "workout_sets", sa.column("user_id", sa.String), sa.column("exercise_id", sa.String),
    sa.column("log_id", sa.String), sa.column("completed_at", sa.DateTime(timezone=True)),
    sa.column("exercise_position", sa.Integer), sa.column("set_index", sa.Integer),
    sa.column("weight_lbs", sa.Float), sa.column("reps", sa.Integer),
    sa.column("rpe", sa.Float))


def upgrade() -> None:
    op.add_column("personal_records",
                  sa.Column("last_top_log_id", sa.String(length=40), nullable=True))
    connection = op.get_bind()
    kept = connection.execute(sa.select(_RECORDS.c.user_id, _RECORDS.c.exercise_id)).all()
    for user_id, exercise_id in kept:
        mine = (_SETS.c.user_id == user_id, _SETS.c.exercise_id == exercise_id)
        # The latest log with a loaded working set; its top set is the heaviest, then the
        # most reps, then the earliest logged (`analytics.known_loads.top_set`).
        latest = connection.execute(
            sa.select(_SETS.c.log_id, _SETS.c.completed_at)
            .where(*mine, _SETS.c.weight_lbs > 0, _SETS.c.reps >= 1)
            .order_by(_SETS.c.completed_at.desc(), _SETS.c.log_id.desc()).limit(1)).first()
        if latest is None:
            continue
        log_id, completed_at = latest
        top = connection.execute(
            sa.select(_SETS.c.weight_lbs, _SETS.c.reps, _SETS.c.rpe)
            .where(*mine, _SETS.c.log_id == log_id, _SETS.c.reps >= 1)
            .order_by(_SETS.c.weight_lbs.desc(), _SETS.c.reps.desc(),
                      _SETS.c.exercise_position, _SETS.c.set_index).limit(1)).one()
        connection.execute(
            _RECORDS.update()
            .where(_RECORDS.c.user_id == user_id, _RECORDS.c.exercise_id == exercise_id)
            .values(last_top_weight_lbs=top.weight_lbs, last_top_reps=top.reps,
                    last_top_rpe=top.rpe, last_logged_at=completed_at,
                    last_top_log_id=log_id))


def downgrade() -> None:
    with op.batch_alter_table("personal_records") as batch:
        batch.drop_column("last_top_log_id")
