"""The `fitcoach` command line."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

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


if __name__ == "__main__":
    app()
