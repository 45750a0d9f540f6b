"""Per-user request budgets (rate limits) shared by every API process.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "rate_limits",
        sa.Column("user_id", sa.String(length=40),
                  sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("action", sa.String(16), primary_key=True),
        sa.Column("tat_us", sa.BigInteger(), nullable=False),
        sa.Column("denied", sa.Boolean(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rate_limits")
