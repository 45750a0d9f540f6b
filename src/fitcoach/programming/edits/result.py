"""What an edit hands back, and how it says no."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fitcoach.catalog.vocabulary import Weekday
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.programming.profile import Profile
from fitcoach.programming.validator import ValidationReport


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
    DAY_DONE = "day_done"  # the day's workout is already logged
    DAY_PAST = "day_past"  # the day's date is before the user's today
    OUTSIDE_WEEK = "outside_week"  # an event or date the plan's week does not reach


class EditRejected(Exception):
    """The operation cannot be done; `code` is stable, `message` explains it to a coach, and
    `day`/`exercise_id` say what it is about when the refusal names one."""

    def __init__(self, code: RejectCode, message: str, *, day: Weekday | None = None,
                 exercise_id: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.day = day  # the day the refusal is about, when it is about one
        self.exercise_id = exercise_id  # likewise the exercise

    def __repr__(self) -> str:
        return f"EditRejected({self.code.value!r}, {self.message!r})"


@dataclass(frozen=True, slots=True)
class Judgement:
    """The validator's report on a plan under `profile` (the very object it judged with)."""

    report: ValidationReport
    profile: Profile

    def under(self, profile: Profile) -> ValidationReport | None:
        """The report when it was made under this same profile object, else None. Plans and
        profiles are frozen and the validator is pure, so the report still holds."""
        return self.report if self.profile is profile else None


@dataclass(frozen=True, slots=True)
class EditResult:
    plan: WeeklyPlan
    summary_diff: str
    changed_days: tuple[Weekday, ...]
    notes: tuple[str, ...] = ()
    # What the guarding validator already said, so a caller that judges the same plans
    # under the same profile does not validate them again: `judged` is about `plan`,
    # `base_judged` about the plan the edits started from (None when there was none).
    judged: Judgement | None = None
    base_judged: Judgement | None = None
