import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fitcoach.analytics.logs import ExerciseSession
from fitcoach.analytics.records import (
    NewRecord,
    PersonalRecords,
    RecordKind,
    records_from_history,
    update_records,
)
from tests.analytics.builders import at, s

BENCH = "flat-bb-bench-press"


def _baseline() -> PersonalRecords:
    update = update_records(None, BENCH, [s(135, 5), s(135, 5), s(145, 3)], "log1", at(1))
    return update.records


def test_the_first_log_sets_a_baseline_and_announces_nothing():
    update = update_records(None, BENCH, [s(135, 5), s(135, 5), s(145, 3)], "log1", at(1))
    records = update.records
    assert update.new_prs == []
    # e1RM: 135x5 -> 135*36/32 = 151.9; 145x3 -> 145*36/34 = 153.5.
    assert records.estimated_1rm is not None
    assert (records.estimated_1rm.weight_lbs, records.estimated_1rm.reps) == (145, 3)
    assert records.estimated_1rm.estimated_1rm == pytest.approx(145 * 36 / 34)
    assert records.max_weight_set is not None
    assert records.max_weight_set.weight_lbs == 145
    assert {r: rec.weight_lbs for r, rec in records.rep_records.items()} == {3: 145, 5: 135}
    assert records.rep_records[5].log_id == "log1"
    assert records.rep_records[5].achieved_at == at(1)


def test_beating_records_announces_each_with_the_previous_value():
    update = update_records(_baseline(), BENCH, [s(140, 5), s(150, 2)], "log2", at(8))
    assert [
        (p.kind, p.exercise_id, p.reps, p.weight_lbs, p.value, p.previous_value, p.log_id)
        for p in update.new_prs
    ] == [
        # 140x5: 140*36/32 = 157.5 beats 145x3: 153.5.
        (RecordKind.ESTIMATED_1RM, BENCH, 5, 140, 157.5, pytest.approx(145 * 36 / 34), "log2"),
        (RecordKind.MAX_WEIGHT, BENCH, 2, 150, 150, 145, "log2"),
        # A rep count never done before, heavier than anything done for more reps.
        (RecordKind.REP_RECORD, BENCH, 2, 150, 150, None, "log2"),
        (RecordKind.REP_RECORD, BENCH, 5, 140, 140, 135, "log2"),
    ]
    assert all(isinstance(p, NewRecord) for p in update.new_prs)


def test_only_the_best_of_one_log_is_announced():
    update = update_records(_baseline(), BENCH, [s(140, 5), s(142.5, 5)], "log2", at(8))
    fives = [p for p in update.new_prs if p.kind is RecordKind.REP_RECORD]
    assert [(p.weight_lbs, p.previous_value) for p in fives] == [(142.5, 135)]


def test_an_equal_value_is_not_a_new_record():
    first = update_records(_baseline(), BENCH, [s(140, 5)], "log2", at(8)).records
    again = update_records(first, BENCH, [s(140, 5)], "log3", at(15))
    assert again.new_prs == []
    assert again.records == first  # the earlier achievement keeps the record


def test_a_backfilled_tie_takes_the_record_silently():
    first = update_records(_baseline(), BENCH, [s(140, 5)], "log2", at(8)).records
    backfill = update_records(first, BENCH, [s(140, 5)], "log0", at(5))
    assert backfill.new_prs == []
    assert backfill.records.rep_records[5].log_id == "log0"


def test_a_rep_record_outdone_by_more_reps_is_stored_but_not_announced():
    records = update_records(None, BENCH, [s(95, 5), s(110, 8)], "log1", at(1)).records
    update = update_records(records, BENCH, [s(100, 5)], "log2", at(8))
    assert update.records.rep_records[5].weight_lbs == 100
    assert update.new_prs == []


def test_heaviest_set_prefers_more_reps_at_the_same_weight():
    records = update_records(_baseline(), BENCH, [s(145, 4)], "log2", at(8)).records
    assert records.max_weight_set is not None
    assert (records.max_weight_set.weight_lbs, records.max_weight_set.reps) == (145, 4)


def test_bodyweight_progress_is_more_reps():
    pushups = "push-up"
    records = update_records(None, pushups, [s(0, 20), s(0, 15)], "log1", at(1)).records
    assert records.estimated_1rm is None
    update = update_records(records, pushups, [s(0, 21), s(0, 15)], "log2", at(8))
    assert [(p.kind, p.reps, p.value, p.previous_value) for p in update.new_prs] == [
        (RecordKind.REP_RECORD, 21, 0, None)
    ]
    assert update_records(update.records, pushups, [s(0, 19)], "log3", at(15)).new_prs == []


def test_sets_without_reps_hold_no_record():
    update = update_records(_baseline(), BENCH, [s(225, 0)], "log2", at(8))
    assert update.records == _baseline()
    assert update.new_prs == []


def test_an_unreliable_estimate_never_holds_the_e1rm_record():
    records = update_records(None, BENCH, [s(100, 15)], "log1", at(1)).records
    assert records.estimated_1rm is None
    assert records.rep_records[15].estimated_1rm is None


def test_the_api_shape():
    body = _baseline().model_dump(mode="json")
    assert set(body) == {"exercise_id", "estimated_1rm", "max_weight_set", "rep_records"}
    assert set(body["rep_records"]) == {"3", "5"}
    assert body["max_weight_set"] == {
        "weight_lbs": 145.0,
        "reps": 3,
        "rpe": None,
        "estimated_1rm": pytest.approx(145 * 36 / 34),
        "log_id": "log1",
        "achieved_at": "2026-09-01T12:00:00Z",
    }
    assert PersonalRecords.model_validate(body) == _baseline()  # what a store reads back


def test_records_of_another_exercise_are_refused():
    with pytest.raises(ValueError, match="updated with"):
        update_records(_baseline(), "barbell-back-squat", [s(100, 5)], "log2", at(8))


sets = st.builds(
    lambda w, r, rpe: s(w, r, rpe),
    st.sampled_from([0, 95, 100, 105, 110, 135]),  # few weights: ties happen
    st.integers(min_value=0, max_value=15),
    st.none() | st.sampled_from([6.0, 8.0, 8.0, 10.0]),
)
sessions = st.lists(
    st.tuples(
        st.integers(min_value=1, max_value=6),  # few days: equal timestamps happen
        st.lists(sets, min_size=1, max_size=6),
    ),
    max_size=12,
).map(
    lambda items: [
        ExerciseSession(log_id=f"log{i:02d}", completed_at=at(day), sets=tuple(logged))
        for i, (day, logged) in enumerate(items)
    ]
)


def _fold(history: list[ExerciseSession]) -> tuple[PersonalRecords | None, list]:
    current: PersonalRecords | None = None
    announced = []
    for one in history:
        update = update_records(current, BENCH, one.sets, one.log_id, one.completed_at)
        current = update.records
        announced.extend(update.new_prs)
    return current, announced


@settings(max_examples=300)
@given(sessions, st.randoms(use_true_random=False))
def test_incremental_records_equal_a_batch_recompute_in_any_order(history, rng):
    shuffled = list(history)
    rng.shuffle(shuffled)
    folded, _ = _fold(shuffled)
    batch = records_from_history(BENCH, history)
    if history:
        assert folded == batch
    assert records_from_history(BENCH, reversed(history)) == batch


@given(sessions)
def test_announced_records_always_beat_what_was_there(history):
    chronological = sorted(history, key=lambda one: (one.completed_at, one.log_id))
    _, announced = _fold(chronological)
    for record in announced:
        assert record.previous_value is None or record.value > record.previous_value
        if record.kind is RecordKind.MAX_WEIGHT:
            assert record.weight_lbs > 0


@given(sessions)
def test_records_are_the_best_sets_of_the_history(history):
    records = records_from_history(BENCH, history)
    lifted = [one for session in history for one in session.sets if one.reps >= 1]
    if not lifted:
        assert records.is_empty
        return
    assert records.max_weight_set is not None
    assert records.max_weight_set.weight_lbs == max(one.weight_lbs for one in lifted)
    for reps, held in records.rep_records.items():
        assert held.weight_lbs == max(one.weight_lbs for one in lifted if one.reps == reps)
    assert set(records.rep_records) == {one.reps for one in lifted}


def test_records_from_history_with_equal_values_keeps_the_earliest():
    history = [
        ExerciseSession(log_id="b", completed_at=at(3), sets=(s(100, 5),)),
        ExerciseSession(log_id="a", completed_at=at(3), sets=(s(100, 5),)),
        ExerciseSession(log_id="c", completed_at=at(2, hour=23), sets=(s(100, 5),)),
    ]
    assert records_from_history(BENCH, history).rep_records[5].log_id == "c"
    tie = [ExerciseSession(log_id="b", completed_at=at(3), sets=(s(100, 5),)),
           ExerciseSession(log_id="a", completed_at=at(3), sets=(s(100, 5),))]
    assert records_from_history(BENCH, tie).rep_records[5].log_id == "a"
    assert dt.timedelta(0) < at(3) - at(2, hour=23)
