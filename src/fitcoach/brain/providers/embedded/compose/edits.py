"""Plan edit operations from a routing decision (DESIGN D1): what the engine should change.

The brain never writes `proposal.data`; it names the change in the engine's small vocabulary
and the engine materialises and validates it. Before asking, this module checks what it can
see in the active plan (is the exercise on that day, is the day a rest day, does anything on
it load the part kept out), so a request that cannot apply becomes an honest NONE answer
saying why, instead of a refused edit.

Per intent (SPEC §4), one home each:
- onboarding → GenerateWeek (UPDATE_WEEK), here;
- day change → ShortenDay / SetDayFocus / AddExercise / RemoveExercise / MakeRestDay / Deload /
  SwapExercise on the target day (UPDATE_DAY), here;
- week overhaul → MoveTrainingDays with the sessions mapped for one session moved or two
  swapped (the others stay put), in order for a new set of days when the count of sessions
  stays (+ day focus), else GenerateWeek with the new schedule; Deload for the week
  (UPDATE_WEEK), here;
- gym swap → SwapExercise with the busy gear (UPDATE_DAY, the day on screen or today):
  `compose.swaps`;
- acute state → RelieveAcute, the engine choosing the session (UPDATE_DAY), or a pain swap
  of the exercise the user names: `compose.acute`;
- situational event → ProtectForEvent (UPDATE_WEEK), here.
"""
from __future__ import annotations

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.providers.embedded.compose.acute import acute_change
from fitcoach.brain.providers.embedded.compose.change import (
    MAX_MINUTES,
    NONE,
    ChangeKind,
    PlannedChange,
    Skip,
    clamp_minutes,
    day_slugs,
    skip_change,
    sorted_days,
    training_days,
)
from fitcoach.brain.providers.embedded.compose.context import TurnView
from fitcoach.brain.providers.embedded.compose.memory import (
    busy_minutes,
    event_of,
    event_protect,
    event_span,
    localized_event_name,
)
from fitcoach.brain.providers.embedded.compose.swaps import (
    gym_swap_change,
    named_on_day,
    swap_change,
)
from fitcoach.brain.providers.embedded.nlu.router import Intent
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.programming.edits.operations import (
    AddExercise,
    AvoidOnDays,
    Deload,
    EditOperation,
    GenerateWeek,
    GroupVolume,
    MakeRestDay,
    MoveTrainingDays,
    ProtectForEvent,
    RemoveExercise,
    SetDayFocus,
    ShortenDay,
    StartBlock,
)
from fitcoach.programming.edits.ops.avoid import avoid_reason
from fitcoach.programming.edits.ops.protect import within_reach
from fitcoach.programming.focus import Focus
from fitcoach.programming.generator.split import spread_days
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.programming.profile import AcuteState, UpcomingEvent
from fitcoach.programming.rules.conditions import acute_problem

MAX_VOLUME_GROUPS = 4  # "legs": quads, hamstrings, glutes and calves at most
ADDED_SETS = 2  # sets an added exercise starts with, as the engine's own "Add …" chips


def plan_change(view: TurnView) -> PlannedChange:
    intent = view.routing.intent
    if intent is Intent.ONBOARDING:
        return _generate_first_week(view)
    change_intents = {Intent.DAY_CHANGE: _day_change, Intent.WEEK_OVERHAUL: _week_change,
                      Intent.GYM_SWAP: gym_swap_change, Intent.ACUTE_STATE: acute_change,
                      Intent.SITUATIONAL_EVENT: _event_change}
    handler = change_intents.get(intent)
    if handler is None:
        return NONE
    if view.plan is None or view.routing.proposal_type is ProposalType.NONE:
        return skip_change(Skip.NO_PLAN)
    return handler(view, view.plan)



# -- onboarding -------------------------------------------------------------------------------
def _generate_first_week(view: TurnView) -> PlannedChange:
    s = view.routing.schedule
    days = sorted_days(s.training_days) if len(s.training_days) >= 2 else None
    day_focus = dict(s.day_focus)
    if s.split and (days or s.days_per_week):
        # "4 days, upper/lower": the split needs days to fall on.
        days = days or spread_days(s.days_per_week or 0)
        day_focus = _split_focus(s.split, days, day_focus)
    op = GenerateWeek(
        training_days=days,
        days_per_week=None if days else s.days_per_week,
        minutes_per_session=clamp_minutes(s.minutes) if s.minutes else None,
        priority_groups=view.analysis.goals.priority_groups or None,
        day_focus=day_focus,
    )
    return PlannedChange(proposal_type=ProposalType.UPDATE_WEEK, edits=(op,),
                         kinds=(ChangeKind.GENERATE,))


# -- the week ---------------------------------------------------------------------------------
def _week_change(view: TurnView, plan: WeeklyPlan) -> PlannedChange:
    s, requests = view.routing.schedule, view.analysis.requests
    current = training_days(plan)
    week = ProposalType.UPDATE_WEEK
    if s.moves or s.exchanges:
        return _move_sessions(view, plan)
    if s.split:
        return _split_week(view, current)
    if s.added_days or s.dropped_days:
        days = sorted_days((set(current) | set(s.added_days)) - set(s.dropped_days))
        if set(days) == set(current):
            return skip_change(Skip.SAME_WEEK, days=days)
        rebuilt = GenerateWeek(training_days=days, day_focus=dict(s.day_focus),
                               minutes_per_session=clamp_minutes(s.minutes) if s.minutes
                               else None)
        return PlannedChange(proposal_type=week, edits=(rebuilt,),
                             kinds=(ChangeKind.GENERATE,), days=days)
    if len(s.training_days) >= 2:
        days = sorted_days(s.training_days)
        if set(days) == set(current) and s.day_focus:
            return _focus_days(view, plan, week)
        if set(days) == set(current):
            return skip_change(Skip.SAME_WEEK, days=days)
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
            days = sorted_days(set(current) | named)
            op = GenerateWeek(training_days=days, day_focus=dict(s.day_focus))
            return PlannedChange(proposal_type=week, edits=(op,), kinds=(ChangeKind.GENERATE,),
                                 days=days)
        op = GenerateWeek(days_per_week=s.days_per_week,
                          minutes_per_session=clamp_minutes(s.minutes) if s.minutes else None)
        return PlannedChange(proposal_type=week, edits=(op,), kinds=(ChangeKind.GENERATE,))
    if requests.new_block:
        return PlannedChange(proposal_type=week, edits=(StartBlock(),), kinds=(ChangeKind.BLOCK,))
    groups = view.analysis.body.groups
    if requests.volume and groups and not requests.deload:
        more = requests.volume == "more"
        ops = tuple(GroupVolume(group=g, more=more) for g in groups[:MAX_VOLUME_GROUPS])
        return PlannedChange(proposal_type=week, edits=ops, kinds=(ChangeKind.VOLUME,))
    if requests.deload:
        if view.analysis.time.week == "next_week":
            # Next week's plan is a preview until it starts: staging this week's deload would
            # lighten the wrong week.
            return skip_change(Skip.NEXT_WEEK)
        return PlannedChange(proposal_type=week, edits=(Deload(),), kinds=(ChangeKind.DELOAD,))
    if s.day_focus:
        return _focus_days(view, plan, week)
    op = GenerateWeek(minutes_per_session=clamp_minutes(s.minutes) if s.minutes else None,
                      priority_groups=view.analysis.goals.priority_groups or None)
    return PlannedChange(proposal_type=week, edits=(op,), kinds=(ChangeKind.GENERATE,),
                         minutes=s.minutes)


def _move_sessions(view: TurnView, plan: WeeklyPlan) -> PlannedChange:
    """"Move Thursday's workout to Wednesday", "swap Thursday and Saturday": each named session
    moves (or two trade places) and every other session stays where it is."""
    s = view.routing.schedule
    where = {day: day for day in training_days(plan)}  # each session's day, old → new
    moved: list[tuple[Weekday, Weekday]] = []
    for old, new in s.moves:
        at = {day: old_day for old_day, day in where.items()}
        if old not in at:
            return skip_change(Skip.REST_DAY, day=old)
        if new in at:
            return skip_change(Skip.DAY_TAKEN, day=new, other=old)
        where[at[old]] = new
        moved.append((old, new))
    for first, second in s.exchanges:
        at = {day: old_day for old_day, day in where.items()}
        if first not in at and second not in at:
            return skip_change(Skip.REST_DAY, day=first)
        if first in at:
            where[at[first]] = second
        if second in at:
            where[at[second]] = first
        moved.append((first, second) if first in at else (second, first))
    days = sorted_days(set(where.values()))
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
        days = sorted_days(s.training_days)
    elif s.days_per_week is not None and s.days_per_week != len(current):
        days = spread_days(s.days_per_week)
    else:
        days = current
    op = GenerateWeek(training_days=days, day_focus=_split_focus(s.split, days, s.day_focus),
                      minutes_per_session=clamp_minutes(s.minutes) if s.minutes else None)
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
        return swap_change(view, plan, day, view.routing.swap)
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
            return skip_change(Skip.ALREADY_REST, day=day)
        return PlannedChange(proposal_type=ProposalType.UPDATE_DAY, target_day=day,
                             edits=(MakeRestDay(day=day),), kinds=(ChangeKind.REST,), day=day)
    named = a.exercises.slugs or tuple(f.slugs[0] for f in a.exercises.families)
    wants_day_edit = bool(s.minutes or a.requests.deload or a.requests.remove_exercise
                          or (a.requests.add_exercise and named))
    if wants_day_edit and not trains:
        return skip_change(Skip.REST_DAY, day=day)
    slugs = day_slugs(today)
    exercise = replacement = None
    if a.requests.remove_exercise and named:
        present = [slug for slug in named_on_day(view, slugs) if slug in slugs]
        if not present:
            options = _ambiguous(view, slugs)
            if options:
                return skip_change(Skip.WHICH_EXERCISE, day=day, options=options)
            return skip_change(Skip.NOT_IN_DAY, day=day, exercise=named[0])
        ops += [RemoveExercise(day=day, exercise_id=slug) for slug in present]
        kinds.append(ChangeKind.REMOVE)
        exercise = present[0]
    elif a.requests.add_exercise and named:
        wanted = list(a.exercises.slugs) + [_family_pick(view, f.slugs, slugs)
                                            for f in a.exercises.families]
        missing = [slug for slug in dict.fromkeys(wanted) if slug not in slugs]
        if not missing:
            return skip_change(Skip.ALREADY_IN_DAY, day=day, exercise=wanted[0])
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
        return skip_change(Skip.UNCLEAR_DAY, day=day)
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
    named = sorted_days({m.weekday for m in view.analysis.time.days if not m.reference} or {day})
    probe = AvoidOnDays(body_parts=avoid.body_parts, patterns=avoid.patterns,
                        overhead=avoid.overhead)
    training = [d for d in named if plan.days[d].is_training_day]
    if not training:
        return skip_change(Skip.REST_DAY, day=named[0])
    # A strain already noted ("my shoulder is tweaked", then the words the reply offered)
    # rules out what it rules out on those days, beyond the plain avoid.
    states = tuple(s for s in view.profile.acute if s.body_part in avoid.body_parts)
    loaded = tuple(d for d in training if _loads(plan, d, probe, states))
    if not loaded:
        return skip_change(Skip.NOTHING_TO_AVOID, day=training[0], parts=avoid.body_parts)
    op = probe.model_copy(update={"days": loaded})
    if len(loaded) > 1:  # two sessions change: the week is proposed
        return PlannedChange(proposal_type=ProposalType.UPDATE_WEEK, edits=(op,),
                             kinds=(ChangeKind.AVOID,), parts=avoid.body_parts, days=loaded)
    return PlannedChange(proposal_type=ProposalType.UPDATE_DAY, target_day=loaded[0],
                         edits=(op,), kinds=(ChangeKind.AVOID,), day=loaded[0],
                         parts=avoid.body_parts, days=loaded)


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


# -- events -----------------------------------------------------------------------------------
def _event_change(view: TurnView, plan: WeeklyPlan) -> PlannedChange:
    action = next((a for a in view.routing.memory_actions if a.event), None)
    event = event_of(view, action.event if action else None) or next(
        (e for e in view.analysis.events if e.dated or e.travel), None)
    if event is None:
        return skip_change(Skip.UNCLEAR_WEEK)
    start, end = event_span(view, event)
    name = localized_event_name(view, event)
    protect = event_protect(event)
    facts = {"event": name, "event_kind": event.kind, "event_start": start, "event_end": end,
             "parts": protect}
    # No day of the plan's week to change for it (its days, or its lead-up when it protects
    # something): the engine's own rule, so the brain never stages what protecting refuses.
    reach = UpcomingEvent(name=name, start=start, end=end, protect=protect, travel=event.travel)
    if not within_reach(reach, plan.week_start_date):
        return skip_change(Skip.EVENT_OUTSIDE_WEEK, **facts)
    op = ProtectForEvent(name=name, start=start, end=end if end != start else None,
                         protect=protect, travel=event.travel,
                         busy_minutes=busy_minutes(view, event))
    return PlannedChange(proposal_type=ProposalType.UPDATE_WEEK, edits=(op,),
                         kinds=(ChangeKind.PROTECT,), **facts)  # type: ignore[arg-type]

