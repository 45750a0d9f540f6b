"""Forwarded headers count only from the configured proxies (issue 15): a client that writes
its own `X-Forwarded-For` must not get a fresh sign-up budget per forged address.

A real `fitcoach serve` on SQLite, called from 127.0.0.1 (the address uvicorn trusts
forwarded headers from unless told otherwise). With `FITCOACH_TRUSTED_PROXIES` unset the
headers are ignored and every forged sign-up counts against 127.0.0.1; with it set to
127.0.0.1 (a proxy on this machine) the forwarded client is the one that counts. The
per-address limit itself is tested in-process in test_rate_limits.py. About 6 s.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from pydantic import ValidationError

from fitcoach.settings import Settings
from tests.reliability.served import Server

LIMIT = 3


@pytest.fixture
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    environment = {"FITCOACH_RATE_LIMIT_SIGNUP_PER_MINUTE": str(LIMIT), **request.param}
    served = Server(f"sqlite:///{tmp_path / 'fitcoach.db'}", tmp_path, environment=environment)
    try:
        served.start()
        yield served
    finally:
        served.stop()


def sign_up(server: Server, forwarded_for: str, proto: str = "https") -> int:
    return httpx.post(f"{server.url}/api/users", json={"display_name": "Forwarded"},
                      headers={"X-Forwarded-For": forwarded_for,
                               "X-Forwarded-Proto": proto}).status_code


@pytest.mark.parametrize("server", [{}], indirect=True, ids=["no-trusted-proxy"])
def test_forged_forwarded_addresses_share_the_real_clients_budget(server: Server) -> None:
    statuses = [sign_up(server, f"198.51.100.{number}") for number in range(1, 2 * LIMIT + 1)]
    assert statuses == [201] * LIMIT + [429] * LIMIT


@pytest.mark.parametrize("server", [{"FITCOACH_TRUSTED_PROXIES": "127.0.0.1, 10.0.0.0/8"}],
                         indirect=True, ids=["proxy-on-loopback"])
def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_budget(
        server: Server) -> None:
    assert [sign_up(server, f"198.51.100.{number}") for number in range(1, 2 * LIMIT + 1)
            ] == [201] * 2 * LIMIT
    one_client = [sign_up(server, "203.0.113.9") for _ in range(LIMIT + 1)]
    assert one_client == [201] * LIMIT + [429]


def test_trusted_proxies_are_parsed_and_checked_at_start_up() -> None:
    assert Settings().trusted_proxies == ()
    assert Settings(trusted_proxies=" 10.0.0.5, 10.1.0.0/16,,::1 ").trusted_proxies == (
        "10.0.0.5", "10.1.0.0/16", "::1")
    for wrong in ("proxy.internal", "10.0.0.1/8", "10.0.0.300"):
        with pytest.raises(ValidationError, match="FITCOACH_TRUSTED_PROXIES"):
            Settings(trusted_proxies=wrong)
