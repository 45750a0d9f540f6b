"""Workout history: the logged workouts newest first, each opening to its sets and records,
correctable (PATCH) and deletable (DELETE) through the log routes, at phone and desktop
size, in English and Hebrew."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, NOW, PHONE, catalog, screenshot, sign_up
from tests.browser.sight import wait_until_seen

pytestmark = pytest.mark.browser

WEEKDAY = {"en": {"saturday": "Saturday", "thursday": "Thursday"},
           "he": {"saturday": "יום שבת", "thursday": "יום חמישי"}}
KG = {"en": "kg", "he": "ק״ג"}


def _plural(words: dict[str, Any], key: str, count: int) -> str:
    forms = words[key]
    form = forms.get("one") if count == 1 and "one" in forms else forms["other"]
    return str(form).format(count=count)


def _log(api: Any, days_ago: int, sets: list[dict[str, Any]]) -> str:
    body = {"completed_at": (NOW - dt.timedelta(days=days_ago)).isoformat(),
            "exercises_logged": [{"exercise_id": "goblet-squat", "sets": sets}]}
    response = api.post("/api/workouts/log", body)
    assert response.status_code == 201, response.text
    return str(response.json()["log_id"])


@pytest.mark.parametrize("locale", ["en", "he"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_history_lists_opens_corrects_and_deletes(server: str, new_page: Any,
                                                  viewport: dict[str, int],
                                                  locale: str) -> None:
    words = catalog(locale)
    api = sign_up(server, locale=locale)
    _log(api, 4, [{"weight_kg": 20, "reps": 10}])
    newest = _log(api, 2, [{"weight_kg": 24, "reps": 8}, {"weight_kg": 24, "reps": 7}])
    stored = api.get("/api/workouts/logs").json()[0]["exercises_logged"][0]["sets"]

    page = new_page(viewport=viewport, locale="he-IL" if locale == "he" else "en-US")
    page.sign_in_as(api, locale=locale)
    page.goto("/progress")
    page.get_by_role("link", name=words["history.open"]).click()
    page.wait_for_url("**/history")
    items = page.locator(".history-item")
    expect(items).to_have_count(2)
    # Newest first, each with its day, its sets and, where it set one, its records.
    expect(items.nth(0)).to_contain_text(WEEKDAY[locale]["saturday"])
    expect(items.nth(1)).to_contain_text(WEEKDAY[locale]["thursday"])
    expect(items.nth(0)).to_contain_text(_plural(words, "history.sets", 2))
    expect(items.nth(0).locator(".tag-pr")).to_have_count(1)
    link = items.nth(0).get_by_role("link")
    wait_until_seen(link)
    screenshot(page, f"history-{locale}")

    items.nth(0).get_by_role("link").click()
    page.wait_for_url(f"**/history/{newest}")
    sets = page.locator(".history-sets li")
    sets.nth(1).wait_for()
    first_set = sets.nth(0).locator(".set-text")
    expect(first_set).to_have_text(f"24 {KG[locale]} × 8")
    # "24 kg × 8" reads left to right inside a right-to-left page.
    assert first_set.evaluate("e => getComputedStyle(e).direction") == "ltr"
    page.locator(".prs li").first.wait_for()

    # Correct the first set's reps: its load is left as typed, so its pounds stay exact.
    page.get_by_role("button", name=words["history.edit"]).click()
    # The editor moves focus to its first field once it is drawn: wait for that, or the
    # typing below can land there (it did once, under load, before this wait).
    expect(page.locator("#edit-0-0-load")).to_be_focused()
    reps = page.locator("#edit-0-0-reps")
    reps.fill("9")
    page.get_by_role("button", name=words["history.save"]).click()
    page.get_by_text(words["history.saved"]).wait_for()
    expect(first_set).to_have_text(f"24 {KG[locale]} × 9")
    corrected = api.get("/api/workouts/logs").json()[0]
    assert corrected["log_id"] == newest
    assert [s["reps"] for s in corrected["exercises_logged"][0]["sets"]] == [9, 7]
    assert [s["weight_lbs"] for s in corrected["exercises_logged"][0]["sets"]] == [
        s["weight_lbs"] for s in stored]

    # Delete asks first; the question's button takes focus, in sight (not under a bar).
    page.get_by_role("button", name=words["history.delete"]).click()
    yes = page.get_by_role("button", name=words["history.deleteYes"], exact=True)
    expect(yes).to_be_focused()
    wait_until_seen(yes)  # the scroll that keeps focus in sight runs on a frame
    yes.click()
    page.wait_for_url("**/history")
    page.get_by_text(words["history.deleted"]).wait_for()
    expect(items).to_have_count(1)
    assert [log["log_id"] for log in api.get("/api/workouts/logs").json()] != [newest]
    assert len(api.get("/api/workouts/logs").json()) == 1


def test_a_log_of_someone_else_is_not_found(server: str, new_page: Any) -> None:
    words = catalog("en")
    owner, other = sign_up(server), sign_up(server)
    theirs = _log(owner, 1, [{"weight_kg": 20, "reps": 5}])
    page = new_page(viewport=PHONE)
    page.sign_in_as(other)
    page.goto(f"/history/{theirs}")
    page.get_by_text(words["history.notFound"]).wait_for()
    assert page.get_by_role("button", name=words["history.delete"]).count() == 0
