"""What one chat turn needs from the outside world, and what it hands back.

The turn pipeline is pure apart from the read-only `LogReader` it is handed: the caller (the
HTTP service, the terminal chat, the eval runner) loads the user's state, runs the turn and
persists the outcome in one transaction. `LogReader` has a database implementation in
`store/` and an in-memory one for tests, the terminal chat and the evals.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Any, Protocol

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from fitcoach.brain.contract import ChatTurnResult
from fitcoach.catalog.vocabulary import MuscleGroup, Unit, Weekday
from fitcoach.memory.entries import MemoryItem
from fitcoach.programming.plan import WeeklyPlan


class ActiveTab(StrEnum):
    COACH = "coach"
    TODAY = "today"
    WEEK = "week"
    WORKOUT = "workout"


class Locale(StrEnum):
    EN = "en"
    ES = "es"
    IT = "it"
    HE = "he"
    KO = "ko"


class UserSettings(BaseModel):
    model_config = ConfigDict(frozen=True)

    user_id: str
    display_name: str = ""
    locale: Locale = Locale.EN
    units: Unit = Unit.LB
    timezone: str = "UTC"


class ChatRole(StrEnum):
    USER = "user"
    COACH = "coach"


class ChatLine(BaseModel):
    model_config = ConfigDict(frozen=True)

    role: ChatRole
    text: str
    at: AwareDatetime


class RouteContext(BaseModel):
    model_config = ConfigDict(frozen=True)

    active_tab: ActiveTab = ActiveTab.COACH
    selected_day: Weekday | None = None


class LogReader(Protocol):
    """Read-only access to one user's workout history (the seed's tools run on this)."""

    def exercise_history(self, exercise_id: str, limit_sessions: int) -> list[Any]:
        """Newest first: `analytics.progression.ExerciseSession` for each recent session."""
        ...

    def volume_trend(self, group: MuscleGroup, weeks_back: int, now: dt.datetime) -> list[Any]:
        """Oldest week first: `analytics.volume.WeekVolume` per week, empty weeks included."""
        ...

    def records(self, exercise_id: str) -> Any | None:
        """`analytics.records.PersonalRecords`, or None when never logged."""
        ...

    def known_loads(self) -> dict[str, Any]:
        """slug → `analytics.known_loads.KnownLoad`: the latest top working set per exercise."""
        ...


class PlanState(BaseModel):
    """The active plan and the version a proposal built on it will record."""

    model_config = ConfigDict(frozen=True)

    plan: WeeklyPlan | None = None
    version: int | None = None


class TurnInput(BaseModel):
    """Everything one turn reads, loaded by the caller before the turn runs."""

    model_config = ConfigDict(frozen=True)

    message: str = Field(min_length=1, max_length=4000)
    route: RouteContext = RouteContext()
    now: AwareDatetime
    settings: UserSettings
    memory: tuple[MemoryItem, ...] = ()  # the user's items that are not invalidated
    plan: PlanState = PlanState()
    history: tuple[ChatLine, ...] = ()
    # The change staged and still waiting for Accept, if any: what "no thanks, keep it as it
    # was" turns down and "yes, do that" points at.
    pending_proposal_id: str | None = None


class TurnOutcome(BaseModel):
    """What a turn hands back to the caller, who persists it in one transaction.

    `result.memory_mutations` holds the mutations as the brain requested them (already checked
    against the snapshot the turn read). The caller re-applies them with
    `memory.apply.apply_mutations` to the items it holds under its write lock, and answers with
    the applied mutations (ids filled in). Nothing here has written anything yet.
    """

    model_config = ConfigDict(frozen=True)

    result: ChatTurnResult
    base_plan_version: int | None = None
    meta: dict[str, Any] = Field(default_factory=dict)
