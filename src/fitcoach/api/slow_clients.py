"""Deadlines for reading a request, which uvicorn does not have.

uvicorn closes a kept-alive connection that stays silent after a response
(`timeout_keep_alive`, 5 s), but a connection that never finishes a request (opened and
silent, half a request head, half a body) stays open for as long as the client likes, and
a few hundred of them take every connection slot a process has (slowloris).
`fitcoach serve` runs uvicorn with this protocol, its httptools one plus two deadlines:

- **head**: a request's line and headers must be complete within
  `request_head_timeout_seconds` of the connection opening or of the request's first
  byte; if not, 408 and the connection is closed;
- **body**: once the head is in, the body may pause for at most
  `request_body_timeout_seconds` between two pieces; if it does, the connection is
  closed (the request fails and writes nothing, as any cut-off request does). Time the
  server spends not reading (its buffer full, the app busy) does not count.

A body that trickles in steadily, and a client that reads its answer slowly, are the
reverse proxy's to bound (docs/deployment.md): a per-gap limit cannot tell them from a
slow link.
"""

from __future__ import annotations

import asyncio
from typing import Any, cast

from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from fitcoach.settings import get_settings

_TIMEOUT_BODY = (b'{"error": {"code": "request_timeout", '
                 b'"message": "the request did not arrive in time"}}')
_REQUEST_TIMEOUT = (b"HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n"
                    b"Content-Type: application/json\r\n"
                    b"Content-Length: %d\r\n\r\n%s" % (len(_TIMEOUT_BODY), _TIMEOUT_BODY))


class OneWriteTransport:
    """The transport as a response cycle sees it, sending a response's head with its body.

    uvicorn writes an answer's status line and headers in one `transport.write` and its body
    in another: two `send` system calls and two loopback segments per request, where one
    would do (docs/performance.md). The head is held until the next write, which carries
    it, and never longer than the current step of the event loop: an answer whose body
    comes later (a stream) gets its head sent on its own, as before. Anything else, close
    included, sends what is held first, so the bytes go out in the same order.
    """

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._held: bytes | None = None

    def write(self, data: bytes) -> None:
        if self._held is None:
            self._held = bytes(data)
            self._loop.call_soon(self._flush)
            return
        held, self._held = self._held, None
        self._transport.write(held + data)

    def _flush(self) -> None:
        held, self._held = self._held, None
        if held is not None and not self._transport.is_closing():
            self._transport.write(held)

    def close(self) -> None:
        self._flush()
        self._transport.close()

    def is_closing(self) -> bool:
        return self._transport.is_closing()

    def __getattr__(self, name: str) -> Any:
        self._flush()
        return getattr(self._transport, name)


class DeadlineHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with head and body read deadlines (module docstring).
    The limits come from the `FITCOACH_*` environment, as the app's settings do, so every
    worker process of `fitcoach serve --workers N` gets the same."""

    def __init__(self, config: Config, server_state: ServerState, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        settings = get_settings()
        self._head_timeout = settings.request_head_timeout_seconds
        self._body_timeout = settings.request_body_timeout_seconds
        self._deadline: asyncio.TimerHandle | None = None
        self._reading_head = True

    # Arming and disarming, from the parser's callbacks.
    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._reading_head = True
        self._arm(self._head_timeout)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._reading_head = True
        self._arm(self._head_timeout)

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        if self.cycle is not None and not isinstance(self.cycle.transport, OneWriteTransport):
            self.cycle.transport = cast(asyncio.Transport,
                                        OneWriteTransport(self.cycle.transport, self.loop))
        self._reading_head = False
        self._arm(self._body_timeout)

    def on_body(self, body: bytes) -> None:
        super().on_body(body)
        self._arm(self._body_timeout)

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._disarm()

    def on_response_complete(self) -> None:
        # Whatever was still being read is over: the keep-alive timeout takes it from here.
        self._disarm()
        super().on_response_complete()

    def _expired(self) -> None:
        self._deadline = None
        if self.transport is None or self.transport.is_closing():
            return
        answering = self.cycle is not None and not self.cycle.response_complete
        if self.flow.read_paused or (self._reading_head and answering):
            # The server is not reading (its buffer is full), or is still answering the
            # request before this pipelined one: the wait is the server's, not the client's.
            self._arm(self._head_timeout if self._reading_head else self._body_timeout)
            return
        if self._reading_head:
            # No response is under way on this connection, so the 408 interleaves with none.
            self.transport.write(_REQUEST_TIMEOUT)
        self.transport.close()
