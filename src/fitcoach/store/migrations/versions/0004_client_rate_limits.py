"""Request budgets per client address (sign-up has no user to count against).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "client_rate_limits",
        sa.Column("client", sa.String(64), primary_key=True),
        sa.Column("action", sa.String(16), primary_key=True),
        sa.Column("tat_us", sa.BigInteger(), nullable=False),
        sa.Column("denied", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_client_rate_limits_tat_us", "client_rate_limits", ["tat_us"])


def downgrade() -> None:
    op.drop_index("ix_client_rate_limits_tat_us", table_name="client_rate_limits")
    op.drop_table("client_rate_limits")
