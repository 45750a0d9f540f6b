"""A coach card that arrives before the current plan has loaded (a slow network, a message
sent the moment the coach tab opens) still shows what changes, once the plan is there: the
card compares with the plan when it arrives, not only at the moment the reply came."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import PHONE, accepted_week, catalog, sign_up

pytestmark = pytest.mark.browser

EN = catalog("en")
PLAN_READ = re.compile(r".*/api/plans/current(\?.*)?$")


def test_a_card_that_beats_the_plan_shows_its_changes_when_the_plan_arrives(
        server: str, new_page: Any) -> None:
    api = sign_up(server)
    accepted_week(api)
    page = new_page(viewport=PHONE)
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    # The current plan's read is held back (not refused) until the card is on screen.
    page.route(PLAN_READ, hold)
    page.sign_in_as(api)
    page.goto("/coach")
    page.get_by_label(EN["coach.inputLabel"]).fill("Shorten Monday to 20 minutes")
    page.get_by_role("button", name=EN["coach.send"]).click()
    card = page.locator("article.proposal.proposal-pending").last
    card.wait_for()
    assert held, "the page never asked for the current plan"
    assert card.locator(".change-list li").count() == 0  # nothing to compare with yet

    for route in held:
        route.continue_()
    page.unroute(PLAN_READ, hold)
    # What changes appears without another message or a reload.
    line = card.locator(".change-list li", has_text=re.compile("[→←]")).first
    line.wait_for(timeout=15_000)
    assert "Monday" in card.inner_text()
