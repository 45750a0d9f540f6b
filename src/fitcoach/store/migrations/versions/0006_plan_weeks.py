"""Each week's plan as it was first shown, and the peak week its training block shaped it
from (DESIGN D10).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Frozen copies of the column types as they were when this migration was written.
JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
ID = sa.String(length=40)


def upgrade() -> None:
    op.create_table(
        "plan_weeks",
        sa.Column("user_id", ID, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("week_start_date", sa.Date(), primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("plan", JSON_DOC, nullable=False),
        sa.Column("peak", JSON_DOC, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("plan_weeks")
