"""Protect muscles before an event: spare them in the lead-up, keep the event days free.

The event is added to the profile for this edit, so the conditions rules themselves decide
what the lead-up days may hold and the validator judges the result against it. Event days
become rest days, or bodyweight-only sessions when the user is travelling, or, for a busy
stretch (`busy_minutes`), the same sessions fitted into that many minutes. A lead-up day
that loses most of its work is rebuilt around the focus that trains most without the
protected parts.
"""

from __future__ import annotations

import datetime as dt

from fitcoach.catalog.vocabulary import WEEKDAYS, Weekday
from fitcoach.programming.edits.context import EditContext
from fitcoach.programming.edits.operations import ProtectForEvent, ShortenDay
from fitcoach.programming.edits.ops.avoid import change_texts, rework_days
from fitcoach.programming.edits.ops.shorten import shorten_day
from fitcoach.programming.edits.result import EditRejected, RejectCode
from fitcoach.programming.edits.rework import build_focus_day
from fitcoach.programming.focus import Focus
from fitcoach.programming.generator.options import OptionPool
from fitcoach.programming.generator.site import Blocks
from fitcoach.programming.plan import DayPlan
from fitcoach.programming.profile import Profile, UpcomingEvent
from fitcoach.programming.rules.conditions import EVENT_LEAD_UP_DAYS
from fitcoach.programming.text import phrases as tx

# A lead-up day keeping less than this share of its sets is rebuilt around another focus.
GUTTED_SHARE = 0.5
REFOCUS_OPTIONS = (Focus.LOWER, Focus.ARMS, Focus.FULL_BODY, Focus.UPPER)


def event_of(op: ProtectForEvent) -> UpcomingEvent:
    if op.end is not None and op.end < op.start:
        raise EditRejected(RejectCode.BAD_REQUEST, f"{op.name} cannot end before it starts")
    return UpcomingEvent(name=op.name, start=op.start, end=op.end or op.start,
                         protect=op.protect, travel=op.travel, busy_minutes=op.busy_minutes)


def profile_with_event(profile: Profile, op: ProtectForEvent) -> Profile:
    event = event_of(op)
    if event in profile.events:
        return profile
    return profile.model_copy(update={"events": (*profile.events, event)})


def _direct_sets(day: DayPlan) -> int:
    return sum(planned.target_sets for planned in day.exercises)


def refocus_if_gutted(ctx: EditContext, weekday: Weekday, original: DayPlan) -> str | None:
    """A lead-up day that lost most of its work gets the focus that trains the most without
    the protected parts (a pressing day before a golf weekend becomes a leg day)."""
    if not original.is_training_day:
        return None
    kept = _direct_sets(ctx.day(weekday))
    if kept >= GUTTED_SHARE * _direct_sets(original):
        return None
    best: tuple[int, Focus, Blocks] | None = None
    for focus in REFOCUS_OPTIONS:
        blocks = build_focus_day(ctx, weekday, focus)
        sets = sum(item.sets for block in blocks for item in block)
        if sets > kept and (best is None or sets > best[0]):
            best = (sets, focus, blocks)
    if best is None:
        return None
    _, focus, blocks = best
    name = tx.focus(ctx.language, focus)
    ctx.put({weekday: ctx.finish(weekday, blocks, title=name)})
    return tx.say(ctx.language, "diff.focus", day=tx.weekday(ctx.language, weekday), focus=name)


def within_reach(event: UpcomingEvent, week_start: dt.date) -> bool:
    """Whether the week starting `week_start` holds a day of the event or, when it protects
    something, a day of its lead-up: the only days protecting for it can change."""
    lead_up = dt.timedelta(days=EVENT_LEAD_UP_DAYS if event.protect else 0)
    return event.start - lead_up <= week_start + dt.timedelta(days=6) and \
        event.end >= week_start


def shorten_busy_days(ctx: EditContext, days: list[Weekday], minutes: int) -> list[str]:
    """A busy stretch keeps its sessions, each fitted into `minutes` (one that cannot fit
    even with a set of its main lift stays as it was)."""
    parts: list[str] = []
    for day in days:
        plan = ctx.day(day)
        if not plan.is_training_day or day in ctx.settled or plan.duration_minutes <= minutes:
            continue
        try:
            parts.append(shorten_day(ctx, ShortenDay(day=day, minutes=minutes)))
        except EditRejected:
            continue
    return parts


def protect_for_event(ctx: EditContext, op: ProtectForEvent) -> str:
    event = event_of(op)
    week_start = ctx.plan.week_start_date
    if not within_reach(event, week_start):
        when = event.start.isoformat() + (f" to {event.end.isoformat()}"
                                          if event.end != event.start else "")
        raise EditRejected(RejectCode.OUTSIDE_WEEK,
                           f"{event.name} ({when}) is outside the plan's week "
                           f"({week_start.isoformat()} to "
                           f"{(week_start + dt.timedelta(days=6)).isoformat()}): "
                           "there is no day of this week to change for it")
    ctx.pool = OptionPool(ctx.profile)  # the profile already carries the event
    lead_up = [d for d in WEEKDAYS if event.in_lead_up(ctx.date(d), EVENT_LEAD_UP_DAYS)]
    event_days = [d for d in WEEKDAYS if event.covers(ctx.date(d))]
    parts: list[str] = []
    if event_days:
        weekday = tx.weekday(ctx.language, event_days[0])
        if event.busy_minutes is not None:
            parts += shorten_busy_days(ctx, event_days, event.busy_minutes)
        elif event.travel:
            changes = rework_days(ctx, event_days, ctx.pool)
            parts += [tx.say(ctx.language, "diff.event_bodyweight", day=weekday)]
            parts += change_texts(ctx.language, changes)
        else:
            note = tx.say(ctx.language, "note.event", event=event.name)
            cleared = [d for d in event_days
                       if ctx.day(d).is_training_day and d not in ctx.settled]
            ctx.put({d: ctx.rest(d, note) for d in cleared})
            if cleared:
                parts.append(tx.say(ctx.language, "diff.event_free", day=weekday))
    changes = []
    for day in lead_up:
        original = ctx.day(day)
        day_changes = rework_days(ctx, [day], ctx.pool)
        if (refocused := refocus_if_gutted(ctx, day, original)) is not None:
            parts.append(refocused)
        else:
            changes += day_changes
    names = tx.body_parts(ctx.language, event.protect)
    when = tx.weekday(ctx.language, WEEKDAYS[event.start.weekday()])
    head = tx.say(ctx.language, "diff.protected", parts=names, event=event.name, day=when)
    if not changes and not parts:
        if event.busy_minutes is not None and event_days:
            return tx.say(ctx.language, "diff.no_change", reason=tx.say(
                ctx.language, "reason.already_short",
                day=tx.weekday(ctx.language, event_days[0]), minutes=event.busy_minutes))
        if not event.protect and event_days:
            # Nothing to keep fresh, and the event's day is already free.
            return tx.say(ctx.language, "diff.no_change", reason=tx.say(
                ctx.language, "reason.already_rest",
                day=tx.weekday(ctx.language, event_days[0])))
        return tx.say(ctx.language, "diff.no_change", reason=tx.say(
            ctx.language, "reason.nothing_to_protect", parts=names, event=event.name))
    # An event that spares no body part (a wedding) protects nothing: no "Protected before".
    heads = [head] if event.protect else []
    return " • ".join([*heads, *change_texts(ctx.language, changes), *parts])
