"""A new acute state (SPEC §4): the message read into the engine's `relieve_acute` request.

Which session the state changes, and how, is the engine's choice (`programming.edits.relief`),
the same for every brain: this module asks the engine what it will do, to word the reply,
and stages that same request. The one choice made here is the user's own: an exercise named
as hurting ("achy on these curls") is swapped for one gentler on the joint.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.providers.embedded.compose.change import (
    ChangeKind,
    PlannedChange,
    Skip,
    day_slugs,
    skip_change,
)
from fitcoach.brain.providers.embedded.compose.context import TurnView
from fitcoach.brain.providers.embedded.compose.memory import acute_condition
from fitcoach.brain.providers.embedded.compose.swaps import named_on_day, swap_change
from fitcoach.brain.providers.embedded.nlu.router import SwapFacts
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import (
    AcuteCondition,
    BodyPart,
    Weekday,
)
from fitcoach.memory.ttl import default_expiry
from fitcoach.programming.calendar import settled_days
from fitcoach.programming.edits.operations import (
    RelieveAcute,
    SoreArea,
    SwapReason,
)
from fitcoach.programming.edits.relief import ReliefOutcome, choose_relief
from fitcoach.programming.plan import DayPlan, WeeklyPlan
from fitcoach.programming.profile import AcuteState
from fitcoach.programming.rules.conditions import acute_problem
from fitcoach.timekeeping import local_date


# Which session a new state changes is the engine's choice (`programming.edits.relief`), the
# same for every brain: this brain only reads the message into a `RelieveAcute` request, asks
# the engine what it will do, and stages that same request.
def new_states(view: TurnView) -> tuple[AcuteState, ...]:
    """The Tier 2 states this message reports, as the engine will see them once recorded."""
    states: list[AcuteState] = []
    for report in view.analysis.body.acute:
        condition = acute_condition(report.body_part, report.condition)
        states.append(AcuteState(body_part=report.body_part, condition=condition,
                                 since=view.today, until=default_expiry(condition, view.now)))
    return tuple(states)


def is_fatigue(states: tuple[AcuteState, ...]) -> bool:
    return any(s.condition is AcuteCondition.FATIGUE or s.body_part is BodyPart.WHOLE_BODY
               for s in states)


def acute_scope(view: TurnView) -> tuple[tuple[BodyPart, ...], dt.date | None]:
    """The body parts this message reports and the local date their care lasts until
    (none when it reports no state), with or without a plan to change."""
    states = new_states(view)
    if not states:
        return (), None
    until = local_date(max(s.until for s in states), view.timezone)
    return tuple(dict.fromkeys(s.body_part for s in states)), until


def relief_request(view: TurnView, day: Weekday | None, keep_out: bool = True,
                   start: Weekday | None = None) -> RelieveAcute | None:
    """The message's new states as the engine's request (None when it reports none);
    `keep_out` False leaves out the patterns and overhead work the user named."""
    areas = tuple(SoreArea(body_part=r.body_part, condition=r.condition)
                  for r in view.analysis.body.acute)
    if not areas:
        return None
    avoid = view.analysis.body.avoid
    overhead = avoid.overhead or any(CATALOG.get(slug).overhead for slug in avoid.exercises)
    _, until = acute_scope(view)
    return RelieveAcute(areas=areas, day=day, start=start, until=until,
                        patterns=tuple(avoid.patterns) if keep_out else (),
                        overhead=overhead and keep_out,
                        lighter=view.analysis.requests.deload)


def acute_change(view: TurnView, plan: WeeklyPlan) -> PlannedChange:
    states = new_states(view)
    target = view.routing.target_day or view.today_weekday
    parts, until = acute_scope(view)
    # A logged workout (or a past date) is history: it is never the session an acute state
    # changes unless the user names that day outright (then the engine says it cannot).
    settled = settled_days(plan, view.today)
    named = any(not m.reference for m in view.analysis.time.days) or any(
        r.offset > 0 for r in view.analysis.time.relative)
    ahead = target in settled and not named
    # A day the user names or looks at is the one to change; otherwise the engine picks the
    # first session the new state actually touches, from the day in question (today, or
    # the one pointed back to: "and Friday?") on, before it fades.
    # ("Tight today" says when it hurts, not which session to change.)
    fixed = not ahead and (view.analysis.selected_day is not None or named)
    request = relief_request(view, target if fixed else None,
                             start=None if fixed or target is view.today_weekday else target)
    if request is None:
        return skip_change(Skip.NOTHING_LOADS, day=target, parts=parts, until=until)
    if not ahead:
        swapped = _pain_swap(view, plan, target, states, settled)
        if swapped is not None:
            return replace(swapped, parts=parts, until=until)
    relief = choose_relief(plan, request, view.today)
    facts = {"parts": parts, "until": until}
    if relief.outcome is ReliefOutcome.DAY_SPARED:
        return skip_change(Skip.DAY_SPARED, day=target, later=relief.also, **facts)
    if relief.day is None:
        return skip_change(Skip.NOTHING_LOADS, day=target, **facts)
    kinds = {ReliefOutcome.KEEP_OUT: (ChangeKind.AVOID,),
             ReliefOutcome.KEEP_OUT_LIGHTER: (ChangeKind.AVOID, ChangeKind.DELOAD),
             ReliefOutcome.LIGHTER: (ChangeKind.DELOAD,)}[relief.outcome]
    return PlannedChange(proposal_type=ProposalType.UPDATE_DAY, target_day=relief.day,
                         edits=(request,), kinds=kinds, day=relief.day, later=relief.also,
                         parts=parts, until=until)


def _pain_swap(view: TurnView, plan: WeeklyPlan, target: Weekday,
               states: tuple[AcuteState, ...],
               settled: frozenset[Weekday]) -> PlannedChange | None:
    """"Achy on these curls": the exercise the user names as hurting, on the day in question,
    is swapped for one gentler on the joint (None when the message names none there, or the
    state itself already rules it out: keeping the part out handles it)."""
    swap = view.routing.swap
    on_day = day_slugs(plan.days[target])
    avoided = set(view.analysis.body.avoid.exercises)  # "no heavy incline pressing": avoid
    explicit = swap is not None and swap.exercise_out is not None and swap.exercise_out in on_day
    hurting = swap.exercise_out if explicit and swap is not None else next(
        (slug for slug in named_on_day(view, on_day) if slug in on_day
         and slug not in avoided), None)
    if hurting is not None and not explicit and _spared_by(states, plan.days[target], hurting):
        hurting = None
    if hurting is None or hurting not in on_day:
        return None
    pain = SwapFacts(exercise_out=hurting, reason=SwapReason.PAIN,
                     exercise_in=swap.exercise_in if swap is not None else None)
    swapped = swap_change(view, plan, target, pain)
    if swapped.skip:
        return swapped
    # The other open sessions the state itself touches (the part named, no pattern).
    probe = relief_request(view, target, keep_out=False)
    later = choose_relief(plan, probe, view.today).also if probe is not None else ()
    return replace(swapped, later=tuple(d for d in later if d.index > target.index
                                        and d not in settled))


def _spared_by(states: tuple[AcuteState, ...], day: DayPlan, slug: str) -> bool:
    """Whether the new states already rule the exercise out that day (so keeping the sore part
    out of the day replaces or drops it, with no need for a gentler twin)."""
    exercise = CATALOG.get(slug)
    return any(s.affects(day.date) and acute_problem(exercise, s) for s in states)


