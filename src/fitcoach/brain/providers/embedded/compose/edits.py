"""Plan edit operations from a routing decision (DESIGN D1): what the engine should change.

The brain never writes `proposal.data`; it names the change in the engine's small vocabulary
and the engine materialises and validates it. Before asking, this module checks what it can
see in the active plan (is the exercise on that day, is the day a rest day, does anything on
it need the busy gear or load the sore part), so a request that cannot apply becomes an
honest NONE answer saying why, instead of a refused edit.

Per intent (SPEC §4):
- onboarding → GenerateWeek (UPDATE_WEEK);
- day change → ShortenDay / SetDayFocus / AddExercise / RemoveExercise / MakeRestDay / Deload /
  SwapExercise on the target day (UPDATE_DAY);
- week overhaul → MoveTrainingDays with the sessions mapped for one session moved or two
  swapped (the others stay put), in order for a new set of days when the count of sessions
  stays (+ day focus), else GenerateWeek with the new schedule; Deload for the week
  (UPDATE_WEEK);
- gym swap → SwapExercise with the busy gear (UPDATE_DAY, the day on screen or today);
- acute state → AvoidOnDays the part on the first affected day, or a pain swap (UPDATE_DAY);
  a day already done or past (`programming.calendar.settled_days`) is never that day unless
  the user names it: the change goes to the next open session the state touches, if any;
- situational event → ProtectForEvent (UPDATE_WEEK).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from enum import StrEnum

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import ActiveTab
from fitcoach.brain.providers.embedded.compose.context import TurnView
from fitcoach.brain.providers.embedded.compose.memory import (
    acute_condition,
    event_of,
    event_protect,
    event_span,
    localized_event_name,
)
from fitcoach.brain.providers.embedded.nlu.router import Intent, SwapFacts
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import (
    WEEKDAYS,
    AcuteCondition,
    BodyPart,
    GearTag,
    Weekday,
)
from fitcoach.memory.ttl import default_expiry
from fitcoach.programming.calendar import settled_days
from fitcoach.programming.edits.operations import (
    AddExercise,
    AvoidOnDays,
    Deload,
    EditOperation,
    GenerateWeek,
    MakeRestDay,
    MoveTrainingDays,
    ProtectForEvent,
    RelieveAcute,
    RemoveExercise,
    SetDayFocus,
    ShortenDay,
    SoreArea,
    SwapExercise,
    SwapReason,
)
from fitcoach.programming.edits.ops.avoid import avoid_reason
from fitcoach.programming.edits.ops.protect import within_reach
from fitcoach.programming.edits.relief import ReliefOutcome, choose_relief
from fitcoach.programming.focus import Focus
from fitcoach.programming.generator.split import spread_days
from fitcoach.programming.plan import DayPlan, WeeklyPlan
from fitcoach.programming.profile import AcuteState, UpcomingEvent
from fitcoach.programming.rules.conditions import acute_problem
from fitcoach.timekeeping import local_date

_BENCHES = frozenset({GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH})
MIN_MINUTES, MAX_MINUTES = 15, 180
ADDED_SETS = 2


class ChangeKind(StrEnum):
    GENERATE = "generate"
    MOVE = "move"
    FOCUS = "focus"
    SHORTEN = "shorten"
    SWAP = "swap"
    ADD = "add"
    REMOVE = "remove"
    REST = "rest"
    DELOAD = "deload"
    AVOID = "avoid"
    PROTECT = "protect"


class Skip(StrEnum):
    """Why a change the user asked for is answered without a proposal."""

    NO_PLAN = "no_plan"
    NOT_IN_DAY = "not_in_day"
    ALREADY_IN_DAY = "already_in_day"
    REST_DAY = "rest_day"
    ALREADY_REST = "already_rest"
    NOTHING_NEEDS_GEAR = "nothing_needs_gear"
    NOTHING_LOADS = "nothing_loads"
    DAY_TAKEN = "day_taken"
    NOTHING_TO_AVOID = "nothing_to_avoid"  # the day named does not load the part kept out
    DAY_SPARED = "day_spared"  # an acute state spares the day on screen, not later ones
    EVENT_OUTSIDE_WEEK = "event_outside_week"
    UNCLEAR_DAY = "unclear_day"
    UNCLEAR_WEEK = "unclear_week"
    UNCLEAR_SWAP = "unclear_swap"
    WHICH_EXERCISE = "which_exercise"  # a family word, and the day holds several members
    SAME_WEEK = "same_week"  # the days asked for are the days already trained


@dataclass(frozen=True)
class PlannedChange:
    """The proposal a turn asks for, and the facts its message will cite."""

    proposal_type: ProposalType = ProposalType.NONE
    target_day: Weekday | None = None
    edits: tuple[EditOperation, ...] = ()
    kinds: tuple[ChangeKind, ...] = ()
    skip: Skip | None = None
    day: Weekday | None = None
    exercise: str | None = None
    replacement: str | None = None
    minutes: int | None = None
    previous_minutes: int | None = None
    gear: tuple[GearTag, ...] = ()
    parts: tuple[BodyPart, ...] = ()
    days: tuple[Weekday, ...] = ()
    event: str | None = None
    event_kind: str | None = None
    event_start: dt.date | None = None
    event_end: dt.date | None = None
    until: dt.date | None = None
    options: tuple[str, ...] = ()  # the exercises a family word may mean on that day
    other: Weekday | None = None  # the day whose session would move onto a taken `day`
    moves: tuple[tuple[Weekday, Weekday], ...] = ()  # sessions moved: (old day, new day)
    # An acute change: the later sessions before the state fades that load the part too (the
    # reply names them and offers the words that change them as well).
    later: tuple[Weekday, ...] = ()


NONE = PlannedChange()


def _skip(skip: Skip, **facts: object) -> PlannedChange:
    return PlannedChange(skip=skip, **facts)  # type: ignore[arg-type]


def plan_change(view: TurnView) -> PlannedChange:
    intent = view.routing.intent
    if intent is Intent.ONBOARDING:
        return _generate_first_week(view)
    change_intents = {Intent.DAY_CHANGE: _day_change, Intent.WEEK_OVERHAUL: _week_change,
                      Intent.GYM_SWAP: _gym_swap, Intent.ACUTE_STATE: _acute_change,
                      Intent.SITUATIONAL_EVENT: _event_change}
    handler = change_intents.get(intent)
    if handler is None:
        return NONE
    if view.plan is None or view.routing.proposal_type is ProposalType.NONE:
        return _skip(Skip.NO_PLAN)
    return handler(view, view.plan)


def _minutes(value: int) -> int:
    return max(MIN_MINUTES, min(MAX_MINUTES, value))


def _sorted(days: set[Weekday] | tuple[Weekday, ...]) -> tuple[Weekday, ...]:
    return tuple(sorted(set(days), key=lambda day: day.index))


def _training_days(plan: WeeklyPlan) -> tuple[Weekday, ...]:
    return tuple(d for d in WEEKDAYS if plan.days[d].is_training_day)


def _slugs(day: DayPlan) -> list[str]:
    return [e.exercise_id for e in day.exercises]


# -- onboarding -------------------------------------------------------------------------------
def _generate_first_week(view: TurnView) -> PlannedChange:
    s = view.routing.schedule
    days = _sorted(s.training_days) if len(s.training_days) >= 2 else None
    day_focus = dict(s.day_focus)
    if s.split and (days or s.days_per_week):
        # "4 days, upper/lower": the split needs days to fall on.
        days = days or spread_days(s.days_per_week or 0)
        day_focus = _split_focus(s.split, days, day_focus)
    op = GenerateWeek(
        training_days=days,
        days_per_week=None if days else s.days_per_week,
        minutes_per_session=_minutes(s.minutes) if s.minutes else None,
        priority_groups=view.analysis.goals.priority_groups or None,
        day_focus=day_focus,
    )
    return PlannedChange(proposal_type=ProposalType.UPDATE_WEEK, edits=(op,),
                         kinds=(ChangeKind.GENERATE,))


# -- the week ---------------------------------------------------------------------------------
def _week_change(view: TurnView, plan: WeeklyPlan) -> PlannedChange:
    s, requests = view.routing.schedule, view.analysis.requests
    current = _training_days(plan)
    week = ProposalType.UPDATE_WEEK
    if s.moves or s.exchanges:
        return _move_sessions(view, plan)
    if s.split:
        return _split_week(view, current)
    if len(s.training_days) >= 2:
        days = _sorted(s.training_days)
        if set(days) == set(current) and s.day_focus:
            return _focus_days(view, plan, week)
        if set(days) == set(current):
            return _skip(Skip.SAME_WEEK, days=days)
        kinds: tuple[ChangeKind, ...] = \
            (ChangeKind.MOVE,) if len(days) == len(current) else (ChangeKind.GENERATE,)
        if s.day_focus:
            kinds += (ChangeKind.FOCUS,)
        if len(days) == len(current):
            op: EditOperation = MoveTrainingDays(training_days=days, day_focus=dict(s.day_focus))
        else:
            op = GenerateWeek(training_days=days, day_focus=dict(s.day_focus))
        return PlannedChange(proposal_type=week, edits=(op,), kinds=kinds, days=days)
    if s.days_per_week is not None and s.days_per_week != len(current):
        named = set(view.analysis.time.weekdays)
        if named and len(set(current) | named) == s.days_per_week:
            days = _sorted(set(current) | named)
            op = GenerateWeek(training_days=days, day_focus=dict(s.day_focus))
            return PlannedChange(proposal_type=week, edits=(op,), kinds=(ChangeKind.GENERATE,),
                                 days=days)
        op = GenerateWeek(days_per_week=s.days_per_week,
                          minutes_per_session=_minutes(s.minutes) if s.minutes else None)
        return PlannedChange(proposal_type=week, edits=(op,), kinds=(ChangeKind.GENERATE,))
    if requests.deload:
        return PlannedChange(proposal_type=week, edits=(Deload(),), kinds=(ChangeKind.DELOAD,))
    if s.day_focus:
        return _focus_days(view, plan, week)
    op = GenerateWeek(minutes_per_session=_minutes(s.minutes) if s.minutes else None,
                      priority_groups=view.analysis.goals.priority_groups or None)
    return PlannedChange(proposal_type=week, edits=(op,), kinds=(ChangeKind.GENERATE,),
                         minutes=s.minutes)


def _move_sessions(view: TurnView, plan: WeeklyPlan) -> PlannedChange:
    """"Move Thursday's workout to Wednesday", "swap Thursday and Saturday": each named session
    moves (or two trade places) and every other session stays where it is."""
    s = view.routing.schedule
    where = {day: day for day in _training_days(plan)}  # each session's day, old → new
    moved: list[tuple[Weekday, Weekday]] = []
    for old, new in s.moves:
        at = {day: old_day for old_day, day in where.items()}
        if old not in at:
            return _skip(Skip.REST_DAY, day=old)
        if new in at:
            return _skip(Skip.DAY_TAKEN, day=new, other=old)
        where[at[old]] = new
        moved.append((old, new))
    for first, second in s.exchanges:
        at = {day: old_day for old_day, day in where.items()}
        if first not in at and second not in at:
            return _skip(Skip.REST_DAY, day=first)
        if first in at:
            where[at[first]] = second
        if second in at:
            where[at[second]] = first
        moved.append((first, second) if first in at else (second, first))
    days = _sorted(set(where.values()))
    sessions = {old: new for old, new in where.items() if old is not new}
    focus = {day: f for day, f in s.day_focus.items() if day in days}
    op = MoveTrainingDays(training_days=days, sessions=sessions, day_focus=focus)
    return PlannedChange(proposal_type=ProposalType.UPDATE_WEEK, edits=(op,),
                         kinds=(ChangeKind.MOVE,), days=days, moves=tuple(moved))


def _split_focus(split: tuple[Focus, ...], days: tuple[Weekday, ...],
                 named: dict[Weekday, Focus]) -> dict[Weekday, Focus]:
    """Each training day's focus in a named split, in order and repeating ("push pull legs"
    over four days: push, pull, legs, push); a focus the user names for a day wins."""
    focus = {day: split[index % len(split)] for index, day in enumerate(days)}
    focus.update({day: f for day, f in named.items() if day in focus})
    return focus


def _split_week(view: TurnView, current: tuple[Weekday, ...]) -> PlannedChange:
    """"Can we switch to push/pull/legs?": the week rebuilt with the split's day focuses, on
    the days named, else as many days as asked for, else the current ones."""
    s = view.routing.schedule
    if len(s.training_days) >= 2:
        days = _sorted(s.training_days)
    elif s.days_per_week is not None and s.days_per_week != len(current):
        days = spread_days(s.days_per_week)
    else:
        days = current
    op = GenerateWeek(training_days=days, day_focus=_split_focus(s.split, days, s.day_focus),
                      minutes_per_session=_minutes(s.minutes) if s.minutes else None)
    return PlannedChange(proposal_type=ProposalType.UPDATE_WEEK, edits=(op,),
                         kinds=(ChangeKind.GENERATE, ChangeKind.FOCUS), days=days)


def _focus_days(view: TurnView, plan: WeeklyPlan, proposal: ProposalType) -> PlannedChange:
    ops = tuple(SetDayFocus(day=day, focus=focus)
                for day, focus in sorted(view.routing.schedule.day_focus.items(),
                                         key=lambda kv: kv[0].index))
    return PlannedChange(proposal_type=proposal, edits=ops, kinds=(ChangeKind.FOCUS,),
                         days=tuple(op.day for op in ops),
                         target_day=ops[0].day if len(ops) == 1 else None)


# -- one day ----------------------------------------------------------------------------------
def _day_change(view: TurnView, plan: WeeklyPlan) -> PlannedChange:
    day = view.routing.target_day or view.today_weekday
    today = plan.days[day]
    a, s = view.analysis, view.routing.schedule
    if view.routing.swap is not None:
        return _swap(view, plan, day, view.routing.swap)
    if a.body.avoid.body_parts and not a.body.conditions:
        return _keep_out(view, plan, day)
    ops: list[EditOperation] = []
    kinds: list[ChangeKind] = []
    focus = s.day_focus.get(day) or (next(iter(s.day_focus.values()))
                                     if len(s.day_focus) == 1 else None)
    if focus is not None and not a.requests.rest_day:
        ops.append(SetDayFocus(day=day, focus=focus))
        kinds.append(ChangeKind.FOCUS)
    trains = today.is_training_day or bool(ops)
    if a.requests.rest_day:
        if not today.is_training_day:
            return _skip(Skip.ALREADY_REST, day=day)
        return PlannedChange(proposal_type=ProposalType.UPDATE_DAY, target_day=day,
                             edits=(MakeRestDay(day=day),), kinds=(ChangeKind.REST,), day=day)
    named = a.exercises.slugs or tuple(f.slugs[0] for f in a.exercises.families)
    wants_day_edit = bool(s.minutes or a.requests.deload or a.requests.remove_exercise
                          or (a.requests.add_exercise and named))
    if wants_day_edit and not trains:
        return _skip(Skip.REST_DAY, day=day)
    slugs = _slugs(today)
    exercise = replacement = None
    if a.requests.remove_exercise and named:
        present = [slug for slug in _on_day(view, slugs) if slug in slugs]
        if not present:
            options = _ambiguous(view, slugs)
            if options:
                return _skip(Skip.WHICH_EXERCISE, day=day, options=options)
            return _skip(Skip.NOT_IN_DAY, day=day, exercise=named[0])
        ops += [RemoveExercise(day=day, exercise_id=slug) for slug in present]
        kinds.append(ChangeKind.REMOVE)
        exercise = present[0]
    elif a.requests.add_exercise and named:
        wanted = list(a.exercises.slugs) + [_family_pick(view, f.slugs, slugs)
                                            for f in a.exercises.families]
        missing = [slug for slug in dict.fromkeys(wanted) if slug not in slugs]
        if not missing:
            return _skip(Skip.ALREADY_IN_DAY, day=day, exercise=wanted[0])
        # Two sets, as the engine's own "Add …" suggestions: room for it in a full session.
        ops += [AddExercise(day=day, exercise_id=slug, target_sets=ADDED_SETS)
                for slug in missing]
        kinds.append(ChangeKind.ADD)
        replacement = missing[0]
    if a.requests.deload:
        ops.append(Deload(day=day))
        kinds.append(ChangeKind.DELOAD)
    if s.minutes:
        ops.append(ShortenDay(day=day, minutes=max(10, min(MAX_MINUTES, s.minutes)),
                              keep_focus=s.keep_focus))
        kinds.append(ChangeKind.SHORTEN)
    if not ops:
        return _skip(Skip.UNCLEAR_DAY, day=day)
    return PlannedChange(proposal_type=ProposalType.UPDATE_DAY, target_day=day, edits=tuple(ops),
                         kinds=tuple(kinds), day=day, exercise=exercise,
                         replacement=replacement, minutes=s.minutes,
                         previous_minutes=today.duration_minutes)


def _loads(plan: WeeklyPlan, weekday: Weekday, probe: AvoidOnDays,
           states: tuple[AcuteState, ...] = ()) -> bool:
    """Whether the day holds something the part kept out rules out: by the avoid's own
    measure, or by an active state of that part (what the engine then clears as well)."""
    day = plan.days[weekday]
    return day.is_training_day and any(
        avoid_reason(probe, exercise, day.date)
        or any(s.affects(day.date) and acute_problem(exercise, s) for s in states)
        for exercise in (CATALOG.get(e.exercise_id) for e in day.exercises))


def _keep_out(view: TurnView, plan: WeeklyPlan, day: Weekday) -> PlannedChange:
    """"Keep my shoulders out of Thursday too": the part (and any pattern named with it) out
    of each day named, else the target day; days that do not load it are left alone."""
    avoid = view.analysis.body.avoid
    named = _sorted({m.weekday for m in view.analysis.time.days if not m.reference} or {day})
    probe = AvoidOnDays(body_parts=avoid.body_parts, patterns=avoid.patterns,
                        overhead=avoid.overhead)
    training = [d for d in named if plan.days[d].is_training_day]
    if not training:
        return _skip(Skip.REST_DAY, day=named[0])
    # A strain already noted ("my shoulder is tweaked", then the words the reply offered)
    # rules out what it rules out on those days, beyond the plain avoid.
    states = tuple(s for s in view.profile.acute if s.body_part in avoid.body_parts)
    loaded = tuple(d for d in training if _loads(plan, d, probe, states))
    if not loaded:
        return _skip(Skip.NOTHING_TO_AVOID, day=training[0], parts=avoid.body_parts)
    op = probe.model_copy(update={"days": loaded})
    if len(loaded) > 1:  # two sessions change: the week is proposed
        return PlannedChange(proposal_type=ProposalType.UPDATE_WEEK, edits=(op,),
                             kinds=(ChangeKind.AVOID,), parts=avoid.body_parts, days=loaded)
    return PlannedChange(proposal_type=ProposalType.UPDATE_DAY, target_day=loaded[0],
                         edits=(op,), kinds=(ChangeKind.AVOID,), day=loaded[0],
                         parts=avoid.body_parts, days=loaded)


def _on_day(view: TurnView, day_slugs: list[str]) -> list[str]:
    """The exercises the message names, a family word ("las aperturas") standing for the one
    member of its family the day holds (none when the day holds two: it is not clear)."""
    found = [mention.resolve(day_slugs) or mention.slug
             for mention in view.analysis.exercises.mentions]
    for family in view.analysis.exercises.families:
        slug = family.resolve(day_slugs)
        if slug is not None:
            found.append(slug)
    return list(dict.fromkeys(found))


def _ambiguous(view: TurnView, day_slugs: list[str]) -> tuple[str, ...]:
    """The members of a named family the day holds, when it holds more than one."""
    exercises = view.analysis.exercises
    for family in [m.family for m in exercises.mentions] + [f.slugs for f in exercises.families]:
        members = tuple(slug for slug in day_slugs if slug in family)  # in session order
        if len(members) > 1:
            return members
    return ()


def _family_pick(view: TurnView, family: tuple[str, ...], day_slugs: list[str]) -> str:
    """A family member to add: the one already on the day (nothing to add), else the most
    typical one the user's gear allows, else the most typical one."""
    on_day = [slug for slug in family if slug in day_slugs]
    if on_day:
        return on_day[0]
    doable = [slug for slug in family if CATALOG.get(slug).doable_with(view.profile.gear)]
    return (doable or list(family))[0]


# -- swaps ------------------------------------------------------------------------------------
def _gym_swap(view: TurnView, plan: WeeklyPlan) -> PlannedChange:
    day = view.routing.target_day or view.today_weekday
    swap = view.routing.swap or SwapFacts()
    if swap.exercise_out is not None:
        day = _day_holding(view, plan, (swap.exercise_out, *swap.out_family), day)
    return _swap(view, plan, day, swap)


def _day_holding(view: TurnView, plan: WeeklyPlan, slugs: tuple[str, ...],
                 day: Weekday) -> Weekday:
    """The session a change is about when nothing in the route or the words fixes the day:
    "replace the Arnold press" from the coach tab means the next session that holds it, not
    today's, which may not; a generic name ("RDLs") means the next session holding any member
    of its family (the dumbbell RDL of a home plan). At the gym, on a day's screen, with a
    day named or gear busy right now, the day stays."""
    a = view.analysis
    fixed = (a.selected_day is not None or a.active_tab in (ActiveTab.TODAY, ActiveTab.WORKOUT)
             or a.gear.busy or any(not m.reference for m in a.time.days)
             or any(r.offset >= 0 for r in a.time.relative))

    def holds(weekday: Weekday) -> bool:
        return any(slug in _slugs(plan.days[weekday]) for slug in slugs)

    if fixed or holds(day):
        return day
    ahead = [d for d in WEEKDAYS if d.index >= view.today_weekday.index]
    return next((d for d in ahead if holds(d)), day)


def _busy_gear(swap: SwapFacts) -> frozenset[GearTag]:
    """What is out of reach. "The bench is taken" means the bench the user would use, and
    the lexicon reads every "bench" as the flat one: at an incline press it is the incline,
    at home one adjustable bench is both. So a taken bench takes every bench with it."""
    busy = set(swap.busy_gear)
    if busy & _BENCHES:
        busy |= _BENCHES
    return frozenset(busy)


def _swap(view: TurnView, plan: WeeklyPlan, day: Weekday, swap: SwapFacts) -> PlannedChange:
    today = plan.days[day]
    if not today.is_training_day:
        return _skip(Skip.REST_DAY, day=day, exercise=swap.exercise_out)
    slugs = _slugs(today)
    out = swap.exercise_out
    if out is None and swap.busy_gear:
        # "The cable machine is taken": the first exercise of the day that needs it.
        free = frozenset(view.profile.gear) - _busy_gear(swap)
        out = next((slug for slug in slugs if not CATALOG.get(slug).doable_with(free)), None)
        if out is None:
            return _skip(Skip.NOTHING_NEEDS_GEAR, day=day, gear=_ordered(swap.busy_gear))
    if swap.out_family and (out is None or out not in slugs):
        # "Swap the flyes": the member of the family the day holds.
        members = [slug for slug in swap.out_family if slug in slugs]
        if len(members) == 1:
            out = members[0]
        elif len(members) > 1:
            return _skip(Skip.WHICH_EXERCISE, day=day,
                         options=tuple(slug for slug in slugs if slug in members))
        elif out is None:
            return _skip(Skip.NOT_IN_DAY, day=day, exercise=swap.out_family[0],
                         replacement=swap.exercise_in)
    if out is None:
        return _skip(Skip.UNCLEAR_SWAP, day=day)
    if out not in slugs:
        return _skip(Skip.NOT_IN_DAY, day=day, exercise=out, replacement=swap.exercise_in)
    busy = _busy_gear(swap)
    wanted = swap.exercise_in if swap.exercise_in != out else None
    if wanted is not None and wanted in slugs:
        return _skip(Skip.ALREADY_IN_DAY, day=day, exercise=wanted)
    op = SwapExercise(day=day, exercise_id=out, reason=swap.reason, busy_gear=_ordered(busy),
                      replacement_id=wanted)
    return PlannedChange(proposal_type=ProposalType.UPDATE_DAY, target_day=day, edits=(op,),
                         kinds=(ChangeKind.SWAP,), day=day, exercise=out, replacement=wanted,
                         gear=_ordered(busy))


def _ordered(gear: frozenset[GearTag] | set[GearTag]) -> tuple[GearTag, ...]:
    return tuple(sorted(gear, key=lambda tag: tag.value))


# -- acute states -----------------------------------------------------------------------------
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


def _acute_change(view: TurnView, plan: WeeklyPlan) -> PlannedChange:
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
        return _skip(Skip.NOTHING_LOADS, day=target, parts=parts, until=until)
    if not ahead:
        swapped = _pain_swap(view, plan, target, states, settled)
        if swapped is not None:
            return replace(swapped, parts=parts, until=until)
    relief = choose_relief(plan, request, view.today)
    facts = {"parts": parts, "until": until}
    if relief.outcome is ReliefOutcome.DAY_SPARED:
        return _skip(Skip.DAY_SPARED, day=target, later=relief.also, **facts)
    if relief.day is None:
        return _skip(Skip.NOTHING_LOADS, day=target, **facts)
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
    on_day = _slugs(plan.days[target])
    avoided = set(view.analysis.body.avoid.exercises)  # "no heavy incline pressing": avoid
    explicit = swap is not None and swap.exercise_out is not None and swap.exercise_out in on_day
    hurting = swap.exercise_out if explicit and swap is not None else next(
        (slug for slug in _on_day(view, on_day) if slug in on_day
         and slug not in avoided), None)
    if hurting is not None and not explicit and _spared_by(states, plan.days[target], hurting):
        hurting = None
    if hurting is None or hurting not in on_day:
        return None
    pain = SwapFacts(exercise_out=hurting, reason=SwapReason.PAIN,
                     exercise_in=swap.exercise_in if swap is not None else None)
    swapped = _swap(view, plan, target, pain)
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


# -- events -----------------------------------------------------------------------------------
def _event_change(view: TurnView, plan: WeeklyPlan) -> PlannedChange:
    action = next((a for a in view.routing.memory_actions if a.event), None)
    event = event_of(view, action.event if action else None) or next(
        (e for e in view.analysis.events if e.dated or e.travel), None)
    if event is None:
        return _skip(Skip.UNCLEAR_WEEK)
    start, end = event_span(view, event)
    name = localized_event_name(view, event)
    protect = event_protect(event)
    facts = {"event": name, "event_kind": event.kind, "event_start": start, "event_end": end,
             "parts": protect}
    # No day of the plan's week to change for it (its days, or its lead-up when it protects
    # something): the engine's own rule, so the brain never stages what protecting refuses.
    reach = UpcomingEvent(name=name, start=start, end=end, protect=protect, travel=event.travel)
    if not within_reach(reach, plan.week_start_date):
        return _skip(Skip.EVENT_OUTSIDE_WEEK, **facts)
    op = ProtectForEvent(name=name, start=start, end=end if end != start else None,
                         protect=protect, travel=event.travel)
    return PlannedChange(proposal_type=ProposalType.UPDATE_WEEK, edits=(op,),
                         kinds=(ChangeKind.PROTECT,), **facts)  # type: ignore[arg-type]
