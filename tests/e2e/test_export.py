"""GET /api/export and GET /api/export/logs.csv (DESIGN D11): everything, and the logs in
Strong's layout, which our own import reads back."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable

from tests.e2e.conftest import Api, one_set
from tests.e2e.test_imports import HEVY, STRONG_OLD, upload


def test_the_export_holds_everything_of_the_caller_and_nothing_of_others(
        new_user: Callable[..., Api]) -> None:
    ann, bob = new_user(display_name="Ann"), new_user(display_name="Bob")
    ann.chat("remember: Ann trains at dawn")
    ann.accepted_week()
    ann.log(one_set("goblet-squat", weight_lbs=50, reps=10))
    upload(ann, STRONG_OLD, "strong")
    assert ann.get("/api/plans/current").status_code == 200  # the week as shown is kept
    bob.log(one_set("plank", weight_lbs=0, reps=45))
    response = ann.get("/api/export")
    assert response.status_code == 200
    data = response.json()
    assert data["user"]["display_name"] == "Ann"
    [memory] = data["memory_items"]
    assert memory["id"].startswith("mem_")
    assert memory["entry"]
    assert len(data["memory_audit"]) >= 1
    assert len(data["plan_versions"]) == 1
    assert [w["week_start_date"] for w in data["plan_weeks"]] == [
        ann.get("/api/plans/current").json()["week_start_date"]]
    assert len(data["proposals"]) == 1
    assert len(data["workout_logs"]) == 3
    slugs = {s["exercise_id"] for s in data["workout_sets"]}
    assert "goblet-squat" in slugs
    assert "plank" in slugs
    assert {k["exercise_name"] for k in data["kept_sets"]} == {
        "Bench Press (Dumbbell)", "Incline Bench Press (Barbell)"}
    assert [i["source"] for i in data["imports"]] == ["strong"]
    assert {r["exercise_id"] for r in data["personal_records"]} >= {"goblet-squat"}
    assert data["chat_messages"]
    bob_logs = [log["id"] for log in bob.get("/api/export").json()["workout_logs"]]
    assert not set(bob_logs) & {log["id"] for log in data["workout_logs"]}
    assert "user_id" not in data["workout_logs"][0]


def test_the_logs_csv_is_strongs_layout_and_imports_back(new_user: Callable[..., Api]) -> None:
    ann = new_user(units="kg", timezone="Europe/Rome")
    upload(ann, STRONG_OLD, "strong")
    response = ann.get("/api/export/logs.csv")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.text), delimiter=";"))
    squat = [r for r in rows if r["Exercise Name"] == "Barbell Back Squat"]
    assert [(r["Date"], r["Set Order"], r["Weight"], r["Weight Unit"], r["Reps"])
            for r in squat] == [("2026-09-10 07:00:00", "1", "100", "kg", "5"),
                                ("2026-09-10 07:00:00", "2", "100", "kg", "5")]
    warmup = [r for r in rows if r["Set Order"] == "W"]
    assert [(r["Exercise Name"], r["Weight"]) for r in warmup] == [("Flat DB Bench Press", "10")]
    plank = [r for r in rows if r["Exercise Name"] == "Forearm Plank"]
    assert (plank[0]["Reps"], plank[0]["Seconds"]) == ("0", "60")
    # Read back into another account: the same workouts, sets and names.
    bob = new_user(units="kg", timezone="Europe/Rome")
    again = upload(bob, response.text, "strong").json()
    assert (again["workouts"], again["sets"], again["warmup_sets"]) == (2, 7, 1)
    assert again["unmapped"] == [{"name": "Incline Bench Press (Barbell)", "sets": 1}]


def _counts(api: Api) -> tuple[int, int]:
    logs = api.get("/api/workouts/logs", params={"limit": 100}).json()
    return len(logs), sum(len(e["sets"]) for log in logs for e in log["exercises_logged"])


def test_reimporting_your_own_export_adds_nothing(new_user: Callable[..., Api]) -> None:
    """Logged here (kg, a timed plank, RPE, a time with microseconds) and imported from
    Strong and Hevy: the export read back into the same account is all duplicates."""
    ann = new_user(units="kg", timezone="Europe/Rome")
    upload(ann, STRONG_OLD, "strong")
    upload(ann, HEVY, "hevy")
    ann.log({"completed_at": "2026-09-14T18:30:12.345678Z", "exercises_logged": [
        {"exercise_id": "goblet-squat", "sets": [{"weight_kg": 22.5, "reps": 10, "rpe": 8},
                                                  {"weight_kg": 22.5, "reps": 9, "rpe": 8.5}]},
        {"exercise_id": "forearm-plank", "sets": [{"reps": 45}]}]})
    ann.log(one_set(weight_lbs=47.3, completed_at="2026-09-13T09:00:00Z"))
    before = _counts(ann)
    exported = ann.get("/api/export/logs.csv").text
    answer = upload(ann, exported, "strong")
    assert answer.status_code == 201, answer.text
    body = answer.json()
    assert (body["workouts"], body["sets"]) == (0, 0)
    assert body["skipped_duplicates"] == len(list(csv.reader(io.StringIO(exported)))) - 1
    assert _counts(ann) == before
    assert upload(ann, exported, "strong").json()["workouts"] == 0  # and again


def test_an_export_still_brings_what_differs(new_user: Callable[..., Api]) -> None:
    ann = new_user()
    ann.log(one_set(weight_lbs=50, completed_at="2026-09-13T09:00:00Z"))
    exported = ann.get("/api/export/logs.csv").text
    changed = exported.replace(";50;lbs;10;", ";55;lbs;10;")
    assert changed != exported
    body = upload(ann, changed, "strong").json()
    assert (body["workouts"], body["skipped_duplicates"]) == (1, 0)
