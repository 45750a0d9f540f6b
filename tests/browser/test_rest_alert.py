"""The rest timer with the phone locked: permission is asked when the user taps "Notify me"
on the timer (not on load), and when rest ends with the page out of sight a notification
in the user's language says so, through the service worker."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, PHONE, Page, accepted_week, catalog, sign_up
from tests.browser.sight import uncovered
from tests.browser.test_offline import WORKER_STATE

pytestmark = pytest.mark.browser

# Out of sight, as with the phone locked: what the page reads, and the event it is told by.
HIDE = """() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
  document.dispatchEvent(new Event('visibilitychange'));
}"""

# What the client asked the browser to show, and what came of it: both ways a page can show a
# notification are wrapped before any of the app's scripts run (an init script, which the
# page's CSP does not govern), so a missing notification says where it went missing.
SPY = """(() => {
  const asked = [];
  window.__notifications = asked;
  const shown = ServiceWorkerRegistration.prototype.showNotification;
  ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
    const entry = { via: 'worker', title, outcome: 'pending' };
    asked.push(entry);
    return shown.call(this, title, options).then(
      (value) => { entry.outcome = 'shown'; return value; },
      (error) => { entry.outcome = `refused: ${error}`; throw error; });
  };
  const PageNotification = window.Notification;
  if (typeof PageNotification === 'function') {
    const Spied = function (title, options) {
      asked.push({ via: 'page', title, outcome: 'made' });
      return new PageNotification(title, options);
    };
    Object.defineProperty(Spied, 'permission', { get: () => PageNotification.permission });
    Spied.requestPermission = (...args) => PageNotification.requestPermission(...args);
    Spied.prototype = PageNotification.prototype;
    window.Notification = Spied;
  }
})();"""

SHOWN_BY_WORKER = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration.getNotifications()).map((n) => n.title);
}"""


# What is checked is what the page asked the browser for and the browser's answer: one
# notification through the active worker, in the user's language, that the browser says it
# showed (showNotification resolved). Not the worker's getNotifications(): under load in a
# parallel run, headless Chromium once in about ten runs resolved showNotification and still
# listed nothing there for 20 s (seen 2026-12-02 with the spy's record: 'shown', worker
# active and in control), which was the "sometimes missing" notification this test was an
# xfail for. The page has no hand in that list; what it did is all here.
@pytest.mark.parametrize("locale", ["en", "he"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_rest_over_notifies_when_out_of_sight(server: str,
                                              context_factory: Callable[..., Any],
                                              viewport: dict[str, int], locale: str) -> None:
    words = catalog(locale)
    api = sign_up(server, locale=locale)
    plan = accepted_week(api, locale)
    day_name = next(name for name, day in plan["days"].items() if not day["is_rest_day"])
    context = context_factory(viewport=viewport,
                              locale="he-IL" if locale == "he" else "en-US")
    context.add_init_script(SPY)
    page = Page(context.new_page())
    page.sign_in_as(api, locale=locale)
    page.goto(f"/workouts/{day_name}")
    page.get_by_role("link", name=words["day.start"]).click()
    page.wait_for_url("**/workout/active**")
    # The worker shows the notification: the premise is an active one (its install caches
    # the whole app shell, which a busy machine may take a while over).
    assert page.evaluate("() => navigator.serviceWorker.ready.then((r) => Boolean(r.active))")
    assert page.evaluate("Notification.permission") == "default"  # nothing asked on load

    card = page.locator(".wk-exercise").first
    card.get_by_label(words["active.reps"]).fill("8")
    load = card.get_by_label(words["active.load"].format(unit=words["unit.kg"]))
    if not load.input_value():
        load.fill("10")
    card.get_by_role("button", name=words["active.logSetN"].format(n=1)).click()
    ask = page.get_by_role("button", name=words["active.notifyMe"])
    ask.wait_for()
    assert not uncovered(ask), uncovered(ask)
    context.grant_permissions(["notifications"])  # what the user answers to the prompt
    ask.click()
    ask.wait_for(state="detached")
    assert page.evaluate("Notification.permission") == "granted"

    page.evaluate(HIDE)
    rest = plan["days"][day_name]["blocks"][0]["exercises"][0]["rest_seconds"]
    page.clock.fast_forward((rest + 2) * 1000)
    page.locator(".rest-timer.is-over").wait_for()
    asked: list[dict[str, str]] = []
    for _ in range(300):  # the machine may be busy: up to 30 s
        asked = page.evaluate("window.__notifications")
        if asked and all(entry["outcome"] != "pending" for entry in asked):
            break
        page.wait_for_timeout(100)
    assert asked == [{"via": "worker", "title": words["active.restOver"], "outcome": "shown"}], (
        f"what the page asked for: {asked}; listed by the worker: "
        f"{page.evaluate(SHOWN_BY_WORKER)}; {page.evaluate(WORKER_STATE)}")
    assert not page.errors, page.errors


def test_no_notification_while_the_page_is_in_sight(server: str,
                                                    context_factory: Callable[..., Any]) -> None:
    words = catalog("en")
    api = sign_up(server)
    plan = accepted_week(api)
    day_name = next(name for name, day in plan["days"].items() if not day["is_rest_day"])
    context = context_factory(viewport=PHONE)
    context.grant_permissions(["notifications"])
    context.add_init_script(SPY)
    page = Page(context.new_page())
    page.sign_in_as(api)
    page.goto(f"/workouts/{day_name}")
    page.get_by_role("link", name=words["day.start"]).click()
    page.wait_for_url("**/workout/active**")
    for _ in range(300):
        if page.evaluate("() => Boolean(navigator.serviceWorker.controller)"):
            break
        page.wait_for_timeout(100)
    card = page.locator(".wk-exercise").first
    card.get_by_label(words["active.reps"]).fill("8")
    load = card.get_by_label(words["active.load"].format(unit=words["unit.kg"]))
    if not load.input_value():
        load.fill("10")
    card.get_by_role("button", name=words["active.logSetN"].format(n=1)).click()
    page.get_by_role("timer").wait_for()
    # Granted already: no button to ask again.
    assert page.get_by_role("button", name=words["active.notifyMe"]).count() == 0
    rest = plan["days"][day_name]["blocks"][0]["exercises"][0]["rest_seconds"]
    page.clock.fast_forward((rest + 2) * 1000)
    page.locator(".rest-timer.is-over").wait_for()
    page.wait_for_timeout(500)  # nothing to wait for: a notification asked for would show here
    assert page.evaluate("window.__notifications") == []
    assert page.evaluate(SHOWN_BY_WORKER) == []
