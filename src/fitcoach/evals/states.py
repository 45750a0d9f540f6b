"""The starting states the cases name (`data/states.yaml`): memory, plan and workout logs.

A state is data: its memory items exactly as stored (ids, tiers, entries), its workout logs
as compact set strings ("45x10@8" is 45 in the state's log unit for 10 reps at RPE 8), and
whether it has an accepted plan. The plan is the one the engine generates for the state's
Tier 1 profile (what the user agreed to at onboarding), in the case's language, on the
week of the case's *now*; its version is `plan_version`. A case starts a new user of the
application service in this state (`fitcoach.local`): the memory and the plan are stored as
they are, and the logs are logged through the service at their own times, so each completes
the plan day of its local date as a logged workout does (DESIGN D7): a log on the case's own
week makes that day done once the case's *now* has reached it (a later log has not
happened yet). A state may extend another:
it then adds memory items and logs to its parent's and may change the settings.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

import yaml
from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, PrivateAttr

from fitcoach.analytics.logs import ExerciseRecord, SetRecord, WorkoutRecord
from fitcoach.analytics.units import to_lbs
from fitcoach.brain.decision import Brain
from fitcoach.brain.ports import Locale, UserSettings
from fitcoach.brain.profile_builder import build_profile
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import Unit
from fitcoach.local.coach import LocalCoach
from fitcoach.memory.entries import MemoryItem, Tier, parse_entry
from fitcoach.programming.generator import generate_week
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.store.database import Database
from fitcoach.timekeeping import local_week_start

FIXTURE_TIME = dt.datetime(2026, 8, 31, 9, 0, tzinfo=dt.UTC)
_SET = re.compile(r"^(?P<weight>\d+(?:\.\d+)?)x(?P<reps>\d+)(?:@(?P<rpe>\d+(?:\.\d+)?))?$")


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MemoryFixture(_Model):
    id: str
    tier: Tier
    at: AwareDatetime = FIXTURE_TIME
    entry: dict[str, Any]

    def item(self) -> MemoryItem:
        return MemoryItem(memory_id=self.id, tier=self.tier,
                          entry=parse_entry(self.tier, self.entry),
                          created_at=self.at, updated_at=self.at)


class LogFixture(_Model):
    id: str
    at: AwareDatetime
    exercises: dict[str, tuple[str, ...]]

    def record(self, unit: Unit) -> WorkoutRecord:
        entries = []
        for slug, sets in self.exercises.items():
            if slug not in CATALOG:
                raise ValueError(f"log {self.id}: unknown exercise {slug!r}")
            entries.append(ExerciseRecord(exercise_id=slug,
                                          sets=tuple(_set(text, unit, self.id) for text in sets)))
        return WorkoutRecord(log_id=self.id, completed_at=self.at, exercises=tuple(entries))


def _set(text: str, unit: Unit, log_id: str) -> SetRecord:
    match = _SET.match(text.replace(" ", ""))
    if match is None:
        raise ValueError(f"log {log_id}: {text!r} is not a set like '45x10@8'")
    rpe = match.group("rpe")
    return SetRecord(weight_lbs=round(to_lbs(float(match.group("weight")), unit), 3),
                     reps=int(match.group("reps")), rpe=float(rpe) if rpe else None)


class StateFixture(_Model):
    name: str
    description: str
    extends: str | None = None
    unit: Unit = Unit.LB
    timezone: str = "UTC"
    memory: tuple[MemoryFixture, ...] = ()
    has_plan: bool = False
    plan_version: int = Field(default=1, ge=1)
    logs_unit: Unit = Unit.LB
    logs: tuple[LogFixture, ...] = ()
    _plans: dict[tuple[Locale, dt.date], WeeklyPlan] = PrivateAttr(default_factory=dict)

    def memory_items(self) -> tuple[MemoryItem, ...]:
        return tuple(fixture.item() for fixture in self.memory)

    def workouts(self) -> tuple[WorkoutRecord, ...]:
        return tuple(log.record(self.logs_unit) for log in self.logs)

    def settings(self, language: Locale) -> UserSettings:
        return UserSettings(user_id=f"eval_{self.name}", display_name=self.name,
                            locale=language, units=self.unit, timezone=self.timezone)

    def plan(self, language: Locale, now: dt.datetime) -> WeeklyPlan | None:
        if not self.has_plan:
            return None
        week_start = local_week_start(now, self.timezone)
        key = (language, week_start)
        if key not in self._plans:
            self._plans[key] = self._generate_plan(language, week_start)
        return self._plans[key]

    def _generate_plan(self, language: Locale, week_start: dt.date) -> WeeklyPlan:
        staples = tuple(item for item in self.memory_items() if item.tier is Tier.STAPLES)
        moment = dt.datetime.combine(week_start, dt.time(), tzinfo=dt.UTC)
        profile = build_profile(staples, now=moment, settings=self.settings(language)).profile
        return generate_week(profile, week_start, language.value).plan

    def session(self, language: Locale, now: dt.datetime, brain: Brain,
                fallback: Brain | None = None, database: Database | None = None
                ) -> LocalCoach:
        """A new user in this state, who writes in `language`, with the clock at `now`
        (in `database`, or in a new in-memory one)."""
        plan = self.plan(language, now)
        return LocalCoach.sign_up(
            self.settings(language), brain, fallback, clock=lambda: now, database=database,
            memory=self.memory_items(), plan=plan, version=self.plan_version,
            workouts=self.workouts_by(now))

    def workouts_by(self, now: dt.datetime) -> tuple[WorkoutRecord, ...]:
        """The logs done by `now`: a case starts when it starts, and what is logged later
        has not happened yet."""
        return tuple(w for w in self.workouts() if w.completed_at <= now)


def _merge(parent: Mapping[str, Any], child: Mapping[str, Any]) -> dict[str, Any]:
    merged = {**parent, **child}
    for key in ("memory", "logs"):
        merged[key] = [*parent.get(key, ()), *child.get(key, ())]
    merged.pop("extends", None)
    merged["extends"] = child.get("extends")
    merged["description"] = child.get("description", parent.get("description", ""))
    return merged


def parse_states(raw: Mapping[str, Mapping[str, Any]]) -> dict[str, StateFixture]:
    """States by name, each with its ancestors' memory and logs folded in."""
    resolved: dict[str, dict[str, Any]] = {}

    def resolve(name: str, seen: tuple[str, ...] = ()) -> dict[str, Any]:
        if name in seen:
            raise ValueError(f"states extend each other in a circle: {' → '.join(seen)}")
        if name not in raw:
            raise ValueError(f"unknown state {name!r}")
        if name not in resolved:
            data = dict(raw[name])
            parent = data.get("extends")
            resolved[name] = _merge(resolve(parent, (*seen, name)), data) if parent else data
        return resolved[name]

    return {name: StateFixture(name=name, **resolve(name)) for name in raw}


def public_state_data() -> dict[str, Any]:
    """The public states as written in `data/states.yaml`, before parsing."""
    text = resources.files("fitcoach.evals").joinpath("data/states.yaml").read_text("utf-8")
    return dict(yaml.safe_load(text)["states"])


@cache
def load_states() -> dict[str, StateFixture]:
    return parse_states(public_state_data())

