"""The issue's smaller items, as a person reads them: the records count agrees with the "New"
badges; a deleted memory item never reads "expired" with a date to come; muscle-group names
are not cut at 390 px; muscle-focus scores carry a unit; planned volume is explained; a load
above the user's heaviest dumbbell gets a word."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from tests.browser.conftest import (
    CLOCK_HEADER,
    NOW,
    ONBOARDING,
    PHONE,
    Api,
    accepted_week,
    catalog,
    screenshot,
    sign_up,
)
from tests.browser.sight import uncovered

pytestmark = pytest.mark.browser

EN = catalog("en")


def _log(api: Api, slug: str, kg: float, days_ago: int, reps: int = 10) -> None:
    body = {"completed_at": (NOW - dt.timedelta(days=days_ago, hours=1)).isoformat(),
            "exercises_logged": [{"exercise_id": slug, "sets": [
                {"weight_kg": kg, "reps": reps, "rpe": 8}, {"weight_kg": kg, "reps": reps - 1}]}]}
    response = api.post("/api/workouts/log", body)
    assert response.status_code == 201, response.text


def _records_broken(page: Any) -> str:
    stat = page.locator(".stats div").filter(has_text=EN["progress.recordsBroken"])
    return stat.locator("dd").inner_text().strip()


def test_new_badges_agree_with_records_broken(server: str, new_page: Any) -> None:
    api = sign_up(server)
    _log(api, "db-romanian-deadlift", 16, days_ago=0)  # a first session beats nothing
    page = new_page(viewport=PHONE)
    page.sign_in_as(api)
    page.goto("/progress")
    page.locator("table.records").wait_for()
    assert _records_broken(page) == "0"
    assert page.locator(".records .tag-new").count() == 0, "'New' beside 'Records broken 0'"

    _log(api, "incline-db-bench-press", 12, days_ago=9)
    _log(api, "incline-db-bench-press", 14, days_ago=1)  # heavier: records broken
    page.reload()
    page.locator("table.records").wait_for()
    assert int(_records_broken(page)) > 0
    bench = page.locator(".records tr[data-slug='incline-db-bench-press'] .tag-new")
    assert bench.count() >= 1
    assert page.locator(".records tr[data-slug='db-romanian-deadlift'] .tag-new").count() == 0

    # Hamstrings (and every group) is read whole at 390 px, not "Hamstri…".
    names = page.locator(".volume-table tbody th")
    assert names.count() >= 1
    texts = names.all_inner_texts()
    assert "Hamstrings" in texts, texts
    for index in range(names.count()):
        cut = names.nth(index).evaluate("e => e.scrollWidth > e.clientWidth + 1")
        assert not cut, f"{texts[index]!r} is cut"
    screenshot(page, "progress-records")


def test_a_deleted_memory_never_reads_expired_in_the_future(server: str, new_page: Any) -> None:
    api = sign_up(server)
    accepted_week(api)
    api.chat("My right shoulder is sore this week, go easy on it")
    items = api.get("/api/memory").json()["tier_2_physiological"]
    soon = next(item for item in items if item.get("expires_at"))
    assert dt.datetime.fromisoformat(soon["expires_at"]) > NOW
    assert api.delete(f"/api/memory/{soon['memory_id']}").status_code == 204
    page = new_page(viewport=PHONE)
    page.sign_in_as(api)
    page.goto("/memory")
    page.get_by_label(EN["memory.showHistory"]).check()
    item = page.locator(".memory-item", has_text=soon["fact"])
    item.wait_for()
    meta = item.locator(".memory-meta").inner_text()
    assert "expired" not in meta, meta
    assert "deleted" in meta, meta


def test_scores_have_units_and_volume_is_explained(server: str, new_page: Any) -> None:
    api = sign_up(server)
    plan = accepted_week(api)
    page = new_page(viewport=PHONE)
    page.sign_in_as(api)
    monday = plan["days"]["monday"]
    page.goto("/today")
    values = page.locator(".focus-value")
    values.first.wait_for()
    for index, item in enumerate(sorted(monday["muscle_focus"], key=lambda m: -m["intensity"])):
        assert values.nth(index).inner_text().strip() == f"{item['intensity']}%"
    note = page.get_by_text(EN["plan.focusNote"])
    note.evaluate("e => e.scrollIntoView({block: 'center'})")
    assert not uncovered(note), uncovered(note)
    page.get_by_text(EN["plan.volumeNote"]).wait_for()

    page.goto("/week")
    volume = page.locator(".stats div").filter(has_text=EN["week.statVolume"])
    volume.wait_for()
    explanation = page.get_by_text(EN["plan.volumeNote"])
    assert not uncovered(explanation), uncovered(explanation)
    # Right under the figures it explains.
    figures = volume.bounding_box()
    gap = explanation.bounding_box()["y"] - (figures["y"] + figures["height"])
    assert 0 <= gap < 40, gap


def test_a_load_above_the_heaviest_dumbbell_gets_a_word(server: str, new_page: Any) -> None:
    api = sign_up(server)  # onboarding: "adjustable dumbbells up to 22 kg"
    plan = accepted_week(api)
    exercises = api.get("/api/exercises").json()
    dumbbell = {e["slug"] for e in exercises if e["load_kind"] == "dumbbell"}
    name, index = next((name, i) for name, day in plan["days"].items() if not day["is_rest_day"]
                       for i, e in enumerate(e for b in day["blocks"] for e in b["exercises"])
                       if e["exercise_id"] in dumbbell)
    page = new_page(viewport=PHONE)
    page.sign_in_as(api)
    page.goto(f"/workout/active?day={name}")
    card = page.locator(".wk-exercise").nth(index)
    load = card.get_by_label(EN["active.load"].format(unit="kg"))
    load.fill("22")
    assert card.locator(".field-note").count() == 0
    load.fill("22.5")
    note = card.locator(".field-note")
    note.wait_for()
    assert note.inner_text() == EN["active.overMax"].format(load="22.5 kg", max="22 kg")
    assert not uncovered(note), uncovered(note)
    card.get_by_role("button", name=EN["active.logSetN"].format(n=1)).click()
    assert card.locator(".sets-table tbody tr").count() == 1  # still loggable


def test_a_plan_made_on_tuesday_leaves_monday_before_it(server: str, new_page: Any) -> None:
    """Monday came before a plan accepted on Tuesday: it reads "Before this plan", not like a
    session still to do or missed."""
    tuesday = NOW + dt.timedelta(days=1)
    api = sign_up(server)
    page = new_page(viewport=PHONE)
    page.context.set_extra_http_headers({CLOCK_HEADER: tuesday.isoformat()})
    page.clock.set_system_time(tuesday)
    page.sign_in_as(api)
    page.goto("/coach")
    page.get_by_label(EN["coach.inputLabel"]).fill(ONBOARDING["en"])
    page.get_by_role("button", name=EN["coach.send"]).click()
    page.get_by_role("button", name=EN["proposal.accept"]).click()
    page.get_by_text(EN["proposal.status.accepted"]).wait_for()
    plan = api.get("/api/plans/current").json()
    assert plan["week_start_date"] == NOW.date().isoformat()

    page.goto("/week")
    cards = page.locator(".day-card")
    cards.first.wait_for()
    monday = cards.nth(0)
    if not plan["days"]["monday"]["is_rest_day"]:
        tag = monday.locator(".tag-past")
        assert tag.inner_text() == EN["week.beforePlan"]
        assert not uncovered(tag), uncovered(tag)
        page.goto("/workouts/monday")
        page.get_by_text(EN["day.beforePlanText"]).wait_for()
    # Tuesday (today) and the days after it are the plan's own.
    for index in range(1, 7):
        assert cards.nth(index).locator(".tag-past").count() == 0
    screenshot(page, "week-started-tuesday")


def test_an_empty_load_on_a_dumbbell_exercise_is_asked_about(server: str,
                                                              new_page: Any) -> None:
    api = sign_up(server)
    plan = accepted_week(api)
    exercises = api.get("/api/exercises").json()
    dumbbell = {e["slug"] for e in exercises if e["load_kind"] == "dumbbell"}
    name, index = next((name, i) for name, day in plan["days"].items() if not day["is_rest_day"]
                       for i, e in enumerate(e for b in day["blocks"] for e in b["exercises"])
                       if e["exercise_id"] in dumbbell)
    page = new_page(viewport=PHONE)
    page.sign_in_as(api)
    page.goto(f"/workout/active?day={name}")
    card = page.locator(".wk-exercise").nth(index)
    load = card.get_by_label(EN["active.load"].format(unit="kg"))
    load.wait_for()
    # Per dumbbell, said where the load is typed.
    assert EN["active.perDumbbell"] in card.locator(".set-form label").first.inner_text()
    load.fill("")
    card.get_by_role("button", name=EN["active.logSetN"].format(n=1)).click()
    question = card.get_by_role("alert")
    question.wait_for()
    assert EN["active.noLoad"] in question.inner_text()
    assert not uncovered(question), uncovered(question)
    assert card.locator(".sets-table tbody tr").count() == 0  # nothing saved yet
    question.get_by_role("button", name=EN["active.logAsBodyweight"]).click()
    rows = card.locator(".sets-table tbody tr")
    rows.first.wait_for()
    assert rows.count() == 1
    assert EN["active.bw"] in rows.first.inner_text()

