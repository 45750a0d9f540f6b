"""The seed's three tools: declarations as SPEC §6 states them, validation and clamping.

A recording fake stands in for the log reader, so these tests see exactly which arguments
reach it; the SQL reader is tested against real databases in tests/store.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest

from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.analytics.records import PersonalRecords, update_records
from fitcoach.analytics.volume import WeekVolume
from fitcoach.brain.tools import (
    HISTORY_TOOL,
    RECORDS_TOOL,
    TOOL_DECLARATIONS,
    VOLUME_TOOL,
    run_tool,
)
from fitcoach.catalog.vocabulary import MuscleGroup

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)


class RecordingReader:
    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def exercise_history(self, exercise_id: str, limit_sessions: int) -> list[ExerciseSession]:
        self.calls.append(("history", (exercise_id, limit_sessions)))
        return [
            ExerciseSession(log_id=f"log_{i}", completed_at=NOW - dt.timedelta(days=3 * i),
                            sets=(SetRecord(weight_lbs=50 - i * 5, reps=8, rpe=8),
                                  SetRecord(weight_lbs=50 - i * 5, reps=7, rpe=9)))
            for i in range(min(limit_sessions, 5))
        ]

    def volume_trend(self, group: MuscleGroup, weeks_back: int,
                     now: dt.datetime) -> list[WeekVolume]:
        self.calls.append(("volume", (group, weeks_back, now)))
        return [WeekVolume(week_start=dt.date(2026, 9, 14) - dt.timedelta(weeks=weeks_back - i),
                           tonnage_lbs=1000.0 * i, hard_sets=3 * i, sets=3 * i,
                           fractional_hard_sets=3.0 * i, exercises=("push-up",))
                for i in range(1, weeks_back + 1)]

    def records(self, exercise_id: str) -> PersonalRecords | None:
        self.calls.append(("records", (exercise_id,)))
        if exercise_id != "flat-db-bench-press":
            return None
        return update_records(None, exercise_id, [SetRecord(weight_lbs=60, reps=5, rpe=9)],
                              "log_1", NOW).records

    def known_loads(self) -> dict[str, Any]:
        return {}


@pytest.fixture
def reader() -> RecordingReader:
    return RecordingReader()


def test_declarations_follow_the_seed() -> None:
    by_name = {d.name: d.as_dict() for d in TOOL_DECLARATIONS}
    assert set(by_name) == {HISTORY_TOOL, VOLUME_TOOL, RECORDS_TOOL}
    history = by_name[HISTORY_TOOL]["parameters"]
    assert history["required"] == ["exercise_slug"]
    assert set(history["properties"]) == {"exercise_slug", "limit_sessions"}
    assert history["properties"]["limit_sessions"]["maximum"] == 10
    volume = by_name[VOLUME_TOOL]["parameters"]
    assert volume["required"] == ["muscle_group"]
    assert set(volume["properties"]) == {"muscle_group", "weeks_back"}
    assert volume["properties"]["weeks_back"]["maximum"] == 12
    assert by_name[RECORDS_TOOL]["parameters"]["required"] == ["exercise_slug"]
    # No declaration lets a model name a user.
    for declaration in by_name.values():
        assert not any("user" in p for p in declaration["parameters"]["properties"])
        json.dumps(declaration)


class FailedAttemptReader(RecordingReader):
    def exercise_history(self, exercise_id: str, limit_sessions: int) -> list[ExerciseSession]:
        return [ExerciseSession(log_id="log_0", completed_at=NOW,
                                sets=(SetRecord(weight_lbs=50, reps=8, rpe=8),
                                      SetRecord(weight_lbs=70, reps=0)))]


def test_a_failed_attempt_is_not_the_top_set() -> None:
    """The tool's top set is `analytics.known_loads.top_set`: a 0-rep miss does not count."""
    result = run_tool(HISTORY_TOOL, {"exercise_slug": "incline-db-bench-press"},
                      FailedAttemptReader(), NOW)
    assert result["sessions"][0]["top_set"] == {"weight_lbs": 50.0, "reps": 8, "rpe": 8.0}


def test_history_defaults_to_three_sessions(reader: RecordingReader) -> None:
    result = run_tool(HISTORY_TOOL, {"exercise_slug": "incline-db-bench-press"}, reader, NOW)
    assert reader.calls == [("history", ("incline-db-bench-press", 3))]
    assert result["exercise_name"] == "Incline DB Bench Press"
    assert [s["log_id"] for s in result["sessions"]] == ["log_0", "log_1", "log_2"]
    assert result["sessions"][0]["top_set"] == {"weight_lbs": 50.0, "reps": 8, "rpe": 8.0}
    assert "notes" not in result
    json.dumps(result)


@pytest.mark.parametrize(("given", "used"), [(50, 10), (0, 1), (-3, 1), ("7", 7), (4.0, 4)])
def test_history_limit_is_clamped(reader: RecordingReader, given: Any, used: int) -> None:
    result = run_tool(HISTORY_TOOL, {"exercise_slug": "pull-up", "limit_sessions": given},
                      reader, NOW)
    assert reader.calls == [("history", ("pull-up", used))]
    assert result["limit_sessions"] == used
    assert ("notes" in result) == (float(given) != used)


@pytest.mark.parametrize(("given", "used"), [(None, 4), (100, 12), (0, 1), (6, 6)])
def test_volume_weeks_are_clamped(reader: RecordingReader, given: Any, used: int) -> None:
    args = {"muscle_group": "chest"} if given is None else {"muscle_group": "Chest",
                                                            "weeks_back": given}
    result = run_tool(VOLUME_TOOL, args, reader, NOW)
    assert reader.calls == [("volume", (MuscleGroup.CHEST, used, NOW))]
    assert len(result["weeks"]) == used
    assert result["trend"]["metric"] == "hard_sets"


def test_volume_accepts_common_group_words(reader: RecordingReader) -> None:
    run_tool(VOLUME_TOOL, {"muscle_group": "delts"}, reader, NOW)
    assert reader.calls[0][1][0] is MuscleGroup.SHOULDERS


def test_records_of_a_logged_and_a_never_logged_exercise(reader: RecordingReader) -> None:
    logged = run_tool(RECORDS_TOOL, {"exercise_slug": "flat-db-bench-press"}, reader, NOW)
    assert logged["max_weight_set"]["weight_lbs"] == 60.0
    assert set(logged["rep_records"]) == {"5"}
    never = run_tool(RECORDS_TOOL, {"exercise_slug": "plank"}, reader, NOW)
    assert never["estimated_1rm"] is None
    assert never["max_weight_set"] is None
    assert never["rep_records"] == {}


def test_names_and_aliases_resolve_to_slugs(reader: RecordingReader) -> None:
    run_tool(RECORDS_TOOL, {"exercise_slug": "Incline DB Bench Press"}, reader, NOW)
    assert reader.calls == [("records", ("incline-db-bench-press",))]


@pytest.mark.parametrize(("name", "args", "fragment"), [
    (HISTORY_TOOL, {"exercise_slug": "bench-press-9000"}, "unknown exercise_slug"),
    (HISTORY_TOOL, {}, "exercise_slug is required"),
    (HISTORY_TOOL, {"exercise_slug": "pull-up", "limit_sessions": "many"}, "whole number"),
    (HISTORY_TOOL, {"exercise_slug": "pull-up", "limit_sessions": True}, "whole number"),
    (VOLUME_TOOL, {"muscle_group": "legs"}, "unknown muscle_group"),
    (VOLUME_TOOL, {"muscle_group": 3}, "unknown muscle_group"),
    (RECORDS_TOOL, {"exercise_slug": None}, "exercise_slug is required"),
    ("drop_table_users", {}, "unknown tool"),
])
def test_bad_calls_answer_an_error_without_reading(reader: RecordingReader, name: str,
                                                   args: dict[str, Any], fragment: str) -> None:
    result = run_tool(name, args, reader, NOW)
    assert fragment in result["error"]
    assert reader.calls == []


def test_arguments_that_are_not_an_object_are_an_error(reader: RecordingReader) -> None:
    assert "object" in run_tool(RECORDS_TOOL, ["plank"], reader, NOW)["error"]


def test_a_user_id_argument_is_ignored(reader: RecordingReader) -> None:
    result = run_tool(RECORDS_TOOL, {"exercise_slug": "plank", "user_id": "usr_other"},
                      reader, NOW)
    # The reader is the caller's; the argument reaches nothing and is reported as ignored.
    assert reader.calls == [("records", ("plank",))]
    assert result["notes"] == ["ignored unknown arguments: user_id"]


def test_a_word_for_several_groups_asks_for_one(reader: RecordingReader) -> None:
    result = run_tool(VOLUME_TOOL, {"muscle_group": "arms"}, reader, NOW)
    assert "Biceps, Triceps" in result["error"]
    assert reader.calls == []


def test_without_a_span_the_embedded_brain_asks_for_the_tools_defaults() -> None:
    """The router passes the span the user named (none here); the composer falls back on
    the tool's default weeks, and reads enough history to judge a stall."""
    from fitcoach.brain.providers.embedded.compose.progress import (
        STALL_WINDOW_SESSIONS,
        _call,
    )
    from fitcoach.brain.providers.embedded.nlu.router import ToolRequest
    from fitcoach.brain.tools import DEFAULT_WEEKS_BACK, ToolName

    volume = _call(ToolRequest(name=ToolName.VOLUME, muscle_group=MuscleGroup.CHEST))
    assert volume is not None
    assert volume.args["weeks_back"] == DEFAULT_WEEKS_BACK
    named = _call(ToolRequest(name=ToolName.VOLUME, muscle_group=MuscleGroup.CHEST, limit=6))
    assert named is not None
    assert named.args["weeks_back"] == 7  # six full weeks and the running one
    history = _call(ToolRequest(name=ToolName.HISTORY, exercise_slug="pull-up"))
    assert history is not None
    assert history.args["limit_sessions"] == STALL_WINDOW_SESSIONS
