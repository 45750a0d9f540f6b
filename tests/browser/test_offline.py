"""Installable and offline-tolerant: with the network down a reload still opens the app (the
service worker's copy of this release), today's session can be logged, finished workouts (two
here) wait on the device where the user sees them, and each is sent once, oldest first, when
the network returns."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.browser.conftest import (
    DESKTOP,
    PHONE,
    Page,
    accepted_week,
    catalog,
    screenshot_as_seen,
    sign_up,
)
from tests.browser.sight import uncovered

pytestmark = pytest.mark.browser


WORKER_STATE = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return 'no registration';
  const worker = (w) => (w ? w.state : 'none');
  const controlled = Boolean(navigator.serviceWorker.controller);
  return `installing ${worker(registration.installing)}, `
    + `waiting ${worker(registration.waiting)}, `
    + `active ${worker(registration.active)}, controller ${controlled}`;
}"""


CONTROLLED = "() => Boolean(navigator.serviceWorker.controller)"


def _controlled(page: Any) -> None:
    """Wait until the service worker has cached the release and controls the page, as it
    must on the page's first load (it claims the page, or the page asks it to: main.js)."""
    # Polled from here: wait_for_function evaluates its predicate in a way the page's CSP
    # (no 'unsafe-eval') refuses. Up to 60 s: the install caches the whole app shell, which
    # a loaded machine may take a while over; a worker that never takes the page fails.
    for _ in range(600):
        if page.evaluate(CONTROLLED):
            return
        page.wait_for_timeout(100)
    raise AssertionError("no service worker controls the page after 60 s: "
                         + page.evaluate(WORKER_STATE))


def test_a_page_loaded_past_the_worker_is_taken_over_without_a_reload(
        server: str, context_factory: Callable[..., Any]) -> None:
    """The first load of the app comes under its worker, and so does a page the worker's
    claim at activation missed: here a hard reload (it bypasses the worker, so the page starts
    uncontrolled, and the worker, active already, does not activate again). Such a page used
    to stay uncontrolled until its next load, and a reload offline then found no app."""
    context = context_factory()
    page = Page(context.new_page())
    page.goto("/")
    _controlled(page)
    session = context.new_cdp_session(page.page)
    with page.expect_navigation():
        session.send("Page.reload", {"ignoreCache": True})
    page.locator("html[data-ready='1']").wait_for(state="attached")
    _controlled(page)
    context.set_offline(True)
    page.reload()  # the worker answers: the app opens with no network
    page.locator("html[data-ready='1']").wait_for(state="attached")
    assert not page.errors, page.errors


@pytest.mark.parametrize("locale", ["en", "he"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_offline_reload_logs_and_sends_once_back_online(
        server: str, context_factory: Callable[..., Any], viewport: dict[str, int],
        locale: str) -> None:
    words = catalog(locale)
    api = sign_up(server, locale=locale)
    plan = accepted_week(api, locale)
    day_name = "monday" if not plan["days"]["monday"]["is_rest_day"] else next(
        name for name, day in plan["days"].items() if not day["is_rest_day"])
    context = context_factory(viewport=viewport,
                              locale="he-IL" if locale == "he" else "en-US")
    page = Page(context.new_page())
    page.sign_in_as(api, locale=locale)
    page.goto(f"/workouts/{day_name}")
    page.get_by_role("link", name=words["day.start"]).wait_for()
    _controlled(page)

    context.set_offline(True)
    page.reload()  # no network: the page and its modules come from the worker's cache
    start = page.get_by_role("link", name=words["day.start"])
    start.wait_for()
    start.click()
    page.wait_for_url("**/workout/active**")
    _log_one_set_and_finish(page, words, reps=8)
    queued = page.locator(".queued-card")
    queued.first.get_by_text(words["queue.title"]).wait_for()
    assert not uncovered(queued.first.locator("h2")), uncovered(queued.first.locator("h2"))
    screenshot_as_seen(page, f"workout-queued-{locale}")
    assert api.get("/api/workouts/logs").json() == []

    # Still offline, a second workout: the first stays queued, the second joins it.
    page.locator(".start-panel").get_by_role("button", name=words["day.start"]).first.click()
    page.locator(".wk-exercise").first.wait_for()
    page.clock.run_for(60_000)  # finished a minute later
    _log_one_set_and_finish(page, words, reps=6)
    queued.nth(1).wait_for()
    assert queued.count() == 2
    newest = queued.nth(1).locator("h2")
    assert newest.evaluate("e => e === document.activeElement")
    assert not uncovered(newest), uncovered(newest)
    keys = page.evaluate(
        "id => JSON.parse(localStorage.getItem('fitcoach.queue.' + id))"
        ".map(w => w.idempotency_key)",
        api.user_id)
    assert len(set(keys)) == 2
    assert api.get("/api/workouts/logs").json() == []

    # Elsewhere in the app a banner says what waits.
    page.locator(".nav-link:visible").filter(has_text=words["nav.today"]).first.click()
    banner = page.locator(".workout-queued")
    banner.wait_for()
    assert banner.inner_text().strip() == words["queue.banner"]["other"].format(count=2)
    assert not uncovered(banner), uncovered(banner)

    sent: list[str] = []
    page.on("request", lambda request: sent.append(
        json.loads(request.post_data or "{}").get("idempotency_key", ""))
        if request.method == "POST" and request.url.endswith("/api/workouts/log") else None)
    context.set_offline(False)
    banner.wait_for(state="detached", timeout=15_000)
    logs = api.get("/api/workouts/logs").json()  # newest first
    assert len(logs) == 2
    assert [log["exercises_logged"][0]["sets"][0]["reps"] for log in logs] == [6, 8]
    # Each keeps the time it was finished on the device, not the time it was sent.
    assert logs[0]["completed_at"] > logs[1]["completed_at"]
    assert sent == keys  # once each, oldest first
    # Another reconnection (or a second tab) sends nothing new.
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_timeout(500)
    assert len(api.get("/api/workouts/logs").json()) == 2
    assert sent == keys
    assert not page.errors, page.errors


def _log_one_set_and_finish(page: Any, words: dict[str, Any], reps: int) -> None:
    card = page.locator(".wk-exercise").first
    card.get_by_label(words["active.load"].format(unit=words["unit.kg"])).fill("12.5")
    card.get_by_label(words["active.reps"]).fill(str(reps))
    card.get_by_role("button", name=words["active.logSetN"].format(n=1)).click()
    page.get_by_role("button", name=words["active.restSkip"]).click()
    page.get_by_role("button", name=words["active.finish"]).click()
    page.get_by_role("button", name=words["active.finishAnyway"]).click()


def test_the_worker_holds_one_release_and_the_app_is_installable(
        server: str, context_factory: Callable[..., Any]) -> None:
    worker = httpx.get(f"{server}/sw.js", timeout=30)
    assert worker.status_code == 200
    assert worker.headers["cache-control"] == "no-cache"
    assert "javascript" in worker.headers["content-type"]
    page_text = httpx.get(f"{server}/", timeout=30).text
    version = page_text.split("/v/", 1)[1].split("/", 1)[0]
    # Every file the page's release loads, named under that release's version.
    assert f'"version": "{version}"' in worker.text
    assert f"/v/{version}/js/main.js" in worker.text
    assert f"/v/{version}/i18n/he.json" in worker.text
    assert "/vendor/preact.mjs" in worker.text
    manifest = httpx.get(f"{server}/manifest.webmanifest", timeout=30)
    assert manifest.status_code == 200
    assert manifest.json()["start_url"] == "/today"
    assert "Content-Security-Policy" in manifest.headers

    context = context_factory(viewport=PHONE)
    page = Page(context.new_page())
    page.goto("/")
    _controlled(page)
    session = context.new_cdp_session(page.page)
    errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are incognito, where Chromium installs nothing: that one is the
    # test's, not the app's (a missing manifest field or worker would be listed too).
    assert [e for e in errors if e["errorId"] != "in-incognito"] == [], errors
    assert page.evaluate("caches.keys()") == [f"fitcoach-shell-{version}"]


def test_a_server_error_on_reconnecting_leaves_the_workout_queued(
        server: str, context_factory: Callable[..., Any]) -> None:
    """A 503 while the server restarts is not the server refusing the workout: it stays
    queued (no refusal shown, no "remove" offered) and is sent on the next round."""
    words = catalog("en")
    api = sign_up(server, locale="en")
    plan = accepted_week(api, "en")
    day_name = "monday" if not plan["days"]["monday"]["is_rest_day"] else next(
        name for name, day in plan["days"].items() if not day["is_rest_day"])
    context = context_factory(viewport=PHONE, locale="en-US")
    page = Page(context.new_page())
    page.sign_in_as(api, locale="en")
    page.goto(f"/workouts/{day_name}")
    page.get_by_role("link", name=words["day.start"]).wait_for()
    _controlled(page)
    context.set_offline(True)
    page.get_by_role("link", name=words["day.start"]).click()
    page.wait_for_url("**/workout/active**")
    _log_one_set_and_finish(page, words, reps=7)
    queued = page.locator(".queued-card")
    queued.first.get_by_text(words["queue.title"]).wait_for()

    answered: list[int] = []

    def restarting(route: Any) -> None:
        answered.append(503)
        route.fulfill(status=503, content_type="application/json", body=json.dumps(
            {"error": {"code": "unavailable", "message": "restarting"}}))

    page.route("**/api/workouts/log", restarting)
    context.set_offline(False)  # the page's 'online' event starts a round of sending
    for _ in range(100):
        if answered:
            break
        page.wait_for_timeout(100)
    assert answered  # every round the server is restarting for answers 503
    page.wait_for_timeout(300)
    assert queued.count() == 1
    assert queued.first.locator(".note-error").count() == 0
    assert api.get("/api/workouts/logs").json() == []

    page.unroute("**/api/workouts/log")
    page.evaluate("window.dispatchEvent(new Event('online'))")
    queued.first.wait_for(state="detached", timeout=15_000)
    logs = api.get("/api/workouts/logs").json()
    assert [log["exercises_logged"][0]["sets"][0]["reps"] for log in logs] == [7]
