"""The progress screen draws the server's numbers (GET /api/progress) and shows every load in
the user's unit with sensible precision."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from tests.browser.conftest import NOW, Api, accepted_week, catalog, screenshot, sign_up

pytestmark = pytest.mark.browser

SLUG = "incline-db-bench-press"
# A load off the pound grid, as a conversion from kg leaves one: shown as 48.5 lb.
ODD_LBS = 48.50197


def _log(api: Api, days_ago: int, sets: list[dict[str, Any]]) -> None:
    body = {"completed_at": (NOW - dt.timedelta(days=days_ago, hours=1)).isoformat(),
            "exercises_logged": [{"exercise_id": SLUG, "sets": sets}]}
    response = api.post("/api/workouts/log", body)
    assert response.status_code == 201, response.text


def _requests(page: Any) -> list[str]:
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url))
    return seen


def test_the_progress_screen_shows_the_servers_numbers(server: str, new_page: Any) -> None:
    en = catalog("en")
    api = sign_up(server, units="kg")
    for days_ago, load in ((14, 10), (7, 11), (0, 12)):
        _log(api, days_ago, [{"weight_kg": load, "reps": 10, "rpe": 8},
                             {"weight_kg": load, "reps": 8, "rpe": 9}])
    expected = api.get("/api/progress?weeks=12").json()
    [strength] = expected["strength"]
    this_week = expected["volume"][-1]
    chest = next(g for g in this_week["groups"] if g["muscle_group"] == "Chest")

    page = new_page()
    seen = _requests(page.page)
    page.sign_in_as(api)
    page.goto("/progress")
    page.locator(".chart svg[role='img']").wait_for()
    latest = strength["points"][-1]["estimated_1rm"]
    stats = page.locator(".card .stats").inner_text()
    assert f"{latest:g} kg" in stats
    first = strength["points"][0]["estimated_1rm"]
    assert f"+{latest - first:.1f} kg" in stats
    row = page.locator(".volume-table tbody tr", has_text=en["muscle.Chest"])
    assert f"{chest['fractional_hard_sets']:g}" in row.inner_text()
    assert f"{chest['tonnage']:,.0f} kg" in row.inner_text()
    # The screen asks the server for its numbers instead of computing them from raw logs.
    assert any("/api/progress" in url for url in seen)
    assert not any("/api/workouts/logs" in url for url in seen)

    # Last week's bars are the server's last-but-one week.
    page.get_by_role("button", name=en["progress.previousWeek"]).click()
    previous = expected["volume"][-2]
    chest_before = next(g for g in previous["groups"] if g["muscle_group"] == "Chest")
    row = page.locator(".volume-table tbody tr").first
    assert f"{chest_before['tonnage']:,.0f} kg" in row.inner_text()


def _no_long_decimals(text: str) -> None:
    assert not re.findall(r"\d\.\d{2,}", text), f"a number with more than one decimal: {text}"


def test_loads_in_pounds_are_rounded_everywhere(server: str, new_page: Any) -> None:
    en = catalog("en")
    api = sign_up(server, units="lb")
    plan = accepted_week(api)
    day_name = next(name for name, day in plan["days"].items() if not day["is_rest_day"])
    first = plan["days"][day_name]["blocks"][0]["exercises"][0]
    slug = first["exercise_id"]
    baseline = api.post("/api/workouts/log", {
        "completed_at": (NOW - dt.timedelta(days=7)).isoformat(),
        "exercises_logged": [{"exercise_id": slug, "sets": [{"weight_lbs": 40, "reps": 10,
                                                              "rpe": 8}]}]})
    assert baseline.status_code == 201, baseline.text

    # The set is typed as a converted load would be; every screen shows 48.5 lb.
    page = new_page()
    page.sign_in_as(api, units="lb")
    page.goto(f"/workout/active?day={day_name}")
    card = page.locator(".wk-exercise").first
    card.get_by_role("heading", name=first["name"]).wait_for()
    card.get_by_label(en["active.load"].format(unit="lb")).fill(str(ODD_LBS))
    card.get_by_label(en["active.reps"]).fill("10")
    card.get_by_label(en["active.rpe"]).select_option("8")
    card.get_by_role("button", name=en["active.logSetN"].format(n=1)).click()
    page.get_by_role("button", name=en["active.restSkip"]).click()
    assert "48.5" in card.locator(".sets-table tbody tr").first.inner_text()
    _no_long_decimals(page.locator("main").inner_text())
    page.get_by_role("button", name=en["active.finish"]).click()
    page.get_by_role("button", name=en["active.finishAnyway"]).click()
    records = page.locator(".prs")
    records.wait_for()
    assert "48.5 lb" in records.inner_text()
    _no_long_decimals(records.inner_text())
    stored = api.get(f"/api/prs/{slug}").json()
    assert stored["max_weight_set"]["weight_lbs"] == ODD_LBS

    page.get_by_role("link", name=en["active.seeProgress"]).click()
    page.wait_for_url("**/progress")
    row = page.locator(f"tr[data-slug='{slug}']")
    row.wait_for()
    assert "48.5 lb × 10" in row.inner_text()
    page.locator("details.data-table summary").click()
    _no_long_decimals(page.locator("main").inner_text())
    screenshot(page, "progress-lb")
