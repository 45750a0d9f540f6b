"""The brain a process uses, from its settings, and the embedded brain it falls back to (D8).

`FITCOACH_BRAIN` picks `embedded`, `gemini` or `openai`. Left unset, a Gemini key selects
Gemini, else an OpenAI-compatible base URL or key selects that, else the embedded brain
answers. Naming an LLM brain without what it needs fails at start-up with the variable to
set. Several API processes share one Gemini context cache when they are given the store's
registry (`fitcoach.store.cache_registry.SqlCacheRegistry`); without one, each process
keeps its own.
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import TYPE_CHECKING

from fitcoach.brain.decision import Brain
from fitcoach.brain.providers.llm_common.cache_registry import CacheRegistry, InMemoryCacheRegistry
from fitcoach.settings import BrainName, Settings

if TYPE_CHECKING:
    from fitcoach.brain.providers.gemini import GeminiBrain
    from fitcoach.brain.providers.openai_compat import OpenAICompatBrain

logger = logging.getLogger("fitcoach.brain")


class BrainConfigurationError(ValueError):
    """The chosen brain cannot be built from the settings; the message names the variable."""


def build_brain(settings: Settings, *,
                cache_registry: CacheRegistry | None = None) -> tuple[Brain, Brain]:
    """(the configured brain, the embedded brain that answers when it cannot)."""
    embedded = _embedded()
    choice = chosen_brain(settings)
    if choice == "gemini":
        brain: Brain = gemini_brain(settings, cache_registry or InMemoryCacheRegistry())
    elif choice == "openai":
        brain = openai_brain(settings)
    else:
        brain = embedded
    logger.info("brain: %s (fallback: %s)", brain.name, embedded.name)
    return brain, embedded


async def close_brains(*brains: Brain | None) -> None:
    """Close what the brains hold open: an LLM brain's HTTP client keeps keep-alive
    connections to its server; the embedded brain holds nothing to close."""
    for brain in brains:
        aclose = getattr(brain, "aclose", None)
        if aclose is not None:
            await aclose()


def chosen_brain(settings: Settings) -> BrainName:
    if "brain" in settings.model_fields_set:
        return settings.brain
    if settings.gemini_api_key is not None:
        return "gemini"
    if settings.openai_base_url or settings.openai_api_key is not None:
        return "openai"
    return "embedded"


def gemini_brain(settings: Settings, registry: CacheRegistry) -> GeminiBrain:
    from fitcoach.brain.providers.gemini import GeminiBrain, GeminiOptions

    if settings.gemini_api_key is None:
        raise BrainConfigurationError("FITCOACH_BRAIN=gemini needs FITCOACH_GEMINI_API_KEY")
    options = GeminiOptions(
        api_key=settings.gemini_api_key.get_secret_value(),
        model=settings.gemini_model,
        base_url=settings.gemini_base_url,
        timeout_ms=int(settings.llm_timeout_seconds * 1000),
        retry_attempts=settings.llm_retries + 1,
        explicit_cache=settings.gemini_explicit_cache,
        cache_ttl=dt.timedelta(seconds=settings.llm_cache_ttl_seconds),
        cache_renew_margin=dt.timedelta(seconds=min(settings.llm_cache_renew_margin_seconds,
                                                    settings.llm_cache_ttl_seconds // 2)),
        min_cache_tokens=settings.gemini_min_cache_tokens,
        tool_mode=settings.gemini_tool_mode,
        max_output_tokens=settings.llm_max_output_tokens,
        thinking_level=settings.gemini_thinking_level,
        turn_deadline_s=settings.llm_turn_deadline_s,
    )
    return GeminiBrain(options, registry)


def openai_brain(settings: Settings) -> OpenAICompatBrain:
    from fitcoach.brain.providers.openai_compat import OpenAICompatBrain, OpenAIOptions

    if not settings.openai_base_url and settings.openai_api_key is None:
        raise BrainConfigurationError(
            "FITCOACH_BRAIN=openai needs FITCOACH_OPENAI_BASE_URL (a local or hosted "
            "OpenAI-compatible server) or FITCOACH_OPENAI_API_KEY (OpenAI itself)")
    options = OpenAIOptions(
        model=settings.openai_model,
        base_url=settings.openai_base_url,
        api_key=settings.openai_api_key.get_secret_value() if settings.openai_api_key else None,
        timeout_s=settings.llm_timeout_seconds,
        max_retries=settings.llm_retries,
        response_format=settings.openai_response_format,
        tools=settings.openai_tools,
        max_output_tokens=settings.llm_max_output_tokens,
        tool_mode=settings.openai_tool_mode,
        turn_deadline_s=settings.llm_turn_deadline_s,
    )
    return OpenAICompatBrain(options)


def _embedded() -> Brain:
    # Imported on use: the embedded brain is a large module of its own.
    from fitcoach.brain.providers.embedded.brain import EmbeddedBrain

    return EmbeddedBrain()
