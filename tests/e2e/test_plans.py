"""GET /api/plans/current: this week's plan, carried forward and with completions, on read."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import select

from fitcoach.store.database import Database
from fitcoach.store.models import DayCompletionRow
from tests.e2e.conftest import MONDAY, Api, one_set, row_counts

WEDNESDAY = MONDAY + dt.timedelta(days=2)
NEXT_WEEK = MONDAY + dt.timedelta(days=7)


def test_no_plan_before_the_first_accept(new_user: Callable[..., Api]) -> None:
    response = new_user().get("/api/plans/current")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_optional_asks_for_the_plan_without_an_error(new_user: Callable[..., Api]) -> None:
    """The web client's start-up question: "no plan yet" is 204 with no body, not a 404."""
    api = new_user()
    none_yet = api.get("/api/plans/current?optional=true")
    assert none_yet.status_code == 204
    assert none_yet.content == b""
    api.accepted_week()
    plan = api.get("/api/plans/current?optional=true")
    assert plan.status_code == 200
    assert set(plan.json()["days"]) == {"monday", "tuesday", "wednesday", "thursday", "friday",
                                        "saturday", "sunday"}
    assert plan.headers["X-Fitcoach-Plan-Version"]


def test_a_logged_workout_completes_its_day(new_user: Callable[..., Api]) -> None:
    api = new_user()
    api.accepted_week()
    logged = api.log(one_set(), now=WEDNESDAY).json()
    plan = api.get("/api/plans/current", now=WEDNESDAY).json()
    wednesday = plan["days"]["wednesday"]
    assert wednesday["status"] == "completed"
    assert wednesday["completed_log_id"] == logged["log_id"]
    assert dt.datetime.fromisoformat(wednesday["completed_at"]) == WEDNESDAY
    others = [d for name, d in plan["days"].items() if name != "wednesday"]
    assert all(d["status"] == "scheduled" and d["completed_log_id"] is None for d in others)


def test_the_day_field_chooses_the_day_to_complete(new_user: Callable[..., Api]) -> None:
    api = new_user()
    api.accepted_week()
    log_id = api.log(one_set(day="monday"), now=WEDNESDAY).json()["log_id"]
    plan = api.get("/api/plans/current", now=WEDNESDAY).json()
    assert plan["days"]["monday"]["completed_log_id"] == log_id
    assert plan["days"]["wednesday"]["status"] == "scheduled"


def test_logging_writes_no_plan_version_and_keeps_proposals_valid(
        new_user: Callable[..., Api], database: Database) -> None:
    api = new_user()
    api.accepted_week()
    pending = api.chat("day friday Pump")["proposal"]["id"]
    versions = row_counts(database)["plan_versions"]
    assert api.log(one_set(), now=WEDNESDAY).status_code == 201
    assert row_counts(database)["plan_versions"] == versions
    accepted = api.accept(pending, now=WEDNESDAY)
    assert accepted.status_code == 200
    # The completion overlay survives the new version: it is keyed by date, not version.
    assert accepted.json()["plan"]["days"]["wednesday"]["status"] == "completed"


def test_a_new_week_is_made_from_last_weeks_program_on_its_first_read(
        new_user: Callable[..., Api], database: Database) -> None:
    # Was: "carries forward ... computed on read, nothing written". A new week is now the
    # program shaped as the next week of its training block, kept on first read (D10).
    api = new_user()
    accepted = api.accepted_week()["plan"]
    api.log(one_set(), now=WEDNESDAY)
    before = row_counts(database)
    response = api.get("/api/plans/current", now=NEXT_WEEK + dt.timedelta(days=1))
    assert response.status_code == 200
    plan = response.json()
    after = row_counts(database)
    assert after["plan_weeks"] == before["plan_weeks"] + 1  # the week is kept...
    assert after["plan_versions"] == before["plan_versions"]  # ...and is not a new version
    assert response.headers["X-Fitcoach-Plan-Version"] == "1"
    assert plan["week_start_date"] == NEXT_WEEK.date().isoformat()
    assert plan["block"] == {"id": f"block-{NEXT_WEEK.date().isoformat()}", "week_index": 1,
                             "weeks": 5, "phase": "build"}
    for name, day in plan["days"].items():
        old = accepted["days"][name]
        shifted = dt.date.fromisoformat(old["date"]) + dt.timedelta(days=7)
        assert day["date"] == shifted.isoformat()
        assert (day["status"], day["completed_log_id"], day["completed_at"]) == (
            "scheduled", None, None)
        # The exercise logged now carries its load from the logs (DESIGN D10): 1 × 10 @ 50 lb
        # at RPE 8, the top of 8-10 → one step up.
        logged = [e for block in day["blocks"] for e in block["exercises"] if "last" in e]
        for exercise in logged:
            assert exercise["exercise_id"] == "goblet-squat"
            assert exercise["last"]["sets"] == [{"weight_lbs": 50.0, "reps": 10, "rpe": 8.0}]
            assert exercise["target_weight_lbs"] == 55
        assert bool(logged) == (name == "wednesday")
        assert day["title"] == old["title"]
        was = [e for b in old["blocks"] for e in b["exercises"]]
        now = [e for b in day["blocks"] for e in b["exercises"]]
        assert [e["exercise_id"] for e in now] == [e["exercise_id"] for e in was]
        assert all(n["target_sets"] <= w["target_sets"] for n, w in zip(now, was, strict=True))
    again = api.get("/api/plans/current", now=NEXT_WEEK + dt.timedelta(days=3))
    assert again.json() == plan
    assert row_counts(database) == after


def test_a_day_edit_accepted_in_a_later_week_lands_on_that_weeks_plan(
        new_user: Callable[..., Api]) -> None:
    api = new_user()
    api.accepted_week()
    later = NEXT_WEEK + dt.timedelta(days=14)
    proposal = api.chat("day tuesday Mobility", now=later)["proposal"]
    assert proposal["data"]["date"] == (later.date() + dt.timedelta(days=1)).isoformat()
    body = api.accept(proposal["id"], now=later).json()
    assert body["plan"]["week_start_date"] == later.date().isoformat()
    assert body["plan"]["days"]["tuesday"]["title"] == "Mobility"
    assert body["plan"]["days"]["monday"]["date"] == later.date().isoformat()


def test_the_current_week_follows_the_users_time_zone(new_user: Callable[..., Api]) -> None:
    # Sunday 20:00 UTC is already Monday morning in Auckland.
    sunday_evening = MONDAY + dt.timedelta(days=6, hours=10)
    auckland, utc = new_user(timezone="Pacific/Auckland"), new_user()
    for api in (auckland, utc):
        api.accepted_week(now=MONDAY)
    auckland_plan = auckland.get("/api/plans/current", now=sunday_evening).json()
    utc_plan = utc.get("/api/plans/current", now=sunday_evening).json()
    assert auckland_plan["week_start_date"] == NEXT_WEEK.date().isoformat()
    assert utc_plan["week_start_date"] == MONDAY.date().isoformat()


def test_a_late_evening_log_completes_the_local_day(new_user: Callable[..., Api]) -> None:
    api = new_user(timezone="America/Los_Angeles")
    api.accepted_week(now=MONDAY)
    # Thursday 02:00 UTC is Wednesday 19:00 in Los Angeles.
    evening = MONDAY + dt.timedelta(days=2, hours=16)
    log_id = api.log(one_set(), now=evening).json()["log_id"]
    plan = api.get("/api/plans/current", now=evening).json()
    assert plan["days"]["wednesday"]["completed_log_id"] == log_id
    assert plan["days"]["thursday"]["status"] == "scheduled"


def _completed_dates(database: Database, user_id: str) -> dict[dt.date, str]:
    with database.read() as session:
        rows = session.execute(select(DayCompletionRow.date, DayCompletionRow.log_id)
                               .where(DayCompletionRow.user_id == user_id)).all()
    return dict(rows)


def test_the_day_field_completes_that_day_of_the_logs_own_week(new_user: Callable[..., Api],
                                                                 database: Database) -> None:
    # D7 revised: logged on Monday as "Sunday's workout" is this week's Sunday, done early;
    # the week the log was done in is the one it completes, never last week's.
    api = new_user()
    api.accepted_week()
    days = api.get("/api/plans/current").json()["days"]
    log_id = api.log(one_set(day="sunday")).json()["log_id"]
    sunday_trains = not days["sunday"]["is_rest_day"] and bool(days["sunday"]["blocks"])
    assert _completed_dates(database, api.user_id) == (
        {dt.date(2026, 9, 20): log_id} if sunday_trains else {})
    assert dt.date(2026, 9, 13) not in _completed_dates(database, api.user_id)


@pytest.mark.parametrize(("logged", "day", "completes"), [
    (WEDNESDAY, "monday", dt.date(2026, 9, 14)),
    (WEDNESDAY, "wednesday", dt.date(2026, 9, 16)),
    (WEDNESDAY, "thursday", dt.date(2026, 9, 17)),  # done a day early: this week's Thursday
    (MONDAY + dt.timedelta(days=6), "saturday", dt.date(2026, 9, 19)),
    (MONDAY + dt.timedelta(days=1), "thursday", dt.date(2026, 9, 17)),
])
def test_the_day_field_picks_that_day_in_the_week_of_the_log(
        new_user: Callable[..., Api], database: Database, logged: dt.datetime, day: str,
        completes: dt.date) -> None:
    api = new_user()  # no plan yet: no day is known to be a rest day
    log_id = api.log(one_set(day=day), now=logged).json()["log_id"]
    assert _completed_dates(database, api.user_id) == {completes: log_id}


def _training_days(plan: dict[str, Any]) -> list[str]:
    return [name for name, d in plan["days"].items() if not d["is_rest_day"] and d["blocks"]]


def test_a_log_on_tuesday_naming_thursday_completes_thursday(new_user: Callable[..., Api]
                                                              ) -> None:
    api = new_user()
    api.accepted_week()
    tuesday = MONDAY + dt.timedelta(days=1)
    training = _training_days(api.get("/api/plans/current", now=tuesday).json())
    later = next(name for name in training if name in ("thursday", "friday", "saturday"))
    log_id = api.log(one_set(day=later), now=tuesday).json()["log_id"]
    plan = api.get("/api/plans/current", now=tuesday).json()
    assert plan["days"][later]["status"] == "completed"
    assert plan["days"][later]["completed_log_id"] == log_id
    assert plan["days"]["tuesday"]["status"] == "scheduled"


def test_a_completed_day_keeps_its_first_log_and_the_second_still_counts(
        new_user: Callable[..., Api]) -> None:
    api = new_user()
    api.accepted_week()
    first = api.log(one_set(day="wednesday"), now=MONDAY).json()["log_id"]
    second = api.log(one_set(weight_lbs=60, day="wednesday"), now=WEDNESDAY).json()
    plan = api.get("/api/plans/current", now=WEDNESDAY).json()
    assert plan["days"]["wednesday"]["completed_log_id"] == first
    assert plan["days"]["monday"]["status"] == "scheduled"
    logs = api.get("/api/workouts/logs", now=WEDNESDAY).json()
    assert second["log_id"] in [log["log_id"] for log in logs]
    assert second["new_prs"]  # 60 lb beats 50 lb: the records saw it


def test_a_rest_day_is_left_alone_and_the_log_still_counts(new_user: Callable[..., Api],
                                                            database: Database) -> None:
    api = new_user()
    api.accepted_week()
    plan = api.get("/api/plans/current").json()
    rest = next(name for name in plan["days"] if name not in _training_days(plan))
    assert api.log(one_set(day=rest)).status_code == 201
    rest_date = dt.date.fromisoformat(plan["days"][rest]["date"])
    on_the_day = api.log(one_set(weight_lbs=70), now=dt.datetime.combine(
        rest_date, dt.time(10), dt.UTC)).json()
    assert on_the_day["new_prs"]  # 70 lb after 50 lb: the records counted both logs
    assert _completed_dates(database, api.user_id) == {}
    after = api.get("/api/plans/current").json()
    assert all(d["status"] == "scheduled" for d in after["days"].values())
    assert len(api.get("/api/workouts/logs").json()) == 2


def test_the_day_field_follows_the_users_local_date(new_user: Callable[..., Api],
                                                    database: Database) -> None:
    api = new_user(timezone="America/Los_Angeles")
    # Monday 02:00 UTC is still Sunday 19:00 in Los Angeles: "thursday" is the Thursday of
    # the week that Sunday ends (the user's), not of the week UTC is already in.
    evening = MONDAY - dt.timedelta(hours=8)
    log_id = api.log(one_set(day="thursday"), now=evening).json()["log_id"]
    assert _completed_dates(database, api.user_id) == {dt.date(2026, 9, 10): log_id}
