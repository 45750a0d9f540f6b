"""The brain for any OpenAI-compatible chat server: OpenAI, vLLM, Ollama, llama.cpp (D8, D12).

Every request's `messages` starts with one system message holding the whole static prompt
(instruction and reference), then the turn's transcript. The static part comes first and
never changes, which is what OpenAI's automatic prompt caching and the local servers' prefix
(KV) caches reuse.

Two request shapes, by tool mode:
- "combined" (OpenAI itself): `tools` (the three declarations, `tool_choice: "auto"`) and
  `response_format` `{"type": "json_schema", "json_schema": {"name", "schema", "strict":
  false}}` in one request; OpenAI lets a model call a tool while a schema governs its text.
- "two_phase" (every other server, by default): Ollama, vLLM and llama.cpp enforce
  `response_format` by constrained decoding, so with a schema a model can never emit a tool
  call. While tools may be called, the request carries `tools` and no `response_format`;
  when the model answers in text, that text is used if it already is a valid answer, and
  otherwise an answer phase asks again under the schema without tools (the tool exchanges
  retold as text, so no server sees tool messages without tools). After the last tool
  round the answer phase is asked directly.

Servers refuse what they lack, and the brain steps down instead of failing the turn: no
`json_schema` → JSON mode (`{"type": "json_object"}`, the schema restated in the request and
the answer validated as always) → no `response_format`; no tools (Ollama's "does not
support tools", vLLM's "requires --enable-auto-tool-choice", llama-server's 500 "tools
param requires --jinja flag") → the same turn continues without tools. What a server
accepted is remembered per base URL and model for the life of the process. Any other
refusal fails the turn (the pipeline falls back) and changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncGenerator, Sequence
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlparse

import openai
from openai.types.chat import ChatCompletion

from fitcoach.brain.decision import MAX_TOOL_ROUNDS, BrainRequest, ToolCall, ToolResult
from fitcoach.brain.providers.llm_common.answer_parser import parse_answer
from fitcoach.brain.providers.llm_common.conversation import Conversation
from fitcoach.brain.providers.llm_common.errors import AnswerRejected, ProviderFailure
from fitcoach.brain.providers.llm_common.llm_brain import (
    LAST_TOOL_ROUND_NOTE,
    LLMBrain,
    ModelReply,
    tool_rounds,
)
from fitcoach.brain.providers.llm_common.loop_clients import close_with_loop
from fitcoach.brain.providers.llm_common.openai_features import (
    DOWNGRADES,
    SERVERS,
    FeatureRegistry,
    ResponseFormatMode,
    ServerFeatures,
    refused_feature,
    unsupported,
)
from fitcoach.brain.providers.llm_common.static_prompt import StaticPrompt, static_prompt
from fitcoach.brain.providers.llm_common.turn_text import tool_result_payload
from fitcoach.brain.providers.llm_common.usage import CallUsage, TurnUsage, log_call

logger = logging.getLogger("fitcoach.brain.openai")

__all__ = ["OpenAICompatBrain", "OpenAIOptions", "ResponseFormatMode", "unsupported"]

ToolMode = Literal["auto", "combined", "two_phase"]
SCHEMA_NAME = "coach_decision"
OPENAI_HOST = "api.openai.com"
OPENAI_URL = f"https://{OPENAI_HOST}/v1"
DEFAULT_TURN_DEADLINE_S = 8.0
# A server that reports fewer than this share of the prompt's estimated tokens cut it.
# The prompt is English and JSON, about 3.8 characters per token with cl100k_base and
# similar with the tokenizers of local models (Hebrew and Korean take more tokens, never
# fewer), so an honest count stays near or above 4 characters per token.
CHARS_PER_TOKEN = 4
TRUNCATION_RATIO = 0.75
# Static prefix (~8k), schema (~2.6k), a turn's context with its plan and the recent
# conversation (~4k), a tool round and the answer: 16k leaves room.
RECOMMENDED_CONTEXT = 16384

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
    # "auto": combined on OpenAI itself, two-phase everywhere else (see the module doc).
    tool_mode: ToolMode = "auto"
    # The whole turn's budget across every model call; past it the pipeline falls back.
    turn_deadline_s: float = DEFAULT_TURN_DEADLINE_S


class OpenAICompatBrain(LLMBrain[Message]):
    name = "openai"
    provider = "openai"

    def __init__(self, options: OpenAIOptions, *, prompt: StaticPrompt | None = None,
                 servers: FeatureRegistry = SERVERS) -> None:
        super().__init__()
        self.model = options.model
        self.logger = logger
        self.turn_deadline_s = options.turn_deadline_s
        self._options = options
        self.secrets = (options.api_key,) if options.api_key else ()
        self._prompt = prompt or static_prompt()
        self._client = self._new_client()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closer: AsyncGenerator[None, None] | None = None
        self._system: Message = {"role": "system", "content": self._prompt.combined_text()}
        self._tool_specs = [{"type": "function", "function": {
            "name": tool.name, "description": tool.description, "parameters": tool.parameters}}
            for tool in self._prompt.tools]
        self._official = options.openai_dialect if options.openai_dialect is not None else (
            options.base_url is None or urlparse(options.base_url).hostname == OPENAI_HOST)
        self._two_phase = (not self._official if options.tool_mode == "auto"
                           else options.tool_mode == "two_phase")
        self._features: ServerFeatures = servers.features(
            f"{(options.base_url or OPENAI_URL).rstrip('/')} {options.model}",
            tools=options.tools, response_format=options.response_format)

    async def aclose(self) -> None:
        await self._client.close()

    def _new_client(self) -> openai.AsyncOpenAI:
        return openai.AsyncOpenAI(
            api_key=self._options.api_key or "not-needed", base_url=self._options.base_url,
            timeout=self._options.timeout_s, max_retries=self._options.max_retries)

    async def _follow_event_loop(self) -> None:
        """The SDK's async HTTP client belongs to the event loop it first ran on; a caller
        that runs each turn in a fresh loop gets a client of its own loop, and each client
        is closed as its loop ends (`llm_common.loop_clients`)."""
        loop = asyncio.get_running_loop()
        if self._loop is loop:
            return
        if self._loop is not None:
            self._client = self._new_client()
        self._loop = loop
        self._closer = await close_with_loop(self._client.close)

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
        await self._follow_event_loop()
        if self._features.tools and not self._two_phase:
            reply = await self._ask(conversation, phase="combined", with_tools=True)
            if reply is not None:
                return reply
        elif self._features.tools and tool_rounds(request) < MAX_TOOL_ROUNDS:
            reply = await self._ask(conversation, phase="tools", with_tools=True)
            if reply is not None and (reply.tool_calls or _is_valid_answer(reply.text, request)):
                return reply
        # No tools (any more), prose or a broken object from the tool phase, or the last
        # tool round done: ask under the schema.
        answer = await self._ask(conversation, phase="answer", with_tools=False)
        assert answer is not None  # only a request with tools can be refused for them
        return answer

    # -- one phase ---------------------------------------------------------------------

    async def _ask(self, conversation: Conversation[Message], *, phase: str,
                   with_tools: bool) -> ModelReply[Message] | None:
        """One phase's call, stepping down on the server's documented refusals; None when
        the server refused tools (the caller continues without them)."""
        while True:
            tools = with_tools and self._features.tools
            if with_tools and not tools:
                return None
            response_format = self._features.response_format if phase != "tools" else "none"
            try:
                completion = await self._complete(conversation, phase=phase, tools=tools,
                                                  response_format=response_format)
            except openai.APIStatusError as refused:
                if not self._step_down(refused, tools=tools, response_format=response_format):
                    raise
                continue
            return _reply(completion)

    async def _complete(self, conversation: Conversation[Message], *, phase: str, tools: bool,
                        response_format: ResponseFormatMode) -> ChatCompletion:
        # Without tools in the request no server should see tool messages: retell them.
        transcript = conversation.messages if tools else _without_tool_messages(
            conversation.messages)
        messages = [self._system, *transcript]
        if phase != "tools" and response_format != "json_schema":
            # Without a schema the server cannot hold the model to it: restate it (dynamic,
            # after the cached prefix, so the prefix stays identical).
            messages.append(self._user_text(
                "Reply with one JSON object that follows this JSON Schema:\n"
                + json.dumps(self._prompt.response_schema, separators=(",", ":"))))
        arguments: dict[str, Any] = {"model": self.model, "messages": messages}
        if response_format == "json_schema":
            arguments["response_format"] = {"type": "json_schema", "json_schema": {
                "name": SCHEMA_NAME, "schema": self._prompt.response_schema, "strict": False}}
        elif response_format == "json_object":
            arguments["response_format"] = {"type": "json_object"}
        if tools:
            arguments["tools"] = self._tool_specs
            arguments["tool_choice"] = "auto"
        if self._options.max_output_tokens:
            arguments["max_completion_tokens" if self._official else "max_tokens"] = \
                self._options.max_output_tokens
        if self._official:
            # Routes turns with the same static prefix to the same cache on OpenAI.
            arguments["prompt_cache_key"] = f"fitcoach-{self._prompt.fingerprint[:16]}"
        started = time.perf_counter()
        try:
            # Splatted arguments match no one overload: the non-streaming call returns this.
            completion: ChatCompletion = await self._client.chat.completions.create(**arguments)
        except openai.APIError:
            log_call(logger, conversation.usage, CallUsage(
                latency_ms=(time.perf_counter() - started) * 1000), phase=phase,
                outcome="error")
            raise
        call = _call_usage(completion, (time.perf_counter() - started) * 1000)
        conversation.usage.add(call)
        log_call(logger, conversation.usage, call, phase=phase)
        self._check_context(arguments, call)
        return completion

    def _check_context(self, arguments: dict[str, Any], call: CallUsage) -> None:
        """Ollama cuts a prompt longer than its context window (4k by default on small
        GPUs) and answers anyway, reporting the cut length as the prompt's tokens: the model
        never read the rules. Nothing fails, so say it loudly, once per server."""
        if self._features.truncation_reported or not call.input_tokens:
            return
        sent = json.dumps([arguments["messages"], arguments.get("tools")], ensure_ascii=False)
        expected = len(sent) // CHARS_PER_TOKEN
        if call.input_tokens >= expected * TRUNCATION_RATIO:
            return
        self._features.truncation_reported = True
        logger.warning(
            "%s counted %d prompt tokens for a prompt of about %d: its context window is "
            "smaller than the prompt, which it cut. Give it at least %d tokens (Ollama: "
            "OLLAMA_CONTEXT_LENGTH=%d ollama serve; llama.cpp: --ctx-size; vLLM: "
            "--max-model-len)", self.model, call.input_tokens, expected,
            RECOMMENDED_CONTEXT, RECOMMENDED_CONTEXT)

    def _step_down(self, refused: openai.APIStatusError, *, tools: bool,
                   response_format: ResponseFormatMode) -> bool:
        """Step down to what this server supports, for every later turn too; False when the
        error is not about an unsupported feature (a malformed conversation, a prompt too
        long, a schema the server could read but rejects): those fail this turn only."""
        feature = refused_feature(refused, tools=tools, response_format=response_format)
        if feature == "tools":
            logger.warning("%s refused tools (%s): continuing without native tools",
                           self.model, refused)
            self._features.tools = False
            return True
        if feature is not None:
            weaker = DOWNGRADES[feature]
            assert weaker is not None
            logger.warning("%s refused response_format %s (%s): trying %s", self.model,
                           feature, refused, weaker)
            self._features.response_format = weaker
            return True
        return False


def _without_tool_messages(messages: Sequence[Message]) -> list[Message]:
    """The transcript with the model's tool calls and their results retold as text."""
    names: dict[str, str] = {}
    retold: list[Message] = []
    for message in messages:
        if message.get("role") == "assistant" and message.get("tool_calls"):
            calls = []
            for call in message["tool_calls"]:
                names[call["id"]] = call["function"]["name"]
                calls.append(f"[called {call['function']['name']} with "
                             f"{call['function']['arguments'] or '{}'}]")
            text = "\n".join(filter(None, [message.get("content"), *calls]))
            retold.append({"role": "assistant", "content": text})
        elif message.get("role") == "tool":
            name = names.get(message.get("tool_call_id", ""), "tool")
            retold.append({"role": "user", "content": f"[{name} returned {message['content']}]"})
        else:
            retold.append(message)
    return retold


def _is_valid_answer(text: str | None, request: BrainRequest) -> bool:
    try:
        parse_answer(text, request)
    except AnswerRejected:
        return False
    return True


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
