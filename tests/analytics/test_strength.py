import pytest
from hypothesis import given
from hypothesis import strategies as st

from fitcoach.analytics.strength import (
    best_e1rm,
    e1rm_estimate,
    effort_index,
    estimated_1rm,
    load_for_reps,
    one_rm_multiplier,
    reps_in_reserve,
)
from tests.analytics.builders import s


def test_a_single_to_failure_is_the_one_rep_max():
    assert estimated_1rm(100, 1) == pytest.approx(100.0)  # Brzycki: 36 / (37 - 1) = 1


def test_brzycki_below_ten_reps():
    assert estimated_1rm(100, 5) == pytest.approx(100 * 36 / 32)  # 112.5
    assert estimated_1rm(200, 8) == pytest.approx(200 * 36 / 29)


def test_both_formulas_agree_at_ten_reps():
    assert estimated_1rm(90, 10) == pytest.approx(90 * 4 / 3)
    assert one_rm_multiplier(10) == pytest.approx(1 + 10 / 30)


def test_epley_above_ten_reps_up_to_twelve():
    assert estimated_1rm(100, 11) == pytest.approx(100 * (1 + 11 / 30))
    assert estimated_1rm(100, 12) == pytest.approx(140.0)


def test_more_than_twelve_effective_reps_is_unreliable():
    assert estimated_1rm(100, 13) is None
    estimate = e1rm_estimate(100, 13)
    assert estimate is not None
    assert not estimate.reliable
    assert estimate.value_lbs == pytest.approx(100 * (1 + 13 / 30))


def test_rpe_adds_reps_in_reserve():
    assert reps_in_reserve(8) == 2
    assert reps_in_reserve(None) == 0
    # 8 reps at RPE 8 estimate like 10 reps to failure.
    assert estimated_1rm(100, 8, rpe=8) == pytest.approx(100 * 36 / 27)
    # Half points: 5 reps at RPE 9.5 are 5.5 effective reps.
    assert estimated_1rm(100, 5, rpe=9.5) == pytest.approx(100 * 36 / 31.5)
    # 10 reps at RPE 8 are 12 effective: still reliable; at RPE 7 (13) no longer.
    assert estimated_1rm(100, 10, rpe=8) == pytest.approx(140.0)
    assert estimated_1rm(100, 10, rpe=7) is None


def test_low_rpe_is_unreliable():
    assert estimated_1rm(100, 3, rpe=5.5) is None
    assert estimated_1rm(100, 3, rpe=6) == pytest.approx(100 * 36 / 30)


@pytest.mark.parametrize(("weight", "reps"), [(0, 5), (100, 0), (0, 0)])
def test_no_load_or_no_reps_gives_nothing(weight, reps):
    assert estimated_1rm(weight, reps) is None
    assert e1rm_estimate(weight, reps) is None


def test_load_for_reps_inverts_the_estimate():
    assert load_for_reps(100 * 4 / 3, 10) == pytest.approx(100.0)
    # 3 reps with 2 in reserve: a 5-rep max load.
    assert load_for_reps(112.5, 3, 2) == pytest.approx(100.0)


def test_effort_index_is_the_e1rm_or_the_reps_without_load():
    assert effort_index(s(100, 5)) == pytest.approx(112.5)
    assert effort_index(s(0, 17)) == 17
    assert effort_index(s(100, 0)) == 0


weights = st.floats(min_value=0.5, max_value=2000, allow_nan=False)
reps = st.integers(min_value=1, max_value=100)
rpes = st.none() | st.floats(min_value=1, max_value=10).map(lambda x: round(x * 2) / 2)


@given(weights, weights, reps, rpes)
def test_e1rm_is_monotone_in_weight(w1, w2, r, rpe):
    low, high = sorted((w1, w2))
    a, b = estimated_1rm(low, r, rpe), estimated_1rm(high, r, rpe)
    assert (a is None) == (b is None)  # reliability does not depend on the load
    if a is not None and b is not None:
        assert a <= b


@given(weights, reps, reps, rpes)
def test_e1rm_is_monotone_in_reps(w, r1, r2, rpe):
    low, high = sorted((r1, r2))
    a, b = e1rm_estimate(w, low, rpe), e1rm_estimate(w, high, rpe)
    assert a is not None
    assert b is not None
    assert a.value_lbs <= b.value_lbs
    if b.reliable:
        assert a.reliable  # fewer reps can only be more reliable


@given(weights, reps, st.floats(min_value=1, max_value=10), st.floats(min_value=1, max_value=10))
def test_e1rm_falls_as_the_set_was_harder(w, r, rpe1, rpe2):
    easier, harder = sorted((rpe1, rpe2))
    a, b = e1rm_estimate(w, r, easier), e1rm_estimate(w, r, harder)
    assert a is not None
    assert b is not None
    assert a.value_lbs >= b.value_lbs


@given(weights, reps, rpes)
def test_e1rm_is_never_below_the_load_lifted(w, r, rpe):
    estimate = e1rm_estimate(w, r, rpe)
    assert estimate is not None
    assert estimate.value_lbs >= w * (1 - 1e-12)


def test_a_sessions_best_e1rm_counts_reliable_sets_unless_asked():
    sets = (s(100, 5), s(80, 20), s(0, 10))  # the 20-rep set estimates higher, unreliably
    best = best_e1rm(sets)
    assert best is not None
    assert best.value_lbs == pytest.approx(estimated_1rm(100, 5))
    assert best.reliable
    loose = best_e1rm(sets, unreliable=True)
    assert loose == e1rm_estimate(80, 20)
    assert loose is not None
    assert not loose.reliable
    assert best_e1rm((s(80, 20), s(0, 10))) is None
    assert best_e1rm(()) is None


@given(st.lists(st.tuples(weights, reps, rpes), max_size=8))
def test_best_e1rm_is_the_highest_estimate_of_the_session(raw):
    sets = [s(w, r, rpe) for w, r, rpe in raw]
    reliable = [e for x in sets if (e := estimated_1rm(x.weight_lbs, x.reps, x.rpe))]
    best = best_e1rm(sets)
    assert (best.value_lbs if best else None) == (max(reliable) if reliable else None)
    every = [e.value_lbs for x in sets if (e := e1rm_estimate(x.weight_lbs, x.reps, x.rpe))]
    loose = best_e1rm(sets, unreliable=True)
    assert (loose.value_lbs if loose else None) == (max(every) if every else None)
