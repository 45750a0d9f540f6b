"""Why an LLM brain could not produce a decision."""

from __future__ import annotations

from collections.abc import Sequence

from fitcoach.brain.decision import DecisionRejected


class AnswerRejected(DecisionRejected, ValueError):
    """The model answered, but not with something we can use (bad JSON, a schema violation,
    an unknown slug or memory id). `problems` are written for the model to read and fix: the
    pipeline hands them back as the repair round's `repair_errors`."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__(list(problems))


class ProviderFailure(RuntimeError):
    """The provider could not be used for this turn (refused request, empty answer, a cache
    that cannot be created); the turn falls back to the embedded brain."""
