"""Apply edit operations to a plan: pure, never mutating the input, validator-guarded.

Every result is judged by the validator against the profile the edit ran with (including an
event the edit itself protects for). It must add no error the input plan did not have, and
the days it changed must carry no error at all; otherwise the edit is refused with
`EditRejected` rather than returning a bad plan.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from fitcoach import timekeeping
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import WEEKDAYS, Weekday
from fitcoach.programming.calendar import is_done, settled_days
from fitcoach.programming.edits.context import EditContext
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
    RelieveAcute,
    RemoveExercise,
    SetDayFocus,
    ShortenDay,
    StartBlock,
    SwapExercise,
)
from fitcoach.programming.edits.ops.avoid import avoid
from fitcoach.programming.edits.ops.blocks import group_volume, start_block
from fitcoach.programming.edits.ops.days import add_exercise, make_rest_day, remove_exercise
from fitcoach.programming.edits.ops.deload import deload
from fitcoach.programming.edits.ops.focus import set_day_focus
from fitcoach.programming.edits.ops.generate import generate, profile_for, with_changes
from fitcoach.programming.edits.ops.move import move_training_days
from fitcoach.programming.edits.ops.protect import profile_with_event, protect_for_event
from fitcoach.programming.edits.ops.relieve import relieve_acute
from fitcoach.programming.edits.ops.shorten import shorten_day
from fitcoach.programming.edits.ops.swap import swap_exercise
from fitcoach.programming.edits.result import EditRejected, EditResult, Judgement, RejectCode
from fitcoach.programming.generator.generate import generate_week
from fitcoach.programming.generator.options import OptionPool
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.programming.profile import Profile
from fitcoach.programming.text import phrases as tx
from fitcoach.programming.validator import ValidationReport, errors_introduced, validate_week

Handler = Callable[[EditContext, Any], str]
HANDLERS: dict[type, Handler] = {
    GenerateWeek: generate,
    MoveTrainingDays: move_training_days,
    SetDayFocus: set_day_focus,
    ShortenDay: shorten_day,
    SwapExercise: swap_exercise,
    AvoidOnDays: avoid,
    RelieveAcute: relieve_acute,
    ProtectForEvent: protect_for_event,
    Deload: deload,
    StartBlock: start_block,
    GroupVolume: group_volume,
    AddExercise: add_exercise,
    RemoveExercise: remove_exercise,
    MakeRestDay: make_rest_day,
}


def effective_profile(profile: Profile, op: EditOperation) -> Profile:
    """The profile an operation runs and is judged with."""
    if isinstance(op, GenerateWeek):
        return profile_for(profile, op)
    if isinstance(op, ProtectForEvent):
        return profile_with_event(profile, op)
    return profile


def _fresh(op: EditOperation, profile: Profile, week_start: dt.date,
           language: str) -> EditResult | None:
    """With no plan yet, a generate or move operation builds the week from scratch."""
    if isinstance(op, MoveTrainingDays):
        profile = with_changes(profile, {"training_days": op.training_days,
                                         "days_per_week": None})
    elif not isinstance(op, GenerateWeek):
        return None
    result = generate_week(profile, week_start, language, op.day_focus)
    return EditResult(plan=result.plan, summary_diff=result.summary_diff, changed_days=WEEKDAYS,
                      notes=tuple(gap.message for gap in result.gaps))


def _known_exercises_only(plan: WeeklyPlan) -> None:
    """Edits rebuild days from the catalog; a plan naming an unknown exercise cannot be
    edited (the validator reports it as SLUG_UNKNOWN)."""
    for day in plan.days.values():
        for planned in day.exercises:
            if planned.exercise_id not in CATALOG:
                raise EditRejected(RejectCode.UNKNOWN_EXERCISE,
                                   f"the plan's {day.day_of_week} names '{planned.exercise_id}',"
                                   " which is not in the exercise index")


def _targets(op: EditOperation, settled: frozenset[Weekday]) -> tuple[Weekday, ...]:
    """The days an operation names as the ones to change (for `avoid`, only when it names
    nothing but settled days: the others it names it changes, passing over the settled)."""
    if isinstance(op, MoveTrainingDays):
        return tuple(dict.fromkeys((*op.sessions.keys(), *op.sessions.values())))
    if isinstance(op, AvoidOnDays):
        return op.days if op.days and set(op.days) <= settled else ()
    day = getattr(op, "day", None)
    return (day,) if isinstance(day, Weekday) else ()


def _refuse_settled(plan: WeeklyPlan, op: EditOperation, settled: frozenset[Weekday]) -> None:
    """A day whose workout is logged, or whose date has passed, cannot be the day an
    operation changes: a completed workout is history, and a past day cannot be trained."""
    for weekday in _targets(op, settled):
        if weekday not in settled:
            continue
        day = plan.days[weekday]
        if is_done(day):
            raise EditRejected(RejectCode.DAY_DONE,
                               f"{weekday.display_name}'s workout is already done and logged; "
                               "a completed workout can't be rewritten", day=weekday)
        raise EditRejected(RejectCode.DAY_PAST,
                           f"{weekday.display_name} ({day.date.isoformat()}) is already past; "
                           "only today and the days ahead can be changed", day=weekday)


def _guard(before: ValidationReport | None, plan: WeeklyPlan, profile: Profile,
           changed: Iterable[Weekday]) -> Judgement:
    after = validate_week(plan, profile)
    bad = errors_introduced(after, before, changed)
    if bad:
        raise EditRejected(RejectCode.INVALID_RESULT,
                           f"the change would break a rule: {bad[0].message}",
                           day=bad[0].day, exercise_id=bad[0].exercise_id)
    return Judgement(after, profile)


def apply_edit(plan: WeeklyPlan | None, op: EditOperation, profile: Profile, *,
               week_start: dt.date, language: str = "en",
               judged: Judgement | None = None, today: dt.date | None = None) -> EditResult:
    """Apply one operation; raises `EditRejected` when it cannot be done validly.

    `judged` may carry the validator's report on `plan` (from the edit before this one), so
    it is not validated twice under the same profile. Days already done, and with `today`
    (the user's local date) the days before it, are settled: an operation naming one is
    refused, and one that changes the whole week leaves them as they are.
    """
    language = tx.language_of(language)
    week_start = timekeeping.week_start(week_start)
    eff = effective_profile(profile, op)
    if plan is None:
        fresh = _fresh(op, eff, week_start, language)
        if fresh is not None:
            return replace(fresh, judged=_guard(None, fresh.plan, eff, fresh.changed_days))
        if not isinstance(op, ProtectForEvent):
            raise EditRejected(RejectCode.NO_PLAN,
                               "there is no plan to change yet; generate a week first")
        given = None
        plan = generate_week(profile, week_start, language).plan
    else:
        given = plan
    _known_exercises_only(plan)
    settled = settled_days(plan, today) if given is not None else frozenset()
    _refuse_settled(plan, op, settled)
    ctx = EditContext(plan=plan, profile=eff, pool=OptionPool(eff), language=language,
                      week_start=week_start, settled=settled, today=today)
    try:
        summary = HANDLERS[type(op)](ctx, op)
    except EditRejected as rejected:  # about the day and exercise the operation names
        rejected.day = rejected.day or getattr(op, "day", None)
        rejected.exercise_id = rejected.exercise_id or getattr(op, "exercise_id", None)
        raise
    if settled:  # a whole-week change leaves the done and past days as they were
        ctx.put({d: plan.days[d] for d in settled if ctx.plan.days[d] != plan.days[d]})
    final, changed = ctx.concluded(plan)
    known = judged.under(eff) if judged is not None and given is not None else None
    before = Judgement(known if known is not None else validate_week(plan, eff), eff)
    after = _guard(before.report, final, eff, changed)
    return EditResult(plan=final, summary_diff=summary, changed_days=changed,
                      notes=tuple(ctx.notes), judged=after,
                      base_judged=before if given is not None else None)


def apply_edits(plan: WeeklyPlan | None, ops: Iterable[EditOperation], profile: Profile, *,
                week_start: dt.date, language: str = "en",
                today: dt.date | None = None) -> EditResult:
    """Apply several operations in order; their diffs are joined with " • ". `today` is the
    user's local date: days before it, like days already done, are not changed."""
    current = plan
    diffs: list[str] = []
    notes: list[str] = []
    changed: set[Weekday] = set()
    judged: Judgement | None = None
    base_judged: Judgement | None = None
    for index, op in enumerate(ops):
        result = apply_edit(current, op, profile, week_start=week_start, language=language,
                            judged=judged, today=today)
        if index == 0:
            base_judged = result.base_judged
        current, judged = result.plan, result.judged
        diffs.append(result.summary_diff)
        notes += result.notes
        changed |= set(result.changed_days)
        if isinstance(op, ProtectForEvent):
            profile = effective_profile(profile, op)
    if current is None:
        raise EditRejected(RejectCode.BAD_REQUEST, "no operation to apply")
    ordered = tuple(d for d in WEEKDAYS if d in changed)
    return EditResult(plan=current, summary_diff=" • ".join(diffs), changed_days=ordered,
                      notes=tuple(notes), judged=judged, base_judged=base_judged)
