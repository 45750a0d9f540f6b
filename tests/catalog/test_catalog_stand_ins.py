"""A kettlebell stands in for a dumbbell in the lifts it loads the same way (issue 10 point 4),
and nowhere else: the validator's own check (`doable_with`) must accept exactly those."""

from __future__ import annotations

import pytest

from fitcoach.catalog.gear import with_stand_ins
from fitcoach.catalog.registry import default_catalog
from fitcoach.catalog.vocabulary import GearTag
from fitcoach.programming.rules.equipment import missing_gear

KB = frozenset({GearTag.KETTLEBELL})


@pytest.mark.parametrize("slug", ["goblet-squat", "db-romanian-deadlift", "db-walking-lunge"])
def test_a_kettlebell_alone_serves_these_dumbbell_lifts(slug: str) -> None:
    exercise = default_catalog().find(slug)
    assert exercise is not None
    assert exercise.doable_with(KB)
    assert missing_gear(exercise, KB) is None


def test_a_kettlebell_rows_without_a_bench_but_a_dumbbell_row_keeps_it() -> None:
    # Issue 11: a kettlebell-only user had no back work. A one-arm kettlebell row is rowed
    # from a staggered stance, braced on the thigh; the seed's dumbbell row keeps its bench.
    row = default_catalog().find("single-arm-db-row")
    assert row is not None
    assert row.doable_with(KB)
    assert row.doable_with(KB | {GearTag.FLAT_BENCH})
    assert not row.doable_with(frozenset({GearTag.DUMBBELLS}))


def test_a_kettlebell_serves_nothing_else_that_needs_gear() -> None:
    for gear in (KB, KB | {GearTag.FLAT_BENCH}):
        served = {e.slug for e in default_catalog().doable(gear) if not e.bodyweight}
        assert served == {"goblet-squat", "db-romanian-deadlift", "db-walking-lunge",
                          "single-arm-db-row"}


def test_stand_ins_leave_other_exercises_and_options_alone() -> None:
    options = (frozenset({GearTag.DUMBBELLS, GearTag.FLAT_BENCH}),)
    assert with_stand_ins("db-chest-flye", options) == options
    assert set(with_stand_ins("single-arm-db-row", options)) == {
        options[0], frozenset({GearTag.KETTLEBELL, GearTag.FLAT_BENCH}), KB}
