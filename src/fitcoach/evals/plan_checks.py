"""Judging `proposal.data`: invented slugs, gear the user lacks, the validator, and a case's
plan expectations. Works on any brain's proposal, from the contract alone."""

from __future__ import annotations

from collections.abc import Iterable

from fitcoach.brain.contract import Proposal, ProposalType
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import WEEKDAYS, GearTag, MuscleGroup, Weekday
from fitcoach.evals.cases import DayExpect, PlanExpect
from fitcoach.programming.calendar import place_day
from fitcoach.programming.plan import DayPlan, WeeklyPlan
from fitcoach.programming.profile import Profile
from fitcoach.programming.validator import (
    Violation,
    errors_introduced,
    validate_day,
    validate_week,
)


def proposed_days(proposal: Proposal) -> dict[Weekday, DayPlan]:
    """The day objects a proposal carries: the whole week, or its one day."""
    data = proposal.data
    if isinstance(data, WeeklyPlan):
        return dict(data.days)
    if isinstance(data, DayPlan) and proposal.target_day is not None:
        return {proposal.target_day: data}
    return {}


def proposed_slugs(proposal: Proposal) -> list[str]:
    return [e.exercise_id for day in proposed_days(proposal).values() for e in day.exercises]


def invented_slugs(proposal: Proposal) -> list[str]:
    """Slugs in `proposal.data` that are not in the exercise index (SPEC §8.2)."""
    return sorted({slug for slug in proposed_slugs(proposal) if slug not in CATALOG})


def gear_violations(proposal: Proposal, gear: Iterable[GearTag]) -> list[str]:
    """Exercises the user cannot do with what they own (SPEC §8.3)."""
    owned = frozenset(gear)
    return sorted({slug for slug in proposed_slugs(proposal)
                   if slug in CATALOG and not CATALOG.get(slug).doable_with(owned)})


def proposed_week(proposal: Proposal, base: WeeklyPlan | None) -> WeeklyPlan | None:
    """The week the user would have after accepting: an UPDATE_DAY placed into the base."""
    if isinstance(proposal.data, WeeklyPlan):
        return proposal.data
    if isinstance(proposal.data, DayPlan) and base is not None and proposal.target_day:
        return place_day(base, proposal.target_day, proposal.data)
    return None


def validator_errors(proposal: Proposal, base: WeeklyPlan | None, profile: Profile) -> list[str]:
    """The rules the proposed plan breaks for the user as they are after the turn: every
    error of a first plan; for a change, the errors it adds and any error on a day it
    changed (an older plan's unrelated faults are not this proposal's)."""
    week = proposed_week(proposal, base)
    if week is None:
        if not isinstance(proposal.data, DayPlan):
            return []
        problems = validate_day(proposal.data, profile).errors  # a day with no week around it
        return [_describe(v) for v in problems]
    before = None if base is None else validate_week(base, profile)
    changed = () if base is None else tuple(
        day for day in WEEKDAYS if week.days.get(day) != base.days.get(day))
    problems = errors_introduced(validate_week(week, profile), before, changed)
    return [_describe(v) for v in problems]


def _describe(violation: Violation) -> str:
    where = f" ({violation.day.value})" if violation.day else ""
    return f"{violation.code.value}{where}: {violation.message}"


def _primary_groups(slug: str) -> frozenset[MuscleGroup]:
    return CATALOG.get(slug).primary_groups if slug in CATALOG else frozenset()


def _check_slugs(where: str, slugs: list[str], absent: Iterable[str], present: Iterable[str],
                 present_any: Iterable[str]) -> list[str]:
    problems = [f"{where}: {slug} should be gone" for slug in absent if slug in slugs]
    problems += [f"{where}: {slug} is missing" for slug in present if slug not in slugs]
    wanted = tuple(present_any)
    if wanted and not any(slug in slugs for slug in wanted):
        problems.append(f"{where}: none of {', '.join(wanted)}")
    return problems


def _check_day(weekday: Weekday, day: DayPlan | None, expect: DayExpect) -> list[str]:
    where = weekday.value
    if day is None:
        return [f"{where}: not in the proposal"]
    slugs = [e.exercise_id for e in day.exercises]
    problems: list[str] = []
    if expect.rest is True and day.is_training_day:
        problems.append(f"{where}: should be a rest day")
    if expect.rest is False and not day.is_training_day:
        problems.append(f"{where}: should be a training day")
    if expect.max_duration is not None and day.duration_minutes > expect.max_duration:
        problems.append(f"{where}: {day.duration_minutes} min > {expect.max_duration} min")
    problems += _check_slugs(where, slugs, expect.absent, expect.present, expect.present_any)
    sets = {e.exercise_id: e.target_sets for e in day.exercises}
    for slug, least in expect.min_sets.items():
        if slug not in sets:
            problems.append(f"{where}: {slug} is missing")
        elif sets[slug] < least:
            problems.append(f"{where}: {slug} has {sets[slug]} sets < {least}")
    if expect.gear is not None:
        owned = frozenset(expect.gear)
        beyond = [slug for slug in slugs
                  if slug in CATALOG and not CATALOG.get(slug).doable_with(owned)]
        if beyond:
            problems.append(f"{where}: {', '.join(beyond)} need more than "
                            f"{'/'.join(expect.gear) or 'bodyweight'}")
    trained = set().union(*(_primary_groups(slug) for slug in slugs)) if slugs else set()
    for group in expect.includes_groups:
        if group not in trained:
            problems.append(f"{where}: trains no {group.value}")
    if expect.only_groups:
        allowed = set(expect.only_groups)
        stray = [slug for slug in slugs if not _primary_groups(slug) & allowed]
        if stray:
            problems.append(f"{where}: {', '.join(stray)} outside "
                            f"{'/'.join(g.value for g in expect.only_groups)}")
    for group in expect.avoid_groups:
        hits = [slug for slug in slugs if group in _primary_groups(slug)]
        if hits:
            problems.append(f"{where}: {', '.join(hits)} train {group.value}")
    return problems


def check_plan(expect: PlanExpect, proposal: Proposal) -> list[str]:
    """Every way `proposal.data` misses the case's plan expectations (empty: it meets them)."""
    days = proposed_days(proposal)
    if not days:
        return ["no plan in the proposal to check"]
    slugs = [e.exercise_id for day in days.values() for e in day.exercises]
    problems = _check_slugs("plan", slugs, expect.absent, expect.present, expect.present_any)
    training = [weekday for weekday in WEEKDAYS
                if weekday in days and days[weekday].is_training_day]
    if expect.training_days is not None and set(training) != set(expect.training_days):
        problems.append(f"training days {[d.value for d in training]}, expected "
                        f"{[d.value for d in expect.training_days]}")
    if expect.training_day_count is not None and len(training) != expect.training_day_count:
        problems.append(f"{len(training)} training days, expected {expect.training_day_count}")
    for weekday in expect.rest_days:
        if proposal.type is ProposalType.UPDATE_WEEK or weekday in days:
            problems += _check_day(weekday, days.get(weekday), DayExpect(rest=True))
    if expect.max_duration is not None:
        for weekday in training:
            if days[weekday].duration_minutes > expect.max_duration:
                problems.append(f"{weekday.value}: {days[weekday].duration_minutes} min > "
                                f"{expect.max_duration} min")
    for weekday, day_expect in expect.days.items():
        problems += _check_day(weekday, days.get(weekday), day_expect)
    return problems
