"""Chronic conditions, unexpired acute states and upcoming events are respected."""

from __future__ import annotations

from collections.abc import Iterator

from fitcoach.programming.rules.conditions import (
    acute_problem,
    chronic_problem,
    day_blocked_by_event,
    event_problem,
)
from fitcoach.programming.validator.view import PlanView
from fitcoach.programming.validator.violations import Code, Violation, error


def check_conditions(view: PlanView) -> Iterator[Violation]:
    profile = view.profile
    if profile is None:
        return
    for day in view.training_days:
        if event := day_blocked_by_event(profile, day.date):
            yield error(Code.EVENT_PROTECTION,
                        f"{day.weekday.display_name} is the day of {event.name}; keep it free",
                        day.weekday)
        for item in view.resolved(day):
            exercise = item.exercise
            for constraint in profile.chronic:
                if reason := chronic_problem(exercise, constraint):
                    yield error(Code.CHRONIC_CONDITION, reason, day.weekday, exercise.slug)
            for state in profile.acute:
                if state.affects(day.date) and (reason := acute_problem(exercise, state)):
                    yield error(Code.ACUTE_STATE, reason, day.weekday, exercise.slug)
            for upcoming in profile.events:
                if upcoming.covers(day.date) and not upcoming.travel \
                        and upcoming.busy_minutes is None:
                    continue  # reported once for the whole day above
                if reason := event_problem(exercise, upcoming, day.date):
                    yield error(Code.EVENT_PROTECTION, reason, day.weekday, exercise.slug)
