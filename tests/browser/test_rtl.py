"""Hebrew, right to left, as drawn: a "what changes" line reads name, then the old value,
then the arrow pointing on to the new value (right to left on screen); summaries use Hebrew
units; the rest timer's buttons read "−15 שנ׳" (the number first in reading order, its minus
sign before its digits)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import PHONE, accepted_week, catalog, screenshot, sign_up
from tests.browser.sight import text_box, text_of, uncovered

pytestmark = pytest.mark.browser

HE = catalog("he")
EN = catalog("en")
TIMEZONE = "Asia/Jerusalem"


def _drawn_before(a: dict[str, float], b: dict[str, float], rtl: bool) -> bool:
    """Whether a reader meets glyph box `a` before `b`: an earlier line, or on the same line
    further right (right to left) or further left (left to right)."""
    a_y, b_y = (a["top"] + a["bottom"]) / 2, (b["top"] + b["bottom"]) / 2
    if abs(a_y - b_y) > 8:
        return a_y < b_y
    a_x, b_x = (a["left"] + a["right"]) / 2, (b["left"] + b["right"]) / 2
    return a_x > b_x if rtl else a_x < b_x


def _arrow_reads_from_old_to_new(line: Any, rtl: bool) -> None:
    """In "{name}: {from} ← {to}" a reader meets the name, the old value, the arrow, then the
    new value, and the arrow points the way the reading goes (at the new value); lines may
    wrap on a phone, so glyphs are compared in reading order, not by whole boxes."""
    text = text_of(line)
    arrow = re.search(r"[→←]", text)
    assert arrow, text
    colon = text.find(": ", 0, arrow.start())
    old_first = colon + 2 if colon >= 0 else len(text) - len(text.lstrip())
    old_last = len(text[:arrow.start()].rstrip()) - 1
    new_first = arrow.end() + len(text[arrow.end():]) - len(text[arrow.end():].lstrip())

    def glyph(index: int) -> dict[str, float]:
        return text_box(line, index, index + 1)

    described = f"{text!r} ({'right to left' if rtl else 'left to right'})"
    assert (arrow.group() == "←") == rtl, f"the arrow points against the reading: {described}"
    if colon >= 0:
        assert _drawn_before(glyph(colon - 1), glyph(old_first), rtl), \
            f"name, then old: {described}"
    assert _drawn_before(glyph(old_last), glyph(arrow.start()), rtl), \
        f"old, then arrow: {described}"
    assert _drawn_before(glyph(arrow.start()), glyph(new_first), rtl), \
        f"arrow, then new: {described}"


def test_what_changes_reads_right_to_left_in_hebrew(server: str, new_page: Any) -> None:
    api = sign_up(server, display_name="נועה", locale="he", timezone=TIMEZONE)
    plan = accepted_week(api, "he")
    monday = plan["days"]["monday"]
    shorten = next(edit for edit in monday["suggested_edits"] if "תקצר" in edit)
    page = new_page(viewport=PHONE, locale="he-IL", timezone_id=TIMEZONE)
    page.sign_in_as(api, locale="he", timezone=TIMEZONE, name="נועה")
    page.goto("/coach")
    page.get_by_label(HE["coach.inputLabel"]).fill(shorten)
    page.get_by_role("button", name=HE["coach.send"]).click()
    # The new card (the chat read back from the server shows the accepted one too).
    card = page.locator("article.proposal.proposal-pending").last
    card.wait_for()
    # The card compares with the current plan once that has loaded (slower under load).
    card.locator(".change-list li", has_text=re.compile("[→←]")).first.wait_for()
    lines = card.locator(".change-list li")
    arrows = [lines.nth(i) for i in range(lines.count())
              if re.search(r"[→←]", lines.nth(i).inner_text())]
    assert arrows, card.inner_text()
    for line in arrows:
        _arrow_reads_from_old_to_new(line, rtl=True)

    # The summary (the engine's words) uses Hebrew units, not "45m ➔ 17m".
    summary = card.locator(".proposal-summary").inner_text()
    assert not re.search(r"\d\s*m\b", summary), summary
    assert "דק׳" in summary, summary
    screenshot(page, "coach-changes-he")


def test_what_changes_reads_left_to_right_in_english(server: str, new_page: Any) -> None:
    api = sign_up(server)
    accepted_week(api)
    page = new_page(viewport=PHONE)
    page.sign_in_as(api)
    page.goto("/coach")
    page.get_by_label(EN["coach.inputLabel"]).fill("Shorten Monday to 20 minutes")
    page.get_by_role("button", name=EN["coach.send"]).click()
    # The new card (the chat read back from the server shows the accepted one too).
    card = page.locator("article.proposal.proposal-pending").last
    card.wait_for()
    # The card compares with the current plan once that has loaded (slower under load).
    card.locator(".change-list li", has_text=re.compile("[→←]")).first.wait_for()
    lines = card.locator(".change-list li")
    arrows = [lines.nth(i) for i in range(lines.count())
              if re.search(r"[→←]", lines.nth(i).inner_text())]
    assert arrows, card.inner_text()
    for line in arrows:
        _arrow_reads_from_old_to_new(line, rtl=False)


def test_rest_timer_buttons_read_in_hebrew(server: str, new_page: Any) -> None:
    api = sign_up(server, display_name="נועה", locale="he", timezone=TIMEZONE)
    plan = accepted_week(api, "he")
    day = next(name for name, d in plan["days"].items() if not d["is_rest_day"])
    page = new_page(viewport=PHONE, locale="he-IL", timezone_id=TIMEZONE)
    page.sign_in_as(api, locale="he", timezone=TIMEZONE, name="נועה")
    page.goto(f"/workout/active?day={day}")
    form = page.locator(".set-form").first
    form.get_by_label(HE["active.load"].format(unit=HE["unit.kg"])).fill("10")
    form.get_by_role("button", name=HE["active.logSetN"].format(n=1)).click()
    page.get_by_role("timer").wait_for()
    less = page.get_by_role("button", name=HE["active.restLess"])
    more = page.get_by_role("button", name=HE["active.restMore"])
    for button, sign in ((less, "−"), (more, "+")):
        assert not uncovered(button), uncovered(button)
        text = text_of(button).strip()
        offset = text_of(button).index(text)
        unit = "שנ׳"
        assert unit in text, f"the unit is not Hebrew: {text!r}"
        digits = text.index("15")
        number = text_box(button, offset + digits, offset + digits + 2)
        mark = text_box(button, offset + text.index(sign), offset + text.index(sign) + 1)
        word = text_box(button, offset + text.index(unit), offset + text.index(unit) + len(unit))
        # Reading right to left: the number, then the unit; the sign sits before the digits.
        assert number["left"] >= word["right"] - 1, f"{text!r}: number {number}, unit {word}"
        assert mark["right"] <= number["left"] + 1, f"{text!r}: sign {mark}, digits {number}"
    screenshot(page, "workout-rest-timer-he")
