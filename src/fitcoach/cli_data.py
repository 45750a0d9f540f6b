"""`fitcoach import` and `fitcoach export` (DESIGN D11): a user's history in and out from
the command line, through the same application code as `POST /api/imports` and
`GET /api/export[/logs.csv]`, on the service's database.

The user is named by their API token (`--token`, or `FITCOACH_TOKEN`), as the HTTP routes
name them, so the command line reaches no data the token does not. Errors are one line on
stderr with a non-zero exit: 2 for a bad option or token, 1 for a file the import refuses
(the message names the line) or a database without the schema.
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from fitcoach.brain.ports import UserSettings
    from fitcoach.store.database import Database

TOKEN_HELP = "Your API token (POST /api/users gave it; FITCOACH_TOKEN)."
DB_HELP = "Database URL (FITCOACH_DB); SQLite in the working directory by default."


def _fail(message: str, code: int = 1) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code=code)


def _open(db: str | None) -> Database:
    from pydantic import ValidationError

    from fitcoach.api.server import settings_with
    from fitcoach.store.database import Database

    try:
        settings = settings_with(db=db)
    except ValidationError as error:
        raise _fail(f"invalid settings: {error}", 2) from None
    return Database(settings.db)


def _caller(database: Database, token: str | None) -> UserSettings:
    from sqlalchemy.exc import OperationalError, ProgrammingError

    from fitcoach.api.auth import hash_token
    from fitcoach.api.users.repository import UserRepository

    if not token:
        raise _fail("no token: pass --token or set FITCOACH_TOKEN", 2)
    try:
        with database.read() as session:
            caller = UserRepository(session).by_token_hash(hash_token(token))
    except (OperationalError, ProgrammingError):
        raise _fail("the database has no fitcoach schema: run `fitcoach db upgrade`") from None
    if caller is None:
        raise _fail("no user has that token", 2)
    return caller


def import_command(
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False, readable=True,
                                         help="The CSV export of Strong or Hevy.")],
    source: str = typer.Option(..., "--source", help="strong or hevy: the app that wrote it."),
    unit: str | None = typer.Option(None, help="kg or lb, for a file that does not say "
                                               "(Strong's current export); default: yours."),
    token: str | None = typer.Option(None, envvar="FITCOACH_TOKEN", help=TOKEN_HELP),
    db: str | None = typer.Option(None, help=DB_HELP),
) -> None:
    """Bring a Strong or Hevy CSV export into your history, all or nothing; the same rows
    imported again add nothing."""
    from fitcoach.api.errors import FitcoachError
    from fitcoach.api.imports.endpoints import MAX_IMPORT_BYTES
    from fitcoach.api.imports.formats import Source
    from fitcoach.api.imports.service import import_csv
    from fitcoach.catalog.vocabulary import Unit

    try:
        app_source = Source(source.lower())
    except ValueError:
        raise _fail(f"--source {source!r}: use strong or hevy", 2) from None
    try:
        file_unit = Unit(unit.lower()) if unit else None
    except ValueError:
        raise _fail(f"--unit {unit!r}: use kg or lb", 2) from None
    if file.stat().st_size > MAX_IMPORT_BYTES:
        raise _fail(f"{file} is larger than {MAX_IMPORT_BYTES} bytes, the import's limit")
    database = _open(db)
    try:
        caller = _caller(database, token)
        try:
            result = import_csv(database, caller, app_source, file.read_bytes(), file_unit,
                                dt.datetime.now(dt.UTC))
        except FitcoachError as error:
            raise _fail(f"{file}: {error.message}; nothing was imported") from None
    finally:
        database.dispose()
    typer.echo(f"imported {result.workouts} workouts, {result.sets} sets "
               f"({result.warmup_sets} warm-ups); {result.skipped_duplicates} sets were "
               f"already in your history (import {result.import_id})")
    for unmapped in result.unmapped:
        typer.echo(f"kept, not in the catalog: {unmapped.name} ({unmapped.sets} sets)")


def export_command(
    logs_csv: bool = typer.Option(False, "--logs-csv",
                                  help="Only the logs, in Strong's CSV layout."),
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", dir_okay=False, help="Write here instead of standard output.")] = None,
    token: str | None = typer.Option(None, envvar="FITCOACH_TOKEN", help=TOKEN_HELP),
    db: str | None = typer.Option(None, help=DB_HELP),
) -> None:
    """Everything you have (profile, memory with its audit trail, plans, proposals, logs,
    records, imports) as JSON, as GET /api/export gives it; or your logs as CSV."""
    from fastapi.encoders import jsonable_encoder

    from fitcoach.api.export.service import export_all, export_logs_csv

    database = _open(db)
    try:
        caller = _caller(database, token)
        if logs_csv:
            text = export_logs_csv(database, caller)
        else:
            data = export_all(database, caller, dt.datetime.now(dt.UTC))
            text = json.dumps(jsonable_encoder(data), ensure_ascii=False, indent=1) + "\n"
    finally:
        database.dispose()
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        raise _fail(f"cannot write {output}: {error.strerror}") from None
    typer.echo(f"wrote {output}", err=True)
