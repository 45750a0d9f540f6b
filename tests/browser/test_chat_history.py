"""The conversation lives on the server: a browser that never took part in it (a new phone,
a cleared laptop) opens the coach and sees the chat, the staged card with Accept Plan in
reach, and a decision made elsewhere once it reloads."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import (
    DESKTOP,
    ONBOARDING,
    PHONE,
    catalog,
    screenshot_as_seen,
    sign_up,
    staged_week,
)
from tests.browser.sight import wait_until_seen

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("locale", ["en", "he"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_new_device_shows_the_conversation(server: str, new_page: Any,
                                             viewport: dict[str, int], locale: str) -> None:
    words = catalog(locale)
    api = sign_up(server, locale=locale)
    proposal = staged_week(api, locale)  # the chat happened elsewhere (another device)
    reply = api.get("/api/coach/history").json()[-1]["message"]

    page = new_page(viewport=viewport, locale="he-IL" if locale == "he" else "en-US")
    page.sign_in_as(api, locale=locale)
    page.goto("/coach")
    mine = page.locator(".transcript .bubble-user p")
    mine.first.wait_for()
    assert mine.all_inner_texts() == [ONBOARDING[locale]]
    card = page.locator(f'.proposal[data-proposal-id="{proposal["id"]}"]')
    card.wait_for()
    coach_text = page.locator(".transcript > li.line-coach").last.locator(".bubble-coach")
    # The reply's words (Markdown is drawn, so compare its first words, not its markup).
    assert coach_text.inner_text().split()[:3] == reply.replace("*", "").split()[:3]
    accept = card.get_by_role("button", name=words["proposal.accept"])
    wait_until_seen(accept)  # the reveal after the lines arrive runs on a frame
    if locale == "he":
        assert page.evaluate("document.documentElement.dir") == "rtl"
        # The user's bubble sits at the inline end: on the left in right-to-left.
        bubble = page.locator(".transcript .bubble-user").first.bounding_box()
        coach = coach_text.bounding_box()
        assert bubble["x"] < coach["x"], (bubble, coach)
    screenshot_as_seen(page, f"coach-new-device-{locale}")

    # Accepted on the other device: this one says so after a reload, and offers no button.
    assert api.post(f"/api/coach/proposals/{proposal['id']}/accept").status_code == 200
    page.reload()
    card.get_by_text(words["proposal.status.accepted"]).wait_for()
    assert card.get_by_role("button", name=words["proposal.accept"]).count() == 0
    assert mine.all_inner_texts() == [ONBOARDING[locale]]  # merged, not doubled
