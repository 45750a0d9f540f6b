"""Every screen renders at phone and desktop widths, in a left-to-right and in the
right-to-left language, with a plan and logged workouts behind it: a heading, no error, no
uncaught script error, nothing wider than the screen. With FITCOACH_SCREENSHOTS set, this is
what fills docs/screenshots/."""

from __future__ import annotations

import datetime as dt
from typing import Any

import httpx
import pytest

from tests.browser.conftest import (
    DESKTOP,
    NOW,
    ONBOARDING,
    PHONE,
    Api,
    screenshot,
    sign_up,
)

pytestmark = pytest.mark.browser

SCREENS = (
    ("/coach", "coach"),
    ("/week", "week"),
    ("/today", "today"),
    ("/workouts/tuesday", "day"),
    ("/workout/active", "workout-start"),
    ("/progress", "progress"),
    ("/memory", "memory"),
    ("/account", "account"),
)


def _arrange(api: Api, locale: str) -> dict[str, Any]:
    """A plan staged by the coach and accepted, and three weekly sessions of its first
    exercise."""
    reply = api.chat(ONBOARDING.get(locale, ONBOARDING["en"]))
    proposal = reply.get("proposal") or {}
    assert proposal.get("type") == "UPDATE_WEEK", reply
    plan = api.post(f"/api/coach/proposals/{proposal['id']}/accept").json()["plan"]
    day = next(d for d in plan["days"].values() if not d["is_rest_day"])
    slug = day["blocks"][0]["exercises"][0]["exercise_id"]
    for weeks_ago, load in ((2, 10), (1, 11), (0, 12)):
        body = {"completed_at": (NOW - dt.timedelta(days=7 * weeks_ago, hours=1)).isoformat(),
                "exercises_logged": [{"exercise_id": slug, "sets": [
                    {"weight_kg": load, "reps": 10, "rpe": 8},
                    {"weight_kg": load, "reps": 9, "rpe": 8.5},
                    {"weight_kg": load, "reps": 8, "rpe": 9}]}]}
        response = api.post("/api/workouts/log", body)
        assert response.status_code == 201, response.text
    return plan


@pytest.mark.parametrize(("locale", "viewport", "shots"), [
    ("en", PHONE, True), ("en", DESKTOP, False), ("he", PHONE, True),
], ids=["en-phone", "en-desktop", "he-phone"])
def test_every_screen_renders(server: str, new_page: Any, locale: str,
                              viewport: dict[str, int], shots: bool) -> None:
    timezone = "Asia/Jerusalem" if locale == "he" else "Europe/Madrid"
    name = "נועה" if locale == "he" else "Ana"
    api = sign_up(server, display_name=name, locale=locale, units="kg", timezone=timezone)
    _arrange(api, locale)
    page = new_page(viewport=viewport, timezone_id=timezone)
    page.sign_in_as(api, locale=locale, timezone=timezone, name=name)
    for path, screen in SCREENS:
        page.goto(path)
        heading = page.locator("#page-title")
        heading.wait_for()
        page.wait_for_load_state("networkidle")
        assert heading.inner_text().strip()
        assert page.locator(".note-error").count() == 0, f"{path}: an error is shown"
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{path} is {overflow}px wider than the screen"
        if shots:
            screenshot(page, screen if locale == "en" else f"{screen}-{locale}")
    assert httpx.get(f"{server}/healthz").status_code == 200
