"""The brain for any OpenAI-compatible chat server: OpenAI, vLLM, Ollama, llama.cpp (D8).

Request shape: `messages` starts with one system message holding the whole static prompt
(instruction and reference), then the turn's transcript; `tools` holds the three function
declarations with `tool_choice: "auto"`; `response_format` is
`{"type": "json_schema", "json_schema": {"name", "schema", "strict": false}}`, the nested
`schema` being the key llama.cpp's server reads. The static part comes first and never
changes, which is what OpenAI's automatic prompt caching and the local servers' prefix (KV)
caches reuse.

Servers differ in what they accept. When one answers 400 saying it does not support
`json_schema`, the brain retries with JSON mode (`{"type": "json_object"}`) and the schema
restated in the request, and if that is refused too, with no `response_format` at all; when
one says it does not support tools, it retries without them. What worked is remembered for
the next turns. Any other 400 fails the turn (the pipeline falls back) and changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlparse

import openai
from openai.types.chat import ChatCompletion

from fitcoach.brain.decision import BrainRequest, ToolCall, ToolResult
from fitcoach.brain.providers.llm_common.conversation import Conversation
from fitcoach.brain.providers.llm_common.errors import ProviderFailure
from fitcoach.brain.providers.llm_common.llm_brain import LAST_TOOL_ROUND_NOTE, LLMBrain, ModelReply
from fitcoach.brain.providers.llm_common.static_prompt import StaticPrompt, static_prompt
from fitcoach.brain.providers.llm_common.turn_text import tool_result_payload
from fitcoach.brain.providers.llm_common.usage import CallUsage, TurnUsage, log_call

logger = logging.getLogger("fitcoach.brain.openai")

ResponseFormatMode = Literal["json_schema", "json_object", "none"]
# Weaker modes to try, in order, when a server refuses one.
_DOWNGRADES: dict[ResponseFormatMode, ResponseFormatMode | None] = {
    "json_schema": "json_object", "json_object": "none", "none": None}
SCHEMA_NAME = "coach_decision"
OPENAI_HOST = "api.openai.com"

Message = dict[str, Any]


@dataclass(frozen=True, slots=True)
class OpenAIOptions:
    model: str
    base_url: str | None = None  # None: OpenAI itself
    api_key: str | None = None  # local servers usually take any key
    timeout_s: float = 15.0
    max_retries: int = 1  # the SDK retries 408/409/429/5xx and connection errors itself
    response_format: ResponseFormatMode = "json_schema"
    tools: bool = True
    max_output_tokens: int | None = 2048
    # OpenAI's own parameters (`prompt_cache_key`, `max_completion_tokens`); None: only when
    # the base URL is OpenAI's, since other servers may refuse unknown fields.
    openai_dialect: bool | None = None


class OpenAICompatBrain(LLMBrain[Message]):
    name = "openai"
    provider = "openai"

    def __init__(self, options: OpenAIOptions, *, prompt: StaticPrompt | None = None) -> None:
        super().__init__()
        self.model = options.model
        self.logger = logger
        self._options = options
        self.secrets = (options.api_key,) if options.api_key else ()
        self._prompt = prompt or static_prompt()
        self._format: ResponseFormatMode = options.response_format
        self._use_tools = options.tools
        self._client = self._new_client()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._system: Message = {"role": "system", "content": self._prompt.combined_text()}
        self._tool_specs = [{"type": "function", "function": {
            "name": tool.name, "description": tool.description, "parameters": tool.parameters}}
            for tool in self._prompt.tools]
        self._official = options.openai_dialect if options.openai_dialect is not None else (
            options.base_url is None or urlparse(options.base_url).hostname == OPENAI_HOST)

    async def aclose(self) -> None:
        await self._client.close()

    def _new_client(self) -> openai.AsyncOpenAI:
        return openai.AsyncOpenAI(
            api_key=self._options.api_key or "not-needed", base_url=self._options.base_url,
            timeout=self._options.timeout_s, max_retries=self._options.max_retries)

    def _follow_event_loop(self) -> None:
        """The SDK's async HTTP client belongs to the event loop it first ran on; a caller
        that runs each turn in a fresh loop gets a client of its own loop."""
        loop = asyncio.get_running_loop()
        if self._loop is not None and self._loop is not loop:
            self._client = self._new_client()
        self._loop = loop

    # -- LLMBrain ----------------------------------------------------------------------

    def _new_usage(self) -> TurnUsage:
        # OpenAI caches long prefixes by itself; local servers keep their KV cache.
        return TurnUsage(provider=self.provider, model=self.model, cache="automatic")

    def _user_text(self, text: str) -> Message:
        return {"role": "user", "content": text}

    def _tool_messages(self, call_ids: Sequence[Any], results: Sequence[ToolResult], *,
                       last_round: bool) -> list[Message]:
        messages: list[Message] = [
            {"role": "tool", "tool_call_id": call_id, "content": tool_result_payload(result)}
            for call_id, result in zip(call_ids, results, strict=True)]
        if last_round:
            messages.append(self._user_text(LAST_TOOL_ROUND_NOTE))
        return messages

    async def _exchange(self, conversation: Conversation[Message],
                        request: BrainRequest) -> ModelReply[Message]:
        self._follow_event_loop()
        while True:
            try:
                completion = await self._complete(conversation)
            except openai.BadRequestError as refused:
                if not self._downgrade(refused):
                    raise
                continue
            return _reply(completion)

    # -- one call ----------------------------------------------------------------------

    async def _complete(self, conversation: Conversation[Message]) -> ChatCompletion:
        messages = [self._system, *conversation.messages]
        if self._format != "json_schema":
            # Without a schema the server cannot hold the model to it: restate it (dynamic,
            # after the cached prefix, so the prefix stays identical).
            messages.append(self._user_text(
                "Reply with one JSON object that follows this JSON Schema:\n"
                + json.dumps(self._prompt.response_schema, separators=(",", ":"))))
        arguments: dict[str, Any] = {"model": self.model, "messages": messages}
        if self._format == "json_schema":
            arguments["response_format"] = {"type": "json_schema", "json_schema": {
                "name": SCHEMA_NAME, "schema": self._prompt.response_schema, "strict": False}}
        elif self._format == "json_object":
            arguments["response_format"] = {"type": "json_object"}
        if self._use_tools:
            arguments["tools"] = self._tool_specs
            arguments["tool_choice"] = "auto"
        if self._options.max_output_tokens:
            arguments["max_completion_tokens" if self._official else "max_tokens"] = \
                self._options.max_output_tokens
        if self._official:
            # Routes turns with the same static prefix to the same cache on OpenAI.
            arguments["prompt_cache_key"] = f"fitcoach-{self._prompt.fingerprint[:16]}"
        started = time.perf_counter()
        completion = await self._client.chat.completions.create(**arguments)
        call = _call_usage(completion, (time.perf_counter() - started) * 1000)
        conversation.usage.add(call)
        log_call(logger, conversation.usage, call, phase=self._format)
        return completion

    def _downgrade(self, refused: openai.BadRequestError) -> bool:
        """Step down to what this server supports; False when there is nothing left to try
        or when the 400 is not about an unsupported feature (a malformed conversation, a
        prompt too long, a schema the server could read but rejects): those fail this turn
        only, and every later turn still asks for tools and the JSON schema."""
        if self._use_tools and unsupported(refused, _TOOL_WORDS):
            logger.warning("%s refused tools (%s): continuing without native tools",
                           self.model, refused)
            self._use_tools = False
            return True
        weaker = _DOWNGRADES[self._format]
        if weaker is not None and self._format != "none" and unsupported(
                refused, _FORMAT_WORDS[self._format]):
            logger.warning("%s refused response_format %s (%s): trying %s", self.model,
                           self._format, refused, weaker)
            self._format = weaker
            return True
        return False


# What servers say when they do not support a request field at all (OpenAI, vLLM, llama.cpp,
# Ollama, LM Studio, proxies), as opposed to a request they understood and found wrong.
_UNSUPPORTED_PHRASES = (
    "not supported", "unsupported", "does not support", "doesn't support", "not support ",
    "unrecognized", "unrecognised", "unknown field", "unknown parameter", "unknown argument",
    "unexpected keyword", "extra inputs are not permitted", "extra_forbidden",
    "not implemented", "not available for this model", "is not enabled",
)
_UNSUPPORTED_CODES = ("unsupported_parameter", "unsupported_value", "extra_forbidden")
_TOOL_WORDS = ("tool", "function")
_FORMAT_WORDS: dict[ResponseFormatMode, tuple[str, ...]] = {
    "json_schema": ("response_format", "json_schema", "structured output", "guided_json",
                    "json mode", "json_object"),
    "json_object": ("response_format", "json_object", "json mode"),
    "none": (),
}


def unsupported(refused: openai.BadRequestError, feature_words: Sequence[str]) -> bool:
    """Whether a 400 says the server does not support a feature named by `feature_words`:
    by the error's code and parameter (OpenAI's `unsupported_parameter`), or by a message
    that both names the feature and says it is unsupported."""
    param = (refused.param or "").lower()
    if (refused.code or "").lower() in _UNSUPPORTED_CODES and param and any(
            word in param for word in feature_words):
        return True
    text = f"{refused.message} {refused.body if refused.body is not None else ''}".lower()
    return any(word in text for word in feature_words) and any(
        phrase in text for phrase in _UNSUPPORTED_PHRASES)


def _call_usage(completion: ChatCompletion, latency_ms: float) -> CallUsage:
    usage = completion.usage
    if usage is None:
        return CallUsage(latency_ms=latency_ms)
    details = usage.prompt_tokens_details
    reasoning = usage.completion_tokens_details
    return CallUsage(
        input_tokens=usage.prompt_tokens,
        cached_input_tokens=(details.cached_tokens or 0) if details else 0,
        output_tokens=usage.completion_tokens,
        thinking_tokens=(reasoning.reasoning_tokens or 0) if reasoning else 0,
        latency_ms=latency_ms,
    )


def _reply(completion: ChatCompletion) -> ModelReply[Message]:
    if not completion.choices:
        raise ProviderFailure("the server answered without a choice")
    message = completion.choices[0].message
    calls: list[tuple[Any, ToolCall]] = []
    echoed: list[dict[str, Any]] = []
    for tool_call in message.tool_calls or []:
        function = getattr(tool_call, "function", None)
        if function is None:  # a custom (non-function) tool call: nothing we declared
            continue
        calls.append((tool_call.id, ToolCall(name=function.name,
                                             args=_arguments(function.arguments))))
        echoed.append({"id": tool_call.id, "type": "function", "function": {
            "name": function.name, "arguments": function.arguments}})
    if message.refusal and not calls:
        raise ProviderFailure(f"the model refused: {message.refusal}")
    # The assistant turn goes back with the server's own ids and argument text, and only
    # the fields an assistant message may carry (strict servers refuse the rest).
    history: Message = {"role": "assistant", "content": message.content}
    if echoed:
        history["tool_calls"] = echoed
    return ModelReply(history=[history], tool_calls=calls, text=message.content)


def _arguments(raw: str | None) -> dict[str, Any]:
    """A call's JSON arguments; something unparseable reaches the tool as no arguments, and
    the tool's own error tells the model what it missed."""
    try:
        value = json.loads(raw or "{}")
    except json.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}
