"""Keep a body part, a movement pattern or overhead work out of some days.

What counts as loading a body part reuses the conditions rules: its muscles as prime movers
(as for soreness) or high stress on its joints (as for a chronic limit). Each offending
exercise is swapped for the best substitute that avoids it too, else removed; the day is then
topped back up toward its old volume if its time allows.
"""

from __future__ import annotations

import datetime as dt

from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import Exercise
from fitcoach.catalog.vocabulary import AcuteCondition, Weekday
from fitcoach.programming.edits.context import EditContext
from fitcoach.programming.edits.operations import AvoidOnDays
from fitcoach.programming.edits.rework import Change, clear_day, refill
from fitcoach.programming.generator.options import OptionPool
from fitcoach.programming.plan import DayPlan
from fitcoach.programming.profile import AcuteState, ChronicConstraint
from fitcoach.programming.rules.conditions import acute_problem, chronic_problem
from fitcoach.programming.text import phrases as tx


def avoid_reason(op: AvoidOnDays, exercise: Exercise, day: dt.date) -> str | None:
    if op.overhead and exercise.overhead:
        return f"{exercise.name} is overhead work"
    constraint = ChronicConstraint(body_parts=op.body_parts, patterns=op.patterns,
                                   max_joint_stress=1)
    if reason := chronic_problem(exercise, constraint):
        return reason
    until = dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), tzinfo=dt.UTC)
    for part in op.body_parts:
        state = AcuteState(body_part=part, condition=AcuteCondition.SORENESS, since=day,
                           until=until)
        if reason := acute_problem(exercise, state):
            return reason
    return None


def avoided_text(language: str, op: AvoidOnDays) -> str:
    parts = [tx.say(language, f"part.{part.value}") for part in op.body_parts]
    parts += [tx.say(language, f"pattern.{pattern.value}") for pattern in op.patterns]
    if op.overhead:
        parts.append(tx.say(language, "avoid.overhead"))
    return tx.join(language, parts)


def rework_days(ctx: EditContext, days: list[Weekday], pool: OptionPool) -> list[Change]:
    """Clear each day of what the pool rules out, then refill it; the changes made."""
    changes: list[Change] = []
    for day in days:
        original = ctx.day(day)
        if not original.is_training_day or day in ctx.settled:
            continue
        blocks, day_changes = clear_day(ctx, day, pool)
        if not day_changes:
            continue
        changes += day_changes
        empty = tx.say(ctx.language, "note.nothing_fits")
        ctx.put({day: ctx.finish(day, blocks, empty_note=empty)})
        if blocks:
            refilled = refill(ctx, day, blocks, pool, original)
            ctx.put({day: ctx.finish(day, refilled, empty_note=empty)})
        changes += _trims(original, ctx.day(day))
    return changes


def _trims(original: DayPlan, final: DayPlan) -> list[Change]:
    """Exercises the day kept with fewer sets (they made room for a substitute)."""
    sets = {e.exercise_id: e.target_sets for e in final.exercises}
    return [Change(CATALOG.get(e.exercise_id), CATALOG.get(e.exercise_id),
                   trimmed=(e.target_sets, sets[e.exercise_id]))
            for e in original.exercises
            if e.exercise_id in sets and sets[e.exercise_id] < e.target_sets]


def change_texts(language: str, changes: list[Change]) -> list[str]:
    texts = [tx.say(language, "diff.replaced", old=c.old.name, new=c.new.name)
             for c in changes if c.new is not None and c.trimmed is None]
    trimmed = [f"{c.old.name} ({c.trimmed[0]}➔{c.trimmed[1]})"
               for c in changes if c.trimmed is not None]
    if trimmed:
        texts.append(tx.say(language, "diff.trimmed", exercises=", ".join(trimmed)))
    dropped = [c.old for c in changes if c.new is None]
    if dropped:
        texts.append(tx.say(language, "diff.dropped",
                            exercises=tx.exercise_names(language, dropped)))
    return texts


def avoid(ctx: EditContext, op: AvoidOnDays) -> str:
    days = [d for d in (list(op.days) or ctx.training_days()) if d not in ctx.settled]
    dates = {ctx.date(day) for day in days}
    what = avoided_text(ctx.language, op)

    def extra(exercise: Exercise, day: dt.date) -> str | None:
        return avoid_reason(op, exercise, day) if day in dates else None

    changes = rework_days(ctx, days, ctx.pool.with_extra(extra))
    if not changes:
        return tx.say(ctx.language, "diff.no_change",
                      reason=tx.say(ctx.language, "reason.nothing_to_avoid", what=what))
    head = tx.say(ctx.language, "diff.avoided", what=what,
                  days=tx.weekdays(ctx.language, [d for d in days
                                                  if ctx.date(d) in dates]))
    return " • ".join([head, *change_texts(ctx.language, changes)])
