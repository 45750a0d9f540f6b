"""Test-only views of a plan."""

from __future__ import annotations

from fitcoach.catalog.vocabulary import MuscleGroup
from fitcoach.programming import metrics
from fitcoach.programming.plan import DayPlan


def day_sets(day: DayPlan) -> dict[MuscleGroup, float]:
    """Hard sets per muscle group on one day (none on a rest day)."""
    return metrics.group_sets(day.exercises) if day.is_training_day else {}
