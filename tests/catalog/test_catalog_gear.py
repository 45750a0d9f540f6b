"""The seed's gear column, parsed, and equipment strictness (SPEC §2 rule 5, DESIGN D3)."""

from __future__ import annotations

import pytest

from fitcoach.catalog import CATALOG
from fitcoach.catalog.gear import parse_gear_text
from fitcoach.catalog.vocabulary import FULL_GYM, GearTag

DB = GearTag.DUMBBELLS
BB = GearTag.BARBELL
FLAT = GearTag.FLAT_BENCH
INCLINE = GearTag.INCLINE_BENCH


def options(text: str) -> set[frozenset[GearTag]]:
    return set(parse_gear_text(text))


def test_a_slash_means_either_and_binds_tighter_than_the_comma() -> None:
    assert options("Dumbbells / Barbell, Bench") == {frozenset({DB, FLAT}), frozenset({BB, FLAT})}


def test_either_dumbbells_or_the_calf_machine() -> None:
    assert options("Dumbbells / Machine") == {
        frozenset({DB}),
        frozenset({GearTag.CALF_RAISE_MACHINE}),
    }


def test_a_comma_means_all_of() -> None:
    assert options("Cable Machine, Rope") == {frozenset({GearTag.CABLE_MACHINE, GearTag.ROPE})}
    assert options("Barbell, Squat Rack") == {frozenset({BB, GearTag.SQUAT_RACK})}
    assert options("Dumbbells, Incline Bench") == {frozenset({DB, INCLINE})}


def test_bench_alone_is_a_flat_bench() -> None:
    assert options("Barbell, Bench") == options("Barbell, Flat Bench") == {frozenset({BB, FLAT})}


def test_bodyweight_needs_nothing() -> None:
    assert parse_gear_text("Bodyweight") == (frozenset(),)
    for slug in ("push-up", "plank"):
        exercise = CATALOG.get(slug)
        assert exercise.bodyweight
        assert exercise.doable_with(frozenset())


def test_options_come_cheapest_first() -> None:
    assert parse_gear_text("Dumbbells / Barbell, Bench") == (
        frozenset({BB, FLAT}),
        frozenset({DB, FLAT}),
    )


@pytest.mark.parametrize("text", ["Kettlebell", "Dumbbells, Kettlebell", "Barbell / Bands", ""])
def test_unknown_gear_names_are_rejected(text: str) -> None:
    with pytest.raises(ValueError, match="unknown gear name"):
        parse_gear_text(text)


# The exercises each inventory allows, written out by hand.
BODYWEIGHT_ONLY = {"push-up", "plank"}
DUMBBELLS_ONLY = BODYWEIGHT_ONLY | {
    "db-lateral-raise",
    "rear-delt-db-flye",
    "goblet-squat",
    "db-walking-lunge",
    "db-romanian-deadlift",
    "standing-calf-raise",
    "standing-db-bicep-curl",
    "overhead-db-tricep-extension",
}
# The seed's onboarding user: adjustable dumbbells and an adjustable bench (flat and incline).
ADJUSTABLE_BENCH_HOME_GYM = DUMBBELLS_ONLY | {
    "incline-db-bench-press",
    "flat-db-bench-press",
    "db-chest-flye",
    "single-arm-db-row",
    "chest-supported-db-row",
    "seated-db-shoulder-press",
    "arnold-press",
    "bulgarian-split-squat",
    "incline-db-curl",
    "skull-crusher",
}


def doable(gear: set[GearTag]) -> set[str]:
    return {e.slug for e in CATALOG if e.doable_with(frozenset(gear))}


def test_bodyweight_only() -> None:
    assert doable(set()) == BODYWEIGHT_ONLY
    assert {e.slug for e in CATALOG.doable(frozenset())} == BODYWEIGHT_ONLY


def test_dumbbells_only_means_no_barbell_and_no_bench_exercise_ever() -> None:
    allowed = doable({DB})
    assert allowed == DUMBBELLS_ONLY
    barbell_only = {e.slug for e in CATALOG if all(BB in o for o in e.gear_options)}
    assert len(barbell_only) == 7
    assert not barbell_only & allowed
    assert "flat-bb-bench-press" not in allowed
    assert "skull-crusher" not in allowed  # needs a bench even with dumbbells
    assert "standing-calf-raise" in allowed  # dumbbells stand in for the machine


def test_an_adjustable_bench_home_gym() -> None:
    assert doable({DB, FLAT, INCLINE}) == ADJUSTABLE_BENCH_HOME_GYM


def test_a_flat_bench_only_home_gym_loses_the_incline_work() -> None:
    allowed = doable({DB, FLAT})
    assert allowed == ADJUSTABLE_BENCH_HOME_GYM - {
        "incline-db-bench-press",
        "chest-supported-db-row",
        "incline-db-curl",
    }


def test_a_full_gym_allows_everything() -> None:
    assert doable(set(FULL_GYM)) == set(CATALOG.slugs)


def test_a_pull_up_bar_adds_the_hanging_work() -> None:
    assert doable({GearTag.PULL_UP_BAR}) == BODYWEIGHT_ONLY | {"pull-up", "hanging-leg-raise"}


def test_a_barbell_without_a_rack_or_bench() -> None:
    assert doable({BB}) == BODYWEIGHT_ONLY | {
        "conventional-deadlift",
        "barbell-bent-over-row",
        "standing-overhead-press",
        "romanian-deadlift",
        "barbell-curl",
    }


def test_the_face_pull_needs_the_rope_too() -> None:
    face_pull = CATALOG.get("face-pull")
    assert not face_pull.doable_with(frozenset({GearTag.CABLE_MACHINE}))
    assert face_pull.doable_with(frozenset({GearTag.CABLE_MACHINE, GearTag.ROPE}))
