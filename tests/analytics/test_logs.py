import datetime as dt
from typing import NamedTuple

import pytest
from pydantic import ValidationError

from fitcoach.analytics.logs import (
    ExerciseRecord,
    LoggedSet,
    SetRecord,
    VolumeRow,
    WorkoutRecord,
    exercise_sessions,
    logged_exercise_ids,
    volume_rows,
    workouts_from_rows,
)
from tests.analytics.builders import at, s


def _workout(log_id, when, *entries):
    return WorkoutRecord(
        log_id=log_id,
        completed_at=when,
        exercises=tuple(ExerciseRecord(exercise_id=e, sets=sets) for e, sets in entries),
    )


WORKOUTS = [
    _workout("w1", at(1), ("goblet-squat", (s(40, 10),)), ("push-up", (s(0, 20),))),
    _workout(
        "w3",
        at(15),
        ("goblet-squat", (s(50, 8),)),
        ("plank", (s(0, 45),)),
        ("goblet-squat", (s(45, 10),)),  # came back to it later in the session
    ),
    _workout("w2", at(8), ("push-up", (s(0, 22),))),
]


def test_sessions_are_newest_first_and_merge_repeats():
    sessions = exercise_sessions(WORKOUTS, "goblet-squat")
    assert [x.log_id for x in sessions] == ["w3", "w1"]
    assert sessions[0].sets == (s(50, 8), s(45, 10))
    assert [x.log_id for x in exercise_sessions(WORKOUTS, "goblet-squat", limit=1)] == ["w3"]
    assert exercise_sessions(WORKOUTS, "pull-up") == []


def test_volume_rows_flatten_every_set():
    rows = volume_rows(WORKOUTS)
    assert len(rows) == 6
    assert VolumeRow(at(15), "plank", s(0, 45)) in rows
    assert logged_exercise_ids(WORKOUTS) == {"goblet-squat", "push-up", "plank"}


@pytest.mark.parametrize(
    "fields",
    [
        {"weight_lbs": 2000.5, "reps": 5},
        {"weight_lbs": -1, "reps": 5},
        {"weight_lbs": 100, "reps": 101},
        {"weight_lbs": 100, "reps": -1},
        {"weight_lbs": 100, "reps": 5, "rpe": 0.5},
        {"weight_lbs": 100, "reps": 5, "rpe": 10.5},
        {"weight_lbs": float("nan"), "reps": 5},
    ],
)
def test_set_limits(fields):
    with pytest.raises(ValidationError):
        SetRecord(**fields)


def test_completed_at_must_carry_a_zone():
    with pytest.raises(ValidationError):
        WorkoutRecord(log_id="x", completed_at=dt.datetime(2026, 9, 1), exercises=())


class _Row(NamedTuple):
    log_id: str
    completed_at: dt.datetime
    exercise_id: str
    record: SetRecord


def test_set_rows_group_back_into_the_sessions_of_their_logs():
    first, second = at(14), at(16)
    rows: list[LoggedSet] = [
        _Row("a", first, "goblet-squat", s(50, 10)),
        _Row("a", first, "push-up", s(0, 12)),
        _Row("a", first, "goblet-squat", s(55, 8)),  # the same exercise again, later
        _Row("b", second, "goblet-squat", s(60, 6)),
    ]
    workouts = workouts_from_rows(rows)
    assert logged_exercise_ids(workouts) == {"goblet-squat", "push-up"}
    squats = exercise_sessions(workouts, "goblet-squat")
    assert [(x.log_id, x.completed_at, x.sets) for x in squats] == [
        ("b", second, (s(60, 6),)), ("a", first, (s(50, 10), s(55, 8)))]
    assert [x.log_id for x in exercise_sessions(workouts, "push-up")] == ["a"]
    assert workouts_from_rows([]) == []
