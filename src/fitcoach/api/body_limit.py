"""Refuse request bodies over the configured size before anything parses them.

A declared `Content-Length` over the limit is answered at once; a body without one (chunked)
is counted as it streams and cut off when it passes the limit. A route that takes files (the
CSV imports) has a limit of its own (`per_path`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fitcoach.api.errors import error_body


class BodySizeLimit:
    def __init__(self, app: ASGIApp, max_bytes: int,
                 per_path: Mapping[str, int] | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.per_path = dict(per_path or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.per_path.get(scope.get("path", ""), self.max_bytes)
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            await self._refuse(send, limit)
            return
        received = 0

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    # FastAPI re-raises HTTPException from body reading; our handler shapes it.
                    raise HTTPException(413, _message(limit))
            return message

        await self.app(scope, counting_receive, send)

    async def _refuse(self, send: Send, limit: int) -> None:
        body = json.dumps(error_body("payload_too_large", _message(limit))).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


def _message(limit: int) -> str:
    return f"the request body is larger than {limit} bytes"


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None
