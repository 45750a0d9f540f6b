import pytest
from hypothesis import given
from hypothesis import strategies as st

from fitcoach.analytics.units import (
    Rounding,
    display_weight,
    kg_to_lbs,
    lbs_to_kg,
    load_step,
    next_load_down,
    next_load_up,
    round_to_loadable,
    to_lbs,
    to_unit,
)
from fitcoach.catalog.models import LoadKind
from fitcoach.catalog.vocabulary import Unit
from tests.analytics.helpers import is_loadable

LB_PER_KG = 1 / 0.45359237


def test_conversion_uses_the_exact_pound():
    assert lbs_to_kg(100) == pytest.approx(45.359237)
    assert kg_to_lbs(20) == pytest.approx(44.0924524)
    assert to_unit(100, Unit.LB) == 100
    assert to_lbs(22.5, Unit.KG) == pytest.approx(22.5 * LB_PER_KG)


def test_display_keeps_what_the_user_typed():
    assert display_weight(to_lbs(22.5, Unit.KG), Unit.KG) == 22.5
    assert display_weight(47.5, Unit.LB) == 47.5
    assert display_weight(50, Unit.KG) == 22.7  # 22.6796 kg


@pytest.mark.parametrize(
    ("kind", "unit", "step"),
    [
        (LoadKind.DUMBBELL, Unit.LB, 5),
        (LoadKind.DUMBBELL, Unit.KG, 2),
        (LoadKind.BARBELL, Unit.LB, 5),
        (LoadKind.BARBELL, Unit.KG, 2.5),
        (LoadKind.MACHINE, Unit.LB, 10),
        (LoadKind.MACHINE, Unit.KG, 5),
        (LoadKind.CABLE, Unit.LB, 10),
        (LoadKind.CABLE, Unit.KG, 5),
        (LoadKind.BODYWEIGHT, Unit.LB, None),
        (LoadKind.BODYWEIGHT, Unit.KG, None),
    ],
)
def test_load_steps(kind, unit, step):
    assert load_step(kind, unit) == step


def test_rounding_on_the_pound_dumbbell_rack():
    assert round_to_loadable(47, LoadKind.DUMBBELL, Unit.LB) == 45
    assert round_to_loadable(48, LoadKind.DUMBBELL, Unit.LB) == 50
    assert round_to_loadable(49.9, LoadKind.DUMBBELL, Unit.LB, Rounding.DOWN) == 45
    assert round_to_loadable(45.1, LoadKind.DUMBBELL, Unit.LB, Rounding.UP) == 50
    assert round_to_loadable(1, LoadKind.DUMBBELL, Unit.LB) == 5  # nothing lighter exists


def test_rounding_happens_on_the_users_own_grid():
    # 40 lb is 18.14 kg: the nearest kg dumbbell is 18 kg, stored as 39.68 lb.
    assert round_to_loadable(40, LoadKind.DUMBBELL, Unit.KG) == pytest.approx(18 * LB_PER_KG)
    assert round_to_loadable(to_lbs(23, Unit.KG), LoadKind.MACHINE, Unit.KG) == pytest.approx(
        25 * LB_PER_KG
    )


def test_a_barbell_is_never_lighter_than_the_empty_bar():
    assert round_to_loadable(30, LoadKind.BARBELL, Unit.LB) == 45
    assert round_to_loadable(to_lbs(15, Unit.KG), LoadKind.BARBELL, Unit.KG) == pytest.approx(
        20 * LB_PER_KG
    )
    assert next_load_down(45, LoadKind.BARBELL, Unit.LB) is None


def test_next_loads():
    assert next_load_up(50, LoadKind.DUMBBELL, Unit.LB) == 55
    assert next_load_up(47.5, LoadKind.DUMBBELL, Unit.LB) == 50  # an odd dumbbell
    assert next_load_up(40, LoadKind.DUMBBELL, Unit.KG) == pytest.approx(20 * LB_PER_KG)
    assert next_load_up(to_lbs(100, Unit.KG), LoadKind.BARBELL, Unit.KG) == pytest.approx(
        102.5 * LB_PER_KG
    )
    assert next_load_up(60, LoadKind.CABLE, Unit.LB) == 70
    assert next_load_up(0, LoadKind.DUMBBELL, Unit.LB) == 5
    assert next_load_down(50, LoadKind.DUMBBELL, Unit.LB) == 45
    assert next_load_down(5, LoadKind.DUMBBELL, Unit.LB) is None
    assert next_load_up(25, LoadKind.BODYWEIGHT, Unit.LB) is None
    assert next_load_down(25, LoadKind.BODYWEIGHT, Unit.LB) is None
    assert round_to_loadable(27.3, LoadKind.BODYWEIGHT, Unit.LB) == 27.3


def test_float_noise_from_kg_does_not_skip_a_plate():
    stored = to_lbs(22, Unit.KG)
    assert is_loadable(stored, LoadKind.DUMBBELL, Unit.KG)
    assert next_load_up(stored, LoadKind.DUMBBELL, Unit.KG) == pytest.approx(24 * LB_PER_KG)
    assert next_load_down(stored, LoadKind.DUMBBELL, Unit.KG) == pytest.approx(20 * LB_PER_KG)
    assert not is_loadable(47.5, LoadKind.DUMBBELL, Unit.LB)


units = st.sampled_from(list(Unit))
loaded_kinds = st.sampled_from([k for k in LoadKind if k is not LoadKind.BODYWEIGHT])
loads = st.floats(min_value=0, max_value=2000, allow_nan=False)


@given(loads, units)
def test_unit_round_trip(weight, unit):
    assert to_lbs(to_unit(weight, unit), unit) == pytest.approx(weight, rel=1e-12, abs=1e-9)


@given(st.integers(min_value=0, max_value=9000), units)
def test_one_decimal_values_survive_storage_in_pounds(tenths, unit):
    typed = tenths / 10
    assert display_weight(to_lbs(typed, unit), unit) == typed


@given(loads, loaded_kinds, units, st.sampled_from(list(Rounding)))
def test_rounded_loads_are_loadable(weight, kind, unit, rounding):
    rounded = round_to_loadable(weight, kind, unit, rounding)
    assert is_loadable(rounded, kind, unit)
    step_lbs = to_lbs(load_step(kind, unit), unit)
    minimum = round_to_loadable(0, kind, unit)
    if rounding is Rounding.DOWN and weight >= minimum:
        assert weight - step_lbs - 1e-9 < rounded <= weight + 1e-9
    if rounding is Rounding.UP:
        assert rounded >= weight - 1e-9
    if rounding is Rounding.NEAREST and weight >= minimum:
        assert abs(rounded - weight) <= step_lbs / 2 + 1e-9


@given(loads, loaded_kinds, units)
def test_next_loads_move_by_at_most_one_step(weight, kind, unit):
    up = next_load_up(weight, kind, unit)
    assert up is not None
    assert up > weight
    assert is_loadable(up, kind, unit)
    down = next_load_down(weight, kind, unit)
    if down is not None:
        assert down < weight
        assert is_loadable(down, kind, unit)
        assert up - down <= 2 * to_lbs(load_step(kind, unit), unit) + 1e-9
