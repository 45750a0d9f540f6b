"""Test-only views of the analytics: counting and grid checks the production code never needs."""

from __future__ import annotations

from collections.abc import Sequence

from fitcoach.analytics.logs import SetRecord
from fitcoach.analytics.units import load_grid, to_unit
from fitcoach.analytics.volume import hard_set_flags
from fitcoach.catalog.models import LoadKind
from fitcoach.catalog.vocabulary import Unit

GRID_TOLERANCE = 1e-6  # float noise of a kg load stored in pounds


def count_hard_sets(sets: Sequence[SetRecord]) -> int:
    return sum(hard_set_flags(sets))


def is_loadable(weight_lbs: float, kind: LoadKind, unit: Unit) -> bool:
    """Whether a load sits on its gear's grid (minimum + k × step) in the user's unit;
    bodyweight loads always do. Computed here from the grid itself, independently of the
    rounding code it checks."""
    grid = load_grid(kind, unit)
    if grid is None:
        return True
    steps = (to_unit(weight_lbs, grid.unit) - grid.minimum) / grid.step
    return steps > -GRID_TOLERANCE and abs(steps - round(steps)) < GRID_TOLERANCE
