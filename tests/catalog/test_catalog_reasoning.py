"""Our reasoned data obeys the conventions the data file's header documents."""

from __future__ import annotations

import pytest

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import ExerciseType, Joint, Pattern

EXERCISES = list(CATALOG)


def _seed_priority(exercise) -> int:
    """The hierarchy as the YAML header states it, restated here independently."""
    if exercise.heavy_compound:
        return 1
    return {
        ExerciseType.COMPOUND: 2,
        ExerciseType.ISOLATION: 3,
        ExerciseType.CORE: 4,
        ExerciseType.ACCESSORY: 4,
    }[exercise.type]


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.slug)
def test_priority_follows_the_seeds_hierarchy(exercise) -> None:
    assert exercise.priority == _seed_priority(exercise)


def test_the_seeds_named_priority_one_lifts_are_priority_one() -> None:
    # "squats, deadlifts, heavy presses, pull-ups"
    for slug in (
        "barbell-back-squat",
        "conventional-deadlift",
        "romanian-deadlift",
        "flat-bb-bench-press",
        "incline-db-bench-press",
        "standing-overhead-press",
        "pull-up",
    ):
        assert CATALOG.get(slug).priority == 1, slug


def test_the_seeds_named_examples_of_lower_priorities() -> None:
    # "machine presses, cable compounds" = 2; "lateral raises, curls, leg curls" = 3; core = 4
    for slug in ("leg-press", "lat-pulldown", "seated-cable-row"):
        assert CATALOG.get(slug).priority == 2, slug
    for slug in ("db-lateral-raise", "standing-db-bicep-curl", "lying-hamstring-curl"):
        assert CATALOG.get(slug).priority == 3, slug
    for slug in ("plank", "hanging-leg-raise", "ab-wheel-rollout", "cable-woodchopper"):
        assert CATALOG.get(slug).priority == 4, slug


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.slug)
def test_flags_are_consistent(exercise) -> None:
    if exercise.heavy_compound:
        assert exercise.type is ExerciseType.COMPOUND
    if exercise.lower_back_dominant:
        assert exercise.spinal_loading
    if exercise.pattern is Pattern.VERTICAL_PUSH:
        assert exercise.overhead
    assert exercise.timed == all(p.reps.endswith("s") for p in exercise.prescriptions.values())
    assert all(level in (1, 2) for level in exercise.joint_stress.values())


def test_the_lower_back_and_spinal_flags_name_the_expected_lifts() -> None:
    lower_back = {e.slug for e in CATALOG if e.lower_back_dominant}
    assert lower_back == {
        "conventional-deadlift",
        "romanian-deadlift",
        "db-romanian-deadlift",
        "barbell-bent-over-row",
    }
    spinal = {e.slug for e in CATALOG if e.spinal_loading}
    assert spinal == lower_back | {"barbell-back-squat", "standing-overhead-press"}
    # The seed's example of a forbidden superset: barbell squat with barbell row.
    assert CATALOG.get("barbell-back-squat").heavy_compound
    assert CATALOG.get("barbell-bent-over-row").heavy_compound
    # The onboarding example swaps barbell rows for chest-supported DB rows to spare the spine.
    assert not CATALOG.get("chest-supported-db-row").spinal_loading


def test_joint_stress_marks_the_shoulder_on_the_seeds_irritated_shoulder_lifts() -> None:
    # Intent 5: an irritated shoulder rules out overhead work and heavy incline pressing.
    assert CATALOG.get("incline-db-bench-press").joint_stress[Joint.SHOULDER] == 2
    assert CATALOG.get("standing-overhead-press").joint_stress[Joint.SHOULDER] == 2
    assert CATALOG.get("standing-overhead-press").overhead


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.slug)
def test_every_substitute_shares_a_primary_group_or_the_pattern(exercise) -> None:
    assert exercise.slug not in exercise.substitutes
    assert len(set(exercise.substitutes)) == len(exercise.substitutes)
    for slug in exercise.substitutes:
        other = CATALOG.get(slug)
        shared = exercise.primary_groups & other.primary_groups
        assert shared or other.pattern is exercise.pattern, (exercise.slug, slug)


def test_only_the_calf_raise_has_no_substitute() -> None:
    # Nothing else in the seed's index trains the calves.
    assert [e.slug for e in CATALOG if not e.substitutes] == ["standing-calf-raise"]


def test_the_bench_taken_swap_has_a_bench_free_option() -> None:
    # Intent 4: "the bench is taken" during Incline DB Bench Press.
    subs = [CATALOG.get(s) for s in CATALOG.get("incline-db-bench-press").substitutes]
    assert any(not any("bench" in tag for tag in min(s.gear_options, key=len)) for s in subs)
