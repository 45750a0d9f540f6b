"""Plan edits (DESIGN D1): the operations brains emit, applied by the engine.

`apply_edit`, `apply_edits`, `EditResult`, `EditRejected` and `RejectCode` are loaded on first
use: the generator imports `edits.operations` (its suggestions are operations), so importing
the edit machinery eagerly here would make the two packages import each other.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "apply_edit": "fitcoach.programming.edits.apply",
    "apply_edits": "fitcoach.programming.edits.apply",
    "EditRejected": "fitcoach.programming.edits.result",
    "EditResult": "fitcoach.programming.edits.result",
    "RejectCode": "fitcoach.programming.edits.result",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
