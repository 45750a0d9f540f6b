"""Request and response bodies of the users domain."""

from __future__ import annotations

from typing import Annotated
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)

from fitcoach.api.text import NO_NUL, timezone_schema
from fitcoach.api.users.names import MAX_LENGTH, VISIBLE_NAME_PATTERN, normalise_display_name
from fitcoach.brain.ports import Locale
from fitcoach.catalog.vocabulary import Unit


def check_timezone(name: str) -> str:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"{name!r} is not an IANA time zone such as 'Europe/Rome'") from None
    return name


def _visible_name_schema(schema: dict[str, object]) -> None:
    schema["pattern"] = VISIBLE_NAME_PATTERN


# A display name wherever one is set (sign-up, PATCH /api/users/me): at most MAX_LENGTH
# characters as sent (the schema's maxLength), no NUL, then normalised (`names`) and checked
# again; the normal form is what is stored.
DisplayName = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_LENGTH), NO_NUL,
    AfterValidator(normalise_display_name),
    Field(json_schema_extra=_visible_name_schema,
          description="1-100 characters with at least one visible one; stored in Unicode "
                      "NFC, without control, zero-width or direction characters, with runs "
                      "of spaces made one and none at either end")]


class CreateUserRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    display_name: DisplayName
    locale: Locale = Locale.EN
    units: Unit = Unit.LB
    timezone: Annotated[str, StringConstraints(min_length=1, max_length=64), NO_NUL,
                        Field(json_schema_extra=timezone_schema)] = "UTC"

    @field_validator("timezone")
    @classmethod
    def _iana(cls, value: str) -> str:
        return check_timezone(value)


class UpdateUserRequest(BaseModel):
    """The settings a user may change; each is checked as at sign-up, and at least one is
    given. A field left out keeps its value; none may be null (the schema says so: the
    fields are not nullable, their `None` default only means "not given")."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"minProperties": 1})

    display_name: DisplayName = None  # type: ignore[assignment]
    locale: Locale = None  # type: ignore[assignment]
    units: Unit = None  # type: ignore[assignment]
    timezone: Annotated[str, StringConstraints(min_length=1, max_length=64), NO_NUL,
                        Field(json_schema_extra=timezone_schema)] = None  # type: ignore[assignment]

    @field_validator("timezone")
    @classmethod
    def _iana(cls, value: str) -> str:
        return check_timezone(value)

    @model_validator(mode="after")
    def _something(self) -> UpdateUserRequest:
        if not self.model_fields_set:
            raise ValueError("give at least one of display_name, locale, units, timezone")
        return self


class CreatedUser(BaseModel):
    user_id: str
    token: str


class UserProfile(BaseModel):
    user_id: str
    display_name: str
    locale: Locale
    units: Unit
    timezone: str
