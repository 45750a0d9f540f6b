"""Prebuilt Core statements run straight on SQLite's cursor, inside the session's transaction.

A chat turn runs about a dozen small statements (the snapshot's reads, the chat lines, the
prune), each a few microseconds of SQLite's own work; through `Connection.execute` each also
costs SQLAlchemy's execution context, cache lookup, parameter processing, result wrapping
and the session's `connection()` (docs/performance.md: ~19 µs a statement against ~1.7 µs on
the driver's cursor, and about half of the snapshot's CPU). `run` compiles a statement once
for the dialect (its SQL text, the order of its parameters, each parameter's and result
column's type processing) and then only binds, executes and converts, on the DBAPI
connection of the session's own transaction: the same SQL, the same transaction, the same
values in and out as `session.connection().execute(statement, params)`.

Taken only where nothing would notice the difference:

- on SQLite (PostgreSQL keeps SQLAlchemy's path: a network round trip dwarfs its cost);
- when no one listens to the engine's statement events (`before_cursor_execute`,
  `after_cursor_execute`: instrumentation, and the statement budget tests, which then see
  exactly the statements that run);
- for statements whose compiled form needs nothing SQLAlchemy computes per execution (no
  expanding `IN`, no Python-side column default, no RETURNING); others fall back.

Errors come back as SQLAlchemy's (`DBAPIError.instance`): a lock held past the busy timeout
is still an `OperationalError`, answered 503.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import exc
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import Session
from sqlalchemy.sql import ClauseElement, Executable
from sqlalchemy.sql.compiler import SQLCompiler

Processor = Callable[[Any], Any] | None


@dataclass(frozen=True, slots=True)
class _Plan:
    sql: str
    # Per positional parameter: the key in the caller's parameters (None: a literal bound
    # in the statement itself, `literal`), and its type's bind processor.
    keys: tuple[str | None, ...]
    literals: tuple[Any, ...]
    binds: tuple[Processor, ...]
    results: tuple[Processor, ...] | None  # None: no result columns need processing


_PLANS: dict[tuple[int, frozenset[str] | None], _Plan | None] = {}
_KEEP: dict[int, Executable] = {}  # keeps each planned statement alive (its id is the key)


def _plan(statement: Executable, dialect: Dialect, columns: frozenset[str] | None
          ) -> _Plan | None:
    compiled = cast(ClauseElement, statement).compile(dialect=dialect, column_keys=(
        sorted(columns) if columns is not None else None))
    if not isinstance(compiled, SQLCompiler) or compiled.positiontup is None:
        return None
    if any(getattr(compiled, name, None) for name in (
            "insert_prefetch", "update_prefetch", "postfetch", "effective_returning",
            "literal_execute_params", "post_compile_params")):
        return None
    keys: list[str | None] = []
    literals: list[Any] = []
    binds: list[Processor] = []
    for name in compiled.positiontup:
        bind = compiled.binds[name]
        if bind.expanding or bind.callable is not None:
            return None
        literal = not bind.required
        keys.append(None if literal else bind.key)
        literals.append(bind.value if literal else None)
        binds.append(bind.type._cached_bind_processor(dialect))
    results: tuple[Processor, ...] | None = None
    if compiled._result_columns:
        processors = tuple(column[3]._cached_result_processor(dialect, None)
                           for column in compiled._result_columns)
        results = processors if any(processors) else None
    return _Plan(compiled.string, tuple(keys), tuple(literals), tuple(binds), results)


def _planned(statement: Executable, dialect: Dialect, columns: frozenset[str] | None
             ) -> _Plan | None:
    key = (id(statement), columns)
    try:
        return _PLANS[key]
    except KeyError:
        pass
    plan = _plan(statement, dialect, columns)
    _KEEP[id(statement)] = statement
    _PLANS[key] = plan
    return plan


def _arguments(plan: _Plan, params: Mapping[str, Any]) -> tuple[Any, ...]:
    values = []
    for key, literal, process in zip(plan.keys, plan.literals, plan.binds, strict=True):
        value = literal if key is None else params[key]
        values.append(value if process is None or value is None else process(value))
    return tuple(values)


_DRIVER_KEY = "fitcoach_lean_driver"


def _driver(session: Session) -> tuple[Any, Dialect] | None:
    """The session's DBAPI connection in its transaction and the dialect, or None where
    `run` must not be used (not SQLite, or someone listens to statement events). Found
    once per transaction (`Session.connection()` is itself a good part of a statement's
    cost) and kept in the session's `info`."""
    transaction = session.get_transaction()
    cached = session.info.get(_DRIVER_KEY)
    if cached is None or transaction is None or cached[0] is not transaction:
        connection = session.connection()
        engine = connection.engine
        driver = (connection.connection.driver_connection
                  if engine.dialect.name == "sqlite" else None)
        cached = (session.get_transaction(), engine, driver)
        session.info[_DRIVER_KEY] = cached
    _, engine, driver = cached
    if driver is None:
        return None
    dispatch = engine.dispatch
    if dispatch.before_cursor_execute or dispatch.after_cursor_execute:
        return None
    return driver, engine.dialect


def _convert(plan: _Plan, rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    if plan.results is None:
        return rows
    converting = [(index, process) for index, process in enumerate(plan.results)
                  if process is not None]
    converted = []
    for row in rows:
        values = list(row)
        for index, process in converting:
            value = values[index]
            if value is not None:
                values[index] = process(value)
        converted.append(tuple(values))
    return converted


def _wrapped(error: sqlite3.Error, plan: _Plan, dialect: Dialect) -> exc.StatementError:
    dbapi: Any = dialect.loaded_dbapi
    return exc.DBAPIError.instance(plan.sql, None, error, dbapi.Error, dialect=dialect)


def rows(session: Session, statement: Executable, params: Mapping[str, Any]
         ) -> list[tuple[Any, ...]]:
    """Every row of a SELECT, as tuples of processed values (as `Result.tuples().all()`)."""
    found = _driver(session)
    plan = None if found is None else _planned(statement, found[1], None)
    if found is None or plan is None:
        return [tuple(row) for row in session.connection().execute(statement, params)]
    driver, dialect = found
    try:
        fetched = driver.execute(plan.sql, _arguments(plan, params)).fetchall()
    except sqlite3.Error as error:
        raise _wrapped(error, plan, dialect) from error
    return _convert(plan, fetched)


def execute(session: Session, statement: Executable, params: Mapping[str, Any]) -> None:
    """A statement whose result is not read (UPDATE, DELETE)."""
    found = _driver(session)
    plan = None if found is None else _planned(statement, found[1], None)
    if found is None or plan is None:
        session.connection().execute(statement, params)
        return
    driver, dialect = found
    try:
        driver.execute(plan.sql, _arguments(plan, params)).close()
    except sqlite3.Error as error:
        raise _wrapped(error, plan, dialect) from error


def insert_many(session: Session, statement: Executable,
                records: Sequence[Mapping[str, Any]]) -> None:
    """An INSERT of these rows (every row with the same keys), as `executemany`."""
    if not records:
        return
    found = _driver(session)
    columns = frozenset(records[0])
    plan = (None if found is None or any(frozenset(r) != columns for r in records)
            else _planned(statement, found[1], columns))
    if found is None or plan is None:
        session.connection().execute(statement, list(records))
        return
    driver, dialect = found
    try:
        driver.executemany(plan.sql, [_arguments(plan, r) for r in records]).close()
    except sqlite3.Error as error:
        raise _wrapped(error, plan, dialect) from error


def scalar(session: Session, statement: Executable, params: Mapping[str, Any]) -> Any:
    """The first column of the first row, or None (as `Connection.scalar`)."""
    found = rows(session, statement, params)
    return found[0][0] if found else None
