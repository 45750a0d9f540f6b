"""Preconditions shared by the operations, each raising a clear `EditRejected`."""

from __future__ import annotations

from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import Exercise
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.programming.edits.context import EditContext
from fitcoach.programming.edits.result import EditRejected, RejectCode
from fitcoach.programming.plan import DayPlan


def known_exercise(slug: str) -> Exercise:
    exercise = CATALOG.find(slug)
    if exercise is None:
        raise EditRejected(RejectCode.UNKNOWN_EXERCISE, f"'{slug}' is not in the exercise index",
                           exercise_id=slug)
    return exercise


def training_day(ctx: EditContext, weekday: Weekday) -> DayPlan:
    day = ctx.day(weekday)
    if not day.is_training_day:
        raise EditRejected(RejectCode.REST_DAY, f"{weekday.display_name} is a rest day",
                           day=weekday)
    return day


def in_day(ctx: EditContext, weekday: Weekday, slug: str) -> Exercise:
    exercise = known_exercise(slug)
    day = training_day(ctx, weekday)
    if all(planned.exercise_id != slug for planned in day.exercises):
        raise EditRejected(RejectCode.NOT_IN_DAY,
                           f"{exercise.name} is not in {weekday.display_name}'s session",
                           day=weekday, exercise_id=exercise.slug)
    return exercise
