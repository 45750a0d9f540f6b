"""The shape a block gives a week: the generator's (or an accepted) week is the block's peak;
a build week holds fewer working sets where the ramp says so, the deload about half.

Only `target_sets` (and, in a deload, `target_rir`) change; exercises, order, rests and
loads stay as the week gave them. Working from the peak downwards is what keeps every week
valid by construction: fewer sets never break the 20-set weekly cap, the 8-set session cap
or the user's minutes, and each build week is made from the one after it, so no exercise
ever has fewer sets in a later build week than in an earlier one.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import Exercise
from fitcoach.catalog.vocabulary import MuscleGroup, Weekday
from fitcoach.programming import metrics
from fitcoach.programming.blocks.ramp import build_weeks, week_target
from fitcoach.programming.plan import (
    Block,
    BlockPhase,
    DayPlan,
    PlannedExercise,
    TrainingBlock,
    WeeklyPlan,
)
from fitcoach.programming.rules.landmarks import RIR_MAX, WEEKLY_SETS_MAX

# An exercise keeps at least two working sets in a build week (fewer is not worth its
# setup); one it was planned with fewer keeps what it had.
BUILD_MIN_SETS = 2
# The deload keeps 50-60% of the build week's working sets (a cut of 40-50%), 55% aimed at.
DELOAD_KEEP = 0.55
DELOAD_KEEP_MIN = 0.5
DELOAD_KEEP_MAX = 0.6
# No group gets more than 60% of the weekly cap in a deload week.
DELOAD_GROUP_MAX = round(WEEKLY_SETS_MAX * DELOAD_KEEP_MAX)
# A deload leaves two more reps in reserve (the seed's 1-3 becomes 3-5); an exercise with no
# stated effort gets the seed's top (3) plus one.
DELOAD_EXTRA_RIR = 2
DELOAD_RIR_MIN = 3
DELOAD_RIR_MAX = 5
DELOAD_UNSTATED_RIR = RIR_MAX + 1
# A group is brought down only while it is at least this many sets over its week's target.
WHOLE_SET = 1.0 - 1e-9
# Bringing one group down may take a co-trained group at most this far under its own target.
SHARED_SLACK = 0.5

Slot = tuple[Weekday, int, int]  # (day, block position, exercise position)


def shape_week(peak: WeeklyPlan, block: TrainingBlock,
               priority: Iterable[MuscleGroup] = ()) -> WeeklyPlan:
    """`peak` as week `block.week_index` of its block, carrying `block`."""
    priority = frozenset(priority)
    sets = _peak_sets(peak)
    builds = build_weeks(block)
    if block.phase is BlockPhase.DELOAD:
        shaped = _deload_sets(sets, _slotted(peak, sets))
    else:
        shaped = build_sets(peak, sets, min(block.week_index, builds), builds, priority)
    return _with_sets(peak, shaped, deload=block.phase is BlockPhase.DELOAD).model_copy(
        update={"block": block})


def _peak_sets(plan: WeeklyPlan) -> dict[Slot, int]:
    return {(weekday, b, e): planned.target_sets
            for weekday, day in plan.days.items() if day.is_training_day
            for b, blk in enumerate(day.blocks) for e, planned in enumerate(blk.exercises)}


@dataclass(frozen=True, slots=True)
class _Slotted:
    """A planned exercise's catalog entry and set credits, looked up once per shaping."""

    exercise: Exercise | None  # None for an unknown slug: the validator's to report
    credits: dict[MuscleGroup, float]


def _slotted(plan: WeeklyPlan, sets: dict[Slot, int]) -> dict[Slot, _Slotted]:
    found = {}
    for slot in sets:
        weekday, b, e = slot
        exercise = CATALOG.find(plan.days[weekday].blocks[b].exercises[e].exercise_id)
        credits: dict[MuscleGroup, float] = {}
        if exercise is not None:
            credits = dict.fromkeys(exercise.secondary_groups, metrics.SECONDARY_SET_CREDIT)
            credits.update(dict.fromkeys(exercise.primary_groups, 1.0))
        found[slot] = _Slotted(exercise, credits)
    return found


def _totals(slotted: dict[Slot, _Slotted], sets: dict[Slot, int]) -> dict[MuscleGroup, float]:
    totals: dict[MuscleGroup, float] = defaultdict(float)
    for slot, count in sets.items():
        for group, credit in slotted[slot].credits.items():
            totals[group] += credit * count
    return totals


def build_sets(peak: WeeklyPlan, sets: dict[Slot, int], week_index: int, builds: int,
               priority: frozenset[MuscleGroup]) -> dict[Slot, int]:
    """The working sets of build week `week_index`: the last build week is the peak; each
    earlier week is the week after it, brought down to its own targets."""
    slotted = _slotted(peak, sets)
    peak_totals = _totals(slotted, sets)
    current = dict(sets)
    for week in range(builds - 1, week_index - 1, -1):
        targets = {g: week_target(total, week, builds, g in priority)
                   for g, total in peak_totals.items()}
        current = _reduce_to(slotted, current, targets)
    return current


def _reduce_to(slotted: dict[Slot, _Slotted], sets: dict[Slot, int],
               targets: dict[MuscleGroup, float]) -> dict[Slot, int]:
    """Take working sets away, one at a time, from the exercises that train a group directly
    while the group is a whole set or more over its target: the exercise with the most sets
    first, an accessory before a compound, the later one in the week first."""
    sets = dict(sets)
    totals = _totals(slotted, sets)
    floors = {slot: min(count, BUILD_MIN_SETS) for slot, count in sets.items()}
    order = {slot: i for i, slot in enumerate(sets)}
    for group in sorted(targets, key=lambda g: g.value):
        direct = [slot for slot in sets if (ex := slotted[slot].exercise) is not None
                  and group in ex.primary_groups]
        while totals[group] - targets[group] >= WHOLE_SET:
            candidates = []
            for slot in direct:
                exercise = slotted[slot].exercise
                if exercise is None or sets[slot] <= floors[slot]:
                    continue
                others = [h for h in exercise.primary_groups if h is not group]
                if all(totals[h] - 1 >= targets.get(h, 0.0) - SHARED_SLACK for h in others):
                    candidates.append((sets[slot], exercise.priority, order[slot], slot))
            if not candidates:
                break
            slot = max(candidates)[3]
            sets[slot] -= 1
            for g, credit in slotted[slot].credits.items():
                totals[g] -= credit
    return sets


def deload_target(total: int) -> int:
    """The deload week's working sets for a build week of `total`: 55%, kept within 50-60%
    (a week too small for that band keeps the half, rounded up)."""
    low, high = math.ceil(total * DELOAD_KEEP_MIN), math.floor(total * DELOAD_KEEP_MAX)
    if low > high:
        return low
    return min(high, max(low, round(total * DELOAD_KEEP)))


def _deload_sets(sets: dict[Slot, int], slotted: dict[Slot, _Slotted]) -> dict[Slot, int]:
    """Half of every exercise's sets (at least one), then single sets given back, the
    exercises that lost most first, until the week holds its deload target; a set is not
    given back if it would take a group past the deload's DELOAD_GROUP_MAX."""
    target = deload_target(sum(sets.values()))
    kept = {slot: max(1, count // 2) for slot, count in sets.items()}
    totals = _totals(slotted, kept)
    order = sorted(sets, key=lambda slot: (kept[slot] - sets[slot] / 2, -sets[slot]))
    for slot in order:
        if sum(kept.values()) >= target:
            break
        credits = slotted[slot].credits
        if kept[slot] < sets[slot] and all(totals[g] + c <= DELOAD_GROUP_MAX
                                           for g, c in credits.items()):
            kept[slot] += 1
            for group, credit in credits.items():
                totals[group] += credit
    return kept


def deload_rir(rir: int | None) -> int:
    if rir is None:
        return DELOAD_UNSTATED_RIR
    return min(DELOAD_RIR_MAX, rir + DELOAD_EXTRA_RIR)


def _with_sets(plan: WeeklyPlan, sets: dict[Slot, int], deload: bool) -> WeeklyPlan:
    days = dict(plan.days)
    for weekday, day in plan.days.items():
        if not day.is_training_day:
            continue
        blocks = []
        for b, blk in enumerate(day.blocks):
            exercises = []
            for e, planned in enumerate(blk.exercises):
                update: dict[str, object] = {"target_sets": sets[(weekday, b, e)]}
                if deload:
                    update["target_rir"] = deload_rir(planned.target_rir)
                exercises.append(planned.model_copy(update=update))
            blocks.append(blk.model_copy(update={"exercises": tuple(exercises)}))
        days[weekday] = retally(day, tuple(blocks))
    return plan.model_copy(update={"days": days, "summary": metrics.week_summary(days)})


def retally(day: DayPlan, blocks: tuple[Block, ...]) -> DayPlan:
    """The day with new set counts in `blocks`, its duration, volume estimate and muscle
    focus recomputed (the week's summary is the caller's to recompute)."""
    planned_all = [p for blk in blocks for p in blk.exercises]
    return day.model_copy(update={
        "blocks": blocks,
        "duration_minutes": metrics.declared_minutes(blocks),
        "estimated_volume_lbs": _scaled_volume(day.estimated_volume_lbs, day.exercises,
                                               planned_all),
        "muscle_focus": metrics.muscle_focus(planned_all),
    })


def _scaled_volume(declared: int, before: Iterable[PlannedExercise],
                   after: Iterable[PlannedExercise]) -> int:
    """The day's volume estimate scaled by how its sets changed: the week's own estimate
    (made with the user's known loads) keeps its basis."""
    was = metrics.estimated_volume_lbs(before)
    now = metrics.estimated_volume_lbs(after)
    return round(declared * now / was) if was else declared
