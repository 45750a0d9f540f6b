"""Load steppers beside the load field: 2.5 kg or 5 lb a tap, said per dumbbell where the
field is per dumbbell, in reach (not under the tab bar), mirrored in right-to-left."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, PHONE, accepted_week, catalog, sign_up
from tests.browser.sight import uncovered

pytestmark = pytest.mark.browser

STEP = {"kg": 2.5, "lb": 5.0}


@pytest.mark.parametrize(("locale", "units"), [("en", "kg"), ("en", "lb"), ("he", "kg")])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_steppers_move_the_load_by_the_users_increment(
        server: str, new_page: Any, viewport: dict[str, int], locale: str,
        units: str) -> None:
    words = catalog(locale)
    api = sign_up(server, locale=locale, units=units)
    plan = accepted_week(api, locale)
    day_name = next(name for name, day in plan["days"].items() if not day["is_rest_day"])
    page = new_page(viewport=viewport, locale="he-IL" if locale == "he" else "en-US")
    page.sign_in_as(api, locale=locale, units=units)
    page.goto(f"/workouts/{day_name}")
    page.get_by_role("link", name=words["day.start"]).click()
    page.wait_for_url("**/workout/active**")
    card = page.locator(".wk-exercise").first
    field = card.get_by_label(words["active.load"].format(unit=words[f"unit.{units}"]))
    field.wait_for()
    field.fill("20")
    dumbbell = card.locator(".label-sub").count() == 1  # the field says "per dumbbell"
    suffix = "PerDumbbell" if dumbbell else ""
    unit_word = words[f"unit.{units}"]
    step_text = f"{STEP[units]:g} {unit_word}"
    more = card.get_by_role("button", name=words[f"active.loadMore{suffix}"].format(step=step_text))
    less = card.get_by_role("button", name=words[f"active.loadLess{suffix}"].format(step=step_text))
    more.scroll_into_view_if_needed()
    assert not uncovered(more), uncovered(more)
    more.click()
    more.click()
    assert float(field.input_value()) == 20 + 2 * STEP[units]
    less.click()
    assert float(field.input_value()) == 20 + STEP[units]
    field.fill("")
    less.click()  # never below nothing
    assert field.input_value() == "0"
    # The less button sits at the start of the line: left in English, right in Hebrew.
    less_box, more_box = less.bounding_box(), more.bounding_box()
    assert (less_box["x"] > more_box["x"]) == (locale == "he"), (less_box, more_box)
