"""`fitcoach chat`: talk to the coach in the terminal: one user of the application service,
its store (SQLite) kept in memory for the session."""

from __future__ import annotations

import datetime as dt
from typing import Annotated
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import typer
from rich.console import Console
from rich.text import Text

from fitcoach.brain.ports import Locale
from fitcoach.catalog.vocabulary import Unit
from fitcoach.settings import BrainName

console = Console()


def _refuse(locale: Locale, key: str, **values: object) -> typer.Exit:
    """Say why the chat cannot start, in the user's language; the exit to raise."""
    from fitcoach.terminal.labels import say

    console.print(Text(say(locale, key, **values), style="red"))
    return typer.Exit(code=2)


def _fixed_time(now: str | None, zone: str, locale: Locale = Locale.EN) -> dt.datetime | None:
    if now is None:
        return None
    try:
        moment = dt.datetime.fromisoformat(now.replace("Z", "+00:00"))
    except ValueError:
        raise _refuse(locale, "bad_now", now=repr(now)) from None
    return moment if moment.tzinfo else moment.replace(tzinfo=ZoneInfo(zone))


def chat_command(
    locale: Annotated[Locale, typer.Option("--locale", help="Your language.")] = Locale.EN,
    unit: Annotated[Unit, typer.Option(
        "--unit", help="The unit you see and type loads in.")] = Unit.LB,
    timezone: Annotated[str, typer.Option(
        "--timezone", help="IANA zone, e.g. Europe/Madrid.")] = "UTC",
    brain: Annotated[BrainName | None, typer.Option(
        "--brain", help="embedded, gemini or openai; default: FITCOACH_BRAIN, else a "
                        "configured Gemini key or OpenAI-compatible URL, else embedded.")] = None,
    now: Annotated[str | None, typer.Option(
        "--now", help="Pretend the clock stands still at this ISO time (demos, tests).")] = None,
) -> None:
    """Chat with the coach: onboarding, staged proposals to /accept, memory, logs."""
    from pydantic import ValidationError

    from fitcoach.brain.factory import BrainConfigurationError, build_brain
    from fitcoach.brain.ports import UserSettings
    from fitcoach.local.coach import LocalCoach, utc_now
    from fitcoach.settings import Settings
    from fitcoach.terminal.repl import TerminalCoach

    try:
        ZoneInfo(timezone)
    except (ZoneInfoNotFoundError, ValueError):
        raise _refuse(locale, "bad_zone", zone=repr(timezone)) from None
    fixed = _fixed_time(now, timezone, locale)
    try:
        settings = Settings(brain=brain) if brain is not None else Settings()
        primary, fallback = build_brain(settings)
    except (BrainConfigurationError, ValidationError) as error:
        raise _refuse(locale, "cannot_start", error=error) from None
    clock = utc_now if fixed is None else (lambda: fixed)
    session = LocalCoach.sign_up(
        UserSettings(user_id="terminal", locale=locale, units=unit, timezone=timezone),
        primary, fallback, clock=clock)
    TerminalCoach(session=session, console=console).run()
