"""A staged day edit that can no longer be applied (its day was logged since): a new device
reads it from the history as such, with no Accept to press; a device that still shows it
pending gets Accept's 409 in the user's words, the button gone and focus on the message. At
phone and desktop size, in English and Hebrew."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import (
    DESKTOP,
    PHONE,
    accepted_week,
    catalog,
    screenshot_as_seen,
    sign_up,
)
from tests.browser.sight import wait_until_seen

pytestmark = pytest.mark.browser

MONDAY = {"en": "Monday", "he": "יום שני"}


@pytest.mark.parametrize("locale", ["en", "he"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_day_edit_of_a_logged_day_reads_as_no_longer_possible(
        server: str, new_page: Any, viewport: dict[str, int], locale: str) -> None:
    words = catalog(locale)
    settled = words["proposal.status.settled"].format(day=MONDAY[locale])
    api = sign_up(server, locale=locale)
    plan = accepted_week(api, locale)
    monday = plan["days"]["monday"]
    assert not monday["is_rest_day"]
    staged = api.chat(monday["suggested_edits"][0], active_tab="today",
                      selected_day="monday")["proposal"]
    assert (staged["type"], staged["target_day"]) == ("UPDATE_DAY", "monday"), staged
    browser_locale = "he-IL" if locale == "he" else "en-US"

    # This device shows the card pending.
    here = new_page(viewport=viewport, locale=browser_locale)
    here.sign_in_as(api, locale=locale)
    here.goto("/coach")
    card = here.locator(f"article[data-proposal-id='{staged['id']}']")
    accept = card.get_by_role("button", name=words["proposal.accept"])
    accept.wait_for()

    # Meanwhile Monday's workout is logged (another device, an import).
    exercise = monday["blocks"][0]["exercises"][0]["exercise_id"]
    logged = api.post("/api/workouts/log", {"day": "monday", "exercises_logged": [
        {"exercise_id": exercise, "sets": [{"weight_kg": 10, "reps": 8}]}]})
    assert logged.status_code == 201, logged.text
    before = api.get("/api/plans/current").json()

    # A new device reads the chat from the server: the card says it can't be applied.
    other = new_page(viewport=viewport, locale=browser_locale)
    other.sign_in_as(api, locale=locale)
    other.goto("/coach")
    read_back = other.locator(f"article[data-proposal-id='{staged['id']}']")
    read_back.locator(".proposal-status").get_by_text(settled).wait_for()
    assert read_back.get_by_role("button", name=words["proposal.accept"]).count() == 0

    # The device that still offers Accept: the 409 is said in the user's words.
    accept.click()
    status = card.locator(".proposal-status")
    status.get_by_text(settled).wait_for()
    assert accept.count() == 0
    assert status.evaluate("e => e === document.activeElement")
    wait_until_seen(status)  # the scroll that keeps focus in sight runs on a frame
    assert "proposal_settled" not in status.inner_text()
    screenshot_as_seen(here, f"coach-stale-day-{locale}")
    assert api.get("/api/plans/current").json() == before  # nothing changed
