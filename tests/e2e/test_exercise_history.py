"""GET /api/progress/exercises/{slug}: one exercise's e1RM per session over the caller's
whole history, with the catalog's cues in the caller's language; only the caller's logs; a
404 for a slug the encyclopedia does not have.

The expected e1RMs are worked by hand from the formulas in tests/e2e/test_progress.py's
docstring (Brzycki up to 10 effective reps, a session's point is its best set).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fitcoach.catalog import CATALOG
from tests.e2e.conftest import Api

BENCH = "flat-bb-bench-press"


def _cues(language: str) -> list[str]:
    exercise = CATALOG.find(BENCH)
    assert exercise is not None
    return list(exercise.cues_for(language))


def _log(api: Api, completed_at: str, *sets: tuple[float, int, float | None],
         slug: str = BENCH) -> str:
    response = api.log({"completed_at": completed_at, "exercises_logged": [
        {"exercise_id": slug,
         "sets": [{"weight_lbs": w, "reps": r, "rpe": rpe} for w, r, rpe in sets]}]})
    assert response.status_code == 201, response.text
    return str(response.json()["log_id"])


def _history(api: Api, slug: str = BENCH) -> dict[str, Any]:
    response = api.get(f"/api/progress/exercises/{slug}")
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_every_session_since_the_first_oldest_first_in_the_callers_unit(
        new_user: Callable[..., Api]) -> None:
    api = new_user(units="lb", timezone="UTC")
    # A year back: outside GET /api/progress's 52 weeks, still in the exercise's history.
    first = _log(api, "2025-06-02T09:00:00Z", (100, 5, 10))  # 100 x 36/32 = 112.5
    _log(api, "2026-09-01T09:00:00Z", (20, 30, None))  # 30 reps: no reliable estimate
    last = _log(api, "2026-09-08T09:00:00Z", (45, 10, None), (135, 5, 8))  # 135 x 36/30
    body = _history(api)
    assert body["exercise_id"] == BENCH
    assert body["name"] == "Barbell Bench Press"
    assert body["unit"] == "lb"
    assert body["sessions"] == 3
    assert [(p["log_id"], p["estimated_1rm"]) for p in body["points"]] == [
        (first, 112.5), (last, 162.0)]
    assert body["truncated"] is False
    assert body["cues"] == _cues("en")

    kg = new_user(units="kg", timezone="UTC", locale="he")
    _log(kg, "2026-09-08T09:00:00Z", (135, 5, 8))
    body = _history(kg)
    assert body["unit"] == "kg"
    assert [p["estimated_1rm"] for p in body["points"]] == [73.5]  # 162 lb x 0.4536
    assert body["cues"] == _cues("he")
    assert body["cues"] != _cues("en")


def test_only_the_callers_logs_and_unknown_slugs_are_404(new_user: Callable[..., Api]) -> None:
    owner, other = new_user(units="lb"), new_user(units="lb")
    _log(owner, "2026-09-08T09:00:00Z", (135, 5, 8))
    assert _history(other)["points"] == []
    assert _history(other)["sessions"] == 0
    missing = owner.get("/api/progress/exercises/no-such-lift")
    assert missing.status_code == 404
    assert "no-such-lift" in missing.json()["error"]["message"]


def test_it_needs_a_token(client: Any) -> None:
    assert client.get(f"/api/progress/exercises/{BENCH}").status_code == 401


def test_the_route_is_in_the_openapi_document(client: Any) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    operation = paths["/api/progress/exercises/{slug}"]["get"]
    assert "404" in operation["responses"]
