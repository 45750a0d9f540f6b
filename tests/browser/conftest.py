"""Browser tests: Playwright (sync API) drives Debian's Chromium against a live `fitcoach
serve` on a free port, with a temporary SQLite database and the dev clock on.

- Chromium is `/usr/bin/chromium` (`FITCOACH_CHROMIUM` overrides); without it every test
  here is skipped with the reason. Playwright's own browser download is never used.
- Time is pinned: the server reads *now* from the `X-Fitcoach-Now` header (sent on every
  request of the browser context) and the page's clock is installed at the same instant, so
  "today" is the same Monday for both, whatever day the tests run.
- `FITCOACH_BROWSER_SERVER=<url>` uses a server that is already running instead.
- `FITCOACH_BROWSER_JITTER_MS=<n>` delays each of the server's responses by 0 to n ms at
  random (`jittery.py`), so races between requests show up on a quiet machine too.
- `FITCOACH_SCREENSHOTS=<dir>` saves a phone and a desktop screenshot of each screen there
  (`docs/screenshots` in the repo); by default none are written.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.jittery import JITTER_ENV
from tests.reliability.served import FITCOACH, Server

CHROMIUM = Path(os.environ.get("FITCOACH_CHROMIUM", "/usr/bin/chromium"))
# Without the background-networking flags Chromium keeps calling home, which floods a
# closed network; --headless and --no-sandbox make it run in CI containers as root.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
# A Monday, like the seed's runtime context block: 12:00 in Madrid.
NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
CLOCK_HEADER = "X-Fitcoach-Now"
# The sizes the web client is checked at (issue 13): a common phone and a common laptop.
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}
STATIC = Path(__file__).resolve().parents[2] / "src" / "fitcoach" / "web" / "static"


try:
    from playwright.sync_api import expect
except ImportError:  # the `browser` fixture skips with the reason
    pass
else:
    # expect()'s retrying assertions wait 5 s by default, Playwright's actions 30 s: on a
    # loaded machine a screen can take longer than 5 s to show what an action changed, so
    # they wait as long as an action does.
    expect.set_options(timeout=30_000)


def catalog(code: str) -> dict[str, Any]:
    """The web client's words in one language (the tests find elements by what users read)."""
    return json.loads((STATIC / "i18n" / f"{code}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`fitcoach serve` in a subprocess; yields its base URL. FITCOACH_BROWSER_SERVER=<url>
    points the tests at a server already running (started with FITCOACH_DEV_CLOCK=1).

    The process is the reliability tests' `Server`: a port another test process took between
    choosing and binding it is retried on a new one, and a slow start on a loaded machine gets
    minutes, not seconds. FITCOACH_BROWSER_JITTER_MS=<n> serves through `jittery.py`, which
    delays every response by up to n ms at random, to shake out tests that rely on an order."""
    existing = os.environ.get("FITCOACH_BROWSER_SERVER")
    if existing:
        yield existing.rstrip("/")
        return
    folder = tmp_path_factory.mktemp("browser-server")
    launcher: tuple[str, ...] = (str(FITCOACH),)
    if float(os.environ.get(JITTER_ENV, "0") or 0) > 0:
        launcher = (sys.executable, str(Path(__file__).with_name("jittery.py")))
    process = Server(
        db_url=f"sqlite:///{folder / 'fitcoach.db'}", directory=folder, launcher=launcher,
        # Dozens of users sign up from 127.0.0.1 within a minute; the limit has e2e tests.
        environment={"FITCOACH_RATE_LIMIT_SIGNUP_PER_MINUTE": "0"})
    process.start()
    try:
        yield process.url
    finally:
        process.stop()


# Package scope, not session: sync Playwright keeps an event loop running in this thread
# until it stops, and the CLI and eval tests that run after tests/browser call asyncio.run.
@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: install Debian's Chromium "
                    "(apt-get install -y chromium) to run the browser tests")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@dataclass
class Api:
    """The HTTP contract, for arranging a test's starting point and checking its outcome."""

    base: str
    token: str = ""
    user_id: str = ""

    def headers(self, now: dt.datetime = NOW) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}", CLOCK_HEADER: now.isoformat()}

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        return httpx.get(self.base + path, headers=self.headers(), timeout=30, **kwargs)

    def post(self, path: str, body: Any = None, now: dt.datetime = NOW) -> httpx.Response:
        return httpx.post(self.base + path, json=body, headers=self.headers(now), timeout=30)

    def delete(self, path: str) -> httpx.Response:
        return httpx.delete(self.base + path, headers=self.headers(), timeout=30)

    def chat(self, message: str, **context: Any) -> dict[str, Any]:
        response = self.post("/api/coach/chat", {"message": message, **context})
        assert response.status_code == 200, response.text
        return response.json()


def sign_up(base: str, **profile: Any) -> Api:
    body = {"display_name": "Ana", "locale": "en", "units": "kg", "timezone": "Europe/Madrid",
            **profile}
    response = httpx.post(f"{base}/api/users", json=body, timeout=30)
    assert response.status_code == 201, response.text
    data = response.json()
    return Api(base, data["token"], data["user_id"])


ONBOARDING = {
    "en": "Hey! I'm 32 and train at home. I have adjustable dumbbells up to 22 kg and an "
          "adjustable bench. I want to build muscle, especially chest and delts, but my lower "
          "back bothers me on heavy deadlifts. I can train 4 days a week for about 45 minutes.",
    # The seed's own Spanish example (seed/spec.es.txt, intent 1).
    "es": "¡Hola! Tengo 32 años y entreno en casa. Tengo mancuernas ajustables de hasta 22 kg "
          "y un banco ajustable. Quiero desarrollar músculo, especialmente en el pecho y los "
          "deltoides, pero me duele la parte inferior de la espalda si hago peso muerto "
          "pesado. Puedo entrenar 4 días a la semana durante unos 45 minutos",
    # The seed's Hebrew example (seed/spec.he.txt, intent 1).
    "he": "היי! אני בת 32, מתאמנת בבית. יש לי משקולות יד מתכווננות עד 22 ק\"ג וספסל מתכוונן. "
          "אני רוצה לפתח שרירים, במיוחד בחזה ובכתפיים, אבל הגב התחתון שלי כואב כשאני מרים "
          "משקולות כבדות. אני יכול להתאמן 4 ימים בשבוע, בערך 45 דקות בכל פעם.",
}


def staged_week(api: Api, locale: str = "en") -> dict[str, Any]:
    """Onboard through the coach and return the week proposal it stages."""
    reply = api.chat(ONBOARDING[locale])
    proposal = reply.get("proposal") or {}
    assert proposal.get("type") == "UPDATE_WEEK", reply
    return proposal


def accepted_week(api: Api, locale: str = "en") -> dict[str, Any]:
    proposal = staged_week(api, locale)
    response = api.post(f"/api/coach/proposals/{proposal['id']}/accept")
    assert response.status_code == 200, response.text
    return response.json()["plan"]


@pytest.fixture
def context_factory(browser: Any, server: str) -> Iterator[Callable[..., Any]]:
    """New browser contexts (a fresh localStorage each) with the pinned clock."""
    contexts: list[Any] = []

    def make(viewport: dict[str, int] = PHONE, locale: str = "en-US",
             timezone_id: str = "Europe/Madrid") -> Any:
        context = browser.new_context(viewport=viewport, locale=locale, timezone_id=timezone_id,
                                      base_url=server)
        context.set_extra_http_headers({CLOCK_HEADER: NOW.isoformat()})
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


class Page:
    """A page with the pinned clock, failing the test on any uncaught script error."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.clock.install(time=NOW)
        page.clock.resume()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.page, name)

    def sign_in_as(self, api: Api, locale: str = "en", units: str = "kg",
                   timezone: str = "Europe/Madrid", name: str = "Ana") -> None:
        """Start signed in as a user made through the API (what sign-up leaves behind)."""
        session = {"token": api.token, "user_id": api.user_id, "display_name": name,
                   "locale": locale, "units": units, "timezone": timezone}
        self.page.goto("/")
        self.page.evaluate("s => localStorage.setItem('fitcoach.session', s)", json.dumps(session))


@pytest.fixture
def new_page(context_factory: Callable[..., Any]) -> Iterator[Callable[..., Page]]:
    pages: list[Page] = []

    def make(**context_options: Any) -> Page:
        page = Page(context_factory(**context_options).new_page())
        pages.append(page)
        return page

    yield make
    for page in pages:
        assert not page.errors, f"uncaught errors in the page: {page.errors}"


SCREENSHOTS = os.environ.get("FITCOACH_SCREENSHOTS")


def screenshot(page: Any, name: str) -> None:
    """Save the screen at phone and at desktop width when FITCOACH_SCREENSHOTS names a folder."""
    if not SCREENSHOTS:
        return
    folder = Path(SCREENSHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    original = page.viewport_size
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        page.wait_for_timeout(200)
        page.evaluate("window.scrollTo(0, 0)")
        height = page.evaluate("document.documentElement.scrollHeight")
        # Grow the viewport to the page so fixed bars sit at the bottom, as a person sees them.
        page.set_viewport_size({"width": size["width"],
                                "height": max(size["height"], min(height, 4000))})
        page.wait_for_timeout(200)
        page.screenshot(path=str(folder / f"{name}-{label}.png"))
    page.set_viewport_size(original)
    page.wait_for_timeout(100)


def screenshot_as_seen(page: Any, name: str) -> None:
    """Save the viewport as it is, scrolled where the test left it (what a person sees now),
    when FITCOACH_SCREENSHOTS names a folder; `name` gets the viewport's label."""
    if not SCREENSHOTS:
        return
    folder = Path(SCREENSHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    label = "phone" if page.viewport_size["width"] < 880 else "desktop"
    page.screenshot(path=str(folder / f"{name}-{label}.png"))
