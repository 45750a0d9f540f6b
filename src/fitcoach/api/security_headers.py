"""Security headers on every response: no MIME sniffing, no referrer, no framing, and a
Content-Security-Policy.

The web client loads only same-origin files (`/app.css`, `/js/…`, `/vendor/…`); its
`index.html` holds two inline scripts (the import map and the boot-failure handler) and one
inline event handler (the boot-failure page's Reload button). Their sha256 hashes, computed
from the file served, are the only inline code the policy allows: no 'unsafe-inline', no
'unsafe-eval', nothing from another origin. Styles are the same-origin stylesheet only; the
client's dynamic styles are set through the CSSOM (`element.style`), which a style-src
policy does not govern.

The API documentation pages (`/docs`, `/redoc`) are third-party HTML with inline scripts
and styles (and ReDoc's CDN); they get a policy of their own that allows those.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable
from pathlib import Path

from starlette.types import ASGIApp, Message, Receive, Scope, Send

BASE_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
DOCS_PATHS = ("/docs", "/redoc")
DOCS_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
               "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com; "
               "img-src 'self' data: https:; font-src 'self' https://fonts.gstatic.com; "
               "worker-src 'self' blob:; connect-src 'self'; object-src 'none'; "
               "base-uri 'none'; frame-ancestors 'none'")

_INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc\s*=)[^>]*>(.*?)</script>",
                            re.DOTALL | re.IGNORECASE)
_EVENT_HANDLER = re.compile(r"""\bon[a-z]+\s*=\s*"([^"]*)\"""", re.IGNORECASE)


def _sha256(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def inline_hashes(html: str) -> tuple[list[str], list[str]]:
    """The hashes of the page's inline scripts, and of its inline event handlers (also those
    written in a script's HTML strings, as the boot-failure page is)."""
    scripts = [_sha256(body) for body in _INLINE_SCRIPT.findall(html)]
    handlers = [_sha256(code) for code in _EVENT_HANDLER.findall(html)]
    return list(dict.fromkeys(scripts)), list(dict.fromkeys(handlers))


def _raw(headers: dict[str, str]) -> tuple[tuple[bytes, bytes], ...]:
    """As ASGI carries them: lower-case names, latin-1 bytes."""
    return tuple((name.lower().encode("latin-1"), value.encode("latin-1"))
                 for name, value in headers.items())


def content_security_policy(index_html: Path | None) -> str:
    """The policy for everything but the documentation pages, allowing exactly the inline
    code of the client's `index.html` (when there is one)."""
    scripts: Iterable[str] = ()
    handlers: Iterable[str] = ()
    if index_html is not None and index_html.is_file():
        scripts, handlers = inline_hashes(index_html.read_text(encoding="utf-8"))
    handlers = list(handlers)
    script_src = " ".join(["'self'", *scripts,
                           *(["'unsafe-hashes'", *handlers] if handlers else [])])
    return (f"default-src 'self'; script-src {script_src}; style-src 'self'; "
            "img-src 'self'; font-src 'self'; connect-src 'self'; manifest-src 'self'; "
            "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


class SecurityHeaders:
    """Adds the headers to every HTTP response that does not set them itself."""

    def __init__(self, app: ASGIApp, policy: str, docs_policy: str = DOCS_POLICY) -> None:
        self.app = app
        self.headers = _raw({**BASE_HEADERS, "Content-Security-Policy": policy})
        self.docs_headers = _raw({**BASE_HEADERS, "Content-Security-Policy": docs_policy})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        docs = any(path == p or path.startswith(p + "/") for p in DOCS_PATHS)
        extra = self.docs_headers if docs else self.headers

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                # On the raw (name, value) pairs: every response passes here, and
                # MutableHeaders decodes and lower-cases every header once per lookup.
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                headers.extend(pair for pair in extra if pair[0] not in present)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
