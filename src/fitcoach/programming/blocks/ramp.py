"""How weekly volume rises across a block's build weeks.

Each trained group starts a block near the bottom of the seed's 10-20 weekly landmark
(`START_SETS`, two more for a priority group) and rises in even steps to the volume the
generator's week gives it, which is the block's peak: the generator already keeps every
group at or under 20 weekly sets, under 8 per session and inside the user's minutes, so
every build week, holding no more sets than the peak, keeps them too. Priority groups reach
their peak one week before the others ("priority groups first").
"""

from __future__ import annotations

from fitcoach.programming.plan import TrainingBlock
from fitcoach.programming.rules.landmarks import WEEKLY_SETS_MAX, WEEKLY_SETS_MIN

DEFAULT_WEEKS = 5  # four build weeks and a deload
START_SETS = float(WEEKLY_SETS_MIN)
PRIORITY_START_EXTRA = 2.0


def build_weeks(block: TrainingBlock) -> int:
    """Build weeks in the block: all but the closing deload."""
    return block.weeks - 1


def ramp_fraction(week_index: int, builds: int, priority: bool) -> float:
    """How far from the start to the peak week `week_index` (1-based) has come: 0 in the
    first week, 1 in the last build week; a priority group one week earlier."""
    span = builds - 2 if priority and builds > 2 else builds - 1
    if span <= 0:
        return 1.0
    return min(1.0, (min(week_index, builds) - 1) / span)


def start_sets(peak: float, priority: bool) -> float:
    start = START_SETS + (PRIORITY_START_EXTRA if priority else 0.0)
    return min(peak, start)


def week_target(peak: float, week_index: int, builds: int, priority: bool) -> float:
    """A group's weekly hard sets in build week `week_index`, given its peak."""
    start = start_sets(peak, priority)
    return start + (peak - start) * ramp_fraction(week_index, builds, priority)


def build_ceiling(block: TrainingBlock, priority: bool) -> float:
    """The most weekly sets a group may have in this build week, whatever the peak: the
    ramp's value for a peak at the 20-set cap. The validator judges build weeks by it."""
    return week_target(float(WEEKLY_SETS_MAX), block.week_index, build_weeks(block), priority)
