"""Equipment strictness (SPEC §2.5): only what the user's inventory allows."""

from __future__ import annotations

from fitcoach.catalog.models import Exercise, LoadKind
from fitcoach.catalog.vocabulary import GearTag


def missing_gear(exercise: Exercise, gear: frozenset[GearTag]) -> str | None:
    """None when doable; otherwise what the cheapest option lacks."""
    if exercise.doable_with(gear):
        return None
    cheapest = min(exercise.gear_options, key=lambda option: len(option - gear))
    lacking = ", ".join(sorted(tag.value for tag in cheapest - gear))
    return f"{exercise.name} needs {lacking}"


def over_load_limit(exercise: Exercise, weight_lbs: float | None,
                    max_dumbbell_lbs: float | None) -> bool:
    """A dumbbell load above the heaviest dumbbell the user owns."""
    return (
        weight_lbs is not None
        and max_dumbbell_lbs is not None
        and exercise.load_kind is LoadKind.DUMBBELL
        and weight_lbs > max_dumbbell_lbs + 1e-6
    )
