"""PATCH and DELETE /api/workouts/logs/{id} (DESIGN D7): a user corrects their own logs, and
records, known loads and the plan day the log completed follow."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest

from fitcoach.store.database import Database
from tests.e2e.conftest import MONDAY, Api, one_set, row_counts


def _monday(api: Api) -> dict[str, Any]:
    return api.get("/api/plans/current").json()["days"]["monday"]


def _log(api: Api, **kwargs: Any) -> str:
    response = api.log(one_set(**kwargs))
    assert response.status_code == 201, response.text
    return response.json()["log_id"]


def test_deleting_a_log_undoes_its_records_and_its_completion(
        new_user: Callable[..., Api], database: Database) -> None:
    api = new_user()
    api.accepted_week()
    older = _log(api, weight_lbs=40, completed_at="2026-09-10T09:00:00Z")
    newer = _log(api, weight_lbs=60, completed_at="2026-09-14T09:00:00Z")
    assert _monday(api)["completed_log_id"] == newer
    assert api.get("/api/prs/goblet-squat").json()["max_weight_set"]["weight_lbs"] == 60
    response = api.delete(f"/api/workouts/logs/{newer}")
    assert response.status_code == 204
    assert [log["log_id"] for log in api.get("/api/workouts/logs").json()] == [older]
    assert api.get("/api/prs/goblet-squat").json()["max_weight_set"]["weight_lbs"] == 40
    monday = _monday(api)
    assert monday["status"] == "scheduled"
    assert monday["completed_log_id"] is None
    api.delete(f"/api/workouts/logs/{older}")
    assert api.get("/api/prs/goblet-squat").json()["max_weight_set"] is None


def test_a_day_with_two_logs_falls_back_to_the_other(new_user: Callable[..., Api]) -> None:
    api = new_user()
    api.accepted_week()
    first = _log(api, completed_at="2026-09-14T07:00:00Z")
    second = _log(api, completed_at="2026-09-14T09:00:00Z")
    # A day already completed is left alone (D7): the first log holds it; the second counts.
    assert _monday(api)["completed_log_id"] == first
    api.delete(f"/api/workouts/logs/{first}")
    assert _monday(api)["completed_log_id"] == second


def test_correcting_the_sets_moves_the_records(new_user: Callable[..., Api]) -> None:
    api = new_user()
    log_id = _log(api, weight_lbs=60, reps=10)
    response = api.patch(f"/api/workouts/logs/{log_id}", {"exercises_logged": [
        {"exercise_id": "flat-db-bench-press", "sets": [{"weight_kg": 30, "reps": 8}]}]})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["log_id"] == log_id
    [bench] = body["exercises_logged"]
    assert bench["exercise_id"] == "flat-db-bench-press"
    assert bench["sets"][0]["weight_lbs"] == pytest.approx(66.14, abs=0.01)
    assert api.get("/api/prs/goblet-squat").json()["max_weight_set"] is None
    assert api.get("/api/prs/flat-db-bench-press").json()["max_weight_set"]["reps"] == 8
    assert api.get("/api/workouts/logs").json() == [body]


def test_correcting_the_time_moves_the_completion(new_user: Callable[..., Api]) -> None:
    api = new_user()
    api.accepted_week()
    log_id = _log(api, completed_at="2026-09-14T09:00:00Z")
    wednesday = MONDAY + dt.timedelta(days=2)
    body = api.patch(f"/api/workouts/logs/{log_id}",
                     {"completed_at": "2026-09-16T09:00:00Z"}, now=wednesday).json()
    assert body["completed_at"] == "2026-09-16T09:00:00Z"
    assert body["day"] == "wednesday"
    plan = api.get("/api/plans/current", now=wednesday).json()
    assert plan["days"]["monday"]["completed_log_id"] is None
    assert plan["days"]["wednesday"]["completed_log_id"] == log_id
    # Naming the day it stands for puts the completion back on Monday.
    api.patch(f"/api/workouts/logs/{log_id}", {"day": "monday"}, now=wednesday)
    plan = api.get("/api/plans/current", now=wednesday).json()
    assert plan["days"]["monday"]["completed_log_id"] == log_id
    assert plan["days"]["wednesday"]["completed_log_id"] is None


@pytest.mark.parametrize("body", [
    {}, {"day": "someday"}, {"completed_at": "2026-09-20T09:00:00Z"},
    {"exercises_logged": []}, {"exercises_logged": None}, {"idempotency_key": "x"},
    {"exercises_logged": [{"exercise_id": "moon-press", "sets": [{"reps": 5}]}]},
])
def test_a_bad_correction_is_refused_and_writes_nothing(
        new_user: Callable[..., Api], database: Database, body: dict[str, Any]) -> None:
    api = new_user()
    log_id = _log(api)
    before = row_counts(database)
    response = api.patch(f"/api/workouts/logs/{log_id}", body)
    assert response.status_code == 422, response.text
    assert row_counts(database) == before


def test_another_users_log_is_404_and_untouched(new_user: Callable[..., Api],
                                                database: Database) -> None:
    ann, bob = new_user(), new_user()
    log_id = _log(ann, weight_lbs=70)
    before = row_counts(database)
    assert bob.delete(f"/api/workouts/logs/{log_id}").status_code == 404
    patched = bob.patch(f"/api/workouts/logs/{log_id}", {"day": "friday"})
    assert patched.status_code == 404
    assert patched.json()["error"]["code"] == "not_found"
    assert bob.delete("/api/workouts/logs/log_000000000000000000000000").status_code == 404
    assert row_counts(database) == before
    [log] = ann.get("/api/workouts/logs").json()
    assert log["day"] == "monday"
