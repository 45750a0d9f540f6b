"""`fitcoach serve` with random latency before every response, to reproduce races.

On a loaded CI machine the order in which a page's requests are answered (its modules, the
service worker, /api calls) varies from run to run; a browser test that quietly relies on one
order passes on a quiet machine and fails in CI. `FITCOACH_BROWSER_JITTER_MS=<n>` makes the
browser tests' server run through this file, which delays each response by 0 to n ms, drawn
at random, so those orders vary on any machine.

It takes the same command line as `fitcoach serve` (`python tests/browser/jittery.py serve
--db … --port …`) and serves the same app: only the factory uvicorn is handed changes, to one
that wraps the app in `Jitter`. One worker only: the wrapped factory lives in this script,
which uvicorn's worker processes would not import.
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

JITTER_ENV = "FITCOACH_BROWSER_JITTER_MS"


class Jitter:
    """ASGI middleware: each HTTP response starts after a random pause of 0 to `most_ms`."""

    def __init__(self, app: ASGIApp, most_ms: float, seed: int | None = None,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.app = app
        self.most_seconds = most_ms / 1000
        self.random = random.Random(seed)
        self.sleep = sleep

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self.most_seconds <= 0:
            await self.app(scope, receive, send)
            return

        async def late_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                await self.sleep(self.random.uniform(0, self.most_seconds))
            await send(message)

        await self.app(scope, receive, late_send)


def jittery_app() -> Any:
    """The app `fitcoach serve` builds, wrapped; the delay bound is read from the environment."""
    from fitcoach.api.app import app_from_environment

    seed = os.environ.get("FITCOACH_BROWSER_JITTER_SEED")
    return Jitter(app_from_environment(), float(os.environ.get(JITTER_ENV, "0")),
                  seed=int(seed) if seed else None)


def main() -> None:
    from fitcoach import cli
    from fitcoach.api import server

    # uvicorn imports the factory by name; this script is `__main__` in its one process.
    server.APP_FACTORY = "__main__:jittery_app"
    cli.app()


if __name__ == "__main__":
    main()
