"""Pounds and kilograms, display rounding, and which loads can actually be put on the bar.

Loads are stored in pounds (DESIGN D4); a user whose unit is kg sees and types kg, so every
load the coach *suggests* is chosen on the kg grid of real equipment and only then converted
to pounds for storage. Otherwise a kg user would be told to lift 22.68 kg.

The smallest sensible step per kind of load, in each unit (what gyms and home sets stock):

| load kind  | lb step | kg step | lightest loadable  | why                                     |
|------------|---------|---------|--------------------|-----------------------------------------|
| dumbbell   | 5 lb    | 2 kg    | 5 lb / 2 kg        | racks go 5, 10, 15 lb / 2, 4, 6 kg      |
| barbell    | 5 lb    | 2.5 kg  | empty bar 45 / 20  | smallest plates 2.5 lb / 1.25 kg a side |
| machine    | 10 lb   | 5 kg    | one step           | selector-stack plates                   |
| cable      | 10 lb   | 5 kg    | one step           | selector-stack plates                   |
| bodyweight | none    | none    | n/a                | progress by reps, not load              |

Dumbbell loads are per dumbbell and barbell loads are the bar total, as they are logged.
"""

from __future__ import annotations

import math
from enum import StrEnum
from typing import NamedTuple

from fitcoach.catalog.models import LoadKind
from fitcoach.catalog.vocabulary import Unit

# Exact, by the international yard and pound agreement (1959).
KG_PER_LB = 0.45359237
DISPLAY_DECIMALS = 1
# Float noise from lb↔kg conversion stays far below this; a real load difference never does.
_GRID_TOLERANCE = 1e-6


def lbs_to_kg(weight_lbs: float) -> float:
    return weight_lbs * KG_PER_LB


def kg_to_lbs(weight_kg: float) -> float:
    return weight_kg / KG_PER_LB


def to_unit(weight_lbs: float, unit: Unit) -> float:
    """A stored pound value in the user's unit, unrounded."""
    return weight_lbs if unit is Unit.LB else lbs_to_kg(weight_lbs)


def to_lbs(weight: float, unit: Unit) -> float:
    """A value the user typed in their unit, as stored pounds."""
    return weight if unit is Unit.LB else kg_to_lbs(weight)


def display_weight(weight_lbs: float, unit: Unit) -> float:
    """What to show: the user's unit to 0.1, which keeps every typed value (22.5 kg, 47.5 lb)
    exactly as typed after the round trip through pounds."""
    return round(to_unit(weight_lbs, unit), DISPLAY_DECIMALS)


class LoadGrid(NamedTuple):
    """The loadable weights of one kind of gear in one unit: minimum + k × step, k ≥ 0."""

    step: float
    minimum: float
    unit: Unit


_GRIDS: dict[tuple[LoadKind, Unit], LoadGrid] = {
    (LoadKind.DUMBBELL, Unit.LB): LoadGrid(5.0, 5.0, Unit.LB),
    (LoadKind.DUMBBELL, Unit.KG): LoadGrid(2.0, 2.0, Unit.KG),
    (LoadKind.BARBELL, Unit.LB): LoadGrid(5.0, 45.0, Unit.LB),
    (LoadKind.BARBELL, Unit.KG): LoadGrid(2.5, 20.0, Unit.KG),
    (LoadKind.MACHINE, Unit.LB): LoadGrid(10.0, 10.0, Unit.LB),
    (LoadKind.MACHINE, Unit.KG): LoadGrid(5.0, 5.0, Unit.KG),
    (LoadKind.CABLE, Unit.LB): LoadGrid(10.0, 10.0, Unit.LB),
    (LoadKind.CABLE, Unit.KG): LoadGrid(5.0, 5.0, Unit.KG),
}


class PlateSteps(NamedTuple):
    """The smallest increase of a barbell's total, in each unit: the lightest pair of plates
    on hand (2 × 1.25 kg, 2 × 2.5 lb by default). Configurable: a gym with 0.5 kg
    micro-plates loads 1 kg steps (`FITCOACH_PLATE_STEP_KG`, `FITCOACH_PLATE_STEP_LB`).
    Dumbbell racks and machine stacks keep their own steps."""

    kg: float = 2.5
    lb: float = 5.0

    def of(self, unit: Unit) -> float:
        return self.kg if unit is Unit.KG else self.lb


DEFAULT_PLATES = PlateSteps()


def load_grid(kind: LoadKind, unit: Unit, plates: PlateSteps = DEFAULT_PLATES
              ) -> LoadGrid | None:
    """None for bodyweight work: it progresses by reps, not by load."""
    grid = _GRIDS.get((kind, unit))
    if grid is not None and kind is LoadKind.BARBELL:
        return grid._replace(step=plates.of(unit))
    return grid


def load_step(kind: LoadKind, unit: Unit, plates: PlateSteps = DEFAULT_PLATES
              ) -> float | None:
    """The smallest sensible load increase, in the user's unit (None: add reps instead)."""
    grid = load_grid(kind, unit, plates)
    return grid.step if grid else None


class Rounding(StrEnum):
    NEAREST = "nearest"
    DOWN = "down"
    UP = "up"


def _grid_position(weight_lbs: float, grid: LoadGrid) -> float:
    """How many steps above the grid's minimum a load sits, snapped when float noise is all
    that keeps it off a grid point."""
    position = (to_unit(weight_lbs, grid.unit) - grid.minimum) / grid.step
    nearest = round(position)
    return float(nearest) if abs(position - nearest) < _GRID_TOLERANCE else position


def _grid_lbs(index: int, grid: LoadGrid) -> float:
    return to_lbs(grid.minimum + index * grid.step, grid.unit)


def round_to_loadable(
    weight_lbs: float, kind: LoadKind, unit: Unit, rounding: Rounding = Rounding.NEAREST,
    plates: PlateSteps = DEFAULT_PLATES,
) -> float:
    """The loadable weight (in pounds) nearest to, at most, or at least `weight_lbs`, chosen
    on the user's own grid. Nothing is lighter than the grid's minimum, so a lighter request
    gets the minimum. Bodyweight loads (added weight) are returned unchanged."""
    grid = load_grid(kind, unit, plates)
    if grid is None:
        return weight_lbs
    position = _grid_position(weight_lbs, grid)
    if rounding is Rounding.DOWN:
        index = math.floor(position)
    elif rounding is Rounding.UP:
        index = math.ceil(position)
    else:
        index = math.floor(position + 0.5)
    return _grid_lbs(max(index, 0), grid)


def next_load_up(weight_lbs: float, kind: LoadKind, unit: Unit,
                 plates: PlateSteps = DEFAULT_PLATES) -> float | None:
    """The lightest loadable weight strictly heavier than `weight_lbs` (None for bodyweight).

    From a load on the grid that is exactly one step; from an odd load (a 47.5 lb dumbbell, or
    a pound load seen on a kg grid) it is the next grid point."""
    grid = load_grid(kind, unit, plates)
    if grid is None:
        return None
    position = _grid_position(weight_lbs, grid)
    return _grid_lbs(max(math.floor(position) + 1, 0), grid)


def next_load_down(weight_lbs: float, kind: LoadKind, unit: Unit,
                   plates: PlateSteps = DEFAULT_PLATES) -> float | None:
    """The heaviest loadable weight strictly lighter than `weight_lbs`; None when nothing
    loadable is lighter (already at the minimum, or bodyweight)."""
    grid = load_grid(kind, unit, plates)
    if grid is None:
        return None
    index = math.ceil(_grid_position(weight_lbs, grid)) - 1
    return _grid_lbs(index, grid) if index >= 0 else None


# Some loads reach the rules rounded to 0.1 lb (a memory's heaviest dumbbell, older logs):
# 22 kg kept as 48.5 lb is still the 22 kg dumbbell, not a load to put on the grid.
STORED_PRECISION_LBS = 0.05 + _GRID_TOLERANCE


def typed_in(weight_lbs: float, unit: Unit) -> bool:
    """Whether a stored load is a value of the user's unit to 0.1 (22.5 kg, 47.5 lb), as
    typed, and not a conversion from the other unit (50 lb is 22.6796 kg)."""
    tenths: float = to_unit(weight_lbs, unit) * 10.0 ** DISPLAY_DECIMALS
    return abs(tenths - round(tenths)) < _GRID_TOLERANCE * 10


def usable_load(weight_lbs: float, kind: LoadKind, unit: Unit,
                plates: PlateSteps = DEFAULT_PLATES, rounding: Rounding = Rounding.NEAREST
                ) -> float:
    """A load as the user can put it on: as stored when it is a value of their unit (what
    they typed and own), else the nearest loadable one on their own grid (`rounding`), so a
    kg user is never told to lift 22.68 kg."""
    if typed_in(weight_lbs, unit) or load_grid(kind, unit, plates) is None:
        return weight_lbs
    nearest = round_to_loadable(weight_lbs, kind, unit, Rounding.NEAREST, plates)
    if abs(nearest - weight_lbs) <= STORED_PRECISION_LBS:
        return weight_lbs  # a grid point, kept to 0.1 lb somewhere (22 kg as 48.5 lb)
    return round_to_loadable(weight_lbs, kind, unit, rounding, plates)
