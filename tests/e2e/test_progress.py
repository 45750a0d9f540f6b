"""GET /api/progress: the caller's e1RM per session and weekly volume per muscle group, in
their unit and their weeks, from their logs only.

Every expected number below is worked by hand from the documented formulas, not from the
code under test:
- e1RM (analytics/strength.py): effective reps = reps + (10 - RPE), unrated = reps;
  Brzycki w x 36 / (37 - r) up to 10 effective reps, Epley w x (1 + r / 30) above; no
  estimate past 12 effective reps or under RPE 6; a session's point is its best set.
- hard set (analytics/volume.py): rated RPE >= 7; unrated and >= 80 % of the session's best
  e1RM (loaded) or >= 50 % of its best reps (unloaded). Primary groups count 1, secondary
  0.5 (`fractional_hard_sets`); tonnage is sum of weight x reps of primary work.
- catalog: bench press = Chest (Shoulders, Triceps); push-up = Chest (Core, Shoulders,
  Triceps); lateral raise = Shoulders; bicep curl = Biceps.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest

from tests.e2e.conftest import MONDAY, Api

BENCH, LATERAL, PUSH_UP, CURL = ("flat-bb-bench-press", "db-lateral-raise", "push-up",
                                 "standing-db-bicep-curl")


def _sets(slug: str, *sets: tuple[float, int, float | None]) -> dict[str, Any]:
    return {"exercise_id": slug,
            "sets": [{"weight_lbs": w, "reps": r, "rpe": rpe} for w, r, rpe in sets]}


def _log(api: Api, completed_at: str, *exercises: dict[str, Any]) -> dict[str, Any]:
    response = api.log({"completed_at": completed_at, "exercises_logged": list(exercises)})
    assert response.status_code == 201, response.text
    return response.json()


def _progress(api: Api, **params: Any) -> dict[str, Any]:
    response = api.get("/api/progress", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def _history(api: Api) -> dict[str, dict[str, Any]]:
    """Three workouts of a lifter in pounds (UTC); MONDAY is 2026-09-14."""
    old = _log(api, "2026-08-31T09:00:00Z", _sets(BENCH, (100, 5, 10)))
    last_week = _log(
        api, "2026-09-08T09:00:00Z",
        # 45x10 unrated: 60 lb e1RM, 37 % of the best -> a warm-up, not hard.
        # 135x5 @8: 7 effective reps -> 135 x 36/30 = 162 lb, hard. 135x5 @9: hard.
        _sets(BENCH, (45, 10, None), (135, 5, 8), (135, 5, 9)),
        # 17 and 16 effective reps: no estimate. @8 is hard, @6 is not.
        _sets(LATERAL, (20, 15, 8), (20, 12, 6)))
    this_week = _log(
        api, "2026-09-14T08:00:00Z",
        # 155x3 unrated: 155 x 36/34 = 164.1; 145x6 @7: 9 effective -> 145 x 36/28 = 186.4.
        # 164.1 / 186.4 = 88 % of the best: both hard.
        _sets(BENCH, (155, 3, None), (145, 6, 7)),
        # Unloaded, best 20 reps: 20 and 12 are >= 10 (hard), 8 is not. No load, no e1RM.
        _sets(PUSH_UP, (0, 20, None), (0, 12, None), (0, 8, None)),
        # 10 reps @8: 12 effective -> Epley 25 x 1.4 = 35 lb; 11 hard sets.
        _sets(CURL, *[(25, 10, 8)] * 11))
    return {"old": old, "last_week": last_week, "this_week": this_week}


def test_e1rm_per_session_and_weekly_volume_are_the_documented_numbers(
        new_user: Callable[..., Api]) -> None:
    api = new_user(units="lb", timezone="UTC")
    logs = _history(api)
    body = _progress(api, weeks=2)

    assert body["unit"] == "lb"
    assert body["weeks"] == 2
    assert body["hard_set_band"] == {"low": 10, "high": 20}
    assert body["window_start"] == "2026-09-07T00:00:00Z"
    assert body["window_end"] == "2026-09-21T00:00:00Z"
    assert body["total_workouts"] == 3  # the one before the window too

    strength = {e["exercise_id"]: e for e in body["strength"]}
    assert list(strength) == [LATERAL, BENCH, PUSH_UP, CURL]  # by slug
    assert [(p["log_id"], p["estimated_1rm"]) for p in strength[BENCH]["points"]] == [
        (logs["last_week"]["log_id"], 162.0), (logs["this_week"]["log_id"], 186.4)]
    assert strength[BENCH]["name"] == "Barbell Bench Press"
    assert strength[BENCH]["sessions"] == 2
    assert [p["estimated_1rm"] for p in strength[CURL]["points"]] == [35.0]
    assert (strength[LATERAL]["sessions"], strength[LATERAL]["points"]) == (1, [])
    assert (strength[PUSH_UP]["sessions"], strength[PUSH_UP]["points"]) == (1, [])

    last, this = body["volume"]
    assert (last["week_start"], this["week_start"]) == ("2026-09-07", "2026-09-14")
    assert (last["workouts"], this["workouts"]) == (1, 1)

    def groups(week: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
        return {g["muscle_group"]: (g["sets"], g["hard_sets"], g["fractional_hard_sets"],
                                    g["tonnage"], g["landmark"]) for g in week["groups"]}

    assert groups(last) == {
        # 45x10 + 135x5 + 135x5 = 1800; 2 hard of 3.
        "Chest": (3, 2, 2.0, 1800.0, "below"),
        # Lateral raise: 20x15 + 20x12 = 540, 1 hard; + bench's 2 hard x 0.5.
        "Shoulders": (2, 1, 2.0, 540.0, "below"),
        "Triceps": (0, 0, 1.0, 0.0, "below"),
    }
    assert groups(this) == {
        # Bench 155x3 + 145x6 = 1335 (2 hard) and push-ups (3 sets, 2 hard, no tonnage).
        "Chest": (5, 4, 4.0, 1335.0, "below"),
        "Shoulders": (0, 0, 2.0, 0.0, "below"),  # 0.5 x (2 bench + 2 push-up)
        "Biceps": (11, 11, 11.0, 2750.0, "within"),  # 11 x 25 x 10
        "Triceps": (0, 0, 2.0, 0.0, "below"),
        "Core": (0, 0, 1.0, 0.0, "below"),  # 0.5 x 2 push-up
    }
    # The week's logs broke what they announced, and only this week's count here.
    assert this["records_broken"] == len(logs["this_week"]["new_prs"]) > 0
    assert last["records_broken"] == len(logs["last_week"]["new_prs"])


def test_the_window_is_whole_weeks_ending_with_the_current_one(
        new_user: Callable[..., Api]) -> None:
    api = new_user(units="lb", timezone="UTC")
    logs = _history(api)
    body = _progress(api, weeks=3)
    [bench] = [e for e in body["strength"] if e["exercise_id"] == BENCH]
    # 100x5 @10: 5 effective reps -> 100 x 36/32 = 112.5.
    assert [(p["log_id"], p["estimated_1rm"]) for p in bench["points"]] == [
        (logs["old"]["log_id"], 112.5), (logs["last_week"]["log_id"], 162.0),
        (logs["this_week"]["log_id"], 186.4)]
    assert [w["week_start"] for w in body["volume"]] == ["2026-08-31", "2026-09-07",
                                                         "2026-09-14"]
    assert [w["workouts"] for w in body["volume"]] == [1, 1, 1]

    # One week: only this week's sessions.
    body = _progress(api, weeks=1)
    assert [w["week_start"] for w in body["volume"]] == ["2026-09-14"]
    [bench] = [e for e in body["strength"] if e["exercise_id"] == BENCH]
    assert [p["estimated_1rm"] for p in bench["points"]] == [186.4]
    assert LATERAL not in {e["exercise_id"] for e in body["strength"]}


def test_kilograms_and_the_callers_own_weeks(new_user: Callable[..., Api]) -> None:
    api = new_user(units="kg", timezone="Europe/Madrid")
    # Sunday 22:30 UTC is Monday 00:30 in Madrid: this week, for this user.
    response = api.log({"completed_at": "2026-09-13T22:30:00Z", "exercises_logged": [
        {"exercise_id": BENCH, "sets": [{"weight_kg": 100, "reps": 5, "rpe": 8}]}]})
    assert response.status_code == 201, response.text
    body = _progress(api, weeks=2)
    assert body["unit"] == "kg"
    # Madrid is UTC+2 in September: its Mondays start at 22:00 UTC the day before.
    assert body["window_start"] == "2026-09-06T22:00:00Z"
    last, this = body["volume"]
    assert (last["workouts"], this["workouts"]) == (0, 1)
    # 100 kg x 5 @8: 7 effective reps -> 100 x 36/30 = 120 kg; tonnage 100 x 5 = 500 kg.
    [bench] = body["strength"]
    assert [p["estimated_1rm"] for p in bench["points"]] == [120.0]
    [chest] = [g for g in this["groups"] if g["muscle_group"] == "Chest"]
    assert (chest["hard_sets"], chest["tonnage"]) == (1, 500.0)


def test_another_users_logs_never_appear(new_user: Callable[..., Api]) -> None:
    ann = new_user(units="lb", timezone="UTC")
    bob = new_user(units="lb", timezone="UTC")
    bob_log = _log(bob, "2026-09-14T07:00:00Z", _sets(BENCH, (300, 5, 8)),
                   _sets("goblet-squat", (60, 10, 8)))
    assert _progress(ann)["strength"] == []
    assert all(w["groups"] == [] and w["workouts"] == 0 for w in _progress(ann)["volume"])
    assert _progress(ann)["total_workouts"] == 0

    ann_logs = _history(ann)
    body = _progress(ann, weeks=2)
    assert bob_log["log_id"] not in str(body)
    assert "goblet-squat" not in {e["exercise_id"] for e in body["strength"]}
    [bench] = [e for e in body["strength"] if e["exercise_id"] == BENCH]
    assert [p["log_id"] for p in bench["points"]] == [ann_logs["last_week"]["log_id"],
                                                      ann_logs["this_week"]["log_id"]]
    assert body["volume"][-1]["workouts"] == 1
    assert body["total_workouts"] == 3
    # And Bob sees only his.
    bob_body = _progress(bob, weeks=2)
    assert [p["estimated_1rm"] for e in bob_body["strength"] if e["exercise_id"] == BENCH
            for p in e["points"]] == [360.0]  # 300 x 36/30
    assert bob_body["total_workouts"] == 1


@pytest.mark.parametrize("weeks", ["0", "53", "-1", "two", "1.5", ""])
def test_a_bad_window_is_a_422_with_the_error_shape(new_user: Callable[..., Api],
                                                    weeks: str) -> None:
    api = new_user()
    response = api.get("/api/progress", params={"weeks": weeks})
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "validation_error"


def test_progress_needs_a_token(client: Any) -> None:
    response = client.get("/api/progress")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "unauthorized"
    response = client.get("/api/progress", headers={"Authorization": "Bearer nope"})
    assert response.status_code == 401


def test_default_window_is_twelve_weeks(new_user: Callable[..., Api]) -> None:
    api = new_user(timezone="UTC")
    body = _progress(api)
    assert body["weeks"] == 12
    assert len(body["volume"]) == 12
    assert body["volume"][-1]["week_start"] == MONDAY.date().isoformat()
    assert body["volume"][0]["week_start"] == (MONDAY.date() - dt.timedelta(weeks=11)).isoformat()
