"""Logging a finished workout, and logs as they are read back."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from pydantic import (
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)

from fitcoach.analytics.logs import MAX_REPS, MAX_WEIGHT_LBS, SetRecord
from fitcoach.analytics.records import NewRecord
from fitcoach.analytics.units import KG_PER_LB, kg_to_lbs
from fitcoach.api.text import exercise_slug_schema
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import Weekday

MAX_WEIGHT_KG = MAX_WEIGHT_LBS * KG_PER_LB
EARLIEST_YEAR = 1970
EARLIEST_YEAR_PATTERN = r"^(19[7-9][0-9]|[2-9][0-9]{3})-"  # the year, 1970 on
MAX_SETS_PER_EXERCISE = 50
# How far past the server's *now* a `completed_at` may be (a clock a little ahead, a time
# zone mistaken), and the same as an ISO-8601 duration for the schema.
MAX_AFTER_NOW = dt.timedelta(days=1)
MAX_AFTER_NOW_ISO = "P1D"
# JSON Schema has no keyword comparing a date-time with the server's clock; the schema
# states the bound under this extension (OpenAPI allows `x-` keys) as well as in words.
MAX_AFTER_NOW_KEY = "x-maximum-after-server-now"
MAX_EXERCISES_PER_LOG = 40


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class LoggedSet(_Request):
    """One set; the load in pounds or in kilograms (not both), none for bodyweight."""

    model_config = ConfigDict(json_schema_extra={"not": {
        "required": ["weight_lbs", "weight_kg"],
        "properties": {"weight_lbs": {"type": "number"}, "weight_kg": {"type": "number"}},
    }})

    weight_lbs: Annotated[float, Field(ge=0, le=MAX_WEIGHT_LBS)] | None = None
    weight_kg: Annotated[float, Field(ge=0, le=MAX_WEIGHT_KG)] | None = None
    reps: Annotated[int, Field(ge=0, le=MAX_REPS)]
    rpe: Annotated[float, Field(ge=1, le=10)] | None = None

    @field_validator("weight_lbs", "weight_kg", "reps", "rpe", mode="before")
    @classmethod
    def _json_numbers_only(cls, value: object) -> object:
        # The schema says number/integer: pydantic's lax mode would also read "5" as 5 and
        # true/false as 1/0. Not its strict mode: that refuses 10.0 for an integer, which
        # JSON Schema counts as one (and lax mode takes as 10), and says less.
        if isinstance(value, bool):
            raise ValueError("must be a JSON number, not true or false")
        if isinstance(value, str):
            raise ValueError(f"must be a JSON number, not a string ({value[:20]!r})")
        return value

    @model_validator(mode="after")
    def _one_unit(self) -> LoggedSet:
        if self.weight_lbs is not None and self.weight_kg is not None:
            raise ValueError("give weight_lbs or weight_kg, not both")
        return self

    def as_record(self) -> SetRecord:
        if self.weight_kg is not None:
            pounds = min(kg_to_lbs(self.weight_kg), MAX_WEIGHT_LBS)  # 907.18474 kg is 2000 lb
        else:
            pounds = self.weight_lbs or 0.0
        return SetRecord(weight_lbs=pounds, reps=self.reps, rpe=self.rpe)


class LoggedExercise(_Request):
    exercise_id: Annotated[str, Field(json_schema_extra=exercise_slug_schema)]
    sets: Annotated[list[LoggedSet], Field(min_length=1, max_length=MAX_SETS_PER_EXERCISE)]

    @field_validator("exercise_id")
    @classmethod
    def _known(cls, value: str) -> str:
        if value not in CATALOG:
            raise ValueError(f"unknown exercise {value!r}: use a slug from GET /api/exercises")
        return value


class WorkoutLogRequest(_Request):
    idempotency_key: Annotated[str, StringConstraints(min_length=1, max_length=128,
                                                      pattern=r"^[\x21-\x7e]+$")] | None = None
    completed_at: Annotated[AwareDatetime | None, Field(
        description="when the workout ended (default: now); from 1970 on, and at most a day "
                    f"after the server's now ({MAX_AFTER_NOW_KEY}): a later one is refused "
                    "with 422 and nothing is written",
        json_schema_extra={"pattern": EARLIEST_YEAR_PATTERN,
                           MAX_AFTER_NOW_KEY: MAX_AFTER_NOW_ISO})] = None
    day: Annotated[Weekday | None, Field(
        description="the planned day this workout completes: that weekday of the week "
                    "(Monday to Sunday, the user's zone) holding completed_at, whether done "
                    "earlier or later than planned (default: completed_at's own day); a day "
                    "already completed or a rest day is left alone, and the log still "
                    "counts")] = None
    exercises_logged: Annotated[list[LoggedExercise],
                                Field(min_length=1, max_length=MAX_EXERCISES_PER_LOG)]

    @field_validator("completed_at", mode="before")
    @classmethod
    def _iso_text(cls, value: object) -> object:
        # Only an ISO-8601 string: a bare number would be read as seconds since 1970.
        if value is not None and not isinstance(value, str | dt.datetime):
            raise ValueError("completed_at must be an ISO-8601 timestamp with a time zone")
        return value

    @field_validator("completed_at")
    @classmethod
    def _representable(cls, value: dt.datetime | None) -> dt.datetime | None:
        # 0001-01-01T00:00+00:01 is valid ISO-8601 but has no UTC time (it would be year 0),
        # and the day it was in the user's zone may not exist either: the fuzzer's 500.
        if value is None:
            return value
        if value.year < EARLIEST_YEAR:  # as written, like the schema's pattern
            raise ValueError(f"completed_at must be in {EARLIEST_YEAR} or later")
        try:
            value.astimezone(dt.UTC)
        except OverflowError:
            raise ValueError("completed_at is out of range") from None
        return value


class LogCorrection(_Request):
    """A correction of one's own log: any of its fields, at least one, none null (the `None`
    defaults only mean "not given"). The sets given replace all the log's sets."""

    model_config = ConfigDict(json_schema_extra={"minProperties": 1})

    completed_at: Annotated[AwareDatetime, Field(
        description="when the workout ended; from 1970 on, and at most a day after the "
                    "server's now",
        json_schema_extra={"pattern": EARLIEST_YEAR_PATTERN})] = None  # type: ignore[assignment]
    day: Annotated[Weekday, Field(
        description="the planned day this workout completes (default: the log's day, or "
                    "with a new completed_at, that date's own day)")] = None  # type: ignore[assignment]
    exercises_logged: Annotated[list[LoggedExercise], Field(
        min_length=1, max_length=MAX_EXERCISES_PER_LOG)] = None  # type: ignore[assignment]

    _iso_text = field_validator("completed_at", mode="before")(
        WorkoutLogRequest._iso_text.__func__)  # type: ignore[attr-defined]
    _representable = field_validator("completed_at")(
        WorkoutLogRequest._representable.__func__)  # type: ignore[attr-defined]

    @model_validator(mode="after")
    def _something(self) -> LogCorrection:
        if not self.model_fields_set:
            raise ValueError("give at least one of completed_at, day, exercises_logged")
        return self


class LogCreated(BaseModel):
    log_id: str
    new_prs: list[NewRecord]


class SetView(BaseModel):
    weight_lbs: float
    reps: int
    rpe: float | None


class ExerciseView(BaseModel):
    exercise_id: str
    name: str
    sets: list[SetView]


class WorkoutLogView(BaseModel):
    log_id: str
    completed_at: dt.datetime
    day: Weekday
    exercises_logged: list[ExerciseView]
    new_prs: list[NewRecord]
