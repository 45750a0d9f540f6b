"""The hook that serves the web client at `/` (built by the web issue, no build step).

The client lives in `src/fitcoach/web/static/`; it is served only when its `index.html`
exists. Its files are served by the router's fallback, which runs only when no route
matches a path at all: a mount at `/`, or a catch-all route, would also take requests that
merely use the wrong method on an API route (GET /api/coach/chat must stay a 405, not become
the file server's 404), and unknown `/api/…` paths keep the API's JSON error shape.

The client routes with the history API, so its screens have real paths (`/coach`, `/week`,
`/workouts/monday`, …). A browser that opens or reloads one of them asks the server for that
path: each answers `index.html`, and the client draws the screen. Only these paths do: a
mistyped asset or API path still gets an honest 404.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import Receive, Scope, Send

WEB_STATIC_DIR = Path(__file__).resolve().parent.parent / "web" / "static"

# The client's screens (src/fitcoach/web/static/js/router.js).
CLIENT_ROUTES = (
    "/coach",
    "/today",
    "/week",
    "/workouts/{day}",
    "/workout/active",
    "/progress",
    "/memory",
    "/account",
)


def mount_web_client(app: FastAPI, directory: Path = WEB_STATIC_DIR) -> bool:
    """Serve the static client at `/`; False when there is none to serve."""
    index = directory / "index.html"
    if not index.is_file():
        return False

    def client_screen() -> FileResponse:
        # no-cache: a new release is picked up on the next visit (assets revalidate by ETag).
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    for path in CLIENT_ROUTES:
        app.add_api_route(path, client_screen, methods=["GET"], include_in_schema=False)
    app.router.default = _StaticFallback(StaticFiles(directory=directory, html=True))
    return True


class _StaticFallback:
    """What the router answers when no route matches: a file of the client, or a 404."""

    def __init__(self, files: StaticFiles) -> None:
        self.files = files

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or path.startswith("/api/") or scope["method"] not in (
                "GET", "HEAD"):
            raise HTTPException(404)  # the error handlers give it the API's shape
        response = await self.files.get_response(self.files.get_path(scope), scope)
        await response(scope, receive, send)
