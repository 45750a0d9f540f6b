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
# Blank means every character is one of these: what Python's `str.isspace` calls space and
# what an ECMAScript `\s` matches (which adds U+FEFF and drops U+001C-U+001F and U+0085). The
# class is spelt out because `\s` means different things to the server and to clients.
BLANK_CHARACTERS = frozenset(
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680"
    + "".join(chr(c) for c in range(0x2000, 0x200B))
    + "\u2028\u2029\u202f\u205f\u3000\ufeff")
_BLANK_CLASS = "".join(f"\\u{ord(c):04x}" for c in sorted(BLANK_CHARACTERS))
VISIBLE_TEXT_PATTERN = rf"^[^\x00]*[^\x00{_BLANK_CLASS}][^\x00]*$"  # and not only blanks


def is_blank(value: str) -> bool:
    """True when the text has no visible character (the schema's pattern refuses it too)."""
    return all(character in BLANK_CHARACTERS for character in value)


def visible_text_schema(schema: dict[str, Any]) -> None:
    schema["pattern"] = VISIBLE_TEXT_PATTERN


def exercise_slug_schema(schema: dict[str, Any]) -> None:
    schema["enum"] = list(CATALOG.slugs)


@cache
def _zone_names() -> list[str]:
    return sorted(available_timezones())


def timezone_schema(schema: dict[str, Any]) -> None:
    schema["enum"] = _zone_names()
