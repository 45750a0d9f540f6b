"""Which session a new acute state changes, and how (DESIGN D9).

One decision, made here for every brain: the embedded brain reads it to word its reply, and
an LLM brain that emits `relieve_acute` gets the very same change from `apply_edits`. The
rule: the session that gives way is the first one not yet done or past (today's included)
that loads the sore area before the state fades; when the user names the day (or is looking
at it), that day. Tired all over, or asking for a lighter day, the session also gets lighter.
The other open sessions that load the area before it fades are reported, not changed (the
seed changes one session for an acute state), so a reply can offer them.

"Loads the area" is the conditions rules' own measure for the state (`acute_problem`), plus
any pattern or overhead work the user asked to keep out.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum

from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import (
    ACUTE_TTL,
    BODY_PART_MUSCLES,
    WEEKDAYS,
    AcuteCondition,
    BodyPart,
    Weekday,
)
from fitcoach.programming.calendar import settled_days
from fitcoach.programming.edits.operations import (
    AvoidOnDays,
    Deload,
    EditOperation,
    RelieveAcute,
)
from fitcoach.programming.edits.ops.avoid import avoid_reason
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.programming.profile import AcuteState
from fitcoach.programming.rules.conditions import acute_problem


class ReliefOutcome(StrEnum):
    """What the engine does for the state (a brain words each in the user's language)."""

    KEEP_OUT = "keep_out"  # the chosen session keeps the area out
    KEEP_OUT_LIGHTER = "keep_out_lighter"  # tired all over: heavy lifts out, the rest lighter
    LIGHTER = "lighter"  # nothing to keep out, but the session gets lighter
    DAY_SPARED = "day_spared"  # the day named leaves the area alone; other sessions load it
    NOTHING_LOADS = "nothing_loads"  # no open session loads it before the state fades


@dataclass(frozen=True, slots=True)
class Relief:
    """The engine's choice for a new acute state, and why."""

    outcome: ReliefOutcome
    parts: tuple[BodyPart, ...]
    until: dt.date  # the state's last date
    day: Weekday | None = None  # the session that changes (None: none does)
    # The other open sessions before the state fades that load the area too: offered, not
    # changed (none when tired all over: that touches every session).
    also: tuple[Weekday, ...] = ()


def effective_condition(part: BodyPart, condition: AcuteCondition) -> AcuteCondition:
    """A sore joint (elbow, knee, wrist…) is a joint complaint, which the seed counts as a
    minor tweak: joints have no muscles for "soreness" to spare, so soreness would protect
    nothing."""
    if condition is AcuteCondition.SORENESS and part is not BodyPart.WHOLE_BODY \
            and not BODY_PART_MUSCLES[part]:
        return AcuteCondition.MINOR_STRAIN
    return condition


def default_until(op: RelieveAcute, today: dt.date) -> dt.date:
    """The state's last date: the one given, else the longest of its conditions' lives."""
    if op.until is not None:
        return op.until
    longest = max(ACUTE_TTL[effective_condition(a.body_part, a.condition)] for a in op.areas)
    return today + dt.timedelta(days=longest.days)


def states_of(op: RelieveAcute, today: dt.date) -> tuple[AcuteState, ...]:
    """The states as the engine judges exercises by them: from today through `until`."""
    until = default_until(op, today)
    end = dt.datetime.combine(until + dt.timedelta(days=1), dt.time(), tzinfo=dt.UTC)
    return tuple(AcuteState(body_part=a.body_part,
                            condition=effective_condition(a.body_part, a.condition),
                            since=today, until=end) for a in op.areas)


def is_fatigue(states: tuple[AcuteState, ...]) -> bool:
    return any(s.condition is AcuteCondition.FATIGUE or s.body_part is BodyPart.WHOLE_BODY
               for s in states)


def loads_area(plan: WeeklyPlan, weekday: Weekday, states: tuple[AcuteState, ...],
               op: RelieveAcute, until: dt.date) -> bool:
    """Whether the session holds work the states (or the patterns and overhead work kept
    out with them) rule out, on a date before they fade."""
    day = plan.days[weekday]
    if not day.is_training_day or day.date > until:
        return False
    probe = AvoidOnDays(patterns=op.patterns, overhead=op.overhead)
    for planned in day.exercises:
        exercise = CATALOG.get(planned.exercise_id)
        if any(s.affects(day.date) and acute_problem(exercise, s) for s in states):
            return True
        if (op.patterns or op.overhead) and avoid_reason(probe, exercise, day.date):
            return True
    return False


def _today(plan: WeeklyPlan, today: dt.date | None) -> dt.date:
    return today if today is not None else plan.week_start_date


def open_days(plan: WeeklyPlan, today: dt.date | None) -> tuple[Weekday, ...]:
    """The week's days an edit may still change: not done, not before today."""
    settled = settled_days(plan, today)
    return tuple(d for d in WEEKDAYS if d not in settled)


def choose_relief(plan: WeeklyPlan, op: RelieveAcute, today: dt.date | None) -> Relief:
    """The session a new acute state changes and how; pure, deterministic."""
    start = _today(plan, today)
    states = states_of(op, start)
    until = default_until(op, start)
    parts = tuple(dict.fromkeys(a.body_part for a in op.areas))
    tired = is_fatigue(states)
    lighter = tired or op.lighter
    # The sessions the engine may choose from: open ones, from the day pointed to if any.
    open_ = tuple(d for d in open_days(plan, today)
                  if op.start is None or d.index >= op.start.index)
    loading = tuple(d for d in open_ if loads_area(plan, d, states, op, until))

    def also(day: Weekday | None) -> tuple[Weekday, ...]:
        return () if tired else tuple(d for d in loading if d is not day)

    def trains(day: Weekday) -> bool:
        return plan.days[day].is_training_day and plan.days[day].date <= until

    if op.day is not None:
        # The day named: changed when it loads the area (a day already done or past is then
        # refused by `apply_edits`, and the brain says so), else lighter if asked for.
        if loads_area(plan, op.day, states, op, until):
            outcome = ReliefOutcome.KEEP_OUT_LIGHTER if tired else ReliefOutcome.KEEP_OUT
            return Relief(outcome, parts, until, op.day, also(op.day))
        if lighter and trains(op.day):
            return Relief(ReliefOutcome.LIGHTER, parts, until, op.day)
        others = also(op.day)
        if others:
            # "Nothing loads it" would be untrue: the sessions that do are named instead.
            return Relief(ReliefOutcome.DAY_SPARED, parts, until, None, others)
        return Relief(ReliefOutcome.NOTHING_LOADS, parts, until)
    if loading:
        day = loading[0]
        outcome = ReliefOutcome.KEEP_OUT_LIGHTER if tired else ReliefOutcome.KEEP_OUT
        return Relief(outcome, parts, until, day, also(day))
    if lighter:
        day_ = next((d for d in open_ if trains(d)), None)
        if day_ is not None:
            return Relief(ReliefOutcome.LIGHTER, parts, until, day_)
    return Relief(ReliefOutcome.NOTHING_LOADS, parts, until)


def relief_operations(op: RelieveAcute, relief: Relief) -> tuple[EditOperation, ...]:
    """The plain operations that carry the choice out (none when nothing changes)."""
    if relief.day is None:
        return ()
    lighter: tuple[EditOperation, ...] = (Deload(day=relief.day),)
    if relief.outcome is ReliefOutcome.LIGHTER:
        return lighter
    avoid = AvoidOnDays(days=(relief.day,), body_parts=relief.parts, patterns=op.patterns,
                        overhead=op.overhead)
    return (avoid, *lighter) if relief.outcome is ReliefOutcome.KEEP_OUT_LIGHTER else (avoid,)
