"""Text a request may carry. PostgreSQL cannot store NUL characters (neither in text nor in
JSONB), so they are refused at the boundary with a clear message instead of failing deep in
a write."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator


def _without_nul(value: str) -> str:
    if "\x00" in value:
        raise ValueError("text must not contain NUL characters")
    return value


# Place after any length constraints: `Annotated[str, StringConstraints(...), NO_NUL]`.
NO_NUL = AfterValidator(_without_nul)
CleanText = Annotated[str, NO_NUL]
