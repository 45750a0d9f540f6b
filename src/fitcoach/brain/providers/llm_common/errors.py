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


REDACTED = "[redacted]"
MIN_SECRET_LENGTH = 8  # shorter "keys" (local servers take anything) are not worth hiding


def without_secrets(error: Exception, secrets: Sequence[str]) -> Exception:
    """`error` itself when its text holds none of `secrets`; otherwise a `ProviderFailure`
    naming the original type, with every secret replaced, and no link to the original."""
    text = str(error)
    hidden = [s for s in secrets if len(s) >= MIN_SECRET_LENGTH and s in text]
    if not hidden:
        return error
    for secret in hidden:
        text = text.replace(secret, REDACTED)
    return ProviderFailure(f"{type(error).__name__}: {text}")
