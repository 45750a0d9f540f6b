"""Logging by keyboard: after a set is logged, focus lands where the next set is typed (not on
the page body) and that field is on screen, above the rest timer and the tab bar; every
control of the workout screen is reached with Tab and shows a focus ring a person can see."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE, accepted_week, catalog, sign_up
from tests.browser.sight import describe_focus, focused, shows_focus_ring, wait_until_seen

pytestmark = pytest.mark.browser

EN = catalog("en")


def _start(server: str, new_page: Any, viewport: dict[str, int]) -> tuple[Any, dict[str, Any]]:
    api = sign_up(server)
    plan = accepted_week(api)
    name = next(n for n, d in plan["days"].items() if not d["is_rest_day"])
    page = new_page(viewport=viewport)
    page.sign_in_as(api)
    page.goto(f"/workout/active?day={name}")
    page.locator(".set-form").first.wait_for()
    return page, plan["days"][name]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_focus_moves_to_the_next_set_after_logging(server: str, new_page: Any,
                                                   viewport: dict[str, int]) -> None:
    page, day = _start(server, new_page, viewport)
    first = day["blocks"][0]["exercises"][0]
    load = page.get_by_label(EN["active.load"].format(unit="kg")).first
    load.focus()
    page.keyboard.type("12.5")
    page.keyboard.press("Enter")  # submits the set form
    expect(page.locator(".sets-table tbody tr")).to_have_count(1)
    # Focus moves once the next set's form is drawn; dropped to the body, nothing has it.
    expect(page.locator(":focus")).to_have_count(1)
    element = focused(page)
    tag = element.evaluate("e => e.tagName")
    assert tag != "BODY", "focus dropped to the page body"
    if len(day["blocks"][0]["exercises"]) == 1 and first["target_sets"] > 1:
        # The same exercise's next set: its load field.
        assert element.evaluate("e => e.id").endswith("-load"), describe_focus(page)
        assert element.evaluate("e => e.closest('form').getAttribute('aria-label')") == \
            EN["active.logSetN"].format(n=2)
    wait_until_seen(page.locator(":focus"))  # scrolled into sight on a frame
    assert shows_focus_ring(element), describe_focus(page)
    assert page.get_by_role("status").filter(
        has_text=EN["active.setLogged"].format(n=1, name=first["name"])).count() == 1


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_control_is_reached_by_tab_and_seen(server: str, new_page: Any,
                                                  viewport: dict[str, int]) -> None:
    page, _ = _start(server, new_page, viewport)
    # One set logged: the rest timer is up, covering the bottom of the screen.
    form = page.locator(".set-form").first
    form.get_by_label(EN["active.load"].format(unit="kg")).fill("10")
    form.get_by_role("button", name=EN["active.logSetN"].format(n=1)).click()
    page.get_by_role("timer").wait_for()
    controls = page.locator(
        "main a[href], main button:not([disabled]), main input, main select, main textarea,"
        " main summary").count()
    page.locator("#page-title").focus()
    seen: set[int] = set()
    for _ in range(controls + 30):
        page.keyboard.press("Tab")
        element = focused(page)
        inside = element.evaluate("e => Boolean(e.closest('main'))")
        if not inside:
            continue
        # A number per element, kept on the element itself: Tab coming back to one ends the tour.
        key = element.evaluate(
            "e => e.tabTourId || (e.tabTourId = (window.tabTour = (window.tabTour || 0) + 1))")
        if key in seen:
            break
        seen.add(key)
        assert shows_focus_ring(element), f"no visible focus ring on {describe_focus(page)}"
        wait_until_seen(page.locator(":focus"))  # the scroll to keep it in sight is on a frame
    assert len(seen) >= controls, f"Tab reached {len(seen)} of {controls} controls"
