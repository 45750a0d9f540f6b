"""Closing an SDK's async HTTP client with the event loop it belongs to.

An SDK's async client (httpx underneath) keeps its connections on the loop it first ran
on. A caller that runs each turn in a fresh loop (`asyncio.run` per message: the terminal
chat, the tests) leaves the last loop's connections open once that loop is closed, and
they can no longer be closed from another loop (closing a transport schedules work on its
own, closed, loop): each one is an "unclosed transport" ResourceWarning, and an open
socket, until the garbage collector finds it.

`close_with_loop` ties the client's close to the loop's own end: `asyncio.run` (and any
runner) finalises the async generators first iterated in a loop
(`loop.shutdown_asyncgens()`, PEP 525) while that loop still runs, so the generator's
`finally` closes the client there. A server's loop, which never ends while it serves,
closes its brain's client at shutdown (`aclose`); closing twice is harmless.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Awaitable, Callable


async def _closing(close: Callable[[], Awaitable[object]]) -> AsyncGenerator[None, None]:
    try:
        yield
    finally:
        # Finalised outside its loop (collected after the loop closed without finalising
        # its generators): nothing can close the client there, so do not start to.
        if _loop_running():
            await close()


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


async def close_with_loop(close: Callable[[], Awaitable[object]]
                          ) -> AsyncGenerator[None, None]:
    """Started in the running loop, which will call `close` as it shuts down; keep the
    returned generator referenced as long as the client is in use (the loop only holds it
    weakly)."""
    closer = _closing(close)
    await closer.__anext__()
    return closer
