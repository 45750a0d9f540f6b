"""Text a request may carry. PostgreSQL cannot store NUL characters (neither in text nor in
JSONB), so they are refused at the boundary with a clear message instead of failing deep in
a write."""

from __future__ import annotations

from functools import cache
from typing import Any
from zoneinfo import available_timezones

from pydantic import AfterValidator

from fitcoach.catalog import CATALOG


def _without_nul(value: str) -> str:
    if "\x00" in value:
        raise ValueError("text must not contain NUL characters")
    return value


# Place after any length constraints: `Annotated[str, StringConstraints(...), NO_NUL]`.
NO_NUL = AfterValidator(_without_nul)

# The same rules written into the OpenAPI schema (the validators above give the messages),
# so clients and schema-driven fuzzers know what is accepted.
VISIBLE_TEXT_PATTERN = r"^[^\x00]*[^\s\x00][^\x00]*$"  # and not only spaces


def visible_text_schema(schema: dict[str, Any]) -> None:
    schema["pattern"] = VISIBLE_TEXT_PATTERN


def exercise_slug_schema(schema: dict[str, Any]) -> None:
    schema["enum"] = list(CATALOG.slugs)


@cache
def _zone_names() -> list[str]:
    return sorted(available_timezones())


def timezone_schema(schema: dict[str, Any]) -> None:
    schema["enum"] = _zone_names()
