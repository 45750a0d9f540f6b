"""Token and latency accounting for one chat turn of an LLM brain.

A turn may take several model calls (tool rounds, a Gemini 2.5 answer phase, a repair). The
turn's usage is the sum of them; each decision carries the running total in
`notes.usage`, so whichever decision ends the turn reports the whole turn.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class CallUsage:
    """One model call, as the provider reported it."""

    input_tokens: int = 0
    cached_input_tokens: int = 0
    output_tokens: int = 0
    thinking_tokens: int = 0
    latency_ms: float = 0.0


@dataclass(slots=True)
class TurnUsage:
    provider: str
    model: str
    cache: str  # how the static prefix was cached: explicit, implicit or automatic
    calls: int = 0
    input_tokens: int = 0
    cached_input_tokens: int = 0
    output_tokens: int = 0
    thinking_tokens: int = 0
    latency_ms: float = 0.0
    per_call: list[CallUsage] = field(default_factory=list)

    def add(self, call: CallUsage) -> None:
        self.calls += 1
        self.input_tokens += call.input_tokens
        self.cached_input_tokens += call.cached_input_tokens
        self.output_tokens += call.output_tokens
        self.thinking_tokens += call.thinking_tokens
        self.latency_ms += call.latency_ms
        self.per_call.append(call)

    @property
    def cached_share(self) -> float | None:
        """Cached input tokens over all input tokens; None before any input was counted."""
        return self.cached_input_tokens / self.input_tokens if self.input_tokens else None

    def as_notes(self) -> dict[str, Any]:
        share = self.cached_share
        return {
            "provider": self.provider,
            "model": self.model,
            "cache": self.cache,
            "calls": self.calls,
            "input_tokens": self.input_tokens,
            "cached_input_tokens": self.cached_input_tokens,
            "output_tokens": self.output_tokens,
            "thinking_tokens": self.thinking_tokens,
            "latency_ms": round(self.latency_ms, 1),
            "cached_share": None if share is None else round(share, 4),
        }


def log_call(logger: logging.Logger, usage: TurnUsage, call: CallUsage, *, phase: str,
             outcome: str = "ok") -> None:
    """One line per model call, with the tokens the provider reported for it (none for a
    call that failed); carries no prompt text and no credentials."""
    logger.info(
        "llm call provider=%s model=%s phase=%s outcome=%s cache=%s input=%d cached=%d "
        "output=%d thinking=%d latency_ms=%.1f",
        usage.provider, usage.model, phase, outcome, usage.cache, call.input_tokens,
        call.cached_input_tokens, call.output_tokens, call.thinking_tokens, call.latency_ms,
        extra={"llm_call": {
            "provider": usage.provider, "model": usage.model, "phase": phase,
            "outcome": outcome, "cache": usage.cache, "input_tokens": call.input_tokens,
            "cached_input_tokens": call.cached_input_tokens,
            "output_tokens": call.output_tokens, "thinking_tokens": call.thinking_tokens,
            "latency_ms": round(call.latency_ms, 1)}},
    )
