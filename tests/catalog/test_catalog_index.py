"""The catalog holds exactly the seed's exercise index (SPEC §2), fact for fact."""

from __future__ import annotations

import pytest

from fitcoach.catalog import CATALOG
from fitcoach.catalog.registry import EXPECTED_EXERCISE_COUNT

CHEST = "CHEST - Horizontal Push"
BACK = "BACK - Horizontal & Vertical Pull"
SHOULDERS = "SHOULDERS - Overhead Push & Isolation"
QUADS = "LEGS - Quad Dominant / Squat"
HINGE = "LEGS - Posterior Chain / Hinge"
ARMS = "ARMS - Biceps & Triceps"
CORE = "CORE & MOBILITY"

# Written by hand from the seed's index, in the seed's order: slug, name, group, gear, type.
SEED_INDEX = [
    ("flat-bb-bench-press", "Barbell Bench Press", CHEST, "Barbell, Bench", "Compound"),
    ("incline-db-bench-press", "Incline DB Bench Press", CHEST, "Dumbbells, Incline Bench",
     "Compound"),
    ("flat-db-bench-press", "Flat DB Bench Press", CHEST, "Dumbbells, Flat Bench", "Compound"),
    ("push-up", "Push-Up", CHEST, "Bodyweight", "Compound"),
    ("cable-chest-flye", "Cable Chest Flye", CHEST, "Cable Machine", "Isolation"),
    ("db-chest-flye", "DB Chest Flye", CHEST, "Dumbbells, Bench", "Isolation"),
    ("conventional-deadlift", "Conventional Deadlift", BACK, "Barbell", "Compound"),
    ("pull-up", "Pull-Up", BACK, "Pull-Up Bar", "Compound"),
    ("lat-pulldown", "Lat Pulldown", BACK, "Cable Machine", "Compound"),
    ("barbell-bent-over-row", "Barbell Bent-Over Row", BACK, "Barbell", "Compound"),
    ("single-arm-db-row", "Single-Arm DB Row", BACK, "Dumbbells, Bench", "Compound"),
    ("seated-cable-row", "Seated Cable Row", BACK, "Cable Machine", "Compound"),
    ("chest-supported-db-row", "Chest-Supported DB Row", BACK, "Dumbbells, Incline Bench",
     "Compound"),
    ("standing-overhead-press", "Standing Barbell OHP", SHOULDERS, "Barbell", "Compound"),
    ("seated-db-shoulder-press", "Seated DB Shoulder Press", SHOULDERS, "Dumbbells, Bench",
     "Compound"),
    ("arnold-press", "Arnold Press", SHOULDERS, "Dumbbells, Bench", "Compound"),
    ("db-lateral-raise", "DB Lateral Raise", SHOULDERS, "Dumbbells", "Isolation"),
    ("cable-lateral-raise", "Cable Lateral Raise", SHOULDERS, "Cable Machine", "Isolation"),
    ("rear-delt-db-flye", "Rear Delt DB Flye", SHOULDERS, "Dumbbells", "Isolation"),
    ("face-pull", "Face Pull", SHOULDERS, "Cable Machine, Rope", "Accessory"),
    ("barbell-back-squat", "Barbell Back Squat", QUADS, "Barbell, Squat Rack", "Compound"),
    ("goblet-squat", "DB Goblet Squat", QUADS, "Dumbbells", "Compound"),
    ("db-walking-lunge", "DB Walking Lunge", QUADS, "Dumbbells", "Compound"),
    ("bulgarian-split-squat", "Bulgarian Split Squat", QUADS, "Dumbbells, Bench", "Compound"),
    ("leg-press", "45-Degree Leg Press", QUADS, "Leg Press Machine", "Compound"),
    ("leg-extension", "Leg Extension", QUADS, "Leg Extension Machine", "Isolation"),
    ("romanian-deadlift", "Barbell Romanian Deadlift", HINGE, "Barbell", "Compound"),
    ("db-romanian-deadlift", "Dumbbell Romanian Deadlift", HINGE, "Dumbbells", "Compound"),
    ("lying-hamstring-curl", "Lying Hamstring Curl", HINGE, "Hamstring Machine", "Isolation"),
    ("seated-hamstring-curl", "Seated Hamstring Curl", HINGE, "Hamstring Machine", "Isolation"),
    ("standing-calf-raise", "Standing Calf Raise", HINGE, "Dumbbells / Machine", "Isolation"),
    ("standing-db-bicep-curl", "Standing DB Bicep Curl", ARMS, "Dumbbells", "Isolation"),
    ("incline-db-curl", "Incline DB Curl", ARMS, "Dumbbells, Incline Bench", "Isolation"),
    ("barbell-curl", "Barbell Curl", ARMS, "Barbell", "Isolation"),
    ("cable-rope-tricep-pushdown", "Cable Rope Tricep Pushdown", ARMS, "Cable Machine",
     "Isolation"),
    ("skull-crusher", "DB / Barbell Skull Crusher", ARMS, "Dumbbells / Barbell, Bench",
     "Isolation"),
    ("overhead-db-tricep-extension", "Overhead DB Tricep Extension", ARMS, "Dumbbells",
     "Isolation"),
    ("hanging-leg-raise", "Hanging Leg Raise", CORE, "Pull-Up Bar", "Core"),
    ("cable-woodchopper", "Cable Woodchopper", CORE, "Cable Machine", "Core"),
    ("plank", "Forearm Plank", CORE, "Bodyweight", "Core"),
    ("ab-wheel-rollout", "Ab Wheel Rollout", CORE, "Ab Wheel", "Core"),
]


def test_the_catalog_has_the_seeds_41_slugs_in_the_seeds_order() -> None:
    assert len(SEED_INDEX) == 41 == EXPECTED_EXERCISE_COUNT == len(CATALOG)
    assert CATALOG.slugs == tuple(row[0] for row in SEED_INDEX)


@pytest.mark.parametrize(("slug", "name", "category", "gear", "kind"), SEED_INDEX,
                         ids=[row[0] for row in SEED_INDEX])
def test_each_entry_keeps_the_seeds_facts_verbatim(
    slug: str, name: str, category: str, gear: str, kind: str
) -> None:
    exercise = CATALOG.get(slug)
    assert exercise.name == name
    assert exercise.category == category
    assert exercise.gear_text == gear
    assert exercise.type.value == kind


def test_unknown_slugs_are_not_invented() -> None:
    assert "incline-bb-bench-press" not in CATALOG
    assert CATALOG.find("hammer-curl") is None
    with pytest.raises(KeyError, match="hammer-curl"):
        CATALOG.get("hammer-curl")
