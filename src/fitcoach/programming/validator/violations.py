"""What the validator reports: named violations a coach can read."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from fitcoach.catalog.vocabulary import Weekday


class Severity(StrEnum):
    ERROR = "error"  # the plan breaks a rule of the seed and must not be proposed
    WARNING = "warning"  # worth telling the user; the plan may still be proposed


class Code(StrEnum):
    SCHEMA_INVALID = "SCHEMA_INVALID"
    DATA_ASSURANCE = "DATA_ASSURANCE"
    SUMMARY_MISMATCH = "SUMMARY_MISMATCH"
    SLUG_UNKNOWN = "SLUG_UNKNOWN"
    NAME_MISMATCH = "NAME_MISMATCH"
    EQUIPMENT_MISSING = "EQUIPMENT_MISSING"
    EQUIPMENT_LOAD = "EQUIPMENT_LOAD"
    SEQUENCE_PRIORITY = "SEQUENCE_PRIORITY"
    SESSION_VOLUME_CAP = "SESSION_VOLUME_CAP"
    WEEKLY_VOLUME_HIGH = "WEEKLY_VOLUME_HIGH"
    WEEKLY_VOLUME_LOW = "WEEKLY_VOLUME_LOW"
    RECOVERY_48H = "RECOVERY_48H"
    LOWER_BACK_CONSECUTIVE = "LOWER_BACK_CONSECUTIVE"
    SUPERSET_PAIRING = "SUPERSET_PAIRING"
    SUPERSET_SPINAL = "SUPERSET_SPINAL"
    REPS_IN_RESERVE = "REPS_IN_RESERVE"
    CHRONIC_CONDITION = "CHRONIC_CONDITION"
    ACUTE_STATE = "ACUTE_STATE"
    EVENT_PROTECTION = "EVENT_PROTECTION"
    DURATION_OVER_BUDGET = "DURATION_OVER_BUDGET"
    DURATION_MISMATCH = "DURATION_MISMATCH"
    BLOCK_RAMP_AHEAD = "BLOCK_RAMP_AHEAD"
    DELOAD_TOO_HARD = "DELOAD_TOO_HARD"
    DELOAD_EFFORT = "DELOAD_EFFORT"


class Violation(BaseModel):
    model_config = ConfigDict(frozen=True)

    code: Code
    severity: Severity
    message: str
    day: Weekday | None = None
    exercise_id: str | None = None

    @property
    def key(self) -> tuple[str, str | None, str | None]:
        """Identity of a violation across two versions of a plan (for "did an edit add it?")."""
        return (self.code.value, self.day.value if self.day else None, self.exercise_id)


def error(code: Code, message: str, day: Weekday | None = None,
          exercise_id: str | None = None) -> Violation:
    return Violation(code=code, severity=Severity.ERROR, message=message, day=day,
                     exercise_id=exercise_id)


def warning(code: Code, message: str, day: Weekday | None = None,
            exercise_id: str | None = None) -> Violation:
    return Violation(code=code, severity=Severity.WARNING, message=message, day=day,
                     exercise_id=exercise_id)


class ValidationReport(BaseModel):
    model_config = ConfigDict(frozen=True)

    violations: tuple[Violation, ...] = ()

    @property
    def errors(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity is Severity.WARNING)

    @property
    def ok(self) -> bool:
        return not self.errors

    def codes(self) -> set[Code]:
        return {v.code for v in self.violations}



def errors_introduced(after: ValidationReport, before: ValidationReport | None,
                      changed_days: Iterable[Weekday] = ()) -> tuple[Violation, ...]:
    """The errors a change to a plan answers for, in `after`'s order, each once.

    With no `before` (a first plan) that is every error. Otherwise: the errors `after` has
    that `before` did not (the same code, day and exercise), and every error on a day the
    change touched. Errors the old plan already had elsewhere are not the change's.
    """
    if before is None:
        return tuple(dict.fromkeys(after.errors))
    known = {v.key for v in before.errors}
    changed = set(changed_days)
    return tuple(dict.fromkeys(v for v in after.errors
                               if v.key not in known or v.day in changed))
