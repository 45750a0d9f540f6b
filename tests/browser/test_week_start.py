"""The week screen in the user's calendar order, display only: in Hebrew the week runs
Sunday to Saturday around today (the Sunday before the plan's Monday, read from that week's
plan, or today when it is a Sunday with the six days after it, next week's preview); in the
other languages it is the engine's Monday-to-Sunday week. The engine's week never moves:
the plan, its dates and GET /api/plans/current stay Monday-based."""

from __future__ import annotations

import datetime as dt
import itertools
import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import (
    CLOCK_HEADER,
    DESKTOP,
    NOW,
    PHONE,
    accepted_week,
    catalog,
    screenshot,
    sign_up,
)

pytestmark = pytest.mark.browser

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def _cards(page: Any) -> list[dict[str, Any]]:
    """The week's rows as drawn, top to bottom: each row's date number and its top."""
    page.locator(".days .day-card").nth(6).wait_for()
    return list(page.evaluate("""() => [...document.querySelectorAll('.days .day-card')].map(
      (card) => ({ num: card.querySelector('.day-num').textContent.trim(),
                   name: card.querySelector('.day-name').textContent.trim(),
                   top: card.getBoundingClientRect().top,
                   other: card.classList.contains('is-other-week') }))"""))


def _short(page: Any, locale: str, day: dt.date) -> str:
    return str(page.evaluate(
        "([lang, iso]) => new Intl.DateTimeFormat(lang, {weekday: 'short', timeZone: 'UTC'})"
        ".format(new Date(iso))", [locale, day.isoformat() + "T12:00:00Z"]))


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_hebrew_reads_sunday_first_and_english_monday_first(
        server: str, new_page: Any, viewport: dict[str, int]) -> None:
    api = sign_up(server, locale="he")
    plan = accepted_week(api, "he")
    assert plan["week_start_date"] == "2026-09-14"  # the engine's week: Monday
    page = new_page(viewport=viewport, locale="he-IL")
    page.sign_in_as(api, locale="he")
    page.goto("/week")
    cards = _cards(page)
    # Sunday the 13th (the week before the plan's: no plan then), then Monday 14 to
    # Saturday 19, drawn top to bottom in that order; then, under its own heading, the
    # plan's Sunday 20, which a Sunday-first calendar puts in the next week.
    assert [c["num"] for c in cards] == ["13", "14", "15", "16", "17", "18", "19", "20"]
    assert [c["other"] for c in cards] == [True] + [False] * 7
    then = page.locator(".days-then .day-card")
    assert then.get_attribute("href") == "/workouts/sunday"
    heading = page.get_by_role("heading", name=catalog("he")["week.thenInPlan"])
    assert heading.bounding_box()["y"] > cards[6]["top"]
    assert all(a["top"] < b["top"] for a, b in itertools.pairwise(cards))
    days = [dt.date(2026, 9, 13) + dt.timedelta(days=i) for i in range(8)]
    assert [c["name"] for c in cards] == [_short(page, "he", d) for d in days]
    he = catalog("he")
    # The week before the plan's is read after the plan's own (it shows "loading" until then).
    page.locator(".day-card.is-other-week", has_text=he["week.noPlanThatDay"]).wait_for()
    page.locator(".week-order-note").wait_for()
    # The engine's week is unchanged: the plan's Sunday is still the 20th.
    assert api.get("/api/plans/current").json()["days"]["sunday"]["date"] == "2026-09-20"
    screenshot(page, "week-he")

    en_api = sign_up(server, locale="en")
    accepted_week(en_api, "en")
    en_page = new_page(viewport=viewport)
    en_page.sign_in_as(en_api)
    en_page.goto("/week")
    en_cards = _cards(en_page)
    assert [c["num"] for c in en_cards] == [str(14 + i) for i in range(7)]
    assert not any(c["other"] for c in en_cards)
    assert en_page.locator(".week-order-note").count() == 0
    assert en_page.locator(".days-then").count() == 0


def test_on_a_sunday_hebrew_shows_today_then_next_weeks_preview(
        server: str, context_factory: Callable[..., Any]) -> None:
    api = sign_up(server, locale="he")
    accepted_week(api, "he")
    sunday = NOW + dt.timedelta(days=6)  # Sunday 20 September, the plan week's last day
    context = context_factory(viewport=PHONE, locale="he-IL")
    context.set_extra_http_headers({CLOCK_HEADER: sunday.isoformat()})
    raw = context.new_page()
    errors: list[str] = []
    raw.on("pageerror", lambda error: errors.append(str(error)))
    raw.clock.install(time=sunday)
    raw.clock.resume()
    raw.goto("/")
    session = {"token": api.token, "user_id": api.user_id, "display_name": "Ana",
               "locale": "he", "units": "kg", "timezone": "Europe/Madrid"}
    raw.evaluate("s => localStorage.setItem('fitcoach.session', s)", json.dumps(session))
    raw.goto("/week")
    cards = _cards(raw)
    assert [c["num"] for c in cards] == ["20", "21", "22", "23", "24", "25", "26"]
    assert [c["other"] for c in cards] == [False] + [True] * 6
    today = raw.locator(".day-card.is-today")
    assert today.locator(".day-num").inner_text() == "20"
    # Next week's days come from its preview (GET /api/plans/week/…), read only.
    preview = api.get("/api/plans/week/2026-09-21").json()
    monday = preview["days"]["monday"]
    expected = catalog("he")["plan.restDay"] if monday["is_rest_day"] else monday["title"]
    # The preview is read after the plan (the card says "loading" until it is there).
    raw.locator(".day-card.is-other-week").first.filter(has_text=expected).wait_for()
    first_other = raw.locator(".day-card.is-other-week").first
    assert first_other.evaluate("e => e.tagName") == "DIV"  # not a link to another week
    assert not errors, errors
