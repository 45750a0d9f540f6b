"""Logging workouts (DESIGN D7), reading logs and personal records, and the encyclopedia."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fitcoach.analytics.units import KG_PER_LB
from fitcoach.store.database import Database
from tests.e2e.conftest import MONDAY, Api, one_set, row_counts


def _sets(slug: str, *sets: tuple[float, int, float | None]) -> dict[str, Any]:
    return {"exercise_id": slug,
            "sets": [{"weight_lbs": w, "reps": r, "rpe": rpe} for w, r, rpe in sets]}


def test_a_log_is_created_with_its_sets(new_user: Callable[..., Api]) -> None:
    api = new_user()
    response = api.log({"completed_at": "2026-09-14T09:00:00Z", "exercises_logged": [
        _sets("goblet-squat", (40, 12, 7), (50, 10, 8)),
        _sets("plank", (0, 45, None)),
    ]})
    assert response.status_code == 201
    body = response.json()
    assert body["log_id"].startswith("log_")
    assert body["new_prs"] == []
    [log] = api.get("/api/workouts/logs").json()
    assert log["log_id"] == body["log_id"]
    assert log["day"] == "monday"
    assert [e["exercise_id"] for e in log["exercises_logged"]] == ["goblet-squat", "plank"]
    assert log["exercises_logged"][0]["name"] == "DB Goblet Squat"
    assert log["exercises_logged"][0]["sets"] == [
        {"weight_lbs": 40.0, "reps": 12, "rpe": 7.0}, {"weight_lbs": 50.0, "reps": 10, "rpe": 8.0}]


def test_a_retry_with_the_same_key_writes_nothing_and_answers_the_same(
        new_user: Callable[..., Api], database: Database) -> None:
    api = new_user()
    api.log(one_set(weight_lbs=40))
    first = api.log(one_set(weight_lbs=60, idempotency_key="w-2026-09-14"))
    assert first.status_code == 201
    assert first.json()["new_prs"]
    before = row_counts(database)
    retry = api.log(one_set(weight_lbs=60, idempotency_key="w-2026-09-14"),
                    now=MONDAY + dt.timedelta(minutes=5))
    assert retry.status_code == 201
    assert retry.json() == first.json()
    assert row_counts(database) == before


def test_a_key_reused_for_another_workout_is_409(new_user: Callable[..., Api],
                                                 database: Database) -> None:
    api = new_user()
    api.log(one_set(weight_lbs=60, idempotency_key="k1"))
    before = row_counts(database)
    response = api.log(one_set(weight_lbs=65, idempotency_key="k1"))
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "idempotency_key_reused"
    assert row_counts(database) == before


def test_keys_belong_to_one_user(new_user: Callable[..., Api]) -> None:
    ann, bob = new_user(), new_user()
    a = ann.log(one_set(idempotency_key="same")).json()
    b = bob.log(one_set(idempotency_key="same")).json()
    assert a["log_id"] != b["log_id"]


def test_kilograms_are_stored_as_pounds(new_user: Callable[..., Api]) -> None:
    api = new_user(units="kg")
    api.log({"exercises_logged": [{"exercise_id": "barbell-back-squat",
                                   "sets": [{"weight_kg": 100, "reps": 5}]}]})
    [log] = api.get("/api/workouts/logs").json()
    pounds = log["exercises_logged"][0]["sets"][0]["weight_lbs"]
    assert pounds == pytest.approx(100 / KG_PER_LB)


def test_the_heaviest_legal_load_in_kilograms_is_accepted(new_user: Callable[..., Api]) -> None:
    api = new_user()
    response = api.log({"exercises_logged": [{"exercise_id": "leg-press",
                                              "sets": [{"weight_kg": 2000 * KG_PER_LB,
                                                        "reps": 1}]}]})
    assert response.status_code == 201


def test_a_set_without_load_is_bodyweight(new_user: Callable[..., Api]) -> None:
    api = new_user()
    api.log({"exercises_logged": [{"exercise_id": "push-up", "sets": [{"reps": 20}]}]})
    [log] = api.get("/api/workouts/logs").json()
    assert log["exercises_logged"][0]["sets"] == [{"weight_lbs": 0.0, "reps": 20, "rpe": None}]


BAD_LOGS = [
    pytest.param(({"exercises_logged": []}), id="no-exercise"),
    pytest.param(({}), id="missing-exercises"),
    pytest.param(({"exercises_logged": [{"exercise_id": "goblet-squat", "sets": []}]}),
                 id="no-set"),
    pytest.param(one_set("bench-press-deluxe"), id="unknown-slug"),
    pytest.param(one_set(reps=101), id="reps-over-100"),
    pytest.param(one_set(reps=-1), id="negative-reps"),
    pytest.param(one_set(weight_lbs=2000.5), id="over-2000-lb"),
    pytest.param(one_set(weight_lbs=-5), id="negative-load"),
    pytest.param(one_set(rpe=0.5), id="rpe-under-1"),
    pytest.param(one_set(rpe=11), id="rpe-over-10"),
    pytest.param(({"exercises_logged": [{"exercise_id": "goblet-squat", "sets": [
        {"weight_kg": 908, "reps": 5}]}]}), id="over-2000-lb-in-kg"),
    pytest.param(({"exercises_logged": [{"exercise_id": "goblet-squat", "sets": [
        {"weight_kg": 20, "weight_lbs": 44, "reps": 5}]}]}), id="both-units"),
    pytest.param(one_set(completed_at="2026-09-15T10:00:01Z"), id="more-than-a-day-ahead"),
    pytest.param(one_set(completed_at="2026-09-14T10:00:00"), id="naive-completed-at"),
    pytest.param(one_set(day="someday"), id="unknown-weekday"),
    pytest.param(one_set(idempotency_key=""), id="empty-key"),
    pytest.param(one_set(idempotency_key="k" * 129), id="long-key"),
    pytest.param(one_set(calories=500), id="unknown-field"),
    pytest.param(one_set(reps=True), id="boolean-reps"),
    pytest.param(one_set(completed_at=0), id="numeric-completed-at"),
    pytest.param(one_set(weight_lbs=False), id="boolean-load"),
]


@pytest.mark.parametrize("body", BAD_LOGS)
def test_invalid_logs_are_422_and_write_nothing(new_user: Callable[..., Api],
                                                database: Database, body: dict[str, Any]) -> None:
    api = new_user()
    before = row_counts(database)
    response = api.log(body)
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == "validation_error"
    assert error["message"]
    assert row_counts(database) == before


@pytest.mark.parametrize(("field", "text"), [
    ("reps", "5"), ("weight_lbs", "100"), ("weight_kg", "40.5"), ("rpe", "8"),
    ("reps", " 5 "), ("weight_lbs", "1e2")])
def test_numbers_written_as_strings_are_422_naming_the_field(
        new_user: Callable[..., Api], database: Database, field: str, text: str) -> None:
    api = new_user()
    before = row_counts(database)
    logged_set = {"reps": 5, "rpe": 8, field: text}
    response = api.log({"exercises_logged": [{"exercise_id": "goblet-squat",
                                              "sets": [logged_set]}]})
    assert response.status_code == 422, response.text
    message = response.json()["error"]["message"]
    assert field in message
    assert "must be a JSON number, not a string" in message
    assert row_counts(database) == before


def test_an_integral_float_is_an_integer_as_json_schema_says(
        new_user: Callable[..., Api]) -> None:
    # JSON Schema's "integer" is any number with no fractional part: 10.0 is one, 10.5 not.
    api = new_user()
    assert api.log(one_set(reps=10.0)).status_code == 201
    assert api.log(one_set(reps=10.5)).status_code == 422


def test_the_schema_states_how_far_ahead_completed_at_may_be_and_the_server_holds_to_it(
        client: TestClient, new_user: Callable[..., Api], database: Database) -> None:
    document = client.get("/openapi.json").json()
    field = document["components"]["schemas"]["WorkoutLogRequest"]["properties"][
        "completed_at"]
    bound = field["x-maximum-after-server-now"]
    assert bound == "P1D"
    assert "x-maximum-after-server-now" in field["description"]
    refusal = document["paths"]["/api/workouts/log"]["post"]["responses"]["422"]
    assert "x-maximum-after-server-now" in refusal["description"]
    ahead = dt.timedelta(days=int(bound.removeprefix("P").removesuffix("D")))
    api = new_user()
    latest = api.now + ahead
    assert api.log(one_set(completed_at=latest.isoformat())).status_code == 201
    before = row_counts(database)
    late = api.log(one_set(completed_at=(latest + dt.timedelta(seconds=1)).isoformat()))
    assert late.status_code == 422
    assert late.json()["error"]["message"] == (
        "completed_at: must be at most a day after the server's now "
        f"({api.now.isoformat(timespec='seconds')})")
    assert row_counts(database) == before


def test_a_log_up_to_a_day_ahead_is_accepted(new_user: Callable[..., Api]) -> None:
    api = new_user()
    assert api.log(one_set(completed_at="2026-09-15T10:00:00Z")).status_code == 201


def test_records_update_incrementally_and_new_ones_are_announced(
        new_user: Callable[..., Api]) -> None:
    api = new_user()
    assert api.get("/api/prs/flat-db-bench-press").json() == {
        "exercise_id": "flat-db-bench-press", "estimated_1rm": None, "max_weight_set": None,
        "rep_records": {}}
    baseline = api.log({"exercises_logged": [_sets("flat-db-bench-press", (50, 10, 8))]},
                       now=MONDAY)
    assert baseline.json()["new_prs"] == []  # the first log sets the baseline
    heavier = api.log({"exercises_logged": [_sets("flat-db-bench-press", (60, 8, 9))]},
                      now=MONDAY + dt.timedelta(days=3)).json()
    kinds = {record["kind"] for record in heavier["new_prs"]}
    assert {"max_weight", "estimated_1rm", "rep_record"} <= kinds
    assert all(record["log_id"] == heavier["log_id"] for record in heavier["new_prs"])
    lighter = api.log({"exercises_logged": [_sets("flat-db-bench-press", (40, 10, 6))]},
                      now=MONDAY + dt.timedelta(days=5)).json()
    assert lighter["new_prs"] == []
    records = api.get("/api/prs/flat-db-bench-press").json()
    assert records["max_weight_set"]["weight_lbs"] == 60.0
    assert records["max_weight_set"]["log_id"] == heavier["log_id"]
    assert set(records["rep_records"]) == {"8", "10"}
    assert records["rep_records"]["10"]["weight_lbs"] == 50.0


def test_unknown_exercise_records_are_404(new_user: Callable[..., Api]) -> None:
    response = new_user().get("/api/prs/quantum-curl")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_logs_are_newest_first_filtered_and_limited(new_user: Callable[..., Api]) -> None:
    api = new_user()
    ids = []
    for day, slug in enumerate(["goblet-squat", "pull-up", "goblet-squat", "plank"]):
        ids.append(api.log(one_set(slug), now=MONDAY + dt.timedelta(days=day)).json()["log_id"])
    everything = api.get("/api/workouts/logs").json()
    assert [log["log_id"] for log in everything] == ids[::-1]
    squats = api.get("/api/workouts/logs", params={"exercise": "goblet-squat"}).json()
    assert [log["log_id"] for log in squats] == [ids[2], ids[0]]
    assert [log["log_id"] for log in api.get("/api/workouts/logs",
                                             params={"limit": 2}).json()] == ids[:1:-1]
    one_squat = api.get("/api/workouts/logs", params={"exercise": "goblet-squat", "limit": 1})
    assert [log["log_id"] for log in one_squat.json()] == [ids[2]]


@pytest.mark.parametrize("params", [{"limit": 0}, {"limit": 101}, {"limit": "x"},
                                    {"exercise": "not-an-exercise"}])
def test_bad_log_queries_are_422(new_user: Callable[..., Api], params: dict[str, Any]) -> None:
    response = new_user().get("/api/workouts/logs", params=params)
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "validation_error"


def test_the_encyclopedia(new_user: Callable[..., Api]) -> None:
    exercises = new_user().get("/api/exercises").json()
    assert len(exercises) == 41
    by_slug = {e["slug"]: e for e in exercises}
    bench = by_slug["incline-db-bench-press"]
    assert bench["name"] == "Incline DB Bench Press"
    assert bench["gear"] == "Dumbbells, Incline Bench"
    assert bench["type"] == "Compound"
    assert "Chest" in bench["muscle_groups"]
    assert bench["gear_options"] == [["dumbbells", "incline_bench"]]
    assert 2 <= len(bench["cues"]) <= 4
    assert by_slug["push-up"]["gear_options"] == [[]]


def _pages(api: Api, **params: Any) -> list[list[str]]:
    """Every page of the logs, following the next-page header to the end."""
    pages: list[list[str]] = []
    query = dict(params)
    while True:
        response = api.get("/api/workouts/logs", params=query)
        assert response.status_code == 200, response.text
        pages.append([log["log_id"] for log in response.json()])
        after = response.headers.get("X-Fitcoach-Next-Before")
        if after is None:
            return pages
        query = {**params, "before": after}
        assert len(pages) < 50


@pytest.mark.parametrize("limit", [1, 2, 3])
@pytest.mark.parametrize("exercise", [None, "goblet-squat"])
def test_logs_page_with_a_before_cursor(new_user: Callable[..., Api], exercise: str | None,
                                        limit: int) -> None:
    api = new_user()
    ids = []
    # Two logs in the same second and a back-dated one: the order is (time, id), newest first.
    moments = [MONDAY - dt.timedelta(days=d) for d in (5, 4, 4, 3, 9, 1, 0)]
    for index, moment in enumerate(moments):
        slug = "pull-up" if index == 3 else "goblet-squat"
        ids.append((moment, slug, api.log(one_set(slug, completed_at=moment.isoformat()))
                    .json()["log_id"]))
    expected = [log_id for moment, slug, log_id in sorted(ids, key=lambda i: (i[0], i[2]),
                                                           reverse=True)
                if exercise is None or slug == exercise]
    params: dict[str, Any] = {"limit": limit}
    if exercise is not None:
        params["exercise"] = exercise
    pages = _pages(api, **params)
    assert [log_id for page in pages for log_id in page] == expected
    assert all(len(page) == limit for page in pages[:-1])
    # Without a cursor nothing changed: the first page is what it always was.
    assert pages[0] == [log["log_id"] for log in api.get("/api/workouts/logs",
                                                         params=params).json()]


def test_a_short_last_page_has_no_next_header(new_user: Callable[..., Api]) -> None:
    api = new_user()
    api.log(one_set())
    response = api.get("/api/workouts/logs", params={"limit": 5})
    assert len(response.json()) == 1
    assert "X-Fitcoach-Next-Before" not in response.headers


@pytest.mark.parametrize("before", ["log_nope", "", "x" * 65, "LOG_" + "0" * 24])
def test_a_malformed_before_is_422(new_user: Callable[..., Api], before: str) -> None:
    response = new_user().get("/api/workouts/logs", params={"before": before})
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "validation_error"


def test_a_before_that_is_no_log_of_the_callers_is_404(new_user: Callable[..., Api]) -> None:
    ann, bob = new_user(), new_user()
    theirs = bob.log(one_set()).json()["log_id"]
    ann.log(one_set())
    for before in (theirs, "log_" + "0" * 24):
        response = ann.get("/api/workouts/logs", params={"before": before})
        assert response.status_code == 404  # as for any id that is not the caller's
        assert response.json()["error"]["code"] == "not_found"
