import pytest

from fitcoach.analytics.progression import (
    AdviceReason,
    OverloadAction,
    ProgressionLever,
    overload_advice,
    stalled_sessions,
    working_sets,
)
from fitcoach.analytics.rep_range import RepRange
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import Unit
from tests.analytics.builders import at, s, session, straight

LB_PER_KG = 1 / 0.45359237
INCLINE = CATALOG.get("incline-db-bench-press")  # dumbbells: 5 lb / 2 kg steps


def _history(*set_lists):
    """Sessions newest first, one day apart going back from 30 Sep."""
    return [session(f"log{i}", at(30 - i), *sets) for i, sets in enumerate(set_lists)]


def _advise(*set_lists, exercise=INCLINE, rep_range="8-10", unit=Unit.LB, **kwargs):
    return overload_advice(exercise, _history(*set_lists), rep_range, unit, **kwargs)


def test_top_of_the_range_at_target_effort_adds_one_step():
    advice = _advise(straight(50, 10, 10, 10, rpe=8))
    assert advice.action is OverloadAction.INCREASE_LOAD
    assert advice.reason is AdviceReason.TOP_OF_RANGE_AT_TARGET_EFFORT
    assert advice.suggested_weight_lbs == 55
    assert advice.suggested_weight == 55
    assert advice.suggested_reps == (8, 8, 8)  # back to the bottom of the range
    assert advice.suggested_sets == 3
    assert advice.load_step == 5
    assert advice.last_weight_lbs == 50
    assert advice.last_reps == (10, 10, 10)
    assert advice.last_rpe == (8, 8, 8)
    assert advice.last_log_id == "log0"
    assert advice.last_completed_at == at(30)


def test_unrated_sets_at_the_top_progress_as_classic_double_progression():
    assert _advise(straight(50, 10, 10, 11)).action is OverloadAction.INCREASE_LOAD


def test_a_kg_user_gets_a_kg_dumbbell():
    # 40 lb is 18.1 kg; the next kg dumbbell is 20 kg.
    advice = _advise(straight(40, 10, 10, 10, rpe=7), unit=Unit.KG)
    assert advice.suggested_weight == 20
    assert advice.suggested_weight_lbs == pytest.approx(20 * LB_PER_KG)
    assert advice.last_weight == 18.1
    assert advice.load_step == 2


def test_barbell_and_machine_steps():
    bench = CATALOG.get("flat-bb-bench-press")
    kg = _advise(straight(100 * LB_PER_KG, 6, 6, 6), exercise=bench, rep_range="3-6", unit=Unit.KG)
    assert kg.suggested_weight == 102.5
    press = CATALOG.get("leg-press")
    assert _advise(straight(180, 12, 12), exercise=press, rep_range="8-12").suggested_weight == 190


def test_top_of_the_range_but_too_hard_holds():
    advice = _advise(straight(50, 10, 10, 10, rpe=9))  # target RPE 8 at 2 RIR
    assert advice.action is OverloadAction.HOLD
    assert advice.reason is AdviceReason.TOP_OF_RANGE_EFFORT_TOO_HIGH
    assert advice.suggested_weight_lbs == 50
    assert _advise(straight(50, 10, 10, 10, rpe=9), target_rir=1).action is (
        OverloadAction.INCREASE_LOAD
    )


def test_inside_the_range_adds_reps():
    advice = _advise(straight(50, 10, 9, 8))
    assert advice.action is OverloadAction.ADD_REPS
    assert advice.reason is AdviceReason.WITHIN_RANGE
    assert advice.suggested_weight_lbs == 50
    assert advice.suggested_reps == (10, 10, 9)


def test_later_sets_below_the_range_hold():
    advice = _advise(straight(50, 9, 8, 7))
    assert advice.action is OverloadAction.HOLD
    assert advice.reason is AdviceReason.LATER_SETS_BELOW_RANGE
    assert advice.suggested_reps == (9, 8, 8)


def test_rpe_ten_holds():
    advice = _advise((s(50, 9, 9), s(50, 8, 10), s(50, 8, 10)))
    assert advice.action is OverloadAction.HOLD
    assert advice.reason is AdviceReason.MAX_EFFORT


def test_first_set_below_the_range_reduces_to_what_fits():
    # Best set 50x6: e1RM 50*36/31 = 58.06. 8 reps at 2 RIR: 58.06 / (36/27) = 43.5 -> 40.
    advice = _advise(straight(50, 6, 5, 5))
    assert advice.action is OverloadAction.REDUCE_LOAD
    assert advice.reason is AdviceReason.FIRST_SET_BELOW_RANGE
    assert advice.suggested_weight_lbs == 40
    assert advice.suggested_reps == (8, 8, 8)


def test_reducing_is_at_least_one_step_and_lands_on_a_loadable_weight():
    # 50x7 at RPE 10: e1RM 50*36/30 = 60; 60 / (36/27) = 45 exactly, one step down.
    advice = _advise((s(50, 7, 10), s(50, 7, 10), s(50, 6, 10)))
    assert advice.suggested_weight_lbs == 45


def test_nothing_lighter_to_load_holds():
    raise_ = CATALOG.get("db-lateral-raise")
    advice = _advise(straight(5, 6, 5), exercise=raise_, rep_range="10-15")
    assert advice.action is OverloadAction.HOLD
    assert advice.reason is AdviceReason.NO_LIGHTER_LOAD
    assert advice.suggested_weight_lbs == 5


def test_at_the_heaviest_dumbbell_progress_without_load():
    advice = _advise(straight(50, 10, 10, 10, rpe=8), max_load_lbs=50)
    assert advice.action is OverloadAction.PROGRESS_WITHOUT_LOAD
    assert advice.reason is AdviceReason.AT_MAX_LOAD
    assert advice.suggested_weight_lbs == 50
    assert advice.suggested_reps == (11, 11, 11)
    assert advice.suggested_sets == 4
    assert ProgressionLever.TEMPO in advice.levers


def test_the_heaviest_dumbbell_caps_the_step():
    advice = _advise(straight(50, 10, 10), max_load_lbs=24 * LB_PER_KG)  # 52.9 lb
    assert advice.action is OverloadAction.INCREASE_LOAD
    assert advice.suggested_weight_lbs == pytest.approx(24 * LB_PER_KG)


def test_bodyweight_work_progresses_reps():
    pushup = CATALOG.get("push-up")
    advice = _advise(straight(0, 12, 12, 12), exercise=pushup, rep_range="8-12")
    assert advice.action is OverloadAction.PROGRESS_WITHOUT_LOAD
    assert advice.reason is AdviceReason.NO_EXTERNAL_LOAD
    assert advice.suggested_reps == (13, 13, 13)
    assert advice.load_step is None
    plank = CATALOG.get("plank")
    timed = _advise(straight(0, 45, 45), exercise=plank, rep_range="30-45s")
    assert timed.timed
    assert timed.suggested_reps == (50, 50)  # five more seconds


def test_bodyweight_below_the_range_holds():
    pull_up = CATALOG.get("pull-up")
    advice = _advise(straight(0, 4, 3, 3), exercise=pull_up, rep_range="6-10")
    assert advice.action is OverloadAction.HOLD
    assert advice.reason is AdviceReason.NO_LIGHTER_LOAD


def test_warm_ups_and_back_offs_do_not_decide():
    advice = _advise((s(20, 12), s(35, 6), *straight(50, 10, 10, 10), s(40, 12)))
    assert advice.last_reps == (10, 10, 10)
    assert advice.action is OverloadAction.INCREASE_LOAD
    assert working_sets((s(20, 12), s(50, 9), s(50, 0))) == [s(50, 9), s(50, 0)]


def test_no_history():
    advice = overload_advice(INCLINE, [], "8-10", Unit.LB)
    assert advice.action is OverloadAction.NO_HISTORY
    assert advice.last_weight_lbs is None
    assert advice.suggested_weight_lbs is None


def test_a_stall_over_three_sessions_deloads():
    same = straight(50, 10, 9, 8)
    advice = _advise(same, same, same, same)
    assert advice.stalled_sessions == 3
    assert advice.action is OverloadAction.DELOAD
    assert advice.reason is AdviceReason.STALLED
    # 90 % of 50 is 45, also one step down; two thirds of three sets.
    assert advice.suggested_weight_lbs == 45
    assert advice.suggested_sets == 2
    assert advice.suggested_reps == (8, 8)


def test_three_sessions_are_not_enough_to_call_a_stall():
    same = straight(50, 10, 9, 8)
    assert _advise(same, same, same).action is OverloadAction.ADD_REPS


def test_a_long_stall_changes_the_variation():
    same = straight(50, 10, 9, 8)
    advice = _advise(*[same] * 7)
    assert advice.stalled_sessions == 6
    assert advice.action is OverloadAction.CHANGE_VARIATION
    assert advice.reason is AdviceReason.LONG_STALL
    assert advice.substitutes == INCLINE.substitutes
    assert advice.suggested_weight_lbs is None
    only_flat = _advise(*[same] * 7, substitutes=["flat-db-bench-press"])
    assert only_flat.substitutes == ("flat-db-bench-press",)


def test_ready_to_progress_beats_a_stall():
    # Three sessions at 50 lb have not beaten the 52.5 lb one (e1RM 66.7 vs 70), yet the
    # latest reached the top of the range: load goes up.
    top = straight(50, 10, 10, 10)
    sessions = _history(top, top, top, straight(52.5, 10, 10, 10))
    assert stalled_sessions(sessions) == 3
    advice = overload_advice(INCLINE, sessions, "8-10", Unit.LB)
    assert advice.action is OverloadAction.INCREASE_LOAD
    assert advice.stalled_sessions == 3


def test_climbing_back_is_not_a_stall():
    # Best: 10, 10, 10 (66.7 mean e1RM). Then two sessions of 10, 9, 8 (64.3) and now
    # 10, 10, 9 (65.9): still below the best, but better than last time.
    low = straight(50, 10, 9, 8)
    sessions = _history(straight(50, 10, 10, 9), low, low, straight(50, 10, 10, 10, rpe=9))
    assert stalled_sessions(sessions) == 0
    assert stalled_sessions(sessions[1:]) == 2


def test_stall_length_counts_sessions_since_the_best():
    sessions = _history(
        straight(50, 9, 8), straight(50, 9, 9), straight(50, 8, 8), straight(50, 10, 10),
        straight(45, 10, 10),
    )
    assert stalled_sessions(sessions) == 3


def test_e1rm_trend_is_the_best_set_per_session():
    advice = _advise(straight(55, 8), straight(50, 10))
    # 55*36/29 = 68.28 and 50*4/3 = 66.67: +2.4 %.
    assert advice.e1rm_trend_lbs == (68.3, 66.7)
    assert advice.e1rm_change_pct == 2.4
    assert advice.e1rm_reliable
    assert not _advise(straight(20, 15)).e1rm_reliable


def test_advice_is_data_not_prose():
    body = _advise(straight(50, 10, 10, 10, rpe=8)).model_dump(mode="json")
    assert body["action"] == "increase_load"
    assert body["reason"] == "top_of_range_at_target_effort"
    assert "message" not in body


def test_rep_ranges():
    assert RepRange.parse("8-10") == RepRange(8, 10, False)
    assert RepRange.parse("12") == RepRange(12, 12, False)
    assert RepRange.parse("30-45s") == RepRange(30, 45, True)
    with pytest.raises(ValueError, match="rep range"):
        RepRange.parse("10-8")
    with pytest.raises(ValueError, match="rep range"):
        RepRange.parse("eight")
    with pytest.raises(ValueError, match="target_rir"):
        _advise(straight(50, 10), target_rir=7)
