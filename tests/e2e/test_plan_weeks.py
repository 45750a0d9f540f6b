"""Each week's plan (DESIGN D10) over HTTP: made on its first read, kept, past weeks as they
were, next week as a preview, the training block following the calendar (dev clock)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from fitcoach.api.plans.materialise import WeekPlan, accepted_week
from fitcoach.programming.blocks import first_week, shape_week
from fitcoach.programming.blocks.shape import retally
from fitcoach.programming.generator import generate_week
from fitcoach.programming.plan import BlockPhase, WeeklyPlan
from fitcoach.programming.profile import Profile
from fitcoach.store.database import Database
from tests.e2e.conftest import MONDAY, Api, row_counts
from tests.programming.strategies import FULL_GYM

WEEK = dt.timedelta(days=7)
BLOCK_START = MONDAY + WEEK  # a plan accepted this week starts its block next Monday


def week_of(api: Api, date: dt.datetime, now: dt.datetime) -> dict[str, Any]:
    response = api.get(f"/api/plans/week/{date.date().isoformat()}", now=now)
    assert response.status_code == 200, response.text
    return response.json()


def sets(plan: dict[str, Any]) -> list[int]:
    return [e["target_sets"] for day in plan["days"].values()
            for block in day["blocks"] for e in block["exercises"]]


def test_the_block_follows_the_calendar_with_no_chat_turn(new_user: Callable[..., Api]) -> None:
    api = new_user()
    accepted = api.accepted_week()["plan"]
    assert "block" not in accepted  # the week it was accepted in shows it as accepted
    phases = []
    for n in range(6):
        plan = api.get("/api/plans/current", now=BLOCK_START + n * WEEK).json()
        assert plan["week_start_date"] == (BLOCK_START + n * WEEK).date().isoformat()
        phases.append((plan["block"]["week_index"], plan["block"]["phase"],
                       plan["block"]["id"]))
    first_id = f"block-{BLOCK_START.date().isoformat()}"
    second_id = f"block-{(BLOCK_START + 5 * WEEK).date().isoformat()}"
    assert phases == [(1, "build", first_id), (2, "build", first_id), (3, "build", first_id),
                      (4, "build", first_id), (5, "deload", first_id), (1, "build", second_id)]
    # The scripted week is light (every group under 10 sets): the build weeks hold it, the
    # deload keeps 10 of its 18 sets (55%) and adds reps in reserve.
    deload = week_of(api, BLOCK_START + 4 * WEEK, now=BLOCK_START + 5 * WEEK)
    assert sum(sets(accepted)) == 18
    assert sorted(sets(deload)) == [1, 1, 2, 2, 2, 2]
    assert {e.get("target_rir") for day in deload["days"].values()
            for block in day["blocks"] for e in block["exercises"]} == {4}


def test_a_past_week_never_changes_and_next_week_is_a_preview(
        new_user: Callable[..., Api], database: Database) -> None:
    api = new_user()
    api.accepted_week()
    first = api.get("/api/plans/current", now=BLOCK_START + dt.timedelta(days=1)).json()
    later = BLOCK_START + WEEK + dt.timedelta(days=2)  # Wednesday of the block's week 2
    pending = api.chat("day friday Pump", now=later)["proposal"]["id"]
    assert api.accept(pending, now=later).status_code == 200
    assert week_of(api, BLOCK_START, now=later) == first
    assert api.get("/api/plans/current", now=later).json()["days"]["friday"]["title"] == "Pump"
    before = row_counts(database)
    preview = week_of(api, later + WEEK, now=later)
    assert row_counts(database) == before  # a preview is not kept
    assert preview["block"]["week_index"] == 3
    assert preview["days"]["friday"]["title"] == "Pump"  # it follows the accepted edit
    assert week_of(api, later + WEEK, now=later + WEEK) == preview  # and then becomes the week


def test_a_week_never_read_is_made_from_the_program_of_its_time(
        new_user: Callable[..., Api]) -> None:
    api = new_user()
    api.accepted_week()
    third = BLOCK_START + 2 * WEEK
    pending = api.chat("day monday Heavy", now=third)["proposal"]["id"]
    assert api.accept(pending, now=third).status_code == 200
    skipped = week_of(api, BLOCK_START + WEEK, now=third + WEEK)
    assert skipped["block"]["week_index"] == 2
    assert skipped["days"]["monday"]["title"] != "Heavy"  # the edit came after that week


def test_weeks_without_a_plan_are_not_found(new_user: Callable[..., Api]) -> None:
    api = new_user()
    assert api.get("/api/plans/week/2026-09-14").status_code == 404
    api.accepted_week()
    before_first = api.get("/api/plans/week/2026-09-07")
    assert before_first.status_code == 404
    assert before_first.json()["error"]["code"] == "not_found"
    too_far = api.get("/api/plans/week/2026-09-28")
    assert too_far.status_code == 404
    assert "next week" in too_far.json()["error"]["message"]
    assert api.get("/api/plans/week/2026-09-21").status_code == 200  # next week: a preview
    assert api.get("/api/plans/week/2026-09-16").json()["week_start_date"] == "2026-09-14"
    assert api.get("/api/plans/week/not-a-date").status_code == 422


def test_another_users_week_is_not_found(new_user: Callable[..., Api]) -> None:
    alice, bob = new_user(), new_user()
    alice.accepted_week()
    alice.get("/api/plans/current", now=BLOCK_START)
    assert bob.get("/api/plans/week/2026-09-21", now=BLOCK_START).status_code == 404
    assert bob.get("/api/plans/current", now=BLOCK_START).status_code == 404
    bob.accepted_week(now=BLOCK_START)
    mine = bob.get("/api/plans/week/2026-09-21", now=BLOCK_START).json()
    assert "block" not in mine  # Bob's own plan, accepted that week, not Alice's week 1
    assert alice.get("/api/plans/week/2026-09-21", now=BLOCK_START).json()["block"] == {
        "id": "block-2026-09-21", "week_index": 1, "weeks": 5, "phase": "build"}


def test_the_first_read_of_a_week_keeps_it_once(new_user: Callable[..., Api],
                                                database: Database) -> None:
    api = new_user()
    api.accepted_week()
    before = row_counts(database)["plan_weeks"]
    for day in range(3):
        api.get("/api/plans/current", now=BLOCK_START + dt.timedelta(days=day))
    assert row_counts(database)["plan_weeks"] == before + 1


# What an Accept keeps as the program's peak (`materialise.accepted_week`, pure).

def _shown_week() -> tuple[WeekPlan, WeeklyPlan]:
    profile = Profile(days_per_week=4, minutes_per_session=75, gear=FULL_GYM)
    peak = generate_week(profile, MONDAY.date()).plan
    shown = shape_week(peak, first_week(MONDAY.date()))
    return WeekPlan(1, shown, peak, stored=True, storable=True), peak


def test_an_accepted_block_change_keeps_the_programs_peak() -> None:
    shown, peak = _shown_week()
    assert shown.plan.block is not None
    block = shown.plan.block.model_copy(update={"phase": BlockPhase.DELOAD})
    deloaded = shown.plan.model_copy(update={"block": block})
    assert accepted_week(shown, deloaded, 2).peak == peak


def test_an_accepted_set_change_is_carried_onto_the_peak() -> None:
    shown, peak = _shown_week()
    # One set fewer on an exercise the block kept above two: valid on the peak too.
    weekday, day = next((w, d) for w, d in shown.plan.days.items()
                        if d.is_training_day and d.blocks[0].exercises[0].target_sets > 2)
    first = day.blocks[0]
    bumped = first.exercises[0].model_copy(
        update={"target_sets": first.exercises[0].target_sets - 1})
    blocks = (first.model_copy(update={"exercises": (bumped, *first.exercises[1:])}),
              *day.blocks[1:])
    accepted = shown.plan.with_day(weekday, retally(day, blocks))
    kept = accepted_week(shown, accepted, 2)
    assert kept.plan == accepted
    peak_first = peak.days[weekday].blocks[0].exercises[0]
    assert kept.peak.days[weekday].blocks[0].exercises[0].target_sets == \
        peak_first.target_sets - 1
    others = [w for w in peak.days if w is not weekday]
    assert all(kept.peak.days[w] == peak.days[w] for w in others)


def _kept_weeks(database: Database, user_id: str) -> dict[dt.date, dict[str, Any]]:
    from sqlalchemy import select

    from fitcoach.store.models import PlanWeekRow
    with database.read() as session:
        rows = session.execute(select(PlanWeekRow.week_start_date, PlanWeekRow.plan)
                               .where(PlanWeekRow.user_id == user_id)).all()
    return dict(rows)


def test_a_week_seen_only_through_the_chat_is_kept(new_user: Callable[..., Api],
                                                   database: Database) -> None:
    """The chat reads the week too (the brain answers about it): that week is kept as the
    turn saw it, though the user never asked for /api/plans/current in it (D10)."""
    chatty, reader = new_user(), new_user()
    for api in (chatty, reader):
        api.accepted_week()
    week_two = BLOCK_START + dt.timedelta(days=1)
    chatty.chat("how am I doing?", now=week_two)
    shown = reader.get("/api/plans/current", now=week_two).json()
    kept = _kept_weeks(database, chatty.user_id)
    assert BLOCK_START.date() in kept
    later = week_of(chatty, BLOCK_START, now=BLOCK_START + 3 * WEEK)
    assert later == shown
    again = _kept_weeks(database, chatty.user_id)
    assert again[BLOCK_START.date()] == kept[BLOCK_START.date()]  # a past week never changes
