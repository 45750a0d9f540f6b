"""The static reference an LLM brain reads every turn: vocabulary and the exercise index.

Rendered from the catalog and the vocabularies in code, so it can never drift from what the
engine and validator accept. It is deterministic (catalog order, enum order, fixed layout)
because it is part of the cached prefix, which must be byte-identical for every turn of every
user. It stays lean (DESIGN D12: the whole static prefix within 8k tokens, which also fits a
local model's context): what the model needs to name exercises and write edit operations:
slug, name, gear, pattern, session priority and muscles. What the engine decides by itself
(substitutes, rep ranges, rest, joint stress, loading flags) and what the embedded brain
needs to understand words (aliases and form cues in five languages) is left out: the model
coaches form and reads the user's language on its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from fitcoach.catalog import CATALOG, Exercise
from fitcoach.catalog.vocabulary import (
    AcuteCondition,
    BodyPart,
    Experience,
    GearTag,
    Goal,
    MuscleGroup,
    Pattern,
    Weekday,
)
from fitcoach.memory.entries import StapleCategory, Tone
from fitcoach.programming.edits.operations import SwapReason
from fitcoach.programming.focus import FOCUS_GROUPS


def vocabulary_reference() -> str:
    """Every closed set of values the answer's fields accept."""
    lines = ["# Vocabulary", "",
             "Fields that take names accept exactly these values.", ""]
    lines += [
        _values("Weekdays (day, target_day, training_days)", Weekday),
        _values("Muscle groups (priority_groups, keep_focus, get_volume_trends)", MuscleGroup),
        _values("Gear tags (equipment gear, busy_gear); bodyweight needs no tag", GearTag),
        _values("Body parts (body_part, body_parts, protect)", BodyPart),
        _values("Movement patterns (patterns, avoid_patterns)", Pattern),
        _values("Goals", Goal),
        _values("Experience", Experience),
        _values("Acute conditions (Tier 2 condition)", AcuteCondition),
        _values("Tier 1 categories", StapleCategory),
        _values("Coaching tones (preference tone)", Tone),
        _values("Swap reasons", SwapReason),
        "",
        "Day focuses (focus, day_focus) and the muscle groups each one trains:",
    ]
    lines += [f"- {focus.value}: {', '.join(g.value for g in groups)}"
              for focus, groups in FOCUS_GROUPS.items()]
    return "\n".join(lines)


def exercise_index() -> str:
    """The exercise index: the only slugs that exist, one compact line each."""
    lines = [
        "# Exercise index",
        "",
        "Use these slugs exactly; nothing else exists. Gear: 'A / B' means either one will do,",
        "'A, B' means both are needed. Priority is the session order rule (1 first, 4 last).",
        "",
        "slug | name | gear | pattern | priority | primary / secondary muscles",
    ]
    lines += [_index_line(exercise) for exercise in CATALOG]
    return "\n".join(lines)


def _index_line(exercise: Exercise) -> str:
    muscles = (f"{_joined(m.value for m in exercise.primary_muscles)} / "
               f"{_joined(m.value for m in exercise.secondary_muscles) or '-'}")
    return " | ".join([exercise.slug, exercise.name, exercise.gear_text, exercise.pattern.value,
                       str(exercise.priority), muscles])


def _values(title: str, enum: type[StrEnum]) -> str:
    return f"- {title}: {', '.join(member.value for member in enum)}"


def _joined(values: Iterable[str]) -> str:
    return ", ".join(values)
