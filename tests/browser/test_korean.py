"""Korean as drawn on a phone: the week's day labels ("14일") stay on one line, lines break
between words and never inside one, and Hangul is drawn by one Korean face from the declared
font stack (not patched glyph by glyph from whatever the system has)."""

from __future__ import annotations

import shutil
import subprocess
from typing import Any

import pytest

from tests.browser.conftest import PHONE, accepted_week, catalog, screenshot, sign_up
from tests.browser.sight import line_count, mid_word_breaks

pytestmark = pytest.mark.browser

KO = catalog("ko")
TIMEZONE = "Asia/Seoul"
HANGUL = "[\\u1100-\\u11ff\\u3130-\\u318f\\uac00-\\ud7af]"


def _korean_user(server: str, new_page: Any, plan: bool) -> Any:
    api = sign_up(server, display_name="지민", locale="ko", timezone=TIMEZONE)
    if plan:
        accepted_week(api)
    page = new_page(viewport=PHONE, locale="ko-KR", timezone_id=TIMEZONE)
    page.sign_in_as(api, locale="ko", timezone=TIMEZONE, name="지민")
    return page


def test_day_labels_stay_on_one_line(server: str, new_page: Any) -> None:
    page = _korean_user(server, new_page, plan=True)
    page.goto("/week")
    cards = page.locator(".day-card")
    cards.first.wait_for()
    assert cards.count() == 7
    for index in range(7):
        for part in (".day-name", ".day-num"):
            label = cards.nth(index).locator(part)
            assert line_count(label) == 1, f"{label.inner_text()!r} wraps"
    screenshot(page, "week-ko")


def test_words_are_not_broken_mid_word(server: str, new_page: Any) -> None:
    page = _korean_user(server, new_page, plan=False)
    page.goto("/coach")
    greeting = page.locator(".greeting")
    greeting.wait_for()
    assert KO["coach.onboardingIntro"] in greeting.inner_text()
    breaks = mid_word_breaks(greeting, HANGUL)
    assert breaks == [], f"lines break inside Korean words: {breaks}"
    screenshot(page, "coach-ko")


def _hangul_fonts_installed() -> bool:
    if not shutil.which("fc-list"):
        return False
    listed = subprocess.run(["fc-list", ":lang=ko", "family"], capture_output=True, text=True,
                            check=False).stdout
    return bool(listed.strip())


def test_hangul_is_drawn_by_one_declared_face(server: str, new_page: Any) -> None:
    if not _hangul_fonts_installed():
        pytest.skip("no font with Hangul is installed (fonts-nanum or fonts-noto-cjk)")
    page = _korean_user(server, new_page, plan=False)
    page.goto("/coach")
    paragraph = page.locator(".greeting p").nth(1)
    paragraph.wait_for()
    session = page.context.new_cdp_session(page.page)
    session.send("DOM.enable")
    session.send("CSS.enable")
    root = session.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    node = session.send("DOM.querySelector",
                        {"nodeId": root, "selector": ".greeting p:nth-of-type(2)"})
    fonts = session.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
    families = {font["familyName"] for font in fonts if font["glyphCount"] > 0}
    stack = paragraph.evaluate("e => getComputedStyle(e).fontFamily")
    declared = [name.strip().strip('"').lower() for name in stack.split(",")]
    assert len(families) == 1, f"the paragraph mixes faces {families} (font stack: {stack})"
    assert families.pop().lower() in declared, f"the face is not one the stack names: {stack}"
