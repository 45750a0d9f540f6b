"""`fitcoach serve`'s HTTP protocol sends an answer's head and body in one write
(`api.slow_clients.OneWriteTransport`): one `send` system call and one loopback segment per
request instead of two. A head whose body comes later (a stream) is still sent at once, and
the bytes always go out in order. The protocol is driven here with a recording transport."""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.config import Config
from uvicorn.server import ServerState

from fitcoach.api.slow_clients import DeadlineHttpToolsProtocol


class Recording(asyncio.Transport):
    def __init__(self) -> None:
        super().__init__()
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: Any) -> None:
        self.writes.append(bytes(data))

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 50000),
                "sockname": ("127.0.0.1", 8000)}.get(name, default)


async def _answer(request: dict[str, Any], receive: Any, send: Any) -> None:
    if request["type"] != "http":
        return
    await receive()
    if request["path"] == "/stream":
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/plain")]})
        await asyncio.sleep(0.05)  # the body comes in a later step of the loop
        await send({"type": "http.response.body", "body": b"late", "more_body": True})
        await send({"type": "http.response.body", "body": b"!", "more_body": False})
        return
    body = b'{"ok": true}'
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


async def _serve(*requests: bytes) -> Recording:
    config = Config(app=_answer, lifespan="off", log_level="warning", access_log=False)
    config.load()
    protocol = DeadlineHttpToolsProtocol(config, ServerState(), {})
    transport = Recording()
    protocol.connection_made(transport)
    for request in requests:
        protocol.data_received(request)
        for _ in range(100):
            await asyncio.sleep(0.01)
            if protocol.cycle is not None and protocol.cycle.response_complete:
                break
    await asyncio.sleep(0.01)
    protocol.connection_lost(None)
    return transport


def test_an_answer_goes_out_in_one_write() -> None:
    request = b"GET /answer HTTP/1.1\r\nHost: test\r\n\r\n"
    transport = asyncio.run(_serve(request, request))
    assert len(transport.writes) == 2  # one per answer
    for write in transport.writes:
        assert write.startswith(b"HTTP/1.1 200 OK\r\n")
        assert write.endswith(b'\r\n\r\n{"ok": true}')


def test_a_head_whose_body_comes_later_is_sent_on_its_own_and_in_order() -> None:
    transport = asyncio.run(_serve(b"GET /stream HTTP/1.1\r\nHost: test\r\n\r\n"))
    assert transport.writes[0].startswith(b"HTTP/1.1 200 OK\r\n")
    assert transport.writes[0].endswith(b"transfer-encoding: chunked\r\n\r\n")
    assert b"".join(transport.writes[1:]) == b"4\r\nlate\r\n1\r\n!\r\n0\r\n\r\n"
