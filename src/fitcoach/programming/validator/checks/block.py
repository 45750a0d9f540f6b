"""The training block a week belongs to (DESIGN D10): a deload week by the deload's rules, a
build week against the ramp's ceiling for its place in the block."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from fitcoach.catalog.vocabulary import MuscleGroup
from fitcoach.programming import metrics
from fitcoach.programming.blocks.ramp import build_ceiling
from fitcoach.programming.blocks.shape import BUILD_MIN_SETS, DELOAD_GROUP_MAX, DELOAD_RIR_MIN
from fitcoach.programming.plan import BlockPhase, TrainingBlock
from fitcoach.programming.validator.view import PlanView
from fitcoach.programming.validator.violations import Code, Violation, error, warning


def check_block(view: PlanView) -> Iterator[Violation]:
    if view.week is None or view.week.block is None:
        return
    block = view.week.block
    totals: dict[MuscleGroup, float] = defaultdict(float)
    for day in view.days:
        known = [item.planned for item in view.resolved(day)]
        for group, sets in metrics.group_sets(known).items():
            totals[group] += sets
    if block.phase is BlockPhase.DELOAD:
        yield from _deload(view, block, totals)
    else:
        yield from _build(view, block, totals)


def _deload(view: PlanView, block: TrainingBlock,
            totals: dict[MuscleGroup, float]) -> Iterator[Violation]:
    """A deload is a deload: no group over 60% of the weekly cap (an error), and every
    stated effort at 3 reps in reserve or more (a warning: an edit may place an exercise
    at its usual effort, which the user can still take easy)."""
    where = f"week {block.week_index} of {block.weeks} is a deload"
    for group in sorted(totals, key=lambda g: g.value):
        if totals[group] > DELOAD_GROUP_MAX:
            yield error(Code.DELOAD_TOO_HARD,
                        f"{totals[group]:g} weekly sets for {group.value}, but {where}: "
                        f"at most {DELOAD_GROUP_MAX} per group")
    for day in view.days:
        for planned in day.exercises:
            rir = planned.target_rir
            if rir is not None and rir < DELOAD_RIR_MIN:
                yield warning(Code.DELOAD_EFFORT,
                              f"{planned.name} prescribes {rir} RIR, but {where}: "
                              f"{DELOAD_RIR_MIN} or more", day.weekday, planned.exercise_id)


def _build(view: PlanView, block: TrainingBlock,
           totals: dict[MuscleGroup, float]) -> Iterator[Violation]:
    """A build week early in its block holds no more than the ramp allows there, even for a
    group whose peak is the 20-set cap. Only a group whose direct work could come down is
    judged (an exercise over two sets: a group at two sets an exercise is over only through
    other groups' lifts, which the ramp does not cut). A warning: a week the user accepted
    stays as accepted."""
    profile = view.profile
    reducible = {group for day in view.days for item in view.resolved(day)
                 if item.planned.target_sets > BUILD_MIN_SETS
                 for group in item.exercise.primary_groups}
    for group in sorted(reducible, key=lambda g: g.value):
        # Without a profile every group is judged by the priority ramp, the more lenient one.
        priority = profile is None or group in profile.priority_groups
        ceiling = build_ceiling(block, priority)
        if totals[group] > ceiling + 1:
            yield warning(Code.BLOCK_RAMP_AHEAD,
                          f"{totals[group]:g} weekly sets for {group.value} in build week "
                          f"{block.week_index} of {block.weeks}; the block ramps up to about "
                          f"{ceiling:.0f} by then")
