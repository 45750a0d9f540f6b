"""Training blocks (mesocycles, DESIGN D10): where a week sits in its block, and the shape a
block gives the generator's week (volume rising over the build weeks, then a deload)."""

from fitcoach.programming.blocks.calendar import advance, first_week, next_week
from fitcoach.programming.blocks.ramp import (
    DEFAULT_WEEKS,
    build_ceiling,
    build_weeks,
)
from fitcoach.programming.blocks.shape import shape_week

__all__ = [
    "DEFAULT_WEEKS", "advance", "build_ceiling", "build_weeks", "first_week", "next_week",
    "shape_week",
]
