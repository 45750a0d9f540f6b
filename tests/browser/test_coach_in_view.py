"""The coach screen as a person sees it on a phone and a laptop: after each turn the reply and
the card's Accept Plan button are on screen and on top (not under the message box or the tab
bar); the card lists only lines that changed; a long paste is not cut without a word; a new
user's first visit asks for a plan without an error in the console."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    DESKTOP,
    ONBOARDING,
    PHONE,
    catalog,
    screenshot_as_seen,
    sign_up,
)
from tests.browser.sight import wait_until_seen

pytestmark = pytest.mark.browser

EN = catalog("en")
ARROW = re.compile(r"\s*[→←]\s*")


def _send(page: Any, text: str, cat: dict[str, Any] = EN) -> Any:
    """Type a message, send it, wait for the coach's answer; returns the new coach line."""
    lines = page.locator(".transcript > li.line-coach")
    before = lines.count()
    page.get_by_label(cat["coach.inputLabel"]).fill(text)
    page.get_by_role("button", name=cat["coach.send"]).click()
    page.locator(".transcript .typing").wait_for(state="detached")
    lines.nth(before).locator(".bubble-coach").wait_for()
    return lines.nth(before)


def _assert_turn_in_view(line: Any, cat: dict[str, Any] = EN) -> None:
    # Waited for, not read at once: the layout settles after the reply arrives (fonts, the
    # card's sticky actions, the scroll that follows); a scroll that stops short stays short.
    wait_until_seen(line.locator(".bubble-coach"))  # the coach's reply, fully visible
    wait_until_seen(line.get_by_role("button", name=cat["proposal.accept"]))  # Accept Plan


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_each_turn_leaves_the_reply_and_accept_in_view(server: str, new_page: Any,
                                                       viewport: dict[str, int]) -> None:
    api = sign_up(server)
    page = new_page(viewport=viewport)
    page.sign_in_as(api)
    page.goto("/coach")
    page.get_by_text(EN["coach.onboardingIntro"]).wait_for()

    onboarding = _send(page, ONBOARDING["en"])
    _assert_turn_in_view(onboarding)
    screenshot_as_seen(page, "coach-onboarded")
    onboarding.get_by_role("button", name=EN["proposal.accept"]).click()
    onboarding.get_by_text(EN["proposal.status.accepted"]).wait_for()

    # A day edit: a reply with a card that compares against the plan just accepted.
    shorter = _send(page, "Shorten Monday to 20 minutes")
    _assert_turn_in_view(shorter)
    screenshot_as_seen(page, "coach-day-edit")

    # The card lists only lines that changed: no "3 × 6–10 → 3 × 6–10".
    changes = shorter.locator(".change-list li")
    assert changes.count() > 0
    for text in changes.all_inner_texts():
        if ARROW.search(text):
            before, after = ARROW.split(text.split(": ", 1)[-1], maxsplit=1)
            assert before.strip() != after.strip(), f"an unchanged line is listed: {text!r}"


def test_a_long_paste_is_counted_not_cut(server: str, new_page: Any) -> None:
    api = sign_up(server)
    page = new_page(viewport=PHONE)
    page.sign_in_as(api)
    page.goto("/coach")
    box = page.get_by_label(EN["coach.inputLabel"])
    box.wait_for()
    box.fill("a" * 3600)
    counter = page.locator("#composer-count")
    expect(counter).to_have_text(EN["coach.count"].format(n="3,600", max="4,000"))
    wait_until_seen(counter)

    box.fill("word " * 1000)  # 5,000 characters, 4,999 once trimmed
    assert len(box.input_value()) == 5000, "the paste was cut without a word"
    expect(counter).to_have_text(EN["coach.tooLong"].format(over="999", max="4,000"))
    wait_until_seen(counter)
    expect(page.get_by_role("button", name=EN["coach.send"])).to_be_disabled()


def test_a_new_user_sees_no_error_in_the_console(server: str, new_page: Any) -> None:
    """No plan yet is an answer: the first screens ask for the plan without a 404."""
    api = sign_up(server)
    page = new_page(viewport=PHONE)
    failures: list[str] = []
    page.on("console", lambda message: failures.append(message.text)
            if message.type == "error" else None)
    page.on("response", lambda response: failures.append(f"{response.status} {response.url}")
            if response.status >= 400 else None)
    page.sign_in_as(api)
    for path in ("/coach", "/week", "/today", "/workout/active"):
        page.goto(path)
        page.locator("#page-title").wait_for()
        page.wait_for_load_state("networkidle")
    page.get_by_text(EN["plan.none"]).wait_for()
    assert failures == []
