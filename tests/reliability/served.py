"""`fitcoach serve` in a process of its own, started as an operator starts it: for the tests
that need real server processes (a crash, two processes on one database, sockets)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

import fitcoach

# A generous start-up budget: on a loaded 2-core CI machine (xdist workers, Chromium, other
# servers) importing the app and migrating a database has taken over a minute. A server that
# is up answers in well under a second, so only a broken start waits this long.
STARTUP_SECONDS = 180.0
FITCOACH = Path(sys.executable).with_name("fitcoach")
# The code under test, not whatever copy the virtualenv installed: the server imports the
# same `fitcoach` package as the test (a relative PYTHONPATH would not survive its cwd).
SOURCE = str(Path(fitcoach.__file__).resolve().parents[1])


STARTUP_ATTEMPTS = 3


class PortTaken(Exception):
    """The server could not bind its port: another process took it first."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Server:
    """`fitcoach serve` on `db_url`; `environment` adds or overrides `FITCOACH_*` variables
    (rate limits are off unless it sets them)."""

    db_url: str
    directory: Path
    port: int = field(default_factory=free_port)
    environment: dict[str, str] = field(default_factory=dict)
    workers: int = 1
    # What runs `serve` (its arguments follow): the installed CLI by default; the browser
    # tests' jitter mode runs a wrapper with the same command line (tests/browser/jittery.py).
    launcher: tuple[str, ...] = (str(FITCOACH),)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        # free_port() only reserves the port until its socket closes: another test process
        # (pytest-xdist runs several) may bind it first, and this server then exits at once.
        # Such a start is retried on a new port; any other exit is an error.
        for _ in range(STARTUP_ATTEMPTS - 1):
            try:
                return self._start_once()
            except PortTaken:
                self.port = free_port()
        return self._start_once()

    @property
    def log_path(self) -> Path:
        return self.directory / f"serve-{self.port}.log"

    def log_tail(self, characters: int = 3000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-characters:]
        except FileNotFoundError:
            return "(no log written)"

    def _start_once(self) -> None:
        env = {**os.environ, "FITCOACH_BRAIN": "embedded", "FITCOACH_DEV_CLOCK": "1",
               "FITCOACH_RATE_LIMIT_CHAT_PER_MINUTE": "0",
               "FITCOACH_RATE_LIMIT_LOG_PER_MINUTE": "0", **self.environment,
               "PYTHONPATH": os.pathsep.join(
                   filter(None, (SOURCE, os.environ.get("PYTHONPATH"))))}
        with open(self.log_path, "ab") as output:
            self.process = subprocess.Popen(
                [*self.launcher, "serve", "--db", self.db_url, "--port", str(self.port),
                 "--workers", str(self.workers)],
                cwd=self.directory, env=env, stdout=output, stderr=subprocess.STDOUT)
        started = time.monotonic()
        while time.monotonic() - started < STARTUP_SECONDS:
            if self.process.poll() is not None:
                log = self.log_tail()
                if "address already in use" in log.lower():
                    raise PortTaken(f"port {self.port} was taken by another process between "
                                    "choosing it and binding it")
                raise RuntimeError(f"fitcoach serve on port {self.port} exited with "
                                   f"{self.process.returncode} before answering /healthz; "
                                   f"the end of its log ({self.log_path}):\n{log}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"fitcoach serve on port {self.port} did not answer /healthz within "
                           f"{STARTUP_SECONDS:.0f} s (the machine may be overloaded); the end "
                           f"of its log ({self.log_path}):\n{self.log_tail()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flushing, whatever was in flight is cut off."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)
