"""The account page: language, units and time zone change through PATCH /api/users/me and
the app follows at once; a Strong export comes in with a plain account of what happened
(workouts, sets, skipped duplicates, unmapped names); the data goes out as JSON and CSV."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, PHONE, catalog, screenshot, sign_up
from tests.browser.sight import uncovered

pytestmark = pytest.mark.browser

STRONG = Path(__file__).resolve().parents[1] / "e2e" / "exports" / "strong_comma.csv"
OTHER = {"en": "he", "he": "en"}


@pytest.mark.parametrize("locale", ["en", "he"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_settings_change_and_the_app_follows(server: str, new_page: Any,
                                             viewport: dict[str, int], locale: str) -> None:
    words, target = catalog(locale), OTHER[locale]
    after = catalog(target)
    api = sign_up(server, locale=locale, units="kg", timezone="Europe/Madrid")
    page = new_page(viewport=viewport, locale="he-IL" if locale == "he" else "en-US")
    page.sign_in_as(api, locale=locale)
    page.goto("/account")
    save = page.get_by_role("button", name=words["account.save"])
    save.wait_for()
    assert save.is_disabled()  # nothing changed yet
    page.get_by_label(words["signup.units"]).select_option("lb")
    page.get_by_label(words["signup.timezone"]).select_option("America/New_York")
    page.get_by_label(words["signup.language"]).select_option(target)
    save.click()
    # The page now speaks the other language, in its direction.
    page.get_by_text(after["account.saved"]).wait_for()
    assert page.evaluate("document.documentElement.lang") == target
    assert page.evaluate("document.documentElement.dir") == ("rtl" if target == "he" else "ltr")
    me = api.get("/api/users/me").json()
    assert (me["locale"], me["units"], me["timezone"]) == (target, "lb", "America/New_York")
    stored = json.loads(page.evaluate("localStorage.getItem('fitcoach.session')"))
    assert (stored["locale"], stored["units"], stored["timezone"]) == (
        target, "lb", "America/New_York")
    saved_note = page.get_by_text(after["account.saved"])
    assert not uncovered(saved_note), uncovered(saved_note)
    if locale == "en":
        screenshot(page, "account-saved-he")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_import_reports_what_came_in_and_export_downloads(server: str, new_page: Any,
                                                          viewport: dict[str, int]) -> None:
    words = catalog("en")
    api = sign_up(server, units="lb", timezone="Europe/Rome")
    page = new_page(viewport=viewport)
    page.sign_in_as(api, units="lb", timezone="Europe/Rome")
    page.goto("/account")
    page.get_by_label(words["account.importSource"]).select_option("strong")
    page.get_by_label(words["account.importFile"]).set_input_files(str(STRONG))
    with page.expect_response("**/api/imports?**") as answer:
        page.get_by_role("button", name=words["account.importButton"]).click()
    imported = answer.value.json()
    assert answer.value.status == 201, imported
    result = page.locator(".import-result")
    result.wait_for()
    text = result.inner_text()
    assert words["account.imported"].format(workouts=imported["workouts"],
                                            sets=imported["sets"]) in text
    # Names the catalog has no match for are named, with their sets.
    assert imported["unmapped"], imported
    for item in imported["unmapped"]:
        assert item["name"] in text
    logs = api.get("/api/workouts/logs", params={"limit": 100}).json()
    assert len(logs) == imported["workouts"]
    assert not uncovered(result.locator("strong")), uncovered(result.locator("strong"))

    # The same file again: nothing new, and the skipped duplicates (sets) are counted.
    with page.expect_response("**/api/imports?**") as answer:
        page.get_by_role("button", name=words["account.importButton"]).click()
    again = answer.value.json()
    assert (again["workouts"], again["skipped_duplicates"]) == (0, imported["sets"]), again
    forms = words["account.importSkipped"]
    result.get_by_text(forms["other"].format(count=again["skipped_duplicates"])).wait_for()
    assert len(api.get("/api/workouts/logs", params={"limit": 100}).json()) == len(logs)

    with page.expect_download() as download_info:
        page.get_by_role("button", name=words["account.exportJson"]).click()
    download = download_info.value
    assert download.suggested_filename == "fitcoach-export.json"
    exported = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert exported.keys() == api.get("/api/export").json().keys()
    with page.expect_download() as download_info:
        page.get_by_role("button", name=words["account.exportCsv"]).click()
    csv_text = Path(download_info.value.path()).read_text(encoding="utf-8")
    assert csv_text == api.get("/api/export/logs.csv").text  # the file as the server wrote it
