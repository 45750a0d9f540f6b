"""Block operations: start a new training block this week; more or less volume for a group.

Both work on the plan's own set counts and the engine's measuring sticks (`metrics`), so they
compose with whatever the generator produced; the validator guards the result as for any
edit. Days already done or past are left as they are.
"""

from __future__ import annotations

from collections import defaultdict

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import MuscleGroup, Weekday
from fitcoach.programming import metrics
from fitcoach.programming.blocks import first_week, shape_week
from fitcoach.programming.blocks.shape import BUILD_MIN_SETS, retally
from fitcoach.programming.edits.context import EditContext
from fitcoach.programming.edits.operations import GroupVolume, StartBlock
from fitcoach.programming.edits.result import EditRejected, RejectCode
from fitcoach.programming.plan import BlockPhase, DayPlan, PlannedExercise
from fitcoach.programming.rules.landmarks import SESSION_SETS_MAX, WEEKLY_SETS_MAX
from fitcoach.programming.text import phrases as tx

# More volume goes to an exercise up to five working sets (past that, a second exercise for
# the group is the better use of the time, and that is an `add_exercise`).
EXERCISE_SETS_MAX = 5
EPSILON = 1e-9

Slot = tuple[Weekday, int, int]


def _total(ctx: EditContext) -> int:
    return sum(e.target_sets for day in ctx.plan.days.values() for e in day.exercises)


def start_block(ctx: EditContext, op: StartBlock) -> str:
    """This week becomes week 1 of a new block: the plan brought down to the ramp's start.
    A deload week is refused: it is already the block's lightest, and the new block starts
    on its own the Monday after."""
    current = ctx.plan.block
    if current is not None and current.phase is BlockPhase.DELOAD:
        raise EditRejected(RejectCode.BAD_REQUEST,
                           "this week is the block's deload; a new block starts next Monday")
    block = first_week(ctx.week_start, op.weeks)
    before = _total(ctx)
    shaped = shape_week(ctx.plan, block, ctx.profile.priority_groups)
    ctx.put({d: shaped.days[d] for d in ctx.training_days()
             if d not in ctx.settled and shaped.days[d] != ctx.plan.days[d]})
    ctx.plan = ctx.plan.model_copy(update={"block": block})
    return tx.say(ctx.language, "diff.block_new", weeks=op.weeks, before=before,
                  after=_total(ctx))


def group_volume(ctx: EditContext, op: GroupVolume) -> str:
    """Add (or take away) `op.sets` working sets, one at a time, on the exercises that train
    the group directly: more goes to the one with the fewest sets where the session and
    weekly caps and the day's minutes still hold; less comes from the one with the most
    (never under two)."""
    group = op.group
    days = [d for d in ctx.training_days() if d not in ctx.settled]
    slots = [(d, b, e) for d in days for b, blk in enumerate(ctx.day(d).blocks)
             for e, planned in enumerate(blk.exercises)
             if group in CATALOG.get(planned.exercise_id).primary_groups]
    name = tx.group(ctx.language, group)
    if not slots:
        raise EditRejected(RejectCode.NOTHING_FITS,
                           f"no session left this week trains {group.value} directly")
    sets = {slot: _planned(ctx, slot).target_sets for slot in slots}
    moved = 0
    for _ in range(op.sets):
        slot = _more(ctx, sets) if op.more else _less(sets)
        if slot is None:
            break
        sets[slot] += 1 if op.more else -1
        moved += 1
    if not moved:
        why = ("the caps and the time available leave no room"
               if op.more else "every exercise for it is down to two sets")
        raise EditRejected(RejectCode.NO_ROOM, f"{group.value} cannot change: {why}")
    before = _week_sets(ctx, group)
    ctx.put({d: _day_with(ctx, d, sets) for d in {slot[0] for slot in slots}})
    key = "diff.group_more" if op.more else "diff.group_less"
    return tx.say(ctx.language, key, group=name, before=f"{before:g}",
                  after=f"{_week_sets(ctx, group):g}")


def _planned(ctx: EditContext, slot: Slot) -> PlannedExercise:
    weekday, b, e = slot
    return ctx.day(weekday).blocks[b].exercises[e]


def _week_sets(ctx: EditContext, group: MuscleGroup) -> float:
    return metrics.group_sets(e for day in ctx.plan.days.values()
                              for e in day.exercises).get(group, 0.0)


def _day_with(ctx: EditContext, weekday: Weekday, sets: dict[Slot, int]) -> DayPlan:
    day = ctx.day(weekday)
    blocks = tuple(
        blk.model_copy(update={"exercises": tuple(
            planned.model_copy(update={"target_sets": sets.get((weekday, b, e),
                                                                planned.target_sets)})
            for e, planned in enumerate(blk.exercises))})
        for b, blk in enumerate(day.blocks))
    return retally(day, blocks)


def _totals(ctx: EditContext, sets: dict[Slot, int]
            ) -> tuple[dict[MuscleGroup, float], dict[Weekday, dict[MuscleGroup, float]]]:
    week: dict[MuscleGroup, float] = defaultdict(float)
    by_day: dict[Weekday, dict[MuscleGroup, float]] = {}
    for weekday, day in ctx.plan.days.items():
        exercises = _day_with(ctx, weekday, sets).exercises if day.is_training_day else ()
        by_day[weekday] = metrics.group_sets(exercises)
        for g, n in by_day[weekday].items():
            week[g] += n
    return week, by_day


def _more(ctx: EditContext, sets: dict[Slot, int]) -> Slot | None:
    week, by_day = _totals(ctx, sets)
    for slot in sorted(sets, key=lambda s: (sets[s], s[0].index, s[1], s[2])):
        if sets[slot] >= EXERCISE_SETS_MAX:
            continue
        exercise = CATALOG.get(_planned(ctx, slot).exercise_id)
        credit = dict.fromkeys(exercise.secondary_groups, metrics.SECONDARY_SET_CREDIT)
        credit.update(dict.fromkeys(exercise.primary_groups, 1.0))
        if any(by_day[slot[0]].get(g, 0.0) + c > SESSION_SETS_MAX + EPSILON
               or week.get(g, 0.0) + c > WEEKLY_SETS_MAX + EPSILON for g, c in credit.items()):
            continue
        trial = {**sets, slot: sets[slot] + 1}
        minutes = metrics.session_minutes(_day_with(ctx, slot[0], trial).blocks)
        if minutes > ctx.profile.minutes_for(slot[0]):
            continue
        return slot
    return None


def _less(sets: dict[Slot, int]) -> Slot | None:
    ready = [slot for slot in sets if sets[slot] > BUILD_MIN_SETS]
    if not ready:
        return None
    return max(ready, key=lambda s: (sets[s], s[0].index, s[1], s[2]))
