"""The static reference an LLM brain reads every turn: vocabulary and the exercise index.

Rendered from the catalog and the vocabularies in code, so it can never drift from what the
engine and validator accept. It is deterministic (catalog order, enum order, fixed layout)
because it is part of the cached prefix, which must be byte-identical for every turn of every
user. Everything here earns its tokens: the slugs, gear and type of the seed's index, what
the engine knows about each exercise (priority, pattern, muscles, loading flags, joint
stress, rep ranges), the substitutions, and the form cues and the names users type in each
supported language, so the model can coach and map words to slugs in the user's language.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from fitcoach.catalog import CATALOG, Exercise
from fitcoach.catalog.models import LANGUAGES
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

_FLAGS = ("heavy_compound", "spinal_loading", "lower_back_dominant", "overhead", "unilateral",
          "timed")


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
    """The exercise index: the only slugs that exist, with what the engine knows of each."""
    lines = [
        "# Exercise index",
        "",
        "Use these slugs exactly; nothing else exists. Gear: 'A / B' means either one will do,",
        "'A, B' means both are needed. Priority is the session order rule (1 first, 4 last).",
        "Joint stress: 1 moderate, 2 high. Rep ranges and rest (seconds) per goal:",
        "hypertrophy, strength, general_fitness, fat_loss.",
        "",
        "slug | name | gear | type | priority | pattern | primary / secondary muscles | flags |"
        " joint stress | reps@rest per goal | substitutes",
    ]
    lines += [_index_line(exercise) for exercise in CATALOG]
    lines += ["", "# Form cues", "",
              "Cues per exercise, in every supported language, in the same order."]
    for exercise in CATALOG:
        lines.append(f"## {exercise.slug} ({exercise.name})")
        lines += [f"- {lang}: {' / '.join(exercise.cues[lang])}" for lang in LANGUAGES]
    lines += ["", "# What users call them", "",
              "Names people type for each exercise, per language (match loosely: case, accents"
              " and spacing do not matter)."]
    lines += [f"- {e.slug}: " + "; ".join(f"{lang}: {', '.join(e.aliases[lang])}"
                                          for lang in LANGUAGES)
              for e in CATALOG]
    return "\n".join(lines)


def _index_line(exercise: Exercise) -> str:
    muscles = (f"{_joined(m.value for m in exercise.primary_muscles)} / "
               f"{_joined(m.value for m in exercise.secondary_muscles) or '-'}")
    flags = _joined(flag for flag in _FLAGS if getattr(exercise, flag)) or "-"
    joints = _joined(f"{joint.value} {level}" for joint, level in exercise.joint_stress.items())
    prescriptions = _joined(f"{p.reps}@{p.rest_seconds}"
                            for p in (exercise.prescriptions[goal] for goal in Goal))
    return " | ".join([
        exercise.slug, exercise.name, exercise.gear_text, exercise.type.value,
        str(exercise.priority), exercise.pattern.value, muscles, flags, joints or "-",
        prescriptions, _joined(exercise.substitutes) or "-",
    ])


def _values(title: str, enum: type[StrEnum]) -> str:
    return f"- {title}: {', '.join(member.value for member in enum)}"


def _joined(values: Iterable[str]) -> str:
    return ", ".join(values)
