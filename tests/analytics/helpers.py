"""Test-only views of the analytics: counting and grid checks the production code never needs."""

from __future__ import annotations

from collections.abc import Sequence

from fitcoach.analytics.logs import SetRecord
from fitcoach.analytics.units import load_grid, to_lbs, to_unit
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


# Loads are kept to 0.1 lb in some places (a memory's heaviest dumbbell, older logs): 22 kg
# kept as 48.5 lb is still the 22 kg dumbbell.
KEPT_PRECISION_LBS = 0.05


def is_loadable_as_kept(weight_lbs: float, kind: LoadKind, unit: Unit) -> bool:
    """Whether a load is a grid point of its gear in the user's unit, to the 0.1 lb it may
    have been kept to."""
    grid = load_grid(kind, unit)
    if grid is None:
        return True
    steps = round((to_unit(weight_lbs, grid.unit) - grid.minimum) / grid.step)
    point_lbs = to_lbs(grid.minimum + max(steps, 0) * grid.step, grid.unit)
    return abs(point_lbs - weight_lbs) <= KEPT_PRECISION_LBS + GRID_TOLERANCE
