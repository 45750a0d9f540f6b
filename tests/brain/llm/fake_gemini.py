"""A local stand-in for the Gemini REST API (v1beta), enough for the SDK to talk to.

It speaks the wire format the real service does (`models/{m}:generateContent`,
`cachedContents` create/get/patch/delete, camelCase JSON, `{"error": {...}}` bodies) and
enforces the rules the brain must respect, so a wrong request fails here as it would there:
no system instruction, tools or tool config next to `cachedContent`; a cache that expired or
was deleted answers 404; a prefix below `min_cache_tokens` cannot be cached; Gemini 2.x
refuses a JSON response type while tools are declared. Answers come from a script the test
writes; every request is recorded for the test to inspect.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import json
import re
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


@dataclass
class Recorded:
    method: str
    path: str
    body: dict[str, Any]


@dataclass
class StoredCache:
    name: str
    model: str
    body: dict[str, Any]
    tokens: int
    expires_at: dt.datetime

    @property
    def has_tools(self) -> bool:
        return bool(self.body.get("tools"))


@dataclass
class Scripted:
    """One scripted generateContent outcome."""

    status: int = 200
    body: dict[str, Any] = field(default_factory=dict)
    slow: bool = False


def tokens_of(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False)) // CHARS_PER_TOKEN


class FakeGemini:
    def __init__(self, clock: Callable[[], dt.datetime]) -> None:
        self.clock = clock
        self.requests: list[Recorded] = []
        self.caches: dict[str, StoredCache] = {}
        self.script: deque[Scripted] = deque()
        self.min_cache_tokens = 0
        self._ids = itertools.count(1)
        self._release = threading.Event()
        # Called (in the server's thread) when a hung request arrives: the deadline tests
        # move their event loop's clock forward from here (conftest `deadline_on_hang`).
        self.on_hang: Callable[[], None] | None = None
        self.app = Starlette(routes=[Route("/v1beta/{path:path}", self._route,
                                           methods=["GET", "POST", "PATCH", "DELETE"])])

    # -- scripting --------------------------------------------------------------------

    def answer(self, decision: dict[str, Any], *, output_tokens: int = 40) -> None:
        self._candidate([{"text": json.dumps(decision)}], output_tokens)

    def text(self, text: str) -> None:
        self._candidate([{"text": text}], 10)

    def calls(self, *calls: tuple[str, dict[str, Any]], signature: str | None = None) -> None:
        parts: list[dict[str, Any]] = []
        for index, (name, args) in enumerate(calls):
            part: dict[str, Any] = {"functionCall": {"id": f"call-{index}", "name": name,
                                                     "args": args}}
            if signature and index == 0:
                part["thoughtSignature"] = signature
            parts.append(part)
        self._candidate(parts, 15)

    def fail(self, status: int, message: str = "scripted failure") -> None:
        self.script.append(Scripted(status=status, body=_error(status, message)))

    def hang(self) -> None:
        """Answer so late that the client's timeout fires first."""
        self.script.append(Scripted(slow=True))

    def release(self) -> None:
        self._release.set()

    def _candidate(self, parts: list[dict[str, Any]], output_tokens: int) -> None:
        self.script.append(Scripted(body={
            "candidates": [{"content": {"role": "model", "parts": parts},
                            "finishReason": "STOP", "index": 0}],
            "usageMetadata": {"candidatesTokenCount": output_tokens},
            "modelVersion": "fake",
        }))

    # -- inspection ---------------------------------------------------------------------

    def generate_requests(self) -> list[Recorded]:
        return [r for r in self.requests if r.path.endswith(":generateContent")]

    def cache_creations(self) -> list[Recorded]:
        return [r for r in self.requests if r.method == "POST" and r.path == "cachedContents"]

    def cache_renewals(self) -> list[Recorded]:
        return [r for r in self.requests if r.method == "PATCH"]

    def drop_cache(self, name: str) -> None:
        """The cache vanishes server-side (deleted, or expired early)."""
        self.caches.pop(name, None)

    # -- the wire protocol ------------------------------------------------------------

    async def _route(self, request: Request) -> JSONResponse:
        path = request.path_params["path"]
        raw = await request.body()
        body = json.loads(raw) if raw else {}
        self.requests.append(Recorded(request.method, path, body))
        if path.startswith("models/") and path.endswith(":generateContent"):
            return await self._generate(path.removeprefix("models/").split(":")[0], body)
        if path == "cachedContents" and request.method == "POST":
            return self._create_cache(body)
        if path.startswith("cachedContents/"):
            return self._cache_resource(request.method, path, body)
        return JSONResponse(_error(404, f"no route {path}"), status_code=404)

    def _create_cache(self, body: dict[str, Any]) -> JSONResponse:
        static = {k: body.get(k) for k in ("systemInstruction", "contents", "tools",
                                           "toolConfig")}
        tokens = tokens_of(static)
        if tokens < self.min_cache_tokens:
            return JSONResponse(_error(400, (
                f"Cached content is too small. total_token_count={tokens}, "
                f"min_total_token_count={self.min_cache_tokens}")), status_code=400)
        name = f"cachedContents/fake{next(self._ids)}"
        cache = StoredCache(name=name, model=body["model"], body=body, tokens=tokens,
                            expires_at=self.clock() + _ttl(body.get("ttl", "3600s")))
        self.caches[name] = cache
        return JSONResponse(self._cache_json(cache))

    def _cache_resource(self, method: str, name: str, body: dict[str, Any]) -> JSONResponse:
        cache = self.caches.get(name)
        if cache is None or cache.expires_at <= self.clock():
            self.caches.pop(name, None)
            return JSONResponse(_error(404, f"CachedContent not found: {name}"),
                                status_code=404)
        if method == "PATCH":
            cache.expires_at = self.clock() + _ttl(body.get("ttl", "3600s"))
        elif method == "DELETE":
            del self.caches[name]
            return JSONResponse({})
        return JSONResponse(self._cache_json(cache))

    async def _generate(self, model: str, body: dict[str, Any]) -> JSONResponse:
        cached_tokens = 0
        name = body.get("cachedContent")
        if name is not None:
            forbidden = [k for k in ("systemInstruction", "tools", "toolConfig") if k in body]
            if forbidden:
                return JSONResponse(_error(400, (
                    "CachedContent can not be used with GenerateContent request setting "
                    "system_instruction, tools or tool_config.")), status_code=400)
            cache = self.caches.get(name)
            if cache is None or cache.expires_at <= self.clock():
                return JSONResponse(_error(403, (
                    f"CachedContent not found (or permission denied): {name}")),
                    status_code=403)
            cached_tokens = cache.tokens
            has_tools = cache.has_tools
        else:
            has_tools = bool(body.get("tools"))
        json_out = body.get("generationConfig", {}).get("responseMimeType") == "application/json"
        if json_out and has_tools and re.match(r"gemini-[12]\.", model):
            return JSONResponse(_error(400, (
                "Function calling with a response mime type: 'application/json' is "
                "unsupported")), status_code=400)
        if not self.script:
            return JSONResponse(_error(500, "the test scripted no more answers"),
                                status_code=500)
        scripted = self.script.popleft()
        if scripted.slow:
            if self.on_hang is not None:
                self.on_hang()
            await asyncio.to_thread(self._release.wait, SLOW_LIMIT_S)
            return JSONResponse(_error(504, "too late"), status_code=504)
        if scripted.status != 200:
            return JSONResponse(scripted.body, status_code=scripted.status)
        dynamic = tokens_of({k: v for k, v in body.items() if k != "cachedContent"})
        answer = json.loads(json.dumps(scripted.body))
        answer["usageMetadata"].update({
            "promptTokenCount": cached_tokens + dynamic,
            "cachedContentTokenCount": cached_tokens,
            "totalTokenCount": cached_tokens + dynamic
            + answer["usageMetadata"]["candidatesTokenCount"],
        })
        if not cached_tokens:
            del answer["usageMetadata"]["cachedContentTokenCount"]
        return JSONResponse(answer)

    def _cache_json(self, cache: StoredCache) -> dict[str, Any]:
        stamp = cache.expires_at.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        return {"name": cache.name, "model": cache.model,
                "displayName": cache.body.get("displayName", ""),
                "createTime": stamp, "updateTime": stamp, "expireTime": stamp,
                "usageMetadata": {"totalTokenCount": cache.tokens}}


def _ttl(text: str) -> dt.timedelta:
    return dt.timedelta(seconds=float(text.rstrip("s")))


_STATUS = {400: "INVALID_ARGUMENT", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
           429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE",
           504: "DEADLINE_EXCEEDED"}


def _error(status: int, message: str) -> dict[str, Any]:
    return {"error": {"code": status, "message": message,
                      "status": _STATUS.get(status, "UNKNOWN")}}
