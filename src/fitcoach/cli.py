"""The `fitcoach` command line."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from fitcoach.cli_chat import chat_command
from fitcoach.cli_data import export_command, import_command
from fitcoach.cli_eval import eval_command

if TYPE_CHECKING:
    import datetime as dt

    from pydantic import ValidationError

    from fitcoach.catalog.vocabulary import Unit
    from fitcoach.programming.generator import GenerationResult
    from fitcoach.programming.validator import Violation
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


# --- fitcoach plan --------------------------------------------------------------------------

GEAR_PRESETS = {
    "bodyweight": (),
    "home-db": ("dumbbells", "flat_bench", "incline_bench"),
    "home": ("dumbbells", "flat_bench", "incline_bench", "pull_up_bar", "ab_wheel"),
    "full-gym": None,  # every tag
}


def _words(values: list[str] | None) -> list[str]:
    return [w.strip().lower().replace("-", "_") for v in values or [] for w in v.split(",")
            if w.strip()]


def _bad(message: str) -> typer.BadParameter:
    return typer.BadParameter(message)


def _parse_days(text: str) -> tuple[tuple | None, int | None]:
    """A count ("4") or weekdays by name or by a prefix only one weekday has ("mon", "th")."""
    from fitcoach.catalog.vocabulary import WEEKDAYS

    if text.strip().isdigit():
        count = int(text)
        if not 1 <= count <= 7:
            raise _bad(f"a week holds 1 to 7 training days; {count} is not one of them "
                       "(give a count such as 3, or weekdays such as mon,wed,fri)")
        return None, count
    days = []
    for word in _words([text]):
        match = [d for d in WEEKDAYS if d.value.startswith(word)]
        if not match:
            raise _bad(f"unknown day {word!r} (monday … sunday, or mon, tue, …)")
        if len(match) > 1:
            names = " or ".join(d.value for d in match)
            raise _bad(f"ambiguous day {word!r}: {names}? Write more of it.")
        if match[0] in days:
            raise _bad(f"{match[0].value} is named twice; name each training day once")
        days.append(match[0])
    if not days:
        raise _bad("name at least one training day (mon,wed,fri) or give a count (3)")
    return tuple(days), None


def _parse_language(text: str) -> str:
    from fitcoach.programming.text.phrasebook import PHRASEBOOK

    language = text.strip().lower()
    if language not in PHRASEBOOK:
        raise _bad(f"unsupported language {text!r} (supported: {', '.join(PHRASEBOOK)})")
    return language


def _parse_week_start(text: str | None) -> dt.date:
    """The given date's week (YYYY-MM-DD; any day stands for its week), or this week."""
    import datetime as dt

    from fitcoach.timekeeping import week_start

    if not text:
        return week_start(dt.date.today())
    try:
        return week_start(dt.date.fromisoformat(text.strip()))
    except ValueError:
        raise _bad(f"week start {text!r} is not a date written YYYY-MM-DD") from None


def _parse_gear(values: list[str]) -> frozenset:
    from fitcoach.catalog.vocabulary import GearTag

    tags: set[GearTag] = set()
    for word in _words(values):
        preset = GEAR_PRESETS.get(word.replace("_", "-"), ())
        if word.replace("_", "-") in GEAR_PRESETS:
            tags |= set(GearTag) if preset is None else {GearTag(t) for t in preset}
            continue
        try:
            tags.add(GearTag(word))
        except ValueError:
            known = ", ".join([*GEAR_PRESETS, *(t.value for t in GearTag)])
            raise _bad(f"unknown gear {word!r} (known: {known})") from None
    return frozenset(tags)


def _parse_weight(text: str | None, unit: str) -> float | None:
    from fitcoach.analytics.units import to_lbs
    from fitcoach.catalog.vocabulary import Unit

    if not text:
        return None
    lowered = text.strip().lower()
    for suffix, given in (("kg", Unit.KG), ("lbs", Unit.LB), ("lb", Unit.LB)):
        if lowered.endswith(suffix):
            return to_lbs(float(lowered.removesuffix(suffix)), given)
    return to_lbs(float(lowered), Unit(unit))


def _parse_enum(kind: type[Enum], values: list[str]) -> tuple:
    expanded = _words(values)
    by_value = {member.value.lower(): member for member in kind}
    unknown = [w for w in expanded if w not in by_value]
    if unknown:
        raise _bad(f"unknown {kind.__name__} {unknown[0]!r} (known: {', '.join(by_value)})")
    return tuple(dict.fromkeys(by_value[w] for w in expanded))


def _parse_groups(values: list[str]) -> tuple:
    """Muscle groups by name or alias (`catalog.vocabulary.MUSCLE_GROUP_ALIASES`: delts, legs…)."""
    from fitcoach.catalog.vocabulary import MuscleGroup, muscle_groups_named

    groups: list[MuscleGroup] = []
    for word in _words(values):
        named = muscle_groups_named(word)
        if not named:
            known = ", ".join(g.value.lower() for g in MuscleGroup)
            raise _bad(f"unknown MuscleGroup {word!r} (known: {known})")
        groups.extend(named)
    return tuple(dict.fromkeys(groups))


def _parse_focus(values: list[str]) -> dict:
    from fitcoach.programming.focus import Focus

    focus = {}
    for item in values or []:
        day, _, name = item.partition("=")
        days, _ = _parse_days(day)
        if not days or not name:
            raise _bad(f"focus {item!r} should look like saturday=arms_shoulders")
        focus[days[0]] = _parse_enum(Focus, [name])[0]
    return focus


def _sentences(error: ValidationError) -> str:
    """A profile's validation errors as plain sentences, without pydantic's codes and links."""
    parts = []
    for problem in error.errors():
        field = ".".join(str(part) for part in problem["loc"]).replace("_", " ")
        message = problem["msg"].removeprefix("Value error, ")
        parts.append(f"{field}: {message}" if field else message)
    return "; ".join(parts)


@app.command("plan")
def plan(
    days: str = typer.Option("4", help="Sessions per week (1-7) or weekdays: mon,wed,fri."),
    minutes: int = typer.Option(45, min=15, max=180, help="Minutes per session."),
    goal: str = typer.Option("hypertrophy",
                             help="hypertrophy, strength, general_fitness or fat_loss."),
    gear: Annotated[list[str] | None, typer.Option(
        help="Gear tags or presets (home-db, home, full-gym, bodyweight); repeat or comma. "
             "Default: home-db.")] = None,
    max_dumbbell: str | None = typer.Option(None, help="Heaviest dumbbell: 50, 50lb or 22kg."),
    priority: Annotated[list[str] | None, typer.Option(
        help="Priority muscle groups: chest,shoulders.")] = None,
    condition: Annotated[list[str] | None, typer.Option(
        help="Chronic body parts to protect: lower_back.")] = None,
    experience: str = typer.Option("intermediate", help="beginner, intermediate, advanced."),
    language: str = typer.Option("en", help="en, es, it, he or ko."),
    unit: str = typer.Option("lb", help="lb or kg, for loads shown and typed."),
    week_start: str | None = typer.Option(None, help="YYYY-MM-DD; default: this week's "
                                                     "Monday."),
    focus: Annotated[list[str] | None, typer.Option(
        help="Day focus, e.g. saturday=arms_shoulders.")] = None,
    as_json: bool = typer.Option(False, "--json", help="Print the seed's weekly plan JSON."),
) -> None:
    """Build a week from a profile given as options and print it (or its JSON)."""
    import json

    from pydantic import ValidationError

    from fitcoach.catalog.vocabulary import BodyPart, Experience, Goal, Unit
    from fitcoach.programming.generator import generate_week
    from fitcoach.programming.profile import ChronicConstraint, Profile
    from fitcoach.programming.validator import validate_week

    language = _parse_language(language)
    start = _parse_week_start(week_start)
    training_days, count = _parse_days(days)
    parts = _parse_enum(BodyPart, condition or [])
    try:
        profile = Profile(
            training_days=training_days, days_per_week=count, minutes_per_session=minutes,
            goal=_parse_enum(Goal, [goal])[0], experience=_parse_enum(Experience, [experience])[0],
            priority_groups=_parse_groups(priority or []),
            gear=_parse_gear(gear or ["home-db"]),
            max_dumbbell_lbs=_parse_weight(max_dumbbell, unit),
            chronic=(ChronicConstraint(body_parts=parts),) if parts else (),
            unit=Unit(unit),
        )
    except ValidationError as error:
        raise _bad(_sentences(error)) from None
    except ValueError as error:
        raise _bad(str(error)) from None
    result = generate_week(profile, start, language, _parse_focus(focus or []))
    if as_json:
        typer.echo(json.dumps(result.plan.model_dump(mode="json"), ensure_ascii=False, indent=2))
        return
    _print_week(result, validate_week(result.plan, profile).warnings, profile.unit)


def _print_week(result: GenerationResult, warnings: tuple[Violation, ...], unit: Unit) -> None:
    from fitcoach.analytics.units import display_weight

    week = result.plan
    console.print(f"[bold]{result.summary_diff}[/bold]")
    console.print(f"{week.theme} — {week.summary.frequency} sessions, "
                  f"{week.summary.total_time_minutes} min, "
                  f"~{week.summary.total_volume_lbs:,} lb of volume")
    for day in week.days.values():
        if not day.is_training_day:
            console.print(f"\n[dim]{day.day_of_week} {day.date}: {day.title}[/dim]")
            continue
        focus = ", ".join(f"{f.muscle.value} {f.intensity}" for f in day.muscle_focus)
        table = Table(title=f"{day.day_of_week} {day.date}: {day.title} "
                            f"({day.duration_minutes} min)",
                      caption=f"{day.focus_tag} · {focus}\n{day.coach_note}",
                      title_justify="left", caption_justify="left")
        for column in ("block", "exercise", "sets × reps", "rest", "RIR", "load"):
            table.add_column(column)
        for block in day.blocks:
            for index, planned in enumerate(block.exercises):
                marker = "└" if index == len(block.exercises) - 1 else "┌"
                label = block.label if index == 0 else ""
                name = f"{marker} {planned.name}" if block.is_superset else planned.name
                load = (f"{display_weight(planned.target_weight_lbs, unit):g} {unit.value}"
                        if planned.target_weight_lbs else "")
                table.add_row(label, name, f"{planned.target_sets} × {planned.target_reps}",
                              f"{planned.rest_seconds}s", str(planned.target_rir or ""), load)
        console.print()
        console.print(table)
        if day.suggested_edits:
            console.print("  [cyan]" + "  ·  ".join(day.suggested_edits) + "[/cyan]")
    if week.suggested_edits:
        console.print("\n[cyan]Suggested: " + "  ·  ".join(week.suggested_edits) + "[/cyan]")
    for gap in result.gaps:
        console.print(f"[yellow]gap:[/yellow] {gap.message}")
    for warning in warnings:
        console.print(f"[yellow]note:[/yellow] {warning.message}")


# The terminal coach and the evaluation suite live in their own modules.
app.command("eval")(eval_command)
app.command("chat")(chat_command)
app.command("import")(import_command)
app.command("export")(export_command)


if __name__ == "__main__":
    app()
