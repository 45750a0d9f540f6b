"""Move the week's sessions onto other weekdays, keeping their order and focus.

Sessions are re-dated in order (the first session to the first new day, …), or as the
operation's `sessions` map says, every session it does not name staying on its day (one
session moved, or two days swapped, leave the rest of the week alone). A moved session
is then fitted to its new date: exercises the day's conditions rule out are replaced or
dropped, and it is shortened if the new weekday has less time. Recovery conflicts the new
spacing creates are repaired, and any requested day focus applied last. When the number of
days changes, the week is rebuilt for the new schedule instead.
"""

from __future__ import annotations

from fitcoach.catalog.vocabulary import Weekday
from fitcoach.programming import metrics
from fitcoach.programming.edits.context import EditContext
from fitcoach.programming.edits.operations import MoveTrainingDays, SetDayFocus, ShortenDay
from fitcoach.programming.edits.ops.focus import set_day_focus
from fitcoach.programming.edits.ops.shorten import shorten_day
from fitcoach.programming.edits.recovery import repair_recovery
from fitcoach.programming.edits.result import EditRejected, RejectCode
from fitcoach.programming.edits.rework import clear_day
from fitcoach.programming.generator.generate import generate_week
from fitcoach.programming.generator.items import items_of_blocks
from fitcoach.programming.rules.conditions import day_blocked_by_event
from fitcoach.programming.text import phrases as tx


def _checked_days(ctx: EditContext, op: MoveTrainingDays) -> list[Weekday]:
    days = sorted(set(op.training_days), key=lambda day: day.index)
    if not days:
        raise EditRejected(RejectCode.BAD_REQUEST, "moving needs at least one training day")
    if len(days) != len(op.training_days):
        raise EditRejected(RejectCode.BAD_REQUEST, "a training day is listed twice")
    stray = [day for day in op.day_focus if day not in days]
    if stray:
        raise EditRejected(RejectCode.BAD_REQUEST,
                           f"{stray[0].display_name} gets a focus but is not a training day")
    for day in days:
        if event := day_blocked_by_event(ctx.profile, ctx.date(day)):
            raise EditRejected(RejectCode.EVENT_DAY,
                               f"{day.display_name} is the day of {event.name}; keep it free")
    return days


def _mapping(op: MoveTrainingDays, current: list[Weekday],
             days: list[Weekday]) -> dict[Weekday, Weekday]:
    """Each current session's new day."""
    if not op.sessions:
        return dict(zip(current, days, strict=True))
    stray = [day for day in op.sessions if day not in current]
    if stray:
        raise EditRejected(RejectCode.REST_DAY,
                           f"{stray[0].display_name} is a rest day: there is no session to move")
    mapping = {day: op.sessions.get(day, day) for day in current}
    if len(set(mapping.values())) != len(mapping):
        raise EditRejected(RejectCode.BAD_REQUEST, "two sessions would land on the same day")
    if set(mapping.values()) != set(days):
        raise EditRejected(RejectCode.BAD_REQUEST,
                           "the sessions moved as asked do not train on the days given")
    return mapping


def _fit_to_date(ctx: EditContext, day: Weekday) -> None:
    blocks, _ = clear_day(ctx, day, ctx.pool)
    ctx.put({day: ctx.finish(day, blocks, empty_note=tx.say(ctx.language, "note.nothing_fits"))})
    moved = ctx.day(day)
    budget = ctx.profile.minutes_for(day)
    if moved.is_training_day and metrics.session_minutes(moved.blocks) > budget:
        shorten_day(ctx, ShortenDay(day=day, minutes=budget))


def move_training_days(ctx: EditContext, op: MoveTrainingDays) -> str:
    days = _checked_days(ctx, op)
    current = ctx.training_days()
    moved_text = tx.say(ctx.language, "diff.moved", days=tx.day_list(ctx.language, days))
    parts = [moved_text]
    if len(current) != len(days) and not op.sessions:
        profile = ctx.profile.model_copy(update={"training_days": tuple(days),
                                                 "days_per_week": None})
        result = generate_week(profile, ctx.plan.week_start_date, ctx.language, op.day_focus)
        ctx.plan = result.plan
        ctx.notes.append(f"The week was rebuilt for {len(days)} sessions.")
        return moved_text
    mapping = _mapping(op, current, days)
    if any(old is not new for old, new in mapping.items()):
        sessions = {new: ctx.day(old) for old, new in mapping.items() if old is not new}
        ctx.put({day: ctx.rest(day) for day in current if day not in days})
        ctx.put({new: ctx.finish(new, items_of_blocks(session.blocks, ctx.profile.goal),
                                 title=session.title)
                 for new, session in sessions.items()})
        for old, new in mapping.items():
            if old is not new:
                _fit_to_date(ctx, new)
        repairs = repair_recovery(ctx)
        if repairs:
            parts.append(tx.say(ctx.language, "diff.repaired", exercises=tx.exercise_names(
                ctx.language, [change.old for change in repairs])))
    for day, focus in sorted(op.day_focus.items(), key=lambda kv: kv[0].index):
        parts.append(set_day_focus(ctx, SetDayFocus(day=day, focus=focus)))
    return " • ".join(parts)
