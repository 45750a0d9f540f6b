"""A store for the in-process service: SQLite in this process's memory, with the schema the
same migrations build for a server's database (`fitcoach db upgrade`).

An in-memory database can be copied whole (SQLite's online backup), which is how a run of
many short-lived users (the evaluation suite: one user per case, many cases from one
starting state) stays cheap: the schema is migrated once per process, a starting state is
written once through the service and copied for each case, and all of it runs on one
engine, whose compiled statements are reused from case to case as a server's are from
request to request.
"""

from __future__ import annotations

import sqlite3
from functools import cache
from typing import cast

from fitcoach.api.plans.cache import PLANS
from fitcoach.api.plans.materialise import WEEKS
from fitcoach.store.database import Database
from fitcoach.store.migrate import upgrade
from fitcoach.store.models import Base

IN_MEMORY = "sqlite://"
Snapshot = sqlite3.Connection  # a database's copy, held in a bare in-memory connection


def _driver(database: Database) -> tuple[sqlite3.Connection, object]:
    """The one connection of an in-memory database (static pool), and its pool proxy."""
    proxy = database.engine.raw_connection()
    return cast(sqlite3.Connection, proxy.driver_connection), proxy


def snapshot(database: Database) -> Snapshot:
    """A copy of everything in the database, as it is (no transaction may be open)."""
    copy = sqlite3.connect(":memory:", check_same_thread=False)
    connection, proxy = _driver(database)
    try:
        connection.backup(copy)
    finally:
        proxy.close()  # type: ignore[attr-defined]  # back to the pool, still open
    return copy


def restore(database: Database, copy: Snapshot) -> None:
    """Make the database exactly the copy (what it held before is gone)."""
    connection, proxy = _driver(database)
    try:
        copy.backup(connection)
    finally:
        proxy.close()  # type: ignore[attr-defined]


@cache
def _empty_schema() -> Snapshot:
    """The migrated, empty schema: the migrations run once per process (~30 ms), a copy
    of their result costs well under a millisecond."""
    template = Database(IN_MEMORY)
    try:
        upgrade(template)
        return snapshot(template)
    finally:
        template.dispose()


def in_memory_database() -> Database:
    """An empty, migrated database that lives as long as the returned object (one shared
    connection: `store.database` gives an in-memory SQLite a static pool)."""
    database = Database(IN_MEMORY)
    restore(database, _empty_schema())
    # The parsed-plan caches are process-wide and keyed by (user id, version): a new
    # database may reuse a user id an earlier one had (a fixed id stem, in tests), whose
    # cached plans would then be served as this one's.
    PLANS.clear()
    WEEKS.clear()
    return database


def empty(database: Database) -> None:
    """Empty an in-memory database back to the migrated schema, on the same engine."""
    restore(database, _empty_schema())


# Every table that holds a user's rows names them by `user_id`.
_OWNED = tuple(table.name for table in Base.metadata.sorted_tables if "user_id" in table.c)


def rename_user(database: Database, old: str, new: str) -> None:
    """Give a user and every row of theirs a new id, in one transaction. A copied state
    (`restore`) gets a new user each time: the service's parsed-plan caches are keyed by
    user id and version (`api/plans/cache.py`), so two copies must never share an id.

    On the driver's connection, like the copy itself: a dozen fixed statements, which
    through the ORM would cost more than the turn that follows."""
    connection, proxy = _driver(database)
    try:
        connection.execute("BEGIN IMMEDIATE")
        try:
            # The rows point at the user; checked at commit, when all of them point at `new`.
            connection.execute("PRAGMA defer_foreign_keys = ON")
            connection.execute("UPDATE users SET id = ? WHERE id = ?", (new, old))
            for table in _OWNED:  # names from our own metadata, not from input
                connection.execute(f"UPDATE {table} SET user_id = ? WHERE user_id = ?",
                                   (new, old))
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
    finally:
        proxy.close()  # type: ignore[attr-defined]
