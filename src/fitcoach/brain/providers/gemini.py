"""The Gemini brain (google-genai, async client) with explicit context caching (DESIGN D8).

Request shapes, by mode:
- explicit cache, Gemini 3 and later ("combined"): one cache holds the system instruction,
  the reference contents, the three function declarations and the tool config (AUTO).
  Each call sends only `cachedContent`, the turn's `contents` and a `generationConfig` with
  the JSON response schema: function calling and structured output in one request.
- explicit cache, Gemini 2.x ("two_phase"): those models refuse a JSON response type next to
  tools, so a tool phase runs against a cache with the tools (no response schema); when it
  answers without calling a tool, that text is used if it already is a valid answer, and
  otherwise an answer phase runs against a second cache without tools, with the schema.
- implicit caching, when the static prefix is below the model's minimum for explicit caches
  or explicit caching is switched off: every call sends system instruction, tools, tool
  config and the reference as the first content, in the same bytes, so the provider's
  implicit prefix cache can hit.
The model's reply contents are kept in the transcript exactly as returned, so Gemini 3's
thought signatures travel back unchanged with the function responses.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
import time
from collections.abc import AsyncGenerator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from google import genai
from google.genai import errors as genai_errors
from google.genai import types

from fitcoach.brain.decision import BrainRequest, ToolCall, ToolResult
from fitcoach.brain.providers.llm_common.answer_parser import parse_answer
from fitcoach.brain.providers.llm_common.cache_registry import CacheRegistry
from fitcoach.brain.providers.llm_common.conversation import Conversation
from fitcoach.brain.providers.llm_common.errors import AnswerRejected, ProviderFailure
from fitcoach.brain.providers.llm_common.gemini_cache import (
    CacheSpec,
    CacheTooSmall,
    Clock,
    GeminiContextCache,
    is_cache_gone,
    utc_now,
)
from fitcoach.brain.providers.llm_common.llm_brain import LAST_TOOL_ROUND_NOTE, LLMBrain, ModelReply
from fitcoach.brain.providers.llm_common.loop_clients import close_with_loop
from fitcoach.brain.providers.llm_common.static_prompt import StaticPrompt, static_prompt
from fitcoach.brain.providers.llm_common.usage import CallUsage, TurnUsage, log_call

logger = logging.getLogger("fitcoach.brain.gemini")

ToolMode = Literal["auto", "combined", "two_phase"]
RETRYABLE_STATUS = (408, 429, 500, 502, 503, 504)
JSON_MIME = "application/json"


@dataclass(frozen=True, slots=True)
class GeminiOptions:
    api_key: str
    model: str
    base_url: str | None = None  # None: Google's endpoint; tests point it at a local server
    timeout_ms: int = 15_000
    retry_attempts: int = 2  # including the first try; retried on 408/429/5xx and timeouts
    retry_initial_delay_s: float = 0.5
    retry_max_delay_s: float = 4.0
    explicit_cache: bool = True
    cache_ttl: dt.timedelta = dt.timedelta(hours=1)
    cache_renew_margin: dt.timedelta = dt.timedelta(minutes=10)
    # The smallest prefix explicit caching accepts; the provider's own refusal also counts.
    min_cache_tokens: int = 4096
    tool_mode: ToolMode = "auto"
    max_output_tokens: int | None = 4096
    thinking_level: str | None = None  # Gemini 3 and later only, e.g. "low"
    # The whole turn's budget across every model call; past it the pipeline falls back.
    turn_deadline_s: float = 8.0


def two_phase_model(model: str) -> bool:
    """Gemini 1.x and 2.x cannot combine function calling with a JSON response type."""
    name = model.removeprefix("models/")
    return name.startswith(("gemini-1.", "gemini-2."))


class GeminiBrain(LLMBrain[types.Content]):
    name = "gemini"
    provider = "gemini"

    def __init__(self, options: GeminiOptions, registry: CacheRegistry, *,
                 prompt: StaticPrompt | None = None, clock: Clock = utc_now) -> None:
        super().__init__()
        self.model = options.model
        self.logger = logger
        self._options = options
        self.secrets = (options.api_key,)
        self.turn_deadline_s = options.turn_deadline_s
        self._prompt = prompt or static_prompt()
        self._two_phase = (two_phase_model(options.model) if options.tool_mode == "auto"
                           else options.tool_mode == "two_phase")
        self._client = genai.Client(api_key=options.api_key, http_options=_http_options(options))
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closer: AsyncGenerator[None, None] | None = None
        self._caches = GeminiContextCache(self._client, registry, ttl=options.cache_ttl,
                                          renew_margin=options.cache_renew_margin, clock=clock)
        self._explicit = options.explicit_cache and self._big_enough()
        self._reference = types.Content(role="user",
                                        parts=[types.Part(text=self._prompt.reference)])
        self._tools = [types.Tool(function_declarations=[
            types.FunctionDeclaration(name=tool.name, description=tool.description,
                                      parameters_json_schema=tool.parameters)
            for tool in self._prompt.tools])]
        self._tool_config = types.ToolConfig(function_calling_config=types.FunctionCallingConfig(
            mode=types.FunctionCallingConfigMode.AUTO))

    @property
    def cache_mode(self) -> str:
        return "explicit" if self._explicit else "implicit"

    async def aclose(self) -> None:
        await self._client.aio.aclose()

    # -- LLMBrain ----------------------------------------------------------------------

    def _new_usage(self) -> TurnUsage:
        return TurnUsage(provider=self.provider, model=self.model, cache=self.cache_mode)

    def _user_text(self, text: str) -> types.Content:
        return types.Content(role="user", parts=[types.Part(text=text)])

    def _tool_messages(self, call_ids: Sequence[Any], results: Sequence[ToolResult], *,
                       last_round: bool) -> list[types.Content]:
        parts = [types.Part(function_response=types.FunctionResponse(
                     id=call_id, name=result.call.name, response=result.result))
                 for call_id, result in zip(call_ids, results, strict=True)]
        if last_round:
            parts.append(types.Part(text=LAST_TOOL_ROUND_NOTE))
        return [types.Content(role="user", parts=parts)]

    async def _exchange(self, conversation: Conversation[types.Content],
                        request: BrainRequest) -> ModelReply[types.Content]:
        await self._follow_event_loop()
        if not self._two_phase:
            return await self._call(conversation, variant="combined", structured=True)
        reply = await self._call(conversation, variant="tools", structured=False)
        if reply.tool_calls or _is_valid_answer(reply.text, request):
            return reply
        # The tool phase wrote prose or a broken object: ask again under the schema, on the
        # transcript without that attempt.
        return await self._call(conversation, variant="answer", structured=True)

    async def _follow_event_loop(self) -> None:
        """The SDK's async HTTP client belongs to the event loop it first ran on. A caller
        that runs each turn in a fresh loop (`asyncio.run` per message in a terminal chat)
        gets a client of its own loop instead of one whose connections died with the last,
        and each client is closed as its loop ends (`llm_common.loop_clients`)."""
        loop = asyncio.get_running_loop()
        if self._loop is loop:
            return
        if self._loop is not None:
            self._client = genai.Client(api_key=self._options.api_key,
                                        http_options=_http_options(self._options))
            self._caches.rebind(self._client)
        self._loop = loop
        self._closer = await close_with_loop(self._client.aio.aclose)

    # -- one call ----------------------------------------------------------------------

    async def _call(self, conversation: Conversation[types.Content], *, variant: str,
                    structured: bool) -> ModelReply[types.Content]:
        contents = list(conversation.messages)
        if variant == "answer":
            contents = [_without_tool_parts(content) for content in contents]
        with_tools = variant != "answer"
        if self._explicit:
            spec = self._cache_spec(variant, with_tools=with_tools)
            try:
                name = await self._caches.name_for(spec)
            except CacheTooSmall as refused:
                self._fall_back_to_implicit(str(refused), conversation.usage)
            else:
                try:
                    return await self._generate(conversation.usage, contents, variant,
                                                self._cached_config(name, structured))
                except genai_errors.ClientError as error:
                    if not is_cache_gone(error):
                        raise
                    logger.info("gemini context cache %s is gone; recreating it", name)
                    await self._caches.invalidate(spec, name)
                    name = await self._caches.name_for(spec)
                    return await self._generate(conversation.usage, contents, variant,
                                                self._cached_config(name, structured))
        return await self._generate(conversation.usage, [self._reference, *contents], variant,
                                    self._implicit_config(structured, with_tools=with_tools))

    async def _generate(self, usage: TurnUsage, contents: list[types.Content], phase: str,
                        config: types.GenerateContentConfig) -> ModelReply[types.Content]:
        started = time.perf_counter()
        response = await self._client.aio.models.generate_content(
            model=self.model, contents=contents, config=config)
        call = _call_usage(response, (time.perf_counter() - started) * 1000)
        usage.add(call)
        log_call(logger, usage, call, phase=phase)
        return _reply(response)

    # -- request shapes --------------------------------------------------------------

    def _generation_basics(self, structured: bool) -> dict[str, Any]:
        basics: dict[str, Any] = {
            # The SDK must not run functions by itself: the pipeline runs the tools.
            "automatic_function_calling": types.AutomaticFunctionCallingConfig(disable=True),
        }
        if structured:
            basics["response_mime_type"] = JSON_MIME
            basics["response_json_schema"] = self._prompt.response_schema
        if self._options.max_output_tokens:
            basics["max_output_tokens"] = self._options.max_output_tokens
        if self._options.thinking_level and not two_phase_model(self.model):
            basics["thinking_config"] = types.ThinkingConfig(
                thinking_level=types.ThinkingLevel(self._options.thinking_level.upper()))
        return basics

    def _cached_config(self, cache_name: str, structured: bool) -> types.GenerateContentConfig:
        """Only the cache, the contents (passed beside) and generation settings: a request
        that also names a system instruction, tools or a tool config is refused."""
        return types.GenerateContentConfig(cached_content=cache_name,
                                           **self._generation_basics(structured))

    def _implicit_config(self, structured: bool, *, with_tools: bool
                         ) -> types.GenerateContentConfig:
        extra: dict[str, Any] = {"tools": self._tools, "tool_config": self._tool_config} \
            if with_tools else {}
        return types.GenerateContentConfig(system_instruction=self._prompt.system_instruction,
                                           **extra, **self._generation_basics(structured))

    def _cache_spec(self, variant: str, *, with_tools: bool) -> CacheSpec:
        def build() -> types.CreateCachedContentConfig:
            extra: dict[str, Any] = {"tools": self._tools, "tool_config": self._tool_config} \
                if with_tools else {}
            return types.CreateCachedContentConfig(
                system_instruction=self._prompt.system_instruction,
                contents=[self._reference], **extra)

        return CacheSpec(key=f"gemini:{self.model}:{variant}", model=self.model,
                         prompt_hash=self._prompt.fingerprint, build=build)

    def _big_enough(self) -> bool:
        size = self._prompt.approximate_tokens
        if size >= self._options.min_cache_tokens:
            return True
        logger.warning(
            "static prompt is about %d tokens, below the %d-token minimum for explicit "
            "caching on %s: using implicit caching with a stable prefix", size,
            self._options.min_cache_tokens, self.model)
        return False

    def _fall_back_to_implicit(self, reason: str, usage: TurnUsage) -> None:
        logger.warning("gemini refused to cache the static prompt for %s (%s): using implicit "
                       "caching with a stable prefix", self.model, reason)
        self._explicit = False
        usage.cache = self.cache_mode


def _http_options(options: GeminiOptions) -> types.HttpOptions:
    return types.HttpOptions(
        base_url=options.base_url,
        api_version="v1beta",  # explicit caches live on v1beta
        timeout=options.timeout_ms,
        retry_options=types.HttpRetryOptions(
            attempts=options.retry_attempts,
            initial_delay=options.retry_initial_delay_s,
            max_delay=options.retry_max_delay_s,
            http_status_codes=list(RETRYABLE_STATUS),
        ),
    )


def _call_usage(response: types.GenerateContentResponse, latency_ms: float) -> CallUsage:
    meta = response.usage_metadata
    if meta is None:
        return CallUsage(latency_ms=latency_ms)
    return CallUsage(
        input_tokens=meta.prompt_token_count or 0,
        cached_input_tokens=meta.cached_content_token_count or 0,
        output_tokens=meta.candidates_token_count or 0,
        thinking_tokens=meta.thoughts_token_count or 0,
        latency_ms=latency_ms,
    )


def _reply(response: types.GenerateContentResponse) -> ModelReply[types.Content]:
    candidate = response.candidates[0] if response.candidates else None
    if candidate is None or candidate.content is None:
        feedback = response.prompt_feedback
        reason = candidate.finish_reason if candidate is not None else None
        raise ProviderFailure(f"gemini returned no content (finish reason {reason}, "
                              f"prompt feedback {feedback})")
    content = candidate.content
    parts = content.parts or []
    calls = [(part.function_call.id, ToolCall(name=part.function_call.name or "",
                                              args=dict(part.function_call.args or {})))
             for part in parts if part.function_call is not None]
    text = "".join(part.text for part in parts
                   if part.text is not None and not part.thought) or None
    return ModelReply(history=[content], tool_calls=calls, text=text)


def _without_tool_parts(content: types.Content) -> types.Content:
    """The same turn with function calls and responses in words, for an answer phase whose
    cache declares no tools (Gemini 2.x)."""
    parts: list[types.Part] = []
    for part in content.parts or []:
        if part.function_call is not None:
            call = part.function_call
            parts.append(types.Part(text=f"[called {call.name} with "
                                         f"{json.dumps(call.args or {}, sort_keys=True)}]"))
        elif part.function_response is not None:
            answer = part.function_response
            parts.append(types.Part(text=f"[{answer.name} returned "
                                         f"{json.dumps(answer.response or {})}]"))
        elif part.text is not None and not part.thought:
            parts.append(types.Part(text=part.text))
    return types.Content(role=content.role, parts=parts or [types.Part(text="(no text)")])


def _is_valid_answer(text: str | None, request: BrainRequest) -> bool:
    try:
        parse_answer(text, request)
    except AnswerRejected:
        return False
    return True
