"""Alembic environment for fitcoach's own schema, shipped inside the package.

The service runs migrations itself (`fitcoach db upgrade`, and `fitcoach serve` before it
starts) through `fitcoach.store.migrate`, which hands over a live connection so the database
is configured exactly as the service will use it.
"""

from __future__ import annotations

from typing import Any, Literal

from alembic import context
from sqlalchemy import Connection, text

from fitcoach.store.database import build_engine
from fitcoach.store.models import Base
from fitcoach.store.types import UtcDateTime

# An arbitrary constant: PostgreSQL processes that migrate at the same time queue on it.
_MIGRATION_LOCK_ID = 7_420_001


def _render_item(type_: str, obj: Any, autogen_context: Any) -> str | Literal[False]:
    """Write our column types as plain SQLAlchemy ones, so migrations never import app code."""
    if type_ == "type" and isinstance(obj, UtcDateTime):
        return "sa.DateTime(timezone=True)"
    return False


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters by copying
        compare_type=True,
        render_item=_render_item,
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:id)"),
                               {"id": _MIGRATION_LOCK_ID})
        context.run_migrations()


def run_migrations_online() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = build_engine(context.config.get_main_option("sqlalchemy.url") or "")
    try:
        with engine.connect() as connection:
            _run(connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    raise SystemExit("fitcoach migrations run online only: give a database URL")
run_migrations_online()
