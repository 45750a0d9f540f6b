"""`/docs` (Swagger UI) served from this process, so the interactive API docs work offline.

FastAPI's own `/docs` loads Swagger UI's script and style sheet from a CDN (and a favicon from
the FastAPI site). Here the app is built with `docs_url=None` and this module adds the page with
FastAPI's own `get_swagger_ui_html`, pointed at the Swagger UI 5 dist files that the pinned
`fastapi-offline` package ships, served under `/docs/assets/` (we use its files, not its app
class).

Why that package: `swagger-ui-bundle`, the usual one, ships Swagger UI 4.15, which cannot render
an OpenAPI 3.1 document ("does not specify a valid version field"), and FastAPI writes 3.1.
Only the files the page uses are served. `validatorUrl: null` keeps Swagger UI from asking
validator.swagger.io about the schema.

`/redoc` stays FastAPI's (from a CDN): the package's ReDoc would render offline but still
fetches its logo from cdn.redoc.ly, and ReDoc has no option to stop that.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse

from fitcoach.api.errors import NotFound

DOCS_PATH = "/docs"
ASSETS_PATH = f"{DOCS_PATH}/assets"
SWAGGER_JS = "swagger-ui-bundle.js"
SWAGGER_CSS = "swagger-ui.css"
FAVICON = "favicon.png"
_ASSETS = {
    SWAGGER_JS: "text/javascript; charset=utf-8",
    SWAGGER_CSS: "text/css; charset=utf-8",
    FAVICON: "image/png",
}
_ASSET_DIRECTORY = Path(str(files("fastapi_offline") / "static"))
# The files change only with the package's pinned version; a day is plenty.
_CACHE = "public, max-age=86400"


def _asset_url(name: str) -> str:
    return f"{ASSETS_PATH}/{name}"


def mount_docs_ui(app: FastAPI) -> None:
    """Add `GET /docs` and its assets; the app must be built with `docs_url=None`."""
    openapi_url = app.openapi_url or "/openapi.json"

    def swagger_ui() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi_url, title=f"{app.title} - Swagger UI",
            swagger_js_url=_asset_url(SWAGGER_JS), swagger_css_url=_asset_url(SWAGGER_CSS),
            swagger_favicon_url=_asset_url(FAVICON),
            swagger_ui_parameters={"validatorUrl": None})

    def asset(name: str) -> FileResponse:
        media_type = _ASSETS.get(name)
        if media_type is None:
            raise NotFound(f"no file {name!r} under {ASSETS_PATH}")
        return FileResponse(_ASSET_DIRECTORY / name, media_type=media_type,
                            headers={"Cache-Control": _CACHE})

    app.add_api_route(DOCS_PATH, swagger_ui, methods=["GET"], include_in_schema=False)
    app.add_api_route(f"{ASSETS_PATH}/{{name}}", asset, methods=["GET"], include_in_schema=False)
