"""Slow and silent clients are cut off (issue 15): a connection that sends nothing, half a
request head or half a body does not hold a server connection forever.

A real `fitcoach serve` with 1-second limits (`FITCOACH_REQUEST_HEAD_TIMEOUT_SECONDS`,
`FITCOACH_REQUEST_BODY_TIMEOUT_SECONDS`), spoken to over raw sockets. Each case waits at
most `GIVE_UP_SECONDS` for the server to close (far beyond the limit, so a busy machine
does not fail it; before the limits existed each waited forever). About 10 s.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator

import pytest

from tests.reliability.served import Server

GIVE_UP_SECONDS = 20.0
SIGN_UP = json.dumps({"display_name": "Slow"}).encode()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    directory = tmp_path_factory.mktemp("slow-clients")
    served = Server(f"sqlite:///{directory / 'fitcoach.db'}", directory, environment={
        "FITCOACH_REQUEST_HEAD_TIMEOUT_SECONDS": "1",
        "FITCOACH_REQUEST_BODY_TIMEOUT_SECONDS": "1",
        "FITCOACH_RATE_LIMIT_SIGNUP_PER_MINUTE": "0"})
    try:
        served.start()
        yield served
    finally:
        served.stop()


def connect(server: Server) -> socket.socket:
    connection = socket.create_connection(("127.0.0.1", server.port))
    connection.settimeout(GIVE_UP_SECONDS)
    return connection


def read_until_closed(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection; a test fails with
    TimeoutError if it never does."""
    received = b""
    while chunk := connection.recv(65536):
        received += chunk
    return received


def head(body: bytes, length: int | None = None) -> bytes:
    return (b"POST /api/users HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % (len(body) if length is None else length))


def test_a_connection_that_sends_nothing_is_closed_with_408(server: Server) -> None:
    with connect(server) as connection:
        assert read_until_closed(connection).startswith(b"HTTP/1.1 408 ")


def test_half_a_request_head_is_closed_with_408(server: Server) -> None:
    with connect(server) as connection:
        connection.sendall(b"POST /api/users HTTP/1.1\r\nHost: test\r\nContent-Le")
        assert read_until_closed(connection).startswith(b"HTTP/1.1 408 ")


def test_half_a_body_is_closed_and_nothing_is_created(server: Server) -> None:
    with connect(server) as connection:
        connection.sendall(head(SIGN_UP, length=len(SIGN_UP) + 10) + SIGN_UP)
        assert b" 201 " not in read_until_closed(connection)


def test_half_a_second_request_on_a_kept_alive_connection_is_closed(server: Server) -> None:
    with connect(server) as connection:
        connection.sendall(head(SIGN_UP) + SIGN_UP)
        first = connection.recv(65536)
        assert first.startswith(b"HTTP/1.1 201 ")
        connection.sendall(b"GET /healthz HTTP/1.1\r\nHo")  # and no more
        received = first + read_until_closed(connection)
        assert received.count(b"HTTP/1.1 ") == 2
        assert b"}HTTP/1.1 408 " in received  # right after the first answer's JSON


def test_a_whole_request_sent_in_pieces_within_the_limits_is_served(server: Server) -> None:
    request = head(SIGN_UP) + SIGN_UP
    with connect(server) as connection:
        for start in range(0, len(request), 16):  # many small writes, none late
            connection.sendall(request[start:start + 16])
        assert connection.recv(65536).startswith(b"HTTP/1.1 201 ")
