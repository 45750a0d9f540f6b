"""The `fitcoach` command line."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer
from rich.console import Console
from rich.table import Table

if TYPE_CHECKING:
    from fitcoach.settings import Settings

app = typer.Typer(help="fitcoach: an AI personal trainer that obeys programming science.",
                  no_args_is_help=True)
console = Console()


@app.command("exercises")
def list_exercises() -> None:
    """List the exercise encyclopedia: slug, name, gear and sequencing priority."""
    from fitcoach.catalog import CATALOG

    table = Table("slug", "name", "gear", "type", "priority")
    for exercise in CATALOG:
        table.add_row(exercise.slug, exercise.name, exercise.gear_text, exercise.type.value,
                      str(exercise.priority))
    console.print(table)


db_app = typer.Typer(help="Database maintenance.", no_args_is_help=True)
app.add_typer(db_app, name="db")


def _service_settings(db: str | None = None, host: str | None = None,
                      port: int | None = None) -> Settings:
    """Settings from FITCOACH_* and the options; nonsense stops here with its reason."""
    from pydantic import ValidationError

    from fitcoach.api.server import settings_with

    try:
        return settings_with(db=db, host=host, port=port)
    except ValidationError as error:
        console.print(f"[red]invalid settings:[/red] {error}")
        raise typer.Exit(code=2) from None


@app.command("serve")
def serve(
    host: str | None = typer.Option(None, help="Interface to bind (FITCOACH_HOST)."),
    port: int | None = typer.Option(None, help="Port to listen on (FITCOACH_PORT)."),
    db: str | None = typer.Option(None, help="Database URL (FITCOACH_DB); SQLite in the "
                                             "working directory by default."),
    workers: int = typer.Option(1, min=1, max=64, help="uvicorn worker processes."),
) -> None:
    """Run the HTTP service (and the web client at /), migrating the database first."""
    from fitcoach.api import server

    settings = _service_settings(db, host, port)
    console.print(f"fitcoach on http://{settings.host}:{settings.port} "
                  f"(brain: {settings.brain}, database: {server.printable_url(settings.db)})")
    server.serve(settings, workers=workers)


@db_app.command("upgrade")
def db_upgrade(
    db: str | None = typer.Option(None, help="Database URL (FITCOACH_DB)."),
) -> None:
    """Apply the shipped migrations: the database gets the newest schema."""
    from fitcoach.api import server

    settings = _service_settings(db)
    server.upgrade_database(settings)
    console.print(f"{server.printable_url(settings.db)} is at the newest schema")


if __name__ == "__main__":
    app()
