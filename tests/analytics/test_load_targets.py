"""The load rule of the plan reads (DESIGN D10): double progression inside the rep range at
the target effort, in the gear's steps, capped by the user's limit, backed off after two
misses, and nothing at all without a loaded session."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fitcoach.analytics.load_targets import LoadDecision, load_target
from fitcoach.analytics.logs import ExerciseSession, SetRecord
from fitcoach.analytics.units import PlateSteps
from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import LoadKind
from fitcoach.catalog.vocabulary import Unit
from tests.analytics.builders import at, s, session, straight
from tests.analytics.helpers import is_loadable

INCLINE = CATALOG.get("incline-db-bench-press")  # dumbbell
SQUAT = CATALOG.get("barbell-back-squat")  # barbell
PRESS = CATALOG.get("leg-press")  # machine
PUSH_UP = CATALOG.get("push-up")  # bodyweight
PLANK = CATALOG.get("plank")  # timed


def one(exercise, *sessions: ExerciseSession, reps: str = "8-10", unit: Unit = Unit.LB,
        rir: int | None = 2, cap: float | None = None):
    return load_target(exercise, list(sessions), reps, unit, rir, cap)


def test_the_top_of_the_range_at_the_target_effort_adds_one_step() -> None:
    target = one(INCLINE, session("l1", at(14), *straight(40, 10, 10, 10, rpe=7)))
    assert target is not None
    assert (target.weight_lbs, target.decision, target.log_id) == (45, LoadDecision.INCREASE,
                                                                    "l1")
    squat = one(SQUAT, session("l1", at(14), *straight(225, 10, 10, 10)))
    assert squat is not None
    assert squat.weight_lbs == 230  # unrated sets count as on target
    machine = one(PRESS, session("l1", at(14), *straight(200, 10, 10)))
    assert machine is not None
    assert machine.weight_lbs == 210


def test_kilogram_users_step_on_the_kilogram_grid() -> None:
    barbell = one(SQUAT, session("l1", at(14), *straight(100 / 0.45359237, 10, 10)),
                  unit=Unit.KG)
    assert barbell is not None
    assert barbell.weight_lbs == pytest.approx(102.5 / 0.45359237)
    dumbbell = one(INCLINE, session("l1", at(14), *straight(20 / 0.45359237, 10, 10)),
                   unit=Unit.KG)
    assert dumbbell is not None
    assert dumbbell.weight_lbs == pytest.approx(22 / 0.45359237)


def test_the_top_but_harder_than_the_target_holds() -> None:
    target = one(INCLINE, session("l1", at(14), *straight(40, 10, 10, rpe=9.5)))
    assert target is not None
    assert (target.weight_lbs, target.decision) == (40, LoadDecision.HOLD)


def test_inside_the_range_keeps_the_load_for_more_reps() -> None:
    target = one(INCLINE, session("l1", at(14), s(40, 10, 7), s(40, 9, 8), s(40, 8, 8)))
    assert target is not None
    assert (target.weight_lbs, target.decision) == (40, LoadDecision.ADD_REPS)


def test_warmups_and_back_off_sets_do_not_decide() -> None:
    sets = (s(20, 12), s(40, 10, 7), s(40, 10, 7), s(30, 6, 9))
    target = one(INCLINE, session("l1", at(14), *sets))
    assert target is not None
    assert target.decision is LoadDecision.INCREASE


def test_one_miss_holds_and_two_at_the_same_load_back_off_about_ten_percent() -> None:
    miss = session("l2", at(21), *straight(50, 7, 6, 6, rpe=9))
    assert one(INCLINE, miss).decision is LoadDecision.HOLD  # type: ignore[union-attr]
    earlier = session("l1", at(14), *straight(50, 7, 7, 6, rpe=9))
    target = one(INCLINE, miss, earlier)
    assert target is not None
    assert (target.weight_lbs, target.decision) == (45, LoadDecision.BACK_OFF)
    squat = one(SQUAT, session("l2", at(21), *straight(300, 6, 5)),
                session("l1", at(14), *straight(300, 7, 5)))
    assert squat is not None
    assert squat.weight_lbs == 270  # 10% off, on the 5 lb grid
    # The miss before was at another load (before a jump): no back-off yet.
    jumped = one(INCLINE, miss, session("l1", at(14), *straight(45, 7, 6)))
    assert jumped is not None
    assert jumped.decision is LoadDecision.HOLD


def test_at_the_cap_the_load_stays_and_never_exceeds_it() -> None:
    at_cap = one(INCLINE, session("l1", at(14), *straight(50, 10, 10, rpe=7)), cap=50)
    assert at_cap is not None
    assert (at_cap.weight_lbs, at_cap.decision) == (50, LoadDecision.AT_CAP)
    over = one(INCLINE, session("l1", at(14), *straight(60, 9, 9)), cap=50)
    assert over is not None
    assert over.weight_lbs == 50
    odd = one(INCLINE, session("l1", at(14), *straight(45, 10, 10)), cap=47.5)
    assert odd is not None
    assert odd.weight_lbs == 47.5  # the user's heaviest dumbbell is loadable by definition


def test_no_loaded_history_means_no_load() -> None:
    assert one(INCLINE) is None
    assert one(INCLINE, session("l1", at(14), *straight(0, 10, 10))) is None
    assert one(INCLINE, session("l1", at(14), *straight(40, 0, 0))) is None
    assert one(PUSH_UP, session("l1", at(14), *straight(0, 20, 20))) is None
    assert one(PLANK, session("l1", at(14), *straight(0, 60)), reps="30-60s") is None


sets_strategy = st.lists(
    st.builds(SetRecord, weight_lbs=st.sampled_from([0, 2.5, 5, 17.5, 40, 45, 47.5, 95, 135,
                                                     221.3, 405, 2000]),
              reps=st.integers(0, 30), rpe=st.none() | st.sampled_from([5, 6.5, 8, 9, 10])),
    min_size=1, max_size=6)
history_strategy = st.lists(sets_strategy, max_size=5).map(
    lambda found: [ExerciseSession(log_id=f"log_{i:02d}", completed_at=at(28 - i),
                                   sets=tuple(sets)) for i, sets in enumerate(found)])


@settings(max_examples=400, deadline=None)
@given(slug=st.sampled_from(list(CATALOG.slugs)), history=history_strategy,
       unit=st.sampled_from(list(Unit)), rir=st.none() | st.integers(0, 5),
       cap=st.none() | st.sampled_from([5.0, 25.0, 47.5, 50.0, 120.0]),
       low=st.integers(1, 15), width=st.integers(0, 10))
def test_property_never_above_the_cap_never_without_a_loaded_session(
        slug: str, history: list[ExerciseSession], unit: Unit, rir: int | None,
        cap: float | None, low: int, width: int) -> None:
    exercise = CATALOG.get(slug)
    reps = f"{low}-{low + width}"
    target = load_target(exercise, history, reps, unit, rir, cap)
    loaded = [h for h in history
              if max(x.weight_lbs for x in h.sets) > 0 and any(x.reps >= 1 for x in h.sets)]
    if not loaded or exercise.load_kind is LoadKind.BODYWEIGHT or exercise.timed:
        assert target is None
        return
    assert target is not None
    assert target.weight_lbs > 0
    assert target.log_id == loaded[0].log_id
    if cap is not None:
        assert target.weight_lbs <= cap + 1e-9
    last_top = max(x.weight_lbs for x in loaded[0].sets)
    in_unit = target.weight_lbs / (KG if unit is Unit.KG else 1)
    # Never a conversion: a load the user typed (to 0.1 of their unit), or on their grid,
    # or the cap itself when it is under anything loadable (a 5 lb cap on a barbell).
    assert abs(in_unit * 10 - round(in_unit * 10)) < 1e-6 or \
        is_loadable(target.weight_lbs, exercise.load_kind, unit) or target.weight_lbs == cap
    if target.decision in (LoadDecision.HOLD, LoadDecision.ADD_REPS, LoadDecision.AT_CAP):
        same = min(last_top, cap or last_top)
        step = 2.5 if unit is Unit.KG else 5  # half the coarsest grid's step, in that unit
        assert abs(target.weight_lbs - same) <= step * (KG if unit is Unit.KG else 1) + 1e-9 \
            or is_loadable(target.weight_lbs, exercise.load_kind, unit)
    elif target.decision is LoadDecision.INCREASE:
        assert target.weight_lbs > last_top or target.weight_lbs == cap
        assert is_loadable(target.weight_lbs, exercise.load_kind, unit) or \
            target.weight_lbs == cap
    else:  # back off: lighter, on the grid (or the user's own heaviest, which is loadable)
        assert target.weight_lbs < last_top
        assert is_loadable(target.weight_lbs, exercise.load_kind, unit) or \
            target.weight_lbs == cap


KG = 1 / 0.45359237  # pounds per kilogram, written apart from the code's own constant


def _kg(target) -> float:
    return round(target.weight_lbs / KG, 6)


def test_a_kilogram_user_is_never_handed_a_pound_conversion() -> None:
    # 50 lb dumbbells logged (an imported Strong file in pounds): 22.68 kg is no dumbbell
    # a kg rack holds; the same load is the rack's nearest, 22 kg.
    same = one(INCLINE, session("l1", at(14), *straight(50, 9, 8)), unit=Unit.KG)
    assert same is not None
    assert (_kg(same), same.decision) == (22, LoadDecision.ADD_REPS)
    held = one(SQUAT, session("l1", at(14), *straight(225, 10, 10, rpe=9.5)), unit=Unit.KG)
    assert held is not None
    assert _kg(held) == 102.5  # 102.06 kg on the bar is 102.5 kg of plates
    # What a kg user typed stays as typed (22.5 kg is their own dumbbell).
    typed = one(INCLINE, session("l1", at(14), *straight(22.5 * KG, 9, 8)), unit=Unit.KG)
    assert typed is not None
    assert _kg(typed) == 22.5


def test_a_cap_in_pounds_caps_a_kilogram_user_on_their_grid() -> None:
    # "My heaviest dumbbell is 50 lb" said once; the user trains in kg: 22 kg, not 22.68.
    capped = one(INCLINE, session("l1", at(14), *straight(22 * KG, 10, 10, rpe=7)),
                 unit=Unit.KG, cap=50)
    assert capped is not None
    assert (_kg(capped), capped.decision) == (22, LoadDecision.AT_CAP)
    under = one(INCLINE, session("l1", at(14), *straight(20 * KG, 10, 10, rpe=7)),
                unit=Unit.KG, cap=50)
    assert under is not None
    assert (_kg(under), under.decision) == (22, LoadDecision.INCREASE)


def test_the_plate_step_is_configurable() -> None:
    fine_kg = PlateSteps(kg=1.0, lb=5.0)
    squat = load_target(SQUAT, [session("l1", at(14), *straight(100 * KG, 10, 10))], "8-10",
                        Unit.KG, 2, None, fine_kg)
    assert squat is not None
    assert _kg(squat) == 101
    fine_lb = PlateSteps(kg=2.5, lb=2.5)
    pounds = load_target(SQUAT, [session("l1", at(14), *straight(225, 10, 10))], "8-10",
                         Unit.LB, 2, None, fine_lb)
    assert pounds is not None
    assert pounds.weight_lbs == 227.5
    # The plates are the bar's: a dumbbell keeps its rack's step.
    dumbbell = load_target(INCLINE, [session("l1", at(14), *straight(40, 10, 10))], "8-10",
                           Unit.LB, 2, None, fine_lb)
    assert dumbbell is not None
    assert dumbbell.weight_lbs == 45


def test_a_kilogram_load_kept_to_a_tenth_of_a_pound_is_still_that_dumbbell() -> None:
    # 22 kg stored as 48.5 lb (a memory's heaviest dumbbell): the cap is 22 kg, not 20.
    capped = one(INCLINE, session("l1", at(14), *straight(20 * KG, 10, 10, rpe=7)),
                 unit=Unit.KG, cap=48.5)
    assert capped is not None
    assert (round(capped.weight_lbs / KG), capped.decision) == (22, LoadDecision.INCREASE)
