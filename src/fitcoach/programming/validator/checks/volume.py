"""Volume landmarks: ≤ 8 hard sets per group per session, 10-20 per trained group per week."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from fitcoach.catalog.vocabulary import MuscleGroup
from fitcoach.programming import metrics
from fitcoach.programming.plan import BlockPhase, PlannedExercise
from fitcoach.programming.rules.landmarks import (
    SESSION_SETS_MAX,
    WEEKLY_SETS_MAX,
    WEEKLY_SETS_MIN,
)
from fitcoach.programming.validator.view import PlanView
from fitcoach.programming.validator.violations import Code, Violation, error, warning


def _known(view: PlanView, day_index: int) -> list[PlannedExercise]:
    day = view.days[day_index]
    return [item.planned for item in view.resolved(day)]


def check_session_volume(view: PlanView) -> Iterator[Violation]:
    for index, day in enumerate(view.days):
        for group, sets in metrics.group_sets(_known(view, index)).items():
            if sets > SESSION_SETS_MAX:
                yield error(Code.SESSION_VOLUME_CAP,
                            f"{sets:g} hard sets for {group.value} in one session "
                            f"(cap {SESSION_SETS_MAX})", day.weekday)


def check_weekly_volume(view: PlanView) -> Iterator[Violation]:
    """Over 20 is an error; under 10 is reported as a warning with whether time is the cause.

    Every group the week works is judged, directly or through compound lifts (secondary work
    counts half). A shortfall is only a warning because the session budget the user gave can
    make 10 sets impossible (three 30-minute sessions cannot hold 10 sets for every group);
    the message says whether time is the cause, and when a group gets no direct work at all.
    """
    if not view.complete_week:
        return
    totals: dict[MuscleGroup, float] = defaultdict(float)
    direct: set[MuscleGroup] = set()
    for index, _day in enumerate(view.days):
        planned = _known(view, index)
        for group, sets in metrics.group_sets(planned).items():
            totals[group] += sets
        for item in view.resolved(view.days[index]):
            direct |= item.exercise.primary_groups
    spare = _spare_minutes(view)
    # A deload week is under the landmark on purpose (its own rules: `checks/block.py`).
    block = view.week.block if view.week is not None else None
    deload = block is not None and block.phase is BlockPhase.DELOAD
    for group in sorted(totals, key=lambda g: g.value):
        sets = totals[group]
        if sets > WEEKLY_SETS_MAX:
            yield error(Code.WEEKLY_VOLUME_HIGH,
                        f"{sets:g} weekly sets for {group.value} (landmark {WEEKLY_SETS_MIN}-"
                        f"{WEEKLY_SETS_MAX})")
        elif sets < WEEKLY_SETS_MIN and not deload:
            cause = (f"the week has {spare:.0f} spare minutes that could hold more"
                     if spare >= 15 else "the session time available cannot hold more")
            source = "" if group in direct else ", all of it from compound lifts"
            yield warning(Code.WEEKLY_VOLUME_LOW,
                          f"{sets:g} weekly sets for {group.value}{source}, under the "
                          f"{WEEKLY_SETS_MIN}-set landmark; {cause}")


def _spare_minutes(view: PlanView) -> float:
    profile = view.profile
    if profile is None:
        return 0.0
    return sum(
        max(0.0, profile.minutes_for(day.weekday) - metrics.session_minutes(day.blocks))
        for day in view.training_days
    )
