"""The time and volume model (`programming/metrics.py`, docs/programming.md) on sessions worked
out by hand, so the model is checked against arithmetic rather than against itself.

The documented constants: a 5-minute warm-up per session; 60 s of setup per exercise; a set
is 15 s + 3 s per rep at the range's midpoint (timed work: the midpoint in seconds), doubled
for unilateral work; then its rest. Volume = Σ sets × midpoint reps × working load (target,
else known load, else the catalog default; dumbbells capped by the heaviest owned; bodyweight
and timed work 0). Group sets: 1 per set for a primary group, 0.5 for a secondary; muscle
focus = round(100 × sets / 6), capped at 100, kept from 15 up, at most 5, strongest first.
"""

from __future__ import annotations

import pytest

from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import LoadKind
from fitcoach.catalog.vocabulary import MuscleGroup as G
from fitcoach.programming import metrics
from fitcoach.programming.plan import Block, MuscleFocus, PlannedExercise


def planned(slug: str, sets: int, reps: str, rest: int,
            weight: float | None = None) -> PlannedExercise:
    return PlannedExercise(exercise_id=slug, name=CATALOG.get(slug).name, target_sets=sets,
                           target_reps=reps, rest_seconds=rest, target_weight_lbs=weight)


def straight(exercise: PlannedExercise) -> Block:
    return Block(label="Straight", exercises=(exercise,))


def superset(*exercises: PlannedExercise) -> Block:
    return Block(label="Superset", exercises=exercises)


def exercises(blocks: tuple[Block, ...]) -> list[PlannedExercise]:
    return [e for block in blocks for e in block.exercises]


def test_the_documented_constants() -> None:
    assert metrics.WARMUP_MINUTES == 5
    assert metrics.SETUP_SECONDS == 60
    assert metrics.SET_SETUP_SECONDS == 15
    assert metrics.SECONDS_PER_REP == 3
    assert metrics.SECONDARY_SET_CREDIT == 0.5
    assert metrics.FULL_DOSE_SETS == 6
    assert metrics.MUSCLE_FOCUS_MIN_INTENSITY == 15
    assert metrics.MUSCLE_FOCUS_MAX_ENTRIES == 5


@pytest.mark.parametrize(("slug", "fact"), [
    # What the sessions below rely on from the catalog: primary, secondary groups, unilateral,
    # load kind, novice default load.
    ("incline-db-bench-press", ((G.CHEST,), (G.TRICEPS, G.SHOULDERS), False, "dumbbell", 30)),
    ("db-lateral-raise", ((G.SHOULDERS,), (), False, "dumbbell", 10)),
    ("overhead-db-tricep-extension", ((G.TRICEPS,), (), False, "dumbbell", 25)),
    ("bulgarian-split-squat", ((G.QUADS, G.GLUTES), (G.CORE,), True, "dumbbell", 20)),
    ("plank", ((G.CORE,), (), False, "bodyweight", 0)),
    ("goblet-squat", ((G.QUADS,), (G.CORE, G.GLUTES), False, "dumbbell", 35)),
    ("chest-supported-db-row", ((G.BACK,), (G.BICEPS, G.SHOULDERS), False, "dumbbell", 25)),
    ("standing-db-bicep-curl", ((G.BICEPS,), (), False, "dumbbell", 20)),
    ("cable-rope-tricep-pushdown", ((G.TRICEPS,), (), False, "cable", 35)),
])
def test_the_catalog_facts_the_hand_work_uses(slug: str, fact: tuple) -> None:
    e = CATALOG.get(slug)
    primary, secondary, unilateral, load_kind, default = fact
    assert set(e.primary_groups) == set(primary)
    assert set(e.secondary_groups) == set(secondary)
    assert (e.unilateral, e.load_kind.value, e.default_load_lbs) == (unilateral, load_kind,
                                                                      default)


# -- A: a straight set and a superset, the incline load capped by a 50 lb dumbbell ------------
INCLINE = planned("incline-db-bench-press", 4, "8-10", 90, weight=60)
LATERAL = planned("db-lateral-raise", 3, "12-15", 30)
OVERHEAD = planned("overhead-db-tricep-extension", 3, "10-12", 60)
SESSION_A = (straight(INCLINE), superset(LATERAL, OVERHEAD))


def test_a_straight_set_and_a_superset() -> None:
    # Sets: incline 15 + 9×3 = 42 s; lateral 15 + 13.5×3 = 55.5 s; extension 15 + 11×3 = 48 s.
    assert metrics.set_seconds(INCLINE, CATALOG.get(INCLINE.exercise_id)) == 42
    assert metrics.set_seconds(LATERAL, CATALOG.get(LATERAL.exercise_id)) == 55.5
    assert metrics.set_seconds(OVERHEAD, CATALOG.get(OVERHEAD.exercise_id)) == 48
    # Incline 60 + 4×(42 + 90) = 588 s; the superset (60 + 3×(55.5 + 30)) + (60 + 3×(48 + 60))
    # = 316.5 + 384 = 700.5 s; 5 min + 1288.5 s = 26.475 min, declared 27.
    assert metrics.session_minutes(SESSION_A) == pytest.approx(26.475)
    assert metrics.declared_minutes(SESSION_A) == 27
    # Volume: incline 4×9×min(60, 50) = 1800; lateral 3×13.5×10 = 405; extension 3×11×25 = 825.
    assert metrics.estimated_volume_lbs(exercises(SESSION_A), max_dumbbell_lbs=50) == 3030
    # Without the cap the target stands: 4×9×60 = 2160, total 3390.
    assert metrics.estimated_volume_lbs(exercises(SESSION_A)) == 3390
    # Chest 4; triceps 0.5×4 + 3 = 5; shoulders 0.5×4 + 3 = 5.
    assert metrics.group_sets(exercises(SESSION_A)) == {G.CHEST: 4, G.TRICEPS: 5, G.SHOULDERS: 5}
    # 5/6 → 83, 4/6 → 67; ties by name.
    assert metrics.muscle_focus(exercises(SESSION_A)) == (
        MuscleFocus(muscle=G.SHOULDERS, intensity=83), MuscleFocus(muscle=G.TRICEPS, intensity=83),
        MuscleFocus(muscle=G.CHEST, intensity=67))


# -- B: unilateral work, a timed plank, a known load and a dumbbell cap ------------------------
SPLIT_SQUAT = planned("bulgarian-split-squat", 3, "8-10", 90)
PLANK = planned("plank", 3, "30-45s", 45)
GOBLET = planned("goblet-squat", 3, "10-12", 60)
SESSION_B = (straight(SPLIT_SQUAT), straight(PLANK), straight(GOBLET))


def test_a_unilateral_exercise_and_a_timed_plank() -> None:
    # Split squat, one leg then the other: 15 + 2×(9×3) = 69 s; plank 15 + 37.5 = 52.5 s.
    assert metrics.set_seconds(SPLIT_SQUAT, CATALOG.get(SPLIT_SQUAT.exercise_id)) == 69
    assert metrics.set_seconds(PLANK, CATALOG.get(PLANK.exercise_id)) == 52.5
    # 60 + 3×(69 + 90) = 537; 60 + 3×(52.5 + 45) = 352.5; 60 + 3×(48 + 60) = 384; total
    # 1273.5 s: 5 + 21.225 = 26.225 min, declared 27.
    assert metrics.session_minutes(SESSION_B) == pytest.approx(26.225)
    assert metrics.declared_minutes(SESSION_B) == 27
    # Split squat at its default 3×9×20 = 540; the plank is timed: 0; the goblet squat at the
    # known 40 lb: 3×11×40 = 1320, or capped by a 30 lb dumbbell: 3×11×30 = 990.
    known = {"goblet-squat": 40.0}
    assert metrics.estimated_volume_lbs(exercises(SESSION_B), known) == 1860
    assert metrics.estimated_volume_lbs(exercises(SESSION_B), known, max_dumbbell_lbs=30) == 1530
    # Quads 3 + 3 = 6; glutes 3 + 0.5×3 = 4.5; core 0.5×3 + 3 + 0.5×3 = 6.
    assert metrics.group_sets(exercises(SESSION_B)) == {G.QUADS: 6, G.GLUTES: 4.5, G.CORE: 6}
    assert metrics.muscle_focus(exercises(SESSION_B)) == (
        MuscleFocus(muscle=G.CORE, intensity=100), MuscleFocus(muscle=G.QUADS, intensity=100),
        MuscleFocus(muscle=G.GLUTES, intensity=75))


# -- C: two supersets; the dumbbell cap leaves the cable alone ---------------------------------
ROW = planned("chest-supported-db-row", 3, "10-12", 30)
PRESS = planned("incline-db-bench-press", 3, "8-10", 90)
CURL = planned("standing-db-bicep-curl", 2, "10-12", 30)
PUSHDOWN = planned("cable-rope-tricep-pushdown", 2, "12-15", 60)
SESSION_C = (superset(ROW, PRESS), superset(CURL, PUSHDOWN))


def test_two_supersets_and_a_cap_that_spares_the_cable() -> None:
    assert CATALOG.get(PUSHDOWN.exercise_id).load_kind is LoadKind.CABLE
    # Row 60 + 3×(48 + 30) = 294; press 60 + 3×(42 + 90) = 456; curl 60 + 2×(48 + 30) = 216;
    # pushdown 60 + 2×(55.5 + 60) = 291; 1257 s: 5 + 20.95 = 25.95 min, declared 26.
    assert metrics.session_minutes(SESSION_C) == pytest.approx(25.95)
    assert metrics.declared_minutes(SESSION_C) == 26
    # With 20 lb dumbbells: row 3×11×20 = 660; press 3×9×20 = 540; curl 2×11×20 = 440;
    # the cable pushdown keeps its 35: 2×13.5×35 = 945. Total 2585.
    assert metrics.estimated_volume_lbs(exercises(SESSION_C), max_dumbbell_lbs=20) == 2585
    # Back 3; chest 3; biceps 0.5×3 + 2 = 3.5; triceps 0.5×3 + 2 = 3.5; shoulders 1.5 + 1.5 = 3.
    assert metrics.group_sets(exercises(SESSION_C)) == {
        G.BACK: 3, G.CHEST: 3, G.BICEPS: 3.5, G.TRICEPS: 3.5, G.SHOULDERS: 3}
    # 3.5/6 → 58, 3/6 → 50: five entries, the most the field holds.
    assert metrics.muscle_focus(exercises(SESSION_C)) == (
        MuscleFocus(muscle=G.BICEPS, intensity=58), MuscleFocus(muscle=G.TRICEPS, intensity=58),
        MuscleFocus(muscle=G.BACK, intensity=50), MuscleFocus(muscle=G.CHEST, intensity=50),
        MuscleFocus(muscle=G.SHOULDERS, intensity=50))


def test_a_trace_of_a_group_is_not_a_focus_and_a_rest_day_takes_no_time() -> None:
    one_row = [planned("chest-supported-db-row", 1, "10-12", 60)]
    # Back 1/6 → 17 stays; biceps and shoulders 0.5/6 → 8 fall under 15.
    assert metrics.muscle_focus(one_row) == (MuscleFocus(muscle=G.BACK, intensity=17),)
    assert metrics.session_minutes(()) == 0
    assert metrics.declared_minutes(()) == 0
