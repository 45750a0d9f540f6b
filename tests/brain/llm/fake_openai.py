"""A local OpenAI-compatible chat server (`POST /v1/chat/completions`) with scripted answers.

Switches make it behave like the servers the brain must cope with: one that refuses
`response_format: json_schema` (and optionally JSON mode too), one that refuses tools. Like
the real services, it reports prompt tokens, and as cached the tokens of a prefix it has
already seen (the system message and the tools), which is how automatic prefix caching
shows up in `usage.prompt_tokens_details.cached_tokens`.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

CHARS_PER_TOKEN = 4
SLOW_LIMIT_S = 5.0


@dataclass
class Scripted:
    status: int = 200
    message: dict[str, Any] = field(default_factory=dict)
    slow: bool = False


def tokens_of(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False)) // CHARS_PER_TOKEN


class FakeOpenAI:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.script: deque[Scripted] = deque()
        self.refuse_json_schema = False
        self.refuse_json_mode = False
        self.refuse_tools = False
        self._seen_prefixes: set[str] = set()
        self._ids = itertools.count(1)
        self._release = threading.Event()
        self.app = Starlette(routes=[Route("/v1/chat/completions", self._complete,
                                           methods=["POST"])])

    def answer(self, decision: dict[str, Any]) -> None:
        self.script.append(Scripted(message={"role": "assistant",
                                             "content": json.dumps(decision)}))

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

    async def _complete(self, request: Request) -> JSONResponse:
        body = await request.json()
        self.requests.append(body)
        refusal = self._refusal(body)
        if refusal:
            return JSONResponse({"error": {"message": refusal, "type": "invalid_request_error",
                                           "param": None, "code": None}}, status_code=400)
        if not self.script:
            return JSONResponse({"error": {"message": "no more scripted answers"}},
                                status_code=500)
        scripted = self.script.popleft()
        if scripted.slow:
            await asyncio.to_thread(self._release.wait, SLOW_LIMIT_S)
            return JSONResponse({"error": {"message": "too late"}}, status_code=504)
        if scripted.status != 200:
            return JSONResponse(scripted.message, status_code=scripted.status)
        prompt = tokens_of(body["messages"]) + tokens_of(body.get("tools", []))
        prefix = json.dumps([body["messages"][0], body.get("tools")], sort_keys=True)
        cached = tokens_of(body["messages"][0]) if prefix in self._seen_prefixes else 0
        self._seen_prefixes.add(prefix)
        finish = "tool_calls" if scripted.message.get("tool_calls") else "stop"
        return JSONResponse({
            "id": f"chatcmpl-{next(self._ids)}", "object": "chat.completion", "created": 0,
            "model": body["model"],
            "choices": [{"index": 0, "message": scripted.message, "finish_reason": finish}],
            "usage": {"prompt_tokens": prompt, "completion_tokens": 30,
                      "total_tokens": prompt + 30,
                      "prompt_tokens_details": {"cached_tokens": cached}},
        })

    def _refusal(self, body: dict[str, Any]) -> str | None:
        kind = (body.get("response_format") or {}).get("type")
        if self.refuse_json_schema and kind == "json_schema":
            return "response_format type json_schema is not supported by this server"
        if self.refuse_json_mode and kind == "json_object":
            return "response_format json_object is not supported"
        if self.refuse_tools and body.get("tools"):
            return "this model does not support tools"
        return None
