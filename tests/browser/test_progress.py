"""The progress screen draws the server's numbers (GET /api/progress)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from tests.browser.conftest import NOW, Api, catalog, sign_up

pytestmark = pytest.mark.browser

SLUG = "incline-db-bench-press"


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
