"""POST /api/imports (DESIGN D11): Strong and Hevy CSV exports in their real layouts."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from fitcoach.analytics.units import KG_PER_LB
from fitcoach.store.database import Database
from tests.e2e.conftest import Api, row_counts

# Samples written for these tests in each app's layout (see api/imports/formats.py).
EXPORTS = Path(__file__).parent / "exports"

# Strong's older layout (`;`, a unit column); Set Order W is a warm-up.
STRONG_OLD = (EXPORTS / "strong_semicolon.csv").read_text()

# Strong's current layout (`,`, no unit column: the app's unit, named by the caller).
STRONG_NEW = (EXPORTS / "strong_comma.csv").read_text()

# Hevy's layout, a kilogram account.
HEVY = (EXPORTS / "hevy_kg.csv").read_text()


def upload(api: Api, text: str | bytes, source: str, content_type: str = "text/csv",
           **params: Any) -> httpx.Response:
    return api.client.post("/api/imports", params={"source": source, **params},
                           content=text.encode() if isinstance(text, str) else text,
                           headers={**api.headers(), "Content-Type": content_type})


def _logs(api: Api) -> list[dict[str, Any]]:
    response = api.get("/api/workouts/logs", params={"limit": 100})
    assert response.status_code == 200, response.text
    return response.json()


def test_a_strong_export_brings_its_workouts_sets_and_records(
        new_user: Callable[..., Api]) -> None:
    api = new_user(timezone="Europe/Rome")
    response = upload(api, STRONG_OLD, "strong")
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["import_id"].startswith("imp_")
    assert body["workouts"] == 2
    assert body["sets"] == 7
    assert body["warmup_sets"] == 1
    assert body["skipped_duplicates"] == 0
    assert body["unmapped"] == [{"name": "Incline Bench Press (Barbell)", "sets": 1}]
    logs = _logs(api)
    assert [log["completed_at"] for log in logs] == [  # 18:30 and 07:00 in Rome (UTC+2)
        "2026-09-10T05:00:00Z", "2026-09-07T16:30:00Z"]
    legs, push = logs
    assert legs["exercises_logged"][0]["exercise_id"] == "barbell-back-squat"
    assert legs["exercises_logged"][0]["sets"][0]["weight_lbs"] == pytest.approx(
        100 / KG_PER_LB)
    # The warm-up and the unmapped exercise are kept aside: only working sets are history.
    bench = push["exercises_logged"][0]
    assert bench["exercise_id"] == "flat-db-bench-press"
    assert [(s["reps"], s["rpe"]) for s in bench["sets"]] == [(10, 8.0), (9, 8.5)]
    plank = push["exercises_logged"][1]
    assert plank["exercise_id"] == "plank"
    assert plank["sets"][0]["reps"] == 60  # Strong's Seconds column: a plank's time
    records = api.get("/api/prs/barbell-back-squat").json()
    assert records["max_weight_set"]["weight_lbs"] == pytest.approx(100 / KG_PER_LB)


def test_strongs_current_layout_takes_the_unit_named_and_skips_rest_rows(
        new_user: Callable[..., Api]) -> None:
    api = new_user(units="kg")
    body = upload(api, STRONG_NEW, "strong", unit="lb").json()
    assert body["workouts"] == 1
    assert body["sets"] == 3  # the rest timer row is not a set
    assert body["unmapped"] == [{"name": "Hammer Curl (Kettlebell)", "sets": 1}]
    [log] = _logs(api)
    sets = log["exercises_logged"][0]["sets"]
    assert [s["weight_lbs"] for s in sets] == [120.0, 120.0]
    assert sets[1]["rpe"] == 8.0
    assert log["completed_at"] == "2026-09-08T17:30:00Z"


def test_a_hevy_export_maps_names_and_marks_warmups(new_user: Callable[..., Api]) -> None:
    api = new_user()
    body = upload(api, HEVY, "hevy").json()
    assert body == {"import_id": body["import_id"], "workouts": 1, "sets": 4,
                    "skipped_duplicates": 0, "warmup_sets": 1, "unmapped": []}
    [log] = _logs(api)
    assert log["completed_at"] == "2026-09-09T08:11:00Z"  # Hevy records the end
    bench, fly = log["exercises_logged"]
    assert bench["exercise_id"] == "flat-bb-bench-press"
    assert [s["reps"] for s in bench["sets"]] == [8, 7]
    assert fly["exercise_id"] == "cable-chest-flye"


def test_importing_the_same_rows_twice_adds_nothing(new_user: Callable[..., Api],
                                                     database: Database) -> None:
    api = new_user()
    first = upload(api, STRONG_OLD, "strong").json()
    before = row_counts(database)
    again = upload(api, STRONG_OLD, "strong")
    assert again.status_code == 201
    assert again.json() == {"import_id": first["import_id"], "workouts": 0, "sets": 0,
                            "skipped_duplicates": 7, "warmup_sets": 0, "unmapped": []}
    assert row_counts(database) == before
    # A later export holding the old workouts and a new one brings only the new one.
    later = STRONG_OLD + (
        '2026-09-12 07:00:00;"Legs";"Squat (Barbell)";1;105;kg;5;;;;0;"";"";45m\n')
    body = upload(api, later, "strong").json()
    assert (body["workouts"], body["sets"], body["skipped_duplicates"]) == (1, 1, 7)
    assert len(_logs(api)) == 3


@pytest.mark.parametrize(("text", "source", "line"), [
    (STRONG_OLD.replace("1;25;kg;10", "1;heavy;kg;10"), "strong", "line 3"),
    (STRONG_OLD.replace("2026-09-10 07:00:00", "10/09/2026 7am"), "strong", "line 7"),
    (STRONG_OLD.replace("2;25;kg;9;8.5", "2;25;kg;9;11"), "strong", "line 4"),
    (STRONG_OLD.replace("Set Order", "Set"), "strong", "line 1"),
    (STRONG_OLD, "hevy", "line 1"),
    (HEVY.replace('"failure"', '"superset"'), "hevy", "line 4"),
    (HEVY.replace("9 Sep 2026, 07:06", "9 Sep 2099, 07:06"), "hevy", "line 2"),
    ("", "strong", "empty"),
])
def test_a_bad_file_is_refused_naming_the_line_and_writes_nothing(
        new_user: Callable[..., Api], database: Database, text: str, source: str,
        line: str) -> None:
    api = new_user()
    upload(api, HEVY, "hevy")
    before = row_counts(database)
    response = upload(api, text, source)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "invalid_csv"
    assert line in response.json()["error"]["message"]
    assert row_counts(database) == before


def test_a_body_that_is_not_utf8_or_not_csv_is_refused(new_user: Callable[..., Api],
                                                       database: Database) -> None:
    api = new_user()
    before = row_counts(database)
    latin = upload(api, STRONG_OLD.replace("Push", "Pouss\u00e9e").encode("latin-1"), "strong")
    assert latin.status_code == 422
    assert "UTF-8" in latin.json()["error"]["message"]
    assert upload(api, STRONG_OLD, "strong", content_type="application/json").status_code == 415
    assert upload(api, STRONG_OLD, "fitbod").status_code == 422
    assert row_counts(database) == before


def test_an_import_may_be_larger_than_the_json_body_limit(new_user: Callable[..., Api]) -> None:
    api = new_user()
    header, *rows = STRONG_OLD.splitlines()
    # ~1,000 workouts: far over the e2e JSON body limit (64 KiB), under the import's 10 MB.
    lines = [header]
    for day in range(1000):
        stamp = f"{dt.datetime(2023, 1, 1, 7) + dt.timedelta(hours=13 * day):%Y-%m-%d %H:%M:%S}"
        lines += [row.replace("2026-09-07 18:30:00", stamp) for row in rows[:5]]
    text = "\n".join(lines) + "\n"
    assert len(text) > 64 * 1024
    response = upload(api, text, "strong")
    assert response.status_code == 201, response.text
    assert response.json()["workouts"] == 1000


def test_imports_belong_to_the_importer(new_user: Callable[..., Api]) -> None:
    ann, bob = new_user(), new_user()
    upload(ann, STRONG_OLD, "strong")
    assert _logs(bob) == []
    assert bob.get("/api/prs/barbell-back-squat").json()["max_weight_set"] is None
    # Bob importing the same file gets his own copy: keys belong to one user.
    assert upload(bob, STRONG_OLD, "strong").json()["workouts"] == 2


def test_a_file_over_ten_megabytes_is_413_and_writes_nothing(
        new_user: Callable[..., Api], database: Database) -> None:
    api = new_user()
    before = row_counts(database)
    response = upload(api, STRONG_OLD.encode() + b" " * (10 * 1024 * 1024), "strong")
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "payload_too_large"
    assert row_counts(database) == before
