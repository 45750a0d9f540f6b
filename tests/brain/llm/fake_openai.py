"""Local OpenAI-compatible chat servers (`POST /v1/chat/completions`) with scripted answers.

`FakeOpenAI()` behaves like OpenAI itself: `tools` and `response_format` coexist (a model may
call a tool while a schema governs its final text). The constructors `ollama()`, `vllm()` and
`llamacpp()` copy what those servers are documented to do instead, each cited where it is
set, so a brain that works here works against the real ones:

- constrained decoding: Ollama, vLLM and llama.cpp enforce `response_format` with a grammar
  over the sampled tokens, so a model asked for a schema cannot emit the tokens of a tool
  call; `tool_calls` comes back empty and the model answers the schema directly, without the
  data it wanted (ollama/ollama#8095, ollama/ollama#11037, vllm-project/vllm#39929);
- refusals, each with the server's own status and error body shape (`refuse_tools_with`);
- message/tool-call pairing, checked as OpenAI checks it: every `tool` message answers a
  call of the assistant message before it, and every call is answered before anything else.

Like the real services, it reports prompt tokens, and as cached the tokens of a prefix it
has already seen (the system message and the tools), which is how automatic prefix caching
shows up in `usage.prompt_tokens_details.cached_tokens`.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

CHARS_PER_TOKEN = 4
SLOW_LIMIT_S = 5.0

# What a constrained model writes when it wanted a tool but the grammar only allowed the
# schema: a valid answer that knows nothing of the user's logs.
CONSTRAINED_ANSWER = {
    "proposal_type": "NONE", "target_day": None, "language": "en", "edits": [],
    "memory_mutations": [], "message": "Keep training consistently and add weight slowly."}

# Ollama's OpenAI-compatible endpoint, a model whose template declares no tools: HTTP 400
# {"error": {"message": "<model> does not support tools", "type": "api_error", "param": null,
# "code": null}} (ollama/ollama#6027, ollama/ollama#5793).
OLLAMA_NO_TOOLS = (400, {"error": {"message": "qwen2.5:0.5b does not support tools",
                                   "type": "api_error", "param": None, "code": None}})
# Ollama's context window when neither the model nor OLLAMA_CONTEXT_LENGTH sets one: 4k on a
# machine with less than 24 GiB of VRAM, 32k up to 48 GiB, 256k above (ollama docs,
# context-length.mdx). The OpenAI-compatible endpoint cannot raise it per request. A longer
# prompt is cut to fit and answered with HTTP 200, `prompt_eval_count` (the OpenAI
# endpoint's `usage.prompt_tokens`) then being the window, not the prompt: the log says
# "truncating input prompt" limit=2048 prompt=5065 keep=5 new=2048 (ollama/ollama#10368,
# ollama/ollama#17889).
OLLAMA_DEFAULT_CONTEXT = 4096
# vLLM started without --enable-auto-tool-choice/--tool-call-parser: HTTP 400 with vLLM's
# flat error object {"object": "error", "message", "type": "BadRequestError", "param",
# "code": 400} (langchain4j/langchain4j#3475 quotes the body; the check is in vLLM's
# serving_chat.py, see vllm-project/vllm-omni#810).
VLLM_NO_TOOL_PARSER = (400, {
    "object": "error",
    "message": '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser '
               "to be set",
    "type": "BadRequestError", "param": None, "code": 400})
# llama-server started without --jinja: HTTP 500 "tools param requires --jinja flag"
# (defilantech/LLMKube#162), in llama-server's error shape {"error": {"code", "message",
# "type": "server_error"}} (ikawrakow/ik_llama.cpp#778 quotes one).
LLAMACPP_NO_JINJA = (500, {"error": {"code": 500, "message": "tools param requires --jinja flag",
                                     "type": "server_error"}})
# Older llama-server builds knew JSON mode only: HTTP 500 'response_format type must be one of
# "text" or "json_object", but got: json_schema' (ikawrakow/ik_llama.cpp#778).
LLAMACPP_NO_JSON_SCHEMA = (500, {"error": {
    "code": 500, "type": "server_error",
    "message": 'response_format type must be one of "text" or "json_object", but got: '
               "json_schema"}})
# OpenAI's own refusal of a tool message without its call.
UNPAIRED_TOOL = ("Invalid 'messages[{index}]': messages with role 'tool' must be a response "
                 "to a preceding message with 'tool_calls'.")
UNANSWERED_CALL = ("An assistant message with 'tool_calls' must be followed by tool messages "
                   "responding to each 'tool_call_id'. The following tool_call_ids did not "
                   "have response messages: {ids}")


@dataclass
class Scripted:
    status: int = 200
    message: dict[str, Any] = field(default_factory=dict)
    slow: bool = False


def tokens_of(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False)) // CHARS_PER_TOKEN


class FakeOpenAI:
    def __init__(self, *, name: str = "openai", constrained_decoding: bool = False,
                 refuse_tools_with: tuple[int, dict[str, Any]] | None = None,
                 refuse_json_schema_with: tuple[int, dict[str, Any]] | None = None,
                 context_length: int | None = None) -> None:
        self.name = name
        # A server that silently cuts the prompt to its context window (Ollama).
        self.context_length = context_length
        self.requests: list[dict[str, Any]] = []
        self.script: deque[Scripted] = deque()
        # What a long-running fake (serve_fake.py) answers once the script is used up.
        self.standing: Scripted | None = None
        self.constrained_decoding = constrained_decoding
        self.refuse_tools_with = refuse_tools_with
        self.refuse_json_schema_with = refuse_json_schema_with
        # Generic switches (a proxy or LM Studio-like server saying "not supported").
        self.refuse_json_schema = False
        self.refuse_json_mode = False
        self.refuse_tools = False
        self._seen_prefixes: set[str] = set()
        self._ids = itertools.count(1)
        self._release = threading.Event()
        # Called (in the server's thread) when a hung request arrives: the deadline tests
        # move their event loop's clock forward from here (conftest `deadline_on_hang`).
        self.on_hang: Callable[[], None] | None = None
        self.app = Starlette(routes=[Route("/v1/chat/completions", self._complete,
                                           methods=["POST"])])

    # -- the servers people run ---------------------------------------------------------

    @classmethod
    def ollama(cls, *, tools: bool = True,
               context_length: int | None = OLLAMA_DEFAULT_CONTEXT) -> FakeOpenAI:
        return cls(name="ollama", constrained_decoding=True,
                   refuse_tools_with=None if tools else OLLAMA_NO_TOOLS,
                   context_length=context_length)

    @classmethod
    def vllm(cls, *, tool_parser: bool = True) -> FakeOpenAI:
        return cls(name="vllm", constrained_decoding=True,
                   refuse_tools_with=None if tool_parser else VLLM_NO_TOOL_PARSER)

    @classmethod
    def llamacpp(cls, *, jinja: bool = True, json_schema: bool = True) -> FakeOpenAI:
        # llama-server turns a JSON schema into a grammar (json_schema_to_grammar; see
        # danbev/learning-ai, notes/chat-templates.md), and a schema grammar leaves no room
        # for the tokens that open a tool call (modelship-ai/modelship#71 refuses the pair for
        # that reason). The fake treats it like Ollama and vLLM.
        return cls(name="llamacpp", constrained_decoding=True,
                   refuse_tools_with=None if jinja else LLAMACPP_NO_JINJA,
                   refuse_json_schema_with=None if json_schema else LLAMACPP_NO_JSON_SCHEMA)

    # -- scripting ----------------------------------------------------------------------

    def answer(self, decision: dict[str, Any]) -> None:
        self.script.append(Scripted(message={"role": "assistant",
                                             "content": json.dumps(decision)}))

    def answer_always(self, decision: dict[str, Any]) -> None:
        """Answer every request the script does not cover with this decision."""
        self.standing = Scripted(message={"role": "assistant", "content": json.dumps(decision)})

    def text(self, text: str) -> None:
        self.script.append(Scripted(message={"role": "assistant", "content": text}))

    def calls(self, *calls: tuple[str, dict[str, Any]]) -> None:
        self.script.append(Scripted(message={"role": "assistant", "content": None,
                                             "tool_calls": [
            {"id": f"call_{next(self._ids)}", "type": "function",
             "function": {"name": name, "arguments": json.dumps(args)}}
            for name, args in calls]}))

    def fail(self, status: int, message: str = "scripted failure", *, code: str | None = None,
             param: str | None = None) -> None:
        self.script.append(Scripted(status=status, message={"error": {
            "message": message,
            "type": "invalid_request_error" if status == 400 else "server_error",
            "code": code, "param": param}}))

    def hang(self) -> None:
        self.script.append(Scripted(slow=True))

    def release(self) -> None:
        self._release.set()

    # -- the endpoint -------------------------------------------------------------------

    async def _complete(self, request: Request) -> JSONResponse:
        body = await request.json()
        self.requests.append(body)
        refused = self._refusal(body)
        if refused is not None:
            status, error = refused
            return JSONResponse(error, status_code=status)
        unpaired = _pairing_problem(body["messages"])
        if unpaired:
            return JSONResponse({"error": {"message": unpaired, "type": "invalid_request_error",
                                           "param": "messages", "code": None}}, status_code=400)
        scripted = self.script.popleft() if self.script else self.standing
        if scripted is None:
            return JSONResponse({"error": {"message": "no more scripted answers"}},
                                status_code=500)
        if scripted.slow:
            if self.on_hang is not None:
                self.on_hang()
            await asyncio.to_thread(self._release.wait, SLOW_LIMIT_S)
            return JSONResponse({"error": {"message": "too late"}}, status_code=504)
        if scripted.status != 200:
            return JSONResponse(scripted.message, status_code=scripted.status)
        message = scripted.message
        if message.get("tool_calls") and not body.get("tools"):
            raise AssertionError(f"a tool call was scripted for a request without tools: {body}")
        if message.get("tool_calls") and self.constrained_decoding and body.get("response_format"):
            # The grammar holds the model to the schema: no tool call can be sampled.
            message = {"role": "assistant", "content": json.dumps(CONSTRAINED_ANSWER),
                       "tool_calls": []}
        prompt = tokens_of(body["messages"]) + tokens_of(body.get("tools", []))
        if self.context_length is not None:
            prompt = min(prompt, self.context_length)  # cut silently, answered anyway
        prefix = json.dumps([body["messages"][0], body.get("tools")], sort_keys=True)
        cached = min(prompt, tokens_of(body["messages"][0])) if prefix in self._seen_prefixes \
            else 0
        self._seen_prefixes.add(prefix)
        finish = "tool_calls" if message.get("tool_calls") else "stop"
        return JSONResponse({
            "id": f"chatcmpl-{next(self._ids)}", "object": "chat.completion", "created": 0,
            "model": body["model"],
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {"prompt_tokens": prompt, "completion_tokens": 30,
                      "total_tokens": prompt + 30,
                      "prompt_tokens_details": {"cached_tokens": cached}},
        })

    def _refusal(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]] | None:
        kind = (body.get("response_format") or {}).get("type")
        if body.get("tools") and self.refuse_tools_with is not None:
            return self.refuse_tools_with
        if kind == "json_schema" and self.refuse_json_schema_with is not None:
            return self.refuse_json_schema_with
        text = None
        if self.refuse_json_schema and kind == "json_schema":
            text = "response_format type json_schema is not supported by this server"
        elif self.refuse_json_mode and kind == "json_object":
            text = "response_format json_object is not supported"
        elif self.refuse_tools and body.get("tools"):
            text = "this model does not support tools"
        if text is None:
            return None
        return 400, {"error": {"message": text, "type": "invalid_request_error",
                               "param": None, "code": None}}


def _pairing_problem(messages: list[dict[str, Any]]) -> str | None:
    """What OpenAI says of a transcript whose tool messages and calls do not pair up."""
    open_calls: list[str] = []
    for index, message in enumerate(messages):
        role = message.get("role")
        if role == "tool":
            if message.get("tool_call_id") not in open_calls:
                return UNPAIRED_TOOL.format(index=index)
            open_calls.remove(message["tool_call_id"])
            continue
        if open_calls:
            return UNANSWERED_CALL.format(ids=", ".join(open_calls))
        if role == "assistant":
            open_calls = [call["id"] for call in message.get("tool_calls") or []]
    return UNANSWERED_CALL.format(ids=", ".join(open_calls)) if open_calls else None
