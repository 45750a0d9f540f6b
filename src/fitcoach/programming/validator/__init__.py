"""The validator (DESIGN D2): every programming rule of the seed as a named check."""

from fitcoach.programming.validator.engine import (
    validate_day,
    validate_day_document,
    validate_week,
    validate_week_document,
)
from fitcoach.programming.validator.violations import (
    Code,
    Severity,
    ValidationReport,
    Violation,
    errors_introduced,
)

__all__ = [
    "Code",
    "Severity",
    "ValidationReport",
    "Violation",
    "errors_introduced",
    "validate_day",
    "validate_day_document",
    "validate_week",
    "validate_week_document",
]
