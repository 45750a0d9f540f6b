"""The hook that serves the web client at `/` (built by the web issue, no build step).

The client lives in `src/fitcoach/web/static/`; it is mounted only when its `index.html`
exists, after every API route, so `/api/*`, `/healthz` and `/docs` always win.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

WEB_STATIC_DIR = Path(__file__).resolve().parent.parent / "web" / "static"


def mount_web_client(app: FastAPI, directory: Path = WEB_STATIC_DIR) -> bool:
    """Mount the static client at `/`; False when there is none to serve."""
    if not (directory / "index.html").is_file():
        return False
    app.mount("/", StaticFiles(directory=directory, html=True), name="web")
    return True
