"""Session time: within the user's budget, and the declared duration tells the truth."""

from __future__ import annotations

from collections.abc import Iterator

from fitcoach.programming import metrics
from fitcoach.programming.validator.view import PlanView
from fitcoach.programming.validator.violations import Code, Violation, error, warning

# The modelled time is rounded up to whole minutes when declared.
ROUNDING_TOLERANCE_MINUTES = 1.0
# Beyond this gap the declared duration misleads the user about their evening.
MISMATCH_WARNING_MINUTES = 10.0


def check_duration(view: PlanView) -> Iterator[Violation]:
    for day in view.training_days:
        if len(view.resolved(day)) != len(day.exercises):
            continue  # unknown slugs are reported by the catalog check; time is unknowable
        modelled = metrics.session_minutes(day.blocks)
        if view.profile is not None:
            budget = view.profile.minutes_for(day.weekday)
            longest = max(modelled, float(day.duration_minutes))
            if longest > budget + ROUNDING_TOLERANCE_MINUTES:
                yield error(Code.DURATION_OVER_BUDGET,
                            f"{day.weekday.display_name} takes about {longest:.0f} minutes; "
                            f"the user has {budget}", day.weekday)
        if abs(modelled - day.duration_minutes) > MISMATCH_WARNING_MINUTES:
            yield warning(Code.DURATION_MISMATCH,
                          f"{day.weekday.display_name} says {day.duration_minutes} minutes but "
                          f"its sets and rests take about {modelled:.0f}", day.weekday)
