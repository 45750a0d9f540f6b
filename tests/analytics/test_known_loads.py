import pytest

from fitcoach.analytics.known_loads import (
    KnownLoad,
    known_load,
    known_loads,
    known_loads_from_workouts,
    top_set,
    working_load,
)
from fitcoach.analytics.logs import ExerciseRecord, WorkoutRecord
from fitcoach.catalog.models import LoadKind
from fitcoach.catalog.vocabulary import Unit
from tests.analytics.builders import at, s, session

LB_PER_KG = 1 / 0.45359237


def test_top_set_is_the_heaviest_then_the_longest():
    assert top_set([s(20, 12), s(50, 8), s(50, 10), s(45, 12)]) == s(50, 10)
    assert top_set([s(60, 0), s(50, 8)]) == s(50, 8)  # a failed rep is not a set
    assert top_set([]) is None


def test_known_load_is_the_latest_loaded_top_set():
    sessions = [
        session("new", at(20), s(0, 10)),  # bodyweight only: no load to prescribe
        session("mid", at(13), s(20, 12), s(50, 10, rpe=8), s(50, 8, rpe=9)),
        session("old", at(6), s(60, 5)),
    ]
    assert known_load(sessions) == KnownLoad(weight_lbs=50, reps=10, rpe=8)
    assert known_load(sessions[:1]) is None
    assert known_loads({"a": sessions, "b": sessions[:1]}) == {
        "a": KnownLoad(weight_lbs=50, reps=10, rpe=8)
    }


def test_known_loads_from_workouts():
    workouts = [
        WorkoutRecord(
            log_id="w1",
            completed_at=at(1),
            exercises=(ExerciseRecord(exercise_id="goblet-squat", sets=(s(40, 10),)),),
        ),
        WorkoutRecord(
            log_id="w2",
            completed_at=at(8),
            exercises=(
                ExerciseRecord(exercise_id="goblet-squat", sets=(s(45, 9),)),
                ExerciseRecord(exercise_id="push-up", sets=(s(0, 20),)),
            ),
        ),
    ]
    assert known_loads_from_workouts(workouts) == {"goblet-squat": KnownLoad(weight_lbs=45, reps=9)}


def test_working_load_aims_at_the_bottom_of_the_range():
    # 50x10 at RPE 8 = 12 effective reps: e1RM 50 * 1.4 = 70. 8 reps at 2 RIR: 70 / (4/3) = 52.5.
    known = KnownLoad(weight_lbs=50, reps=10, rpe=8)
    assert working_load(known, "8-10", 2, LoadKind.DUMBBELL, Unit.LB) == 50
    # 52.5 lb is 23.8 kg: the 22 kg dumbbell.
    kg = working_load(known, "8-10", 2, LoadKind.DUMBBELL, Unit.KG)
    assert kg == pytest.approx(22 * LB_PER_KG)
    # 12-15 at 1 RIR: 70 / (1 + 13/30) = 48.8 -> 45.
    assert working_load(known, "12-15", 1, LoadKind.DUMBBELL, Unit.LB) == 45


def test_the_same_prescription_gives_back_the_same_load():
    # 225x5 to failure, asked for 3-6 at 2 RIR (a 5-rep max): exactly 225, no float slip.
    known = KnownLoad(weight_lbs=225, reps=5)
    assert working_load(known, "3-6", 2, LoadKind.BARBELL, Unit.LB) == 225


def test_working_load_respects_the_heaviest_dumbbell():
    known = KnownLoad(weight_lbs=50, reps=15)  # e1RM 75; 8 reps at 2 RIR: 56.25
    assert working_load(known, "8-10", 2, LoadKind.DUMBBELL, Unit.LB, max_load_lbs=50) == 50
    kg_max = 22 * LB_PER_KG  # 48.5 lb: not on the pound grid, but the user owns it
    assert working_load(known, "8-10", 2, LoadKind.DUMBBELL, Unit.LB, max_load_lbs=kg_max) == 45
    assert working_load(
        known, "8-10", 2, LoadKind.DUMBBELL, Unit.KG, max_load_lbs=kg_max
    ) == pytest.approx(kg_max)


def test_no_load_for_bodyweight_or_timed_work():
    known = KnownLoad(weight_lbs=25, reps=8)
    assert working_load(known, "6-10", 2, LoadKind.BODYWEIGHT, Unit.LB) is None
    assert working_load(known, "30-45s", 2, LoadKind.DUMBBELL, Unit.LB) is None
    assert working_load(KnownLoad(weight_lbs=0, reps=8), "8-10", 2, LoadKind.CABLE, Unit.LB) is None
