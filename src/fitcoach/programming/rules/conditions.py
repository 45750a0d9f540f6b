"""Chronic conditions, acute states and upcoming events: what each keeps off a day.

One predicate per kind of limitation, each answering with the reason an exercise is out (or
None). The generator skips such exercises; the validator reports them.
"""

from __future__ import annotations

import datetime as dt

from fitcoach.catalog.models import Exercise
from fitcoach.catalog.vocabulary import (
    BODY_PART_JOINTS,
    BODY_PART_MUSCLES,
    AcuteCondition,
    BodyPart,
)
from fitcoach.programming.profile import AcuteState, ChronicConstraint, Profile, UpcomingEvent

# Days before an event during which its protected body parts are spared.
EVENT_LEAD_UP_DAYS = 2


def _loads_muscles(exercise: Exercise, part: BodyPart, *, secondary: bool) -> bool:
    muscles = exercise.all_muscles if secondary else frozenset(exercise.primary_muscles)
    return bool(muscles & BODY_PART_MUSCLES[part])


def _stresses_joints(exercise: Exercise, part: BodyPart, above: int) -> bool:
    return any(
        exercise.joint_stress.get(joint, 0) > above for joint in BODY_PART_JOINTS[part]
    )


def chronic_problem(exercise: Exercise, constraint: ChronicConstraint) -> str | None:
    if exercise.slug in constraint.exercises:
        return f"{exercise.name} is on the user's avoid list"
    if exercise.pattern in constraint.patterns:
        return f"{exercise.name} is a {exercise.pattern.value} movement the user avoids"
    for part in constraint.body_parts:
        if _stresses_joints(exercise, part, constraint.max_joint_stress):
            return f"{exercise.name} loads the {part.value.replace('_', ' ')} too much"
    return None


def acute_problem(exercise: Exercise, state: AcuteState) -> str | None:
    part = state.body_part
    label = part.value.replace("_", " ")
    if state.condition is AcuteCondition.FATIGUE or part is BodyPart.WHOLE_BODY:
        if exercise.heavy_compound and (
            part is BodyPart.WHOLE_BODY or _loads_muscles(exercise, part, secondary=False)
        ):
            return f"{exercise.name} is too heavy while {label} fatigue lasts"
        return None
    if state.condition is AcuteCondition.SORENESS:
        if _loads_muscles(exercise, part, secondary=False):
            return f"{exercise.name} trains the sore {label}"
        return None
    if _loads_muscles(exercise, part, secondary=False) or _stresses_joints(exercise, part, 0):
        return f"{exercise.name} loads the strained {label}"
    return None


def event_problem(exercise: Exercise, event: UpcomingEvent, day: dt.date) -> str | None:
    if event.covers(day):
        if (event.travel and exercise.bodyweight) or event.busy_minutes is not None:
            return None  # away: bodyweight only; busy: the day is short, not off
        return f"{event.name} is on that day"
    if event.in_lead_up(day, EVENT_LEAD_UP_DAYS):
        for part in event.protect:
            if _loads_muscles(exercise, part, secondary=True) or _stresses_joints(
                exercise, part, 1
            ):
                label = part.value.replace("_", " ")
                return f"{exercise.name} would tire the {label} before {event.name}"
    return None


def exclusion_reason(exercise: Exercise, profile: Profile, day: dt.date) -> str | None:
    """Why this exercise may not be programmed on this date for this person, if at all."""
    for constraint in profile.chronic:
        if reason := chronic_problem(exercise, constraint):
            return reason
    for state in profile.acute:
        if state.affects(day) and (reason := acute_problem(exercise, state)):
            return reason
    for event in profile.events:
        if reason := event_problem(exercise, event, day):
            return reason
    return None


def day_blocked_by_event(profile: Profile, day: dt.date) -> UpcomingEvent | None:
    """A non-travel event on this date keeps the whole day free of training (a busy stretch
    only shortens its days)."""
    for event in profile.events:
        if event.covers(day) and not event.travel and event.busy_minutes is None:
            return event
    return None
