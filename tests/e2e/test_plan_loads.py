"""Loads from the logs in the plan reads (DESIGN D10): `target_weight_lbs` by double
progression and `last`, on GET /api/plans/current and in the accept answer."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from tests.e2e.conftest import MONDAY, Api

WEEK = dt.timedelta(days=7)
INCLINE = "incline-db-bench-press"  # Monday's first exercise in the scripted plan, 8-10 reps


def _incline_log(api: Api, when: dt.datetime, weight_lbs: float, *reps_and_rpe:
                 tuple[int, float | None]) -> None:
    response = api.log({"completed_at": when.isoformat(), "exercises_logged": [
        {"exercise_id": INCLINE,
         "sets": [{"weight_lbs": weight_lbs, "reps": r, "rpe": rpe} for r, rpe in reps_and_rpe]}]},
        now=when)
    assert response.status_code == 201, response.text


def _monday_first(api: Api, now: dt.datetime) -> dict[str, Any]:
    response = api.get("/api/plans/current", now=now)
    assert response.status_code == 200, response.text
    return response.json()["days"]["monday"]["blocks"][0]["exercises"][0]


def test_the_top_of_the_range_at_target_effort_earns_the_next_step(
        new_user: Callable[..., Api]) -> None:
    api = new_user()
    api.accepted_week()
    assert "target_weight_lbs" not in _monday_first(api, MONDAY)  # no history: no load
    assert "last" not in _monday_first(api, MONDAY)
    _incline_log(api, MONDAY, 40, (10, 7), (10, 7), (10, 8))
    # Today's prescription stays as it was; next Monday's goes up a dumbbell step.
    assert "target_weight_lbs" not in _monday_first(api, MONDAY + dt.timedelta(hours=2))
    planned = _monday_first(api, MONDAY + WEEK)
    assert planned["exercise_id"] == INCLINE
    assert planned["target_weight_lbs"] == 45
    assert planned["last"] == {"completed_at": "2026-09-14T10:00:00Z", "sets": [
        {"weight_lbs": 40.0, "reps": 10, "rpe": 7.0}, {"weight_lbs": 40.0, "reps": 10, "rpe": 7.0},
        {"weight_lbs": 40.0, "reps": 10, "rpe": 8.0}]}
    # An exercise never logged still has neither.
    row = api.get("/api/plans/current", now=MONDAY + WEEK).json()["days"]["monday"]
    assert "last" not in row["blocks"][1]["exercises"][0]


def test_inside_the_range_keeps_the_load_and_two_misses_back_off(
        new_user: Callable[..., Api]) -> None:
    api = new_user()
    api.accepted_week()
    _incline_log(api, MONDAY, 50, (9, 8), (8, 8), (8, 8))
    assert _monday_first(api, MONDAY + WEEK)["target_weight_lbs"] == 50
    _incline_log(api, MONDAY + WEEK, 50, (7, 9), (6, 9), (6, 10))
    assert _monday_first(api, MONDAY + 2 * WEEK)["target_weight_lbs"] == 50  # one miss
    _incline_log(api, MONDAY + 2 * WEEK, 50, (7, 9), (6, 9), (5, 10))
    assert _monday_first(api, MONDAY + 3 * WEEK)["target_weight_lbs"] == 45  # two: -10%


def test_the_accept_answer_carries_the_loads(new_user: Callable[..., Api]) -> None:
    api = new_user()
    _incline_log(api, MONDAY - WEEK, 40, (10, 7), (10, 7))
    accepted = api.accepted_week()
    planned = accepted["plan"]["days"]["monday"]["blocks"][0]["exercises"][0]
    assert planned["target_weight_lbs"] == 45
    assert planned["last"]["sets"][0]["weight_lbs"] == 40


def test_another_users_history_gives_no_load(new_user: Callable[..., Api]) -> None:
    ann, bob = new_user(), new_user()
    ann.accepted_week()
    bob.accepted_week()
    _incline_log(ann, MONDAY, 40, (10, 7))
    planned = _monday_first(bob, MONDAY + WEEK)
    assert "target_weight_lbs" not in planned
    assert "last" not in planned


def test_imported_history_gives_loads_like_logged_history(
        new_user: Callable[..., Api]) -> None:
    api = new_user()
    api.accepted_week()
    export = ("Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE\n"
              + "".join(f'2026-09-07 18:00:00;Push;"Incline Bench Press (Dumbbell)";{n};40;lbs;'
                        f"10;7\n" for n in (1, 2, 3)))
    imported = api.client.post("/api/imports", params={"source": "strong"},
                               content=export.encode(),
                               headers={**api.headers(), "Content-Type": "text/csv"})
    assert imported.status_code == 201, imported.text
    planned = _monday_first(api, MONDAY)
    assert planned["target_weight_lbs"] == 45
    assert planned["last"]["completed_at"] == "2026-09-07T18:00:00Z"


def test_a_kilogram_users_load_is_on_the_kilogram_rack(new_user: Callable[..., Api]) -> None:
    """Logged in pounds (50 lb, as an imported file or another device writes it), planned
    for a kg user: the same load is the kg rack's 22 kg, never 22.68 kg."""
    api = new_user(units="kg")
    api.accepted_week()
    _incline_log(api, MONDAY, 50, (9, 8), (8, 8), (8, 8))
    target = _monday_first(api, MONDAY + WEEK)["target_weight_lbs"]
    assert round(target * 0.45359237, 6) == 22
    _incline_log(api, MONDAY + WEEK, target, (10, 7), (10, 7), (10, 7))
    up = _monday_first(api, MONDAY + 2 * WEEK)["target_weight_lbs"]
    assert round(up * 0.45359237, 6) == 24  # one 2 kg step


def test_a_press_never_logged_gets_an_estimate_marked_as_one(
        new_user: Callable[..., Api]) -> None:
    api = new_user()
    api.accepted_week()
    response = api.log({"completed_at": MONDAY.isoformat(), "exercises_logged": [
        {"exercise_id": "flat-db-bench-press",
         "sets": [{"weight_lbs": 40, "reps": 10, "rpe": 8}] * 3}]}, now=MONDAY)
    assert response.status_code == 201, response.text
    planned = _monday_first(api, MONDAY + WEEK)
    assert planned["exercise_id"] == INCLINE
    assert planned["target_weight_estimated_from"] == "flat-db-bench-press"
    assert 20 <= planned["target_weight_lbs"] < 40
    assert "last" not in planned  # its own history is still empty
    # Once logged, its own history decides and the mark goes.
    _incline_log(api, MONDAY + WEEK, 25, (10, 7), (10, 7), (10, 7))
    own = _monday_first(api, MONDAY + 2 * WEEK)
    assert own["target_weight_lbs"] == 30
    assert "target_weight_estimated_from" not in own
