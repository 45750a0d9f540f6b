"""A deliberately small HTTP/1.1 client for the load benchmarks: raw asyncio streams,
keep-alive, one request at a time per connection, no parsing beyond what a response needs.

httpx costs several hundred microseconds of CPU per request, which on a 2-core machine is
CPU taken from the server being measured; this costs a few tens. It speaks just enough
HTTP/1.1 for fitcoach's answers: `Content-Length` bodies, chunked bodies, `Connection: close`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Response:
    status: int
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


class ConnectionClosed(Exception):
    """The server closed the connection before a full answer arrived."""


class Connection:
    """One keep-alive connection to `host:port`; reopened transparently when closed."""

    def __init__(self, host: str, port: int, timeout: float = 60.0) -> None:
        self.host = host
        self.port = port
        self.timeout = timeout
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._host_line = f"Host: {host}:{port}\r\n".encode()
        self.reconnects = 0

    async def _open(self) -> None:
        self._reader, self._writer = await asyncio.open_connection(self.host, self.port)

    async def close(self) -> None:
        writer, self._reader, self._writer = self._writer, None, None
        if writer is not None:
            writer.close()
            with contextlib.suppress(ConnectionError, OSError):
                await writer.wait_closed()

    async def request(self, method: str, path: str, body: Any = None,
                      token: str | None = None) -> Response:
        """Send one request; `body` is JSON-encoded when given."""
        payload = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1\r\n".encode(), self._host_line]
        if token is not None:
            head.append(f"Authorization: Bearer {token}\r\n".encode())
        if body is not None or method in ("POST", "PUT", "PATCH"):
            head.append(b"Content-Type: application/json\r\n")
            head.append(f"Content-Length: {len(payload)}\r\n".encode())
        head.append(b"\r\n")
        message = b"".join(head) + payload
        return await asyncio.wait_for(self._exchange(message, method), self.timeout)

    async def _exchange(self, message: bytes, method: str) -> Response:
        reused = self._writer is not None
        if self._writer is None:
            await self._open()
        assert self._reader is not None
        assert self._writer is not None
        try:
            self._writer.write(message)
            await self._writer.drain()
            return await self._read(method)
        except (ConnectionClosed, ConnectionResetError, BrokenPipeError):
            await self.close()
            if not reused:
                raise
        # A kept-alive connection the server had closed while idle (nothing came back):
        # send once more on a fresh connection, and count it.
        self.reconnects += 1
        await self._open()
        assert self._reader is not None
        assert self._writer is not None
        self._writer.write(message)
        await self._writer.drain()
        return await self._read(method)

    async def _read(self, method: str) -> Response:
        assert self._reader is not None
        try:
            head = await self._reader.readuntil(b"\r\n\r\n")
        except asyncio.IncompleteReadError as error:
            if not error.partial:
                raise ConnectionClosed from None
            raise
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        length: int | None = None
        chunked = close = False
        for line in lines[1:]:
            name, _, value = line.partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value.lower():
                chunked = True
            elif name == "connection" and value.strip().lower() == "close":
                close = True
        if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            body = b""
        elif chunked:
            body = await self._read_chunked()
        elif length is not None:
            body = await self._reader.readexactly(length)
        else:  # no framing: the body runs to the end of the connection
            body = await self._reader.read()
            close = True
        if close:
            await self.close()
        return Response(status, body)

    async def _read_chunked(self) -> bytes:
        assert self._reader is not None
        parts = []
        while True:
            size = int((await self._reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                await self._reader.readuntil(b"\r\n")  # no trailers from our server
                return b"".join(parts)
            parts.append(await self._reader.readexactly(size))
            await self._reader.readexactly(2)
