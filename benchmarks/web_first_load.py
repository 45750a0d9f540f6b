"""What the web client's first load costs on the wire: a signed-in user with an accepted plan
opens /today in a fresh browser context (empty cache) at phone size. Prints the requests and
the bytes received (response bodies as sent, so compressed when they were), split into the
client's static files and the API's answers; then the same for a second visit (the page
opened again in a new tab of the same browser, with its cache): requests that reached the
server, and those the cache answered without asking.

Starts its own `fitcoach serve` (embedded brain, dev clock, a temporary SQLite database) and
drives Debian's Chromium (/usr/bin/chromium, FITCOACH_CHROMIUM overrides) with Playwright.

    .venv/bin/python benchmarks/web_first_load.py
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import (  # noqa: E402  (the repo root is put on the path above)
    CHROMIUM,
    CHROMIUM_ARGS,
    CLOCK_HEADER,
    NOW,
    PHONE,
    accepted_week,
    sign_up,
)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def main() -> None:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "FITCOACH_DEV_CLOCK": "1", "FITCOACH_BRAIN": "embedded",
               "PYTHONPATH": str(ROOT / "src")}
        server = subprocess.Popen(
            [sys.executable, "-m", "fitcoach.cli", "serve", "--host", "127.0.0.1", "--port",
             str(port), "--db", f"sqlite:///{folder}/fitcoach.db"],
            env=env, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                time.sleep(0.2)
            api = sign_up(base)
            accepted_week(api)
            session = {"token": api.token, "user_id": api.user_id, "display_name": "Ana",
                       "locale": "en", "units": "kg", "timezone": "Europe/Madrid"}
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                     args=CHROMIUM_ARGS)
                context = browser.new_context(viewport=PHONE, base_url=base)
                context.set_extra_http_headers({CLOCK_HEADER: NOW.isoformat()})
                page = context.new_page()
                page.goto("/favicon.svg")  # an origin for localStorage, before counting
                page.evaluate("s => localStorage.setItem('fitcoach.session', s)",
                              json.dumps(session))
                seen: list[tuple[str, int, str]] = []
                page.on("requestfinished", lambda request: seen.append((
                    request.url, request.sizes()["responseBodySize"],
                    (request.response().headers.get("content-encoding") or "identity"))))
                page.goto("/today")
                page.locator(".exercise-name").first.wait_for()
                page.wait_for_load_state("networkidle")
                again = context.new_page()
                cdp = context.new_cdp_session(again)
                cdp.send("Network.enable")
                asked: list[str] = []
                cached: list[str] = []
                cdp.on("Network.responseReceived", lambda event: (
                    cached if event["response"].get("fromDiskCache")
                    or event["response"].get("fromMemoryCache") else asked).append(
                        event["response"]["url"]))
                cdp.on("Network.requestServedFromCache", lambda event: None)
                again.goto("/today")
                again.locator(".exercise-name").first.wait_for()
                again.wait_for_load_state("networkidle")
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    static = [item for item in seen if "/api/" not in item[0]]
    answers = [item for item in seen if "/api/" in item[0]]
    print(f"requests: {len(seen)} (client files {len(static)}, API {len(answers)})")
    print(f"bytes received: {sum(i[1] for i in seen):,} (client files "
          f"{sum(i[1] for i in static):,}, API {sum(i[1] for i in answers):,})")
    print("client file encodings:", ", ".join(sorted({i[2] for i in static})))
    reached = [url for url in asked if "/api/" not in url]
    print(f"second visit: {len(asked)} requests reached the server ({len(reached)} client "
          f"files, {len(asked) - len(reached)} API), {len(cached)} answered by the cache")


if __name__ == "__main__":
    main()
