"""Validator entry points: judge a typed plan, a day, or a raw JSON document.

`validate_week` is the law every proposed plan passes (DESIGN D2). The document variants exist
for plans we did not build (the seed's examples, a model's output): they check the data
assurances on the raw JSON first, then fill what the assurances reported missing only so that
the remaining rules can still be judged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, TypeVar

from pydantic import ValidationError

from fitcoach.catalog import CATALOG
from fitcoach.programming.plan import DayPlan, WeeklyPlan
from fitcoach.programming.profile import Profile
from fitcoach.programming.validator.checks.block import check_block
from fitcoach.programming.validator.checks.catalog_refs import check_catalog_refs
from fitcoach.programming.validator.checks.conditions import check_conditions
from fitcoach.programming.validator.checks.duration import check_duration
from fitcoach.programming.validator.checks.effort import check_effort
from fitcoach.programming.validator.checks.equipment import check_equipment
from fitcoach.programming.validator.checks.recovery import check_recovery
from fitcoach.programming.validator.checks.sequencing import check_sequencing
from fitcoach.programming.validator.checks.structure import (
    check_day_document,
    check_summary,
    check_week_document,
    mappings,
)
from fitcoach.programming.validator.checks.supersets import check_supersets
from fitcoach.programming.validator.checks.volume import check_session_volume, check_weekly_volume
from fitcoach.programming.validator.view import PlanView
from fitcoach.programming.validator.violations import Code, ValidationReport, Violation, error

Check = Callable[[PlanView], Iterable[Violation]]
_PlanT = TypeVar("_PlanT", DayPlan, WeeklyPlan)

CHECKS: tuple[Check, ...] = (
    check_catalog_refs,
    check_equipment,
    check_sequencing,
    check_session_volume,
    check_weekly_volume,
    check_recovery,
    check_supersets,
    check_effort,
    check_conditions,
    check_duration,
    check_block,
)


def _run(view: PlanView) -> Iterator[Violation]:
    for check in CHECKS:
        yield from check(view)


def validate_week(plan: WeeklyPlan, profile: Profile | None = None,
                  require_scheduled: bool = True) -> ValidationReport:
    """Every rule, on a whole week (the proposal form: days scheduled, nothing completed)."""
    document = plan.model_dump(mode="json")
    violations = list(check_week_document(document, require_scheduled))
    violations += check_summary(plan)
    violations += _run(PlanView(days=tuple(plan.days.values()), profile=profile, week=plan))
    return ValidationReport(violations=tuple(violations))


def validate_day(day: DayPlan, profile: Profile | None = None,
                 week: WeeklyPlan | None = None) -> ValidationReport:
    """A single day; with `week`, the day is judged in place (recovery, weekly volume)."""
    violations = list(check_day_document(day.model_dump(mode="json"), day.weekday))
    if week is None:
        violations += _run(PlanView(days=(day,), profile=profile))
        return ValidationReport(violations=tuple(violations))
    placed = week.with_day(day.weekday, day)
    violations += _run(PlanView(days=tuple(placed.days.values()), profile=profile, week=placed))
    return ValidationReport(violations=tuple(violations))


def validate_day_document(doc: Mapping[str, Any], profile: Profile | None = None) -> \
        ValidationReport:
    violations = list(check_day_document(doc))
    day = _hydrate(DayPlan, _filled_day(doc), violations)
    if day is not None:
        violations += _run(PlanView(days=(day,), profile=profile))
    return ValidationReport(violations=tuple(violations))


def validate_week_document(doc: Mapping[str, Any], profile: Profile | None = None) -> \
        ValidationReport:
    violations = list(check_week_document(doc))
    filled = dict(doc)
    given_days = doc.get("days")
    days: Mapping[str, Any] = given_days if isinstance(given_days, Mapping) else {}
    filled["days"] = {key: _filled_day(value) for key, value in days.items()
                      if isinstance(value, Mapping)}
    plan = _hydrate(WeeklyPlan, filled, violations)
    if plan is not None:
        complete = len(plan.days) == 7
        violations += check_summary(plan) if complete else ()
        violations += _run(PlanView(days=tuple(plan.days.values()), profile=profile,
                                    week=plan if complete else None))
    return ValidationReport(violations=tuple(violations))


def _filled_day(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The day with assurance-only gaps filled (already reported), so other rules can run."""
    day = {"status": "scheduled", "completed_log_id": None, "completed_at": None,
           "muscle_focus": [], "suggested_edits": [], **doc}
    if not isinstance(doc.get("blocks"), list):
        return day  # the schema check reports it
    blocks = []
    for block in mappings(doc["blocks"]):
        exercises = []
        for exercise in mappings(block.get("exercises")):
            known = CATALOG.find(str(exercise.get("exercise_id")))
            exercises.append({"name": known.name if known else "?", **exercise})
        blocks.append({**block, "exercises": exercises})
    day["blocks"] = blocks
    return day


def _hydrate(model: type[_PlanT], data: Mapping[str, Any],
             violations: list[Violation]) -> _PlanT | None:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        violations.append(error(Code.SCHEMA_INVALID,
                                f"the plan does not fit the schema at {where}: {first['msg']}"))
        return None
