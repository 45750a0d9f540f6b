"""Reading a quick workout typed after `/log`.

    /log incline db bench 45x10 45x10 45x9@9; goblet squat 50x12 50x12
    /log push-up x15 x12

Each exercise is a name, slug or alias in any of the five languages, then its sets as
`weight x reps` in the user's unit with an optional `@RPE`; `x15` is a bodyweight set.
Exercises are separated by `;`.
"""

from __future__ import annotations

import re

from pydantic import ValidationError

from fitcoach.analytics.logs import ExerciseRecord, SetRecord
from fitcoach.analytics.units import to_lbs
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import Unit

_SET = re.compile(
    r"^(?P<weight>\d+(?:[.,]\d+)?)?[x×](?P<reps>\d+)(?:@(?P<rpe>\d+(?:[.,]\d+)?))?$",
    re.IGNORECASE)


class EntryError(ValueError):
    """The text is not a workout; the message says what to type instead."""


def _number(text: str) -> float:
    return float(text.replace(",", "."))


def parse_set(token: str, unit: Unit) -> SetRecord | None:
    match = _SET.match(token)
    if match is None:
        return None
    weight = _number(match.group("weight")) if match.group("weight") else 0.0
    rpe = match.group("rpe")
    try:
        return SetRecord(weight_lbs=round(to_lbs(weight, unit), 3), reps=int(match.group("reps")),
                         rpe=_number(rpe) if rpe else None)
    except ValidationError as invalid:
        reason = invalid.errors()[0]["msg"]
        raise EntryError(f"{token!r} is not a set I can log ({reason})") from None


def parse_exercise(text: str, unit: Unit) -> ExerciseRecord:
    tokens = text.split()
    sets: list[SetRecord] = []
    while tokens:
        parsed = parse_set(tokens[-1], unit)
        if parsed is None:
            break
        sets.insert(0, parsed)
        tokens.pop()
    name = " ".join(tokens)
    if not name:
        raise EntryError(f"name the exercise before its sets in {text.strip()!r}")
    if not sets:
        raise EntryError(f"no sets for {name!r}: write them like 45x10 or 45x10@8")
    exercise = CATALOG.find(name) or CATALOG.by_alias(name)
    if exercise is None:
        raise EntryError(f"I don't know the exercise {name!r}; `fitcoach exercises` lists them")
    return ExerciseRecord(exercise_id=exercise.slug, sets=tuple(sets))


def parse_workout(text: str, unit: Unit) -> list[ExerciseRecord]:
    parts = [part for part in text.split(";") if part.strip()]
    if not parts:
        raise EntryError("usage: /log <exercise> <weight>x<reps>[@rpe] ...[; <exercise> ...]")
    return [parse_exercise(part, unit) for part in parts]
