"""The hook that serves the web client at `/` (built by the web issue, no build step).

The client lives in `src/fitcoach/web/static/`; it is mounted only when its `index.html`
exists, after every API route, so `/api/*`, `/healthz` and `/docs` always win.

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
    """Mount the static client at `/`; False when there is none to serve."""
    index = directory / "index.html"
    if not index.is_file():
        return False

    def client_screen() -> FileResponse:
        # no-cache: a new release is picked up on the next visit (assets revalidate by ETag).
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    for path in CLIENT_ROUTES:
        app.add_api_route(path, client_screen, methods=["GET"], include_in_schema=False)
    app.mount("/", StaticFiles(directory=directory, html=True), name="web")
    return True
