"""Swapping an exercise (SPEC §4 gym swap, and a pain swap): which exercise of which day, the
gear that is out of reach, and the exercises a message names on a day."""

from __future__ import annotations

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import ActiveTab
from fitcoach.brain.providers.embedded.compose.change import (
    ChangeKind,
    PlannedChange,
    Skip,
    day_slugs,
    ordered_gear,
    skip_change,
)
from fitcoach.brain.providers.embedded.compose.context import TurnView
from fitcoach.brain.providers.embedded.nlu.router import SwapFacts
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import (
    WEEKDAYS,
    GearTag,
    Weekday,
)
from fitcoach.programming.edits.operations import SwapExercise
from fitcoach.programming.plan import WeeklyPlan

_BENCHES = frozenset({GearTag.FLAT_BENCH, GearTag.INCLINE_BENCH})

def named_on_day(view: TurnView, day_slugs: list[str]) -> list[str]:
    """The exercises the message names, a family word ("las aperturas") standing for the one
    member of its family the day holds (none when the day holds two: it is not clear)."""
    found = [mention.resolve(day_slugs) or mention.slug
             for mention in view.analysis.exercises.mentions]
    for family in view.analysis.exercises.families:
        slug = family.resolve(day_slugs)
        if slug is not None:
            found.append(slug)
    return list(dict.fromkeys(found))



def gym_swap_change(view: TurnView, plan: WeeklyPlan) -> PlannedChange:
    day = view.routing.target_day or view.today_weekday
    swap = view.routing.swap or SwapFacts()
    if swap.exercise_out is not None:
        day = day_holding(view, plan, (swap.exercise_out, *swap.out_family), day)
    return swap_change(view, plan, day, swap)


def day_holding(view: TurnView, plan: WeeklyPlan, slugs: tuple[str, ...],
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
        return any(slug in day_slugs(plan.days[weekday]) for slug in slugs)

    if fixed or holds(day):
        return day
    ahead = [d for d in WEEKDAYS if d.index >= view.today_weekday.index]
    return next((d for d in ahead if holds(d)), day)


def busy_gear(swap: SwapFacts) -> frozenset[GearTag]:
    """What is out of reach. "The bench is taken" means the bench the user would use, and
    the lexicon reads every "bench" as the flat one: at an incline press it is the incline,
    at home one adjustable bench is both. So a taken bench takes every bench with it."""
    busy = set(swap.busy_gear)
    if busy & _BENCHES:
        busy |= _BENCHES
    return frozenset(busy)


def swap_change(view: TurnView, plan: WeeklyPlan, day: Weekday, swap: SwapFacts) -> PlannedChange:
    today = plan.days[day]
    if not today.is_training_day:
        return skip_change(Skip.REST_DAY, day=day, exercise=swap.exercise_out)
    slugs = day_slugs(today)
    out = swap.exercise_out
    if out is None and swap.busy_gear:
        # "The cable machine is taken": the first exercise of the day that needs it.
        free = frozenset(view.profile.gear) - busy_gear(swap)
        out = next((slug for slug in slugs if not CATALOG.get(slug).doable_with(free)), None)
        if out is None:
            return skip_change(Skip.NOTHING_NEEDS_GEAR, day=day, gear=ordered_gear(swap.busy_gear))
    if swap.out_family and (out is None or out not in slugs):
        # "Swap the flyes": the member of the family the day holds.
        members = [slug for slug in swap.out_family if slug in slugs]
        if len(members) == 1:
            out = members[0]
        elif len(members) > 1:
            return skip_change(Skip.WHICH_EXERCISE, day=day,
                         options=tuple(slug for slug in slugs if slug in members))
        elif out is None:
            return skip_change(Skip.NOT_IN_DAY, day=day, exercise=swap.out_family[0],
                         replacement=swap.exercise_in)
    if out is None:
        return skip_change(Skip.UNCLEAR_SWAP, day=day)
    if out not in slugs:
        return skip_change(Skip.NOT_IN_DAY, day=day, exercise=out, replacement=swap.exercise_in)
    busy = busy_gear(swap)
    wanted = swap.exercise_in if swap.exercise_in != out else None
    if wanted is not None and wanted in slugs:
        return skip_change(Skip.ALREADY_IN_DAY, day=day, exercise=wanted)
    op = SwapExercise(day=day, exercise_id=out, reason=swap.reason, busy_gear=ordered_gear(busy),
                      replacement_id=wanted)
    return PlannedChange(proposal_type=ProposalType.UPDATE_DAY, target_day=day, edits=(op,),
                         kinds=(ChangeKind.SWAP,), day=day, exercise=out, replacement=wanted,
                         gear=ordered_gear(busy))




