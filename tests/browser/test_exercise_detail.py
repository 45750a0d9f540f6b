"""The exercise detail, one tap from any set (Today's session, the workout in progress, a
logged workout): the catalog's cues, muscles and gear, the user's records and the e1RM chart,
drawn from the user's logs (GET /api/progress/exercises/{slug}). It opens by keyboard, closes
with Escape or Back (focus returns to the link), and reads right to left in Hebrew. The
numbers are worked by hand (Brzycki: w x 36 / (37 - effective reps), a session's best set)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    DESKTOP,
    NOW,
    PHONE,
    accepted_week,
    catalog,
    screenshot_as_seen,
    sign_up,
)
from tests.browser.sight import wait_until_seen

pytestmark = pytest.mark.browser

# Three sessions, in pounds: 100x5 @10 -> 112.5; 135x5 @8 (7 effective) -> 162;
# 135x5 @10 -> 151.875, shown 151.9. So latest 151.9 lb, best 162 lb, 3 sessions.
SESSIONS = [(21, [(45, 10, None), (100, 5, 10)]), (14, [(135, 5, 8)]), (7, [(135, 5, 10)])]


def _seed(api: Any, slug: str) -> str:
    log_id = ""
    for days_ago, sets in SESSIONS:
        body = {"completed_at": (NOW - dt.timedelta(days=days_ago)).isoformat(),
                "exercises_logged": [{"exercise_id": slug, "sets": [
                    {"weight_lbs": w, "reps": r, "rpe": rpe} for w, r, rpe in sets]}]}
        response = api.post("/api/workouts/log", body)
        assert response.status_code == 201, response.text
        log_id = str(response.json()["log_id"])
    return log_id


def _first_training_day(plan: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    name = "monday" if not plan["days"]["monday"]["is_rest_day"] else next(
        n for n, d in plan["days"].items() if not d["is_rest_day"])
    return name, plan["days"][name]["blocks"][0]["exercises"][0]


def _sheet_shows_the_numbers(page: Any, words: dict[str, Any], name: str) -> Any:
    sheet = page.locator("dialog.exercise-sheet")
    sheet.wait_for()
    assert sheet.evaluate("e => e.open && e.matches(':modal')")
    # The name is the one the link showed from the first frame (never the slug).
    assert sheet.locator("#exercise-title").inner_text().startswith(name)
    chart = sheet.locator(".chart svg[role=img]")
    chart.wait_for()
    lb = words["unit.lb"]
    expect(sheet.locator("[data-stat=latest]")).to_have_text(f"151.9 {lb}")
    expect(sheet.locator("[data-stat=best]")).to_have_text(f"162 {lb}")
    expect(sheet.locator("[data-stat=sessions]")).to_have_text("3")
    expect(sheet.locator("[data-record=e1rm]")).to_have_text(re.compile(f"^162 {lb}"))
    expect(sheet.locator("[data-record=heaviest] > bdi")).to_have_text(f"135 {lb} × 5")
    # Three points, the last one the latest session; the chart is seen, not covered by the
    # tab bar or anything else (the sheet is modal, in the top layer), once it has opened.
    expect(sheet.locator(".chart-dot")).to_have_count(3)
    wait_until_seen(chart)
    sheet.locator(".cues li").first.wait_for()
    sheet.locator(".exercise-facts .tag-primary").first.wait_for()
    return sheet


@pytest.mark.parametrize("locale", ["en", "he"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_detail_opens_from_any_set_and_closes_with_escape_or_back(
        server: str, new_page: Any, viewport: dict[str, int], locale: str) -> None:
    words = catalog(locale)
    api = sign_up(server, locale=locale, units="lb")
    plan = accepted_week(api, locale)
    day_name, exercise = _first_training_day(plan)
    slug, name = exercise["exercise_id"], exercise["name"]
    log_id = _seed(api, slug)
    page = new_page(viewport=viewport, locale="he-IL" if locale == "he" else "en-US")
    page.sign_in_as(api, locale=locale, units="lb")

    # From the day's session, by keyboard: focus the name's link, Enter opens the detail.
    page.goto(f"/workouts/{day_name}")
    link = page.locator(".exercise-name .exercise-link").first
    link.wait_for()
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/workouts/{day_name}?exercise={slug}")
    sheet = _sheet_shows_the_numbers(page, words, name)
    if locale == "he":
        assert sheet.evaluate("e => getComputedStyle(e).direction") == "rtl"
        # Right to left: the title starts at the right, the close button sits at its left.
        title = sheet.locator("#exercise-title").bounding_box()
        close = sheet.get_by_role("button", name=words["action.close"]).bounding_box()
        assert close["x"] + close["width"] <= title["x"] + 1
        cue = sheet.locator(".cues li").first
        assert cue.evaluate("e => getComputedStyle(e).direction") == "rtl"
    screenshot_as_seen(page, f"exercise-detail-{locale}")
    page.keyboard.press("Escape")
    sheet.wait_for(state="detached")
    assert page.url.endswith(f"/workouts/{day_name}")
    expect(link).to_be_focused()

    # From the workout in progress: a tap on the exercise's name; Back closes it.
    page.goto(f"/workout/active?day={day_name}")
    card_link = page.locator(".wk-exercise h2 .exercise-link").first
    card_link.wait_for()
    card_link.click()
    _sheet_shows_the_numbers(page, words, name)
    page.go_back()
    page.locator("dialog.exercise-sheet").wait_for(state="detached")
    assert page.url.endswith(f"/workout/active?day={day_name}")
    page.locator(".wk-exercise").first.wait_for()  # the workout is still there

    # From a logged workout: the close button.
    page.goto(f"/history/{log_id}")
    page.locator(".history-exercise-name .exercise-link").first.click()
    sheet = _sheet_shows_the_numbers(page, words, name)
    sheet.get_by_role("button", name=words["action.close"]).click()
    sheet.wait_for(state="detached")
    assert page.url.endswith(f"/history/{log_id}")


def test_an_exercise_never_logged_says_so_and_an_unknown_one_is_refused(
        server: str, new_page: Any) -> None:
    words = catalog("en")
    api = sign_up(server, units="kg")
    accepted_week(api)
    page = new_page(viewport=PHONE)
    page.sign_in_as(api)
    page.goto("/today?exercise=goblet-squat")
    sheet = page.locator("dialog.exercise-sheet")
    sheet.get_by_text(words["exercise.never"]).wait_for()
    expect(sheet.locator(".chart")).to_have_count(0)
    page.goto("/today?exercise=no-such-lift")
    page.locator("dialog.exercise-sheet").get_by_text(words["exercise.unknown"]).wait_for()
    assert api.get("/api/progress/exercises/no-such-lift").status_code == 404
