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

Text files (the modules, the style sheet, the language files, `index.html`) go out gzipped to
a browser that accepts it: each is compressed once, when first asked for, and kept in memory
until the file changes. The ETag stays the file's (weak, W/, on the gzipped copy), so a
revalidation still answers 304.
"""

from __future__ import annotations

import gzip
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import Response
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


# What is worth compressing: text. Images (the SVG icon aside) are small or compressed already.
COMPRESSIBLE = frozenset({".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".md"})
SMALLEST_WORTH_COMPRESSING = 512  # bytes: below this gzip's own framing eats the gain


class _GzipCache:
    """Gzipped copies of the client's text files, made once per file version (mtime, size)."""

    def __init__(self) -> None:
        self._copies: dict[Path, tuple[tuple[int, int], bytes]] = {}

    def get(self, path: Path) -> bytes:
        stat = path.stat()
        version = (stat.st_mtime_ns, stat.st_size)
        known = self._copies.get(path)
        if known is None or known[0] != version:
            known = (version, gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
            self._copies[path] = known
        return known[1]


def _accepts_gzip(headers: Headers) -> bool:
    accepted = headers.get("accept-encoding", "")
    return any(part.split(";")[0].strip().lower() == "gzip" for part in accepted.split(","))


def _maybe_gzipped(response: Response, headers: Headers, cache: _GzipCache) -> Response:
    """The gzipped copy of a file response, when the browser takes gzip and it pays."""
    if not isinstance(response, FileResponse) or response.status_code != 200:
        return response
    path = Path(response.path)
    if path.suffix not in COMPRESSIBLE or not _accepts_gzip(headers):
        return response
    if path.stat().st_size < SMALLEST_WORTH_COMPRESSING:
        return response
    body = cache.get(path)
    kept = {key: value for key, value in response.headers.items()
            if key.lower() not in ("content-length", "etag", "content-type")}
    etag = response.headers.get("etag")
    if etag:
        kept["etag"] = etag if etag.startswith("W/") else f"W/{etag}"
    kept["content-encoding"] = "gzip"
    kept["vary"] = "Accept-Encoding"
    return Response(body, status_code=200, headers=kept, media_type=response.media_type)


def mount_web_client(app: FastAPI, directory: Path = WEB_STATIC_DIR) -> bool:
    """Serve the static client at `/`; False when there is none to serve."""
    index = directory / "index.html"
    if not index.is_file():
        return False
    cache = _GzipCache()

    def client_screen(request: Request) -> Response:
        # no-cache: a new release is picked up on the next visit (assets revalidate by ETag).
        page = FileResponse(index, headers={"Cache-Control": "no-cache"})
        return _maybe_gzipped(page, request.headers, cache)

    for path in CLIENT_ROUTES:
        app.add_api_route(path, client_screen, methods=["GET"], include_in_schema=False)
    app.router.default = _StaticFallback(StaticFiles(directory=directory, html=True), cache)
    return True


class _StaticFallback:
    """What the router answers when no route matches: a file of the client, or a 404."""

    def __init__(self, files: StaticFiles, cache: _GzipCache) -> None:
        self.files = files
        self.cache = cache

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or path.startswith("/api/") or scope["method"] not in (
                "GET", "HEAD"):
            raise HTTPException(404)  # the error handlers give it the API's shape
        response = await self.files.get_response(self.files.get_path(scope), scope)
        if scope["method"] == "GET":
            response = _maybe_gzipped(response, Headers(scope=scope), self.cache)
        await response(scope, receive, send)
