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

Versioned URLs: the page the screens answer loads the client's own code from
`/v/<version>/js/main.js` and `/v/<version>/app.css`, where the version is a digest of every
file's path, size and modification time, so all the modules of one page (they import each
other by relative paths, the language files are fetched relative to the modules) come from
one release; those answers are `immutable` for a year, and an upgrade changes the version, so
an old module is never mixed into a new page. The page itself is `no-cache`. The vendored
libraries stay at `/vendor/…` through the page's import map (its text is allowed by a CSP hash
of the file, so it is served as written) and revalidate by ETag. The unversioned paths keep
working, `no-cache`.

Offline (a PWA): `/sw.js` is the client's service worker with its release written in (the
version and every file of the client it must cache, `_Release.shell`), so a new release is a
new worker, and the worker's cache, like the page, holds one release only. It is `no-cache`,
so a browser checks for a new one on each visit. `/manifest.webmanifest` makes it installable.

Text files (the modules, the style sheet, the language files, `index.html`) go out gzipped to
a browser that accepts it: each is compressed once, when first asked for, and kept in memory
until the file changes. The ETag stays the file's (weak, W/, on the gzipped copy), so a
revalidation still answers 304.
"""

from __future__ import annotations

import gzip
import hashlib
import json
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
    "/history",
    "/history/{log_id}",
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


VERSIONED_PREFIX = "/v/"
IMMUTABLE = "public, max-age=31536000, immutable"
SERVICE_WORKER = "sw.js"
RELEASE_PLACEHOLDER = "const RELEASE = { version: 'unreleased', files: [] };"

# The page's references to the client's own code, which the versioned page rewrites.
ENTRY_POINTS = ('src="/js/main.js"', 'href="/app.css"')


class _Release:
    """The client's version (a digest of its files' paths, sizes and modification times,
    taken when a page is asked for, so an edit or an upgrade is a new version) and the page
    pointing at it."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._pages: dict[str, bytes] = {}

    def version(self) -> str:
        digest = hashlib.sha256()
        for path in sorted(p for p in self.directory.rglob("*") if p.is_file()):
            stat = path.stat()
            digest.update(f"{path.relative_to(self.directory)}:{stat.st_size}:"
                          f"{stat.st_mtime_ns}\n".encode())
        return digest.hexdigest()[:12]

    def shell(self, version: str) -> list[str]:
        """The URLs of every file a page of this release may load: the client's code under
        the version (modules, style sheet, language files), and the unversioned files the
        page names as they are (the import map's libraries, the icon, the manifest)."""
        urls = []
        for path in sorted(p for p in self.directory.rglob("*") if p.is_file()):
            relative = path.relative_to(self.directory).as_posix()
            if relative.startswith(("js/", "i18n/")) or relative == "app.css":
                urls.append(f"{VERSIONED_PREFIX}{version}/{relative}")
            elif (relative.startswith("vendor/") and path.suffix == ".mjs") or relative in (
                    "favicon.svg", "manifest.webmanifest"):
                urls.append(f"/{relative}")
        return urls

    def service_worker(self, version: str) -> bytes:
        template = (self.directory / SERVICE_WORKER).read_text(encoding="utf-8")
        release = json.dumps({"version": version, "files": self.shell(version)})
        if RELEASE_PLACEHOLDER not in template:
            raise RuntimeError(f"{SERVICE_WORKER} has no {RELEASE_PLACEHOLDER!r} to fill in")
        return template.replace(RELEASE_PLACEHOLDER, f"const RELEASE = {release};",
                                1).encode("utf-8")

    def page(self, version: str) -> bytes:
        if version not in self._pages:
            text = (self.directory / "index.html").read_text(encoding="utf-8")
            for reference in ENTRY_POINTS:
                attribute, _, url = reference.partition('="/')
                text = text.replace(reference, f'{attribute}="{VERSIONED_PREFIX}{version}/{url}')
            self._pages = {version: text.encode("utf-8")}  # one release at a time
        return self._pages[version]


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
    release = _Release(directory)

    def client_screen(request: Request) -> Response:
        # no-cache: a new release is picked up on the next visit; the page names its version.
        body = release.page(release.version())
        headers = {"Cache-Control": "no-cache"}
        if _accepts_gzip(request.headers):
            body = gzip.compress(body, compresslevel=9, mtime=0)
            headers.update({"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
        return Response(body, headers=headers, media_type="text/html")

    def service_worker(request: Request) -> Response:
        # no-cache: the browser compares it byte for byte on each visit; a new release
        # installs a new worker (and its cache) while the old one keeps serving old pages.
        body = release.service_worker(release.version())
        headers = {"Cache-Control": "no-cache"}
        if _accepts_gzip(request.headers):
            body = gzip.compress(body, compresslevel=9, mtime=0)
            headers.update({"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
        return Response(body, headers=headers, media_type="text/javascript")

    for path in ("/", *CLIENT_ROUTES):
        app.add_api_route(path, client_screen, methods=["GET"], include_in_schema=False)
    if (directory / SERVICE_WORKER).is_file():
        app.add_api_route(f"/{SERVICE_WORKER}", service_worker, methods=["GET"],
                          include_in_schema=False)
    app.router.default = _StaticFallback(StaticFiles(directory=directory, html=True), cache,
                                         release)
    return True


class _StaticFallback:
    """What the router answers when no route matches: a file of the client, or a 404."""

    def __init__(self, files: StaticFiles, cache: _GzipCache, release: _Release) -> None:
        self.files = files
        self.cache = cache
        self.release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or path.startswith("/api/") or scope["method"] not in (
                "GET", "HEAD"):
            raise HTTPException(404)  # the error handlers give it the API's shape
        version = None
        if path.startswith(VERSIONED_PREFIX):
            version, _, rest = path[len(VERSIONED_PREFIX):].partition("/")
            scope = {**scope, "path": f"/{rest}"}
        response = await self.files.get_response(self.files.get_path(scope), scope)
        if scope["method"] == "GET":
            response = _maybe_gzipped(response, Headers(scope=scope), self.cache)
        if response.status_code in (200, 304):
            # The current release's files never change under their URL; anything else (an
            # unversioned path, a page of an older release still open) revalidates.
            current = version is not None and version == self.release.version()
            response.headers["Cache-Control"] = IMMUTABLE if current else "no-cache"
        await response(scope, receive, send)
