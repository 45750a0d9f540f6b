"""What an edit hands back, and how it says no."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fitcoach.catalog.vocabulary import Weekday
from fitcoach.programming.plan import WeeklyPlan


class RejectCode(StrEnum):
    NO_PLAN = "no_plan"
    BAD_REQUEST = "bad_request"
    UNKNOWN_EXERCISE = "unknown_exercise"
    NOT_IN_DAY = "not_in_day"
    ALREADY_IN_DAY = "already_in_day"
    REST_DAY = "rest_day"
    EVENT_DAY = "event_day"
    MISSING_GEAR = "missing_gear"
    EXCLUDED = "excluded"
    RECOVERY = "recovery"
    NO_SUBSTITUTE = "no_substitute"
    NO_ROOM = "no_room"
    NOTHING_FITS = "nothing_fits"
    INVALID_RESULT = "invalid_result"


class EditRejected(Exception):
    """The operation cannot be done; `code` is stable, `message` explains it to a coach."""

    def __init__(self, code: RejectCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"EditRejected({self.code.value!r}, {self.message!r})"


@dataclass(frozen=True, slots=True)
class EditResult:
    plan: WeeklyPlan
    summary_diff: str
    changed_days: tuple[Weekday, ...]
    notes: tuple[str, ...] = ()
