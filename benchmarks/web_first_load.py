"""What the web client's first load costs on the wire: a signed-in user with an accepted plan
opens /today in a fresh browser context (empty cache) at phone size. Prints the requests and
the bytes received (response bodies as sent, so compressed when they were), split into the
client's static files and the API's answers; then the same for a second visit (the page
opened again in a new tab of the same browser, with its cache): requests that reached the
server, and those a cache answered without asking. Both with the service worker blocked (the
client as it was before it) and allowed, side by side in one run; the worker's own requests
(it caches the release when it installs) are counted apart.

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
from typing import Any

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
                runs = {workers: _visit(browser, base, session, workers)
                        for workers in ("block", "allow")}
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    for workers, (seen, worker, asked, cached) in runs.items():
        label = ("without the service worker (blocked)" if workers == "block"
                 else "with the service worker")
        print(f"-- {label}")
        static = [item for item in seen if "/api/" not in item[0]]
        answers = [item for item in seen if "/api/" in item[0]]
        print(f"page requests: {len(seen)} (client files {len(static)}, API {len(answers)})")
        print(f"bytes received: {sum(i[1] for i in seen):,} (client files "
              f"{sum(i[1] for i in static):,}, API {sum(i[1] for i in answers):,})")
        print("client file encodings:", ", ".join(sorted({i[2] for i in static})))
        print(f"service worker's own requests (its install): {len(worker)}, "
              f"{sum(i[1] for i in worker):,} bytes received")
        reached = [url for url in asked if "/api/" not in url]
        print(f"second visit: {len(asked)} requests reached the server ({len(reached)} "
              f"client files, {len(asked) - len(reached)} API), {len(cached)} answered by "
              "a cache")

def _visit(browser: Any, base: str, session: dict[str, str], workers: str
           ) -> tuple[list[tuple[str, int, str]], list[tuple[str, int, str]], list[str],
                      list[str]]:
    """One fresh context's first visit of /today and a second one in a new tab; with
    `workers` "block" the page runs as it did before the service worker."""
    context = browser.new_context(viewport=PHONE, base_url=base, service_workers=workers)
    context.set_extra_http_headers({CLOCK_HEADER: NOW.isoformat()})
    page = context.new_page()
    # The page's clock at the server's *now* (a Monday), as in the browser tests: /today
    # is then a training day whatever day the benchmark runs.
    page.clock.install(time=NOW)
    page.clock.resume()
    page.goto("/favicon.svg")  # an origin for localStorage, before counting
    page.evaluate("s => localStorage.setItem('fitcoach.session', s)", json.dumps(session))
    seen: list[tuple[str, int, str]] = []
    worker: list[tuple[str, int, str]] = []

    def finished(request: Any) -> None:
        response = request.response()
        item = (request.url, request.sizes()["responseBodySize"],
                (response.headers.get("content-encoding") if response else None)
                or "identity")
        (worker if request.service_worker is not None else seen).append(item)

    context.on("requestfinished", finished)
    page.goto("/today")
    page.locator(".exercise-name").first.wait_for()
    page.wait_for_load_state("networkidle")
    if workers == "allow":
        for _ in range(300):  # until the worker has cached the release
            if page.evaluate("() => Boolean(navigator.serviceWorker.controller)"):
                break
            page.wait_for_timeout(100)
        page.wait_for_timeout(500)
    context.remove_listener("requestfinished", finished)
    again = context.new_page()
    again.clock.install(time=NOW)
    again.clock.resume()
    cdp = context.new_cdp_session(again)
    cdp.send("Network.enable")
    asked: list[str] = []
    cached: list[str] = []
    cdp.on("Network.responseReceived", lambda event: (
        cached if event["response"].get("fromDiskCache")
        or event["response"].get("fromMemoryCache")
        or event["response"].get("fromServiceWorker") else asked).append(
            event["response"]["url"]))
    again.goto("/today")
    again.locator(".exercise-name").first.wait_for()
    again.wait_for_load_state("networkidle")
    context.close()
    return seen, worker, asked, cached


if __name__ == "__main__":
    main()
