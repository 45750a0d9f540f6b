"""Look up and fill plan texts in the user's language, and name the engine's vocabularies.

Unknown languages fall back to English, and so does a key a language lacks (the phrasebook
tests keep that from happening). Exercise names are never translated: they are facts of the
seed's index.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from fitcoach.catalog.models import Exercise
from fitcoach.catalog.vocabulary import BodyPart, GearTag, Goal, MuscleGroup, Weekday
from fitcoach.programming.focus import Focus
from fitcoach.programming.text.phrasebook import DEFAULT_LANGUAGE, PHRASEBOOK


def language_of(code: str | None) -> str:
    """The supported language for a code such as "es", "es-MX" or "he_IL" (else English)."""
    base = (code or DEFAULT_LANGUAGE).replace("_", "-").split("-")[0].lower()
    return base if base in PHRASEBOOK else DEFAULT_LANGUAGE


def say(language: str, key: str, **values: object) -> str:
    phrases = PHRASEBOOK.get(language_of(language), PHRASEBOOK[DEFAULT_LANGUAGE])
    template = phrases.get(key) or PHRASEBOOK[DEFAULT_LANGUAGE][key]
    return template.format(**values) if values else template


def join(language: str, items: Sequence[str]) -> str:
    """"A, B & C" in the language's own way. A conjunction that fuses with the next word
    (Hebrew ו) takes a hyphen before a name in Latin letters: "וכתפיים" but "ו-Push-Up"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    separator = say(language, "list.separator")
    last = items[-1]
    key = "list.last_foreign" if last[:1].isascii() else "list.last"
    return separator.join(items[:-1]) + say(language, key) + last


def weekday(language: str, day: Weekday) -> str:
    return say(language, f"weekday.{day.value}")


def weekday_short(language: str, day: Weekday) -> str:
    return say(language, f"weekday_short.{day.value}")


def day_list(language: str, days: Iterable[Weekday]) -> str:
    """"Mon/Tue/Thu/Fri"."""
    ordered = sorted(days, key=lambda day: day.index)
    return say(language, "list.days_separator").join(weekday_short(language, d) for d in ordered)


def weekdays(language: str, days: Iterable[Weekday]) -> str:
    return join(language, [weekday(language, d) for d in sorted(days, key=lambda d: d.index)])


def group(language: str, muscle_group: MuscleGroup) -> str:
    return say(language, f"group.{muscle_group.value}")


def groups(language: str, muscle_groups: Iterable[MuscleGroup]) -> str:
    return join(language, [group(language, g) for g in muscle_groups])


def body_parts(language: str, parts: Iterable[BodyPart]) -> str:
    return join(language, [say(language, f"part.{part.value}") for part in parts])


def gear(language: str, tags: Iterable[GearTag]) -> str:
    return join(language, [say(language, f"gear.{tag.value}") for tag in
                           sorted(tags, key=lambda tag: tag.value)])


def focus(language: str, day_focus: Focus, light: bool = False) -> str:
    return say(language, "focus.light" if light else f"focus.{day_focus.value}")


def goal(language: str, training_goal: Goal) -> str:
    return say(language, f"goal.{training_goal.value}")


def exercise_names(language: str, exercises: Iterable[Exercise]) -> str:
    return join(language, [exercise.name for exercise in exercises])


# How each language's cues name a dumbbell: a cue that names one is passed over for a user
# whose kettlebell stands in for the dumbbells (the goblet squat's "Hold one dumbbell ...").
DUMBBELL_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("dumbbell",), "es": ("mancuerna",), "it": ("manubri",),
    "he": ("משקולת", "משקולות"), "ko": ("덤벨",),
}


def cue(exercise: Exercise, language: str, index: int = 0,
        without_dumbbells: bool = False) -> str:
    """One form cue in the user's language when the catalog has it, else in English; with
    `without_dumbbells`, one that does not name a dumbbell when the exercise has such a cue."""
    cues = _cues(exercise, language)
    if without_dumbbells:
        words = DUMBBELL_WORDS.get(language_of(language), ()) + DUMBBELL_WORDS[DEFAULT_LANGUAGE]
        plain = tuple(c for c in cues if not any(w in c.casefold() for w in words))
        cues = plain or cues
    return cues[index % len(cues)] if cues else ""


def _cues(exercise: Exercise, language: str) -> tuple[str, ...]:
    cues_for = getattr(exercise, "cues_for", None)
    if callable(cues_for):
        cues = tuple(cues_for(language_of(language)) or ())
    else:
        raw = exercise.cues
        if isinstance(raw, dict):
            cues = tuple(raw.get(language_of(language)) or raw.get(DEFAULT_LANGUAGE) or ())
        else:
            cues = tuple(raw)
    return cues
