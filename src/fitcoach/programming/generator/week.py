"""The week's sessions as a whole while they are built: each group's weekly sets, and a day's
builder judged against all the other days (their totals and what the weekly cap leaves)."""

from __future__ import annotations

from fitcoach.catalog.vocabulary import MuscleGroup, Weekday
from fitcoach.programming.generator.ledger import WeekLedger
from fitcoach.programming.generator.session import SessionBuilder
from fitcoach.programming.rules.landmarks import WEEKLY_SETS_MAX

Builders = dict[Weekday, SessionBuilder]


def rebased_on_the_rest(builders: Builders, order: tuple[Weekday, ...],
                        day: Weekday) -> SessionBuilder:
    """The day's builder, judged against every other day as built: their weekly totals and
    what each group's weekly cap leaves it."""
    others = WeekLedger()
    for other in order:
        if other is not day:
            others.record_items(other.index, builders[other].items)
    builder = builders[day]
    builder.rebase(others, {g: WEEKLY_SETS_MAX - others.totals.get(g, 0.0) for g in MuscleGroup})
    return builder


def week_sets(builders: Builders) -> dict[MuscleGroup, float]:
    totals: dict[MuscleGroup, float] = {}
    for builder in builders.values():
        for group, sets in builder.credits.items():
            totals[group] = totals.get(group, 0.0) + sets
    return totals
