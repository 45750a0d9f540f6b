"""The client without the coach brain: served paths, sign-up and sign-out, right-to-left
Hebrew, plain errors, keyboard use."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import catalog, screenshot, sign_up

CLIENT_PATHS = ("/", "/coach", "/today", "/week", "/workouts/monday", "/workout/active",
                "/progress", "/memory", "/account")


@pytest.mark.parametrize("path", CLIENT_PATHS)
def test_client_paths_answer_the_app(server: str, path: str) -> None:
    response = httpx.get(server + path)
    assert response.status_code == 200
    assert '<div id="app">' in response.text


def test_unknown_paths_stay_honest_404s(server: str) -> None:
    assert httpx.get(server + "/js/nope.js").status_code == 404
    response = httpx.get(server + "/api/nope")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


@pytest.mark.browser
def test_sign_up_with_the_keyboard_keeps_the_token_and_signs_out(new_page: Any) -> None:
    es = catalog("es")
    page = new_page(locale="es-ES")
    page.goto("/")
    # The client sets the language once its catalogue has loaded: wait for it, don't race it.
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.get_by_label(es["signup.name"]).focus()
    page.keyboard.type("Lucía")
    # Keyboard only: Tab to each control, arrows in the unit radios, Enter submits.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "signup-language"
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowRight")  # kg → lb
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "signup-timezone"
    assert page.get_by_label(es["signup.timezone"]).input_value() == "Europe/Madrid"
    screenshot(page, "signup")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    page.wait_for_url("**/coach")
    session = page.evaluate("JSON.parse(localStorage.getItem('fitcoach.session'))")
    assert session["token"].startswith("fct_")
    assert (session["display_name"], session["locale"], session["units"], session["timezone"]) \
        == ("Lucía", "es", "lb", "Europe/Madrid")
    # The first visit greets in the chosen language and asks the onboarding questions.
    page.get_by_text(es["coach.greetingHello"].format(name="Lucía")).wait_for()
    page.get_by_text(es["coach.askEquipment"]).wait_for()
    screenshot(page, "coach-first-visit")

    page.goto("/account")
    page.get_by_role("button", name=es["account.signOut"]).click()
    page.get_by_role("button", name=es["account.signOutConfirm"]).click()
    page.get_by_label(es["signup.name"]).wait_for()
    assert page.evaluate("localStorage.getItem('fitcoach.session')") is None


@pytest.mark.browser
def test_an_access_key_signs_in_on_another_device(server: str, new_page: Any) -> None:
    api = sign_up(server, display_name="Giulia", locale="it", units="kg")
    it = catalog("it")
    page = new_page()
    page.goto("/")
    page.get_by_text(catalog("en")["signup.haveKey"]).click()
    page.get_by_label(catalog("en")["signup.key"]).fill(api.token)
    page.get_by_role("button", name=catalog("en")["signup.signIn"]).click()
    page.wait_for_url("**/today")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.get_by_role("heading", name=it["plan.none"]).wait_for()


@pytest.mark.browser
def test_hebrew_is_laid_out_right_to_left(server: str, new_page: Any) -> None:
    he = catalog("he")
    api = sign_up(server, display_name="נועה", locale="he", units="kg", timezone="Asia/Jerusalem")
    page = new_page(timezone_id="Asia/Jerusalem")
    page.sign_in_as(api, locale="he", timezone="Asia/Jerusalem", name="נועה")
    page.goto("/coach")
    page.get_by_text(he["coach.askGoal"]).wait_for()
    root = page.locator("html")
    assert root.get_attribute("dir") == "rtl"
    assert root.get_attribute("lang") == "he"
    # Mirrored: the brand sits at the right edge, the account link at the left, and the
    # first tab of the bottom bar (Coach) is the rightmost.
    width = page.viewport_size["width"]
    brand = page.locator(".brand").bounding_box()
    account = page.locator(".account-link").bounding_box()
    assert brand["x"] + brand["width"] > width - 40
    assert account["x"] < 40
    tabs = page.locator(".nav-bottom .nav-link")
    first, last = tabs.nth(0).bounding_box(), tabs.nth(4).bounding_box()
    assert first["x"] > last["x"]
    assert tabs.nth(0).inner_text().strip() == he["nav.coach"]
    page.goto("/memory")
    page.get_by_role("heading", name=he["memory.tier2"]).wait_for()
    assert page.locator("html").get_attribute("dir") == "rtl"


@pytest.mark.browser
def test_errors_are_shown_plainly_never_a_blank_page(server: str, new_page: Any) -> None:
    en = catalog("en")
    api = sign_up(server)
    page = new_page()
    page.sign_in_as(api)
    page.route("**/api/plans/current*", lambda route: route.abort("connectionrefused"))
    page.goto("/week")
    alert = page.get_by_role("alert")
    alert.wait_for()
    assert en["plan.loadFailed"] in alert.inner_text()
    assert en["error.network"] in alert.inner_text()
    page.unroute("**/api/plans/current*")

    # A token the server no longer knows: back to sign-up, saying why.
    page.evaluate("""() => {
      const s = JSON.parse(localStorage.getItem('fitcoach.session'));
      s.token = 'fct_not-a-real-token';
      localStorage.setItem('fitcoach.session', JSON.stringify(s));
    }""")
    page.goto("/memory")
    page.get_by_text(en["signup.expired"]).wait_for()
    page.get_by_label(en["signup.name"]).wait_for()

    page.goto("/workouts/someday")
    page.get_by_label(en["signup.name"]).wait_for()  # signed out: sign-up, not a blank page
