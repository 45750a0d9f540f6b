"""The seed's three analytical tools (SPEC §6): their declarations, and running a call.

The declarations are plain data (name, description, JSON-schema parameters) that each
provider adapts to its own wire format. `run_tool` validates and clamps a call's arguments
and reads through the `LogReader` it is given, which is already scoped to the caller: no
argument can name a user, and arguments other than the declared ones are ignored. A bad
call (unknown tool, unknown slug or muscle group, a non-number for a count) answers an
`error` result the model can read and correct, never an exception. Results are JSON-ready.

This module is the one home of the tools' names, defaults and maxima: the declarations, the
embedded brain's router and composer and the evaluation suite all read them here.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from fitcoach.analytics.known_loads import top_set
from fitcoach.analytics.logs import ExerciseSession
from fitcoach.analytics.records import PersonalRecords
from fitcoach.analytics.strength import best_e1rm
from fitcoach.analytics.volume import WeekVolume, summarize_trend, tonnage
from fitcoach.brain.ports import LogReader
from fitcoach.catalog import CATALOG, Exercise
from fitcoach.catalog.vocabulary import MuscleGroup, muscle_groups_named


class ToolName(StrEnum):
    HISTORY = "get_historical_exercise_logs"
    VOLUME = "get_volume_trends"
    RECORDS = "get_pr_records"


HISTORY_TOOL: str = ToolName.HISTORY.value
VOLUME_TOOL: str = ToolName.VOLUME.value
RECORDS_TOOL: str = ToolName.RECORDS.value

# The defaults and maxima are SPEC §6's own, so an LLM that omits an argument gets what the
# seed promised it, and the embedded brain asks for the same when the user names no span:
# - 3 sessions of an exercise are enough to read its latest top sets; 10 bound the payload.
# - 4 weeks of volume: the running week is left out of a trend (`summarize_trend`), so 4
#   weeks compare the latest full week with the two before it; 12 weeks (a training block
#   and then some) bound the payload.
DEFAULT_LIMIT_SESSIONS, MAX_LIMIT_SESSIONS = 3, 10
DEFAULT_WEEKS_BACK, MAX_WEEKS_BACK = 4, 12


@dataclass(frozen=True, slots=True)
class ToolDeclaration:
    name: str
    description: str
    parameters: dict[str, Any]  # JSON Schema of an object

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description,
                "parameters": self.parameters}


TOOL_DECLARATIONS: tuple[ToolDeclaration, ...] = (
    ToolDeclaration(
        name=HISTORY_TOOL,
        description=(
            "The user's most recent sessions of one exercise, newest first: every logged "
            "set with its weight (lb), reps and RPE. Use it before advising on load or reps."
        ),
        parameters={
            "type": "object",
            "properties": {
                "exercise_slug": {
                    "type": "string",
                    "description": "Slug from the exercise index, e.g. incline-db-bench-press.",
                },
                "limit_sessions": {
                    "type": "integer",
                    "description": (f"How many recent sessions to return (default "
                                    f"{DEFAULT_LIMIT_SESSIONS}, at most {MAX_LIMIT_SESSIONS})."),
                    "minimum": 1,
                    "maximum": MAX_LIMIT_SESSIONS,
                },
            },
            "required": ["exercise_slug"],
        },
    ),
    ToolDeclaration(
        name=VOLUME_TOOL,
        description=(
            "Weekly training volume of one muscle group: tonnage (sum of weight x reps, lb) "
            "and hard-set counts per calendar week, oldest first, the current week last."
        ),
        parameters={
            "type": "object",
            "properties": {
                "muscle_group": {
                    "type": "string",
                    "description": "The muscle group, e.g. Chest, Back, Quads or Shoulders.",
                    "enum": [group.value for group in MuscleGroup],
                },
                "weeks_back": {
                    "type": "integer",
                    "description": (f"How many weeks to cover (default {DEFAULT_WEEKS_BACK}, "
                                    f"at most {MAX_WEEKS_BACK})."),
                    "minimum": 1,
                    "maximum": MAX_WEEKS_BACK,
                },
            },
            "required": ["muscle_group"],
        },
    ),
    ToolDeclaration(
        name=RECORDS_TOOL,
        description=(
            "The user's all-time personal records for one exercise: best estimated 1RM, "
            "heaviest set, and the heaviest weight lifted for each rep count."
        ),
        parameters={
            "type": "object",
            "properties": {
                "exercise_slug": {
                    "type": "string",
                    "description": "Slug from the exercise index, e.g. flat-db-bench-press.",
                },
            },
            "required": ["exercise_slug"],
        },
    ),
)

TOOL_NAMES = frozenset(declaration.name for declaration in TOOL_DECLARATIONS)


class _BadArgument(Exception):
    pass


def _exercise(args: dict[str, Any]) -> Exercise:
    value = args.get("exercise_slug")
    if not isinstance(value, str) or not value.strip():
        raise _BadArgument("exercise_slug is required: a slug from the exercise index")
    exercise = CATALOG.find(value.strip()) or CATALOG.by_alias(value)
    if exercise is None:
        raise _BadArgument(f"unknown exercise_slug {value!r}: use a slug from the exercise index")
    return exercise


def _muscle_group(args: dict[str, Any]) -> MuscleGroup:
    value = args.get("muscle_group")
    groups = muscle_groups_named(value) if isinstance(value, str) else ()
    choices = ", ".join(g.value for g in MuscleGroup)
    if len(groups) > 1:
        named = ", ".join(g.value for g in groups)
        raise _BadArgument(f"unknown muscle_group {value!r}: it spans {named}; call the tool "
                           "once per group")
    if not groups:
        raise _BadArgument(f"unknown muscle_group {value!r}: use one of {choices}")
    return groups[0]


def _count(args: dict[str, Any], name: str, default: int, maximum: int,
           notes: list[str]) -> int:
    """An integer argument, clamped to 1..maximum; absent means the default."""
    value = args.get(name)
    if value is None:
        return default
    if isinstance(value, bool):
        raise _BadArgument(f"{name} must be a whole number")
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            raise _BadArgument(f"{name} must be a whole number, not {value!r}") from None
    if not isinstance(value, int | float) or not math.isfinite(value):
        raise _BadArgument(f"{name} must be a whole number")
    clamped = min(max(int(value), 1), maximum)
    if clamped != value:
        notes.append(f"{name} {value!r} was clamped to {clamped} (allowed 1-{maximum})")
    return clamped


def _session_json(session: ExerciseSession) -> dict[str, Any]:
    top = top_set(session.sets)
    best = best_e1rm(session.sets)
    return {
        "log_id": session.log_id,
        "completed_at": session.completed_at.isoformat(),
        "sets": [s.model_dump(mode="json") for s in session.sets],
        "top_set": top.model_dump(mode="json") if top else None,
        "best_estimated_1rm_lbs": round(best.value_lbs, 1) if best else None,
        "tonnage_lbs": round(tonnage(session.sets), 1),
    }


def _history(args: dict[str, Any], reader: LogReader, notes: list[str]) -> dict[str, Any]:
    exercise = _exercise(args)
    limit = _count(args, "limit_sessions", DEFAULT_LIMIT_SESSIONS, MAX_LIMIT_SESSIONS, notes)
    sessions: list[ExerciseSession] = reader.exercise_history(exercise.slug, limit)
    return {"exercise_slug": exercise.slug, "exercise_name": exercise.name,
            "limit_sessions": limit, "sessions": [_session_json(s) for s in sessions[:limit]]}


def _volume(args: dict[str, Any], reader: LogReader, now: dt.datetime,
            notes: list[str]) -> dict[str, Any]:
    group = _muscle_group(args)
    weeks_back = _count(args, "weeks_back", DEFAULT_WEEKS_BACK, MAX_WEEKS_BACK, notes)
    weeks: list[WeekVolume] = reader.volume_trend(group, weeks_back, now)
    return {"muscle_group": group.value, "weeks_back": weeks_back,
            "weeks": [week.model_dump(mode="json") for week in weeks],
            "trend": summarize_trend(weeks).model_dump(mode="json")}


def records_json(records: PersonalRecords | None) -> dict[str, Any]:
    """The records without their exercise id; nulls and {} when nothing was ever logged."""
    if records is None:
        return {"estimated_1rm": None, "max_weight_set": None, "rep_records": {}}
    return records.model_dump(mode="json", exclude={"exercise_id"})


def _records(args: dict[str, Any], reader: LogReader) -> dict[str, Any]:
    exercise = _exercise(args)
    return {"exercise_slug": exercise.slug, "exercise_name": exercise.name,
            **records_json(reader.records(exercise.slug))}


def run_tool(name: str, args: Any, reader: LogReader, now: dt.datetime) -> dict[str, Any]:
    """Run one tool call for the reader's user; errors come back as `{"error": ...}`."""
    if name not in TOOL_NAMES:
        return {"tool": name, "error": f"unknown tool {name!r}; tools: {sorted(TOOL_NAMES)}"}
    if args is None:
        args = {}
    if not isinstance(args, dict):
        return {"tool": name, "error": "arguments must be an object"}
    notes: list[str] = []
    try:
        if name == HISTORY_TOOL:
            result = _history(args, reader, notes)
        elif name == VOLUME_TOOL:
            result = _volume(args, reader, now, notes)
        else:
            result = _records(args, reader)
    except _BadArgument as bad:
        return {"tool": name, "error": str(bad)}
    ignored = sorted(set(args) - set(_parameters(name)))
    if ignored:
        notes.append(f"ignored unknown arguments: {', '.join(map(str, ignored))}")
    return {"tool": name, **result, **({"notes": notes} if notes else {})}


def _parameters(name: str) -> dict[str, Any]:
    declaration = next(d for d in TOOL_DECLARATIONS if d.name == name)
    properties: dict[str, Any] = declaration.parameters["properties"]
    return properties
