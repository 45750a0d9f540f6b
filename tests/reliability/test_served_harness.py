"""The harness that starts real server processes survives a port another process took
between choosing it and binding it (pytest-xdist runs several test processes at once)."""

from __future__ import annotations

import socket
from pathlib import Path

import httpx

from tests.reliability.served import Server


def test_a_server_whose_port_was_taken_starts_on_another(tmp_path: Path) -> None:
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        taken = squatter.getsockname()[1]
        server = Server(db_url=f"sqlite:///{tmp_path / 'db.sqlite'}", directory=tmp_path,
                        port=taken)
        try:
            server.start()
            assert server.port != taken
            assert httpx.get(f"{server.url}/healthz", timeout=5).status_code == 200
        finally:
            server.stop()


def test_a_server_that_cannot_start_says_why_with_its_log(tmp_path: Path) -> None:
    # A database URL no driver knows: `fitcoach serve` exits at once, having said why.
    server = Server(db_url="nosuchdriver://nowhere", directory=tmp_path)
    try:
        server.start()
    except RuntimeError as failure:
        message = str(failure)
    else:
        server.stop()
        raise AssertionError("fitcoach serve started on a database URL no driver knows")
    assert f"port {server.port}" in message
    assert "exited with" in message
    assert "nosuchdriver" in message  # the server's own words, from its log
