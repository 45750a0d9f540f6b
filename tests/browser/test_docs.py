"""`/docs` (Swagger UI) is served by the service itself: no CDN and no favicon host, so the
interactive API docs work offline."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

# Every URL a page names: attributes, and any absolute or protocol-relative URL in scripts.
_ATTRIBUTE_URLS = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
_ABSOLUTE_URLS = re.compile(r"""(?:https?:)?//[\w.-]+""", re.IGNORECASE)


def test_docs_reference_no_external_host(server: str) -> None:
    response = httpx.get(f"{server}/docs", timeout=30)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    page = response.text
    assert "SwaggerUIBundle" in page
    assert _ABSOLUTE_URLS.findall(page) == []
    urls = _ATTRIBUTE_URLS.findall(page)
    assert len(urls) == 3, urls  # the script, the style sheet and the icon
    for url in urls:
        assert url.startswith("/docs/assets/"), url
        asset = httpx.get(server + url, timeout=30)
        assert asset.status_code == 200, url
        assert len(asset.content) > 1000, url
    assert "/openapi.json" in page
    assert httpx.get(f"{server}/openapi.json", timeout=30).status_code == 200


def test_only_the_pages_own_assets_are_served(server: str) -> None:
    for name in ("core.py", "..%2F__init__.py", "redoc.standalone.js", "nope.js"):
        response = httpx.get(f"{server}/docs/assets/{name}", timeout=30)
        assert response.status_code == 404, name
        assert response.json()["error"]["code"] == "not_found"


def _offline(page: Any, server: str) -> list[str]:
    """Abort every request that leaves the server; the list of those attempted."""
    origin = urlsplit(server).netloc
    outside: list[str] = []

    def only_the_server(route: Any) -> None:
        if urlsplit(route.request.url).netloc == origin:
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort("internetdisconnected")

    page.route("**/*", only_the_server)
    return outside


@pytest.mark.browser
def test_swagger_ui_renders_with_the_network_cut_off(server: str, new_page: Any) -> None:
    page = new_page()
    outside = _offline(page.page, server)
    page.goto("/docs")
    page.locator(".swagger-ui .info .title", has_text="fitcoach").wait_for()
    page.locator(".opblock-summary-path", has_text="/api/progress").first.wait_for()
    assert outside == []

