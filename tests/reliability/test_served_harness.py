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
