"""Recovery spacing (SPEC §2.3).

A muscle group that took heavy compound loading needs 48 hours before the next heavy compound
session for it, and heavy lower-back-dominant lifts never fall on consecutive days. A weekly
plan repeats, so Sunday and the next Monday are consecutive too.
"""

from __future__ import annotations

from fitcoach.catalog.models import Exercise
from fitcoach.catalog.vocabulary import MuscleGroup
from fitcoach.programming.rules.landmarks import RECOVERY_HOURS

MIN_DAYS_BETWEEN_HEAVY = RECOVERY_HOURS // 24


def heavy_groups(exercise: Exercise) -> frozenset[MuscleGroup]:
    """Groups an exercise loads heavily: the primary groups of a heavy compound."""
    return exercise.primary_groups if exercise.heavy_compound else frozenset()


def heavy_lower_back(exercise: Exercise) -> bool:
    return exercise.heavy_compound and exercise.lower_back_dominant


def cyclic_gap(day_a: int, day_b: int) -> int:
    """Days between two weekdays of a repeating week (0-6 indexes)."""
    distance = abs(day_a - day_b) % 7
    return min(distance, 7 - distance)


def too_close(day_a: int, day_b: int) -> bool:
    return day_a != day_b and cyclic_gap(day_a, day_b) < MIN_DAYS_BETWEEN_HEAVY
