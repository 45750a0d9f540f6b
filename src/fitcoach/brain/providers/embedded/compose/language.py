"""Words the phrasebook's templates are filled with, in the reply language: numbers, loads in
the user's unit, lists, weekdays, muscle groups and body parts.

Exercise names stay the catalog's English names in every language (they are facts of the
seed's index, and what the plan shows); weekday, group and body-part names come from the
engine's own plan texts so the message and the proposal card use the same words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from fitcoach.analytics.units import display_weight
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import BodyPart, MuscleGroup, Unit, Weekday
from fitcoach.programming.focus import Focus
from fitcoach.programming.text import phrases as tx

_DECIMAL_COMMA = frozenset({"es", "it"})
_UNIT_WORDS: dict[str, dict[Unit, str]] = {
    "en": {Unit.KG: "kg", Unit.LB: "lb"},
    "es": {Unit.KG: "kg", Unit.LB: "lb"},
    "it": {Unit.KG: "kg", Unit.LB: "lb"},
    "he": {Unit.KG: 'ק"ג', Unit.LB: "ליברות"},
    "ko": {Unit.KG: "kg", Unit.LB: "파운드"},
}
_AND = {"en": " and ", "es": " y ", "it": " e "}
# Latin-script languages write group names capitalised in plan titles, lower case in prose.
_LOWERCASE_IN_PROSE = frozenset({"en", "es", "it"})


def number(language: str, value: float) -> str:
    """22.0 → "22", 22.5 → "22.5" (or "22,5" where a comma is the decimal mark)."""
    text = f"{value:.1f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))
    return text.replace(".", ",") if language in _DECIMAL_COMMA else text


def unit_word(language: str, unit: Unit) -> str:
    return _UNIT_WORDS.get(language, _UNIT_WORDS["en"])[unit]


def load(language: str, weight_lbs: float, unit: Unit) -> str:
    """A stored pound value as the user reads it: "22 kg", "50 lb", "50파운드"."""
    return load_in_unit(language, display_weight(weight_lbs, unit), unit)


def load_in_unit(language: str, value: float, unit: Unit) -> str:
    glue = "" if language == "ko" and unit is Unit.LB else " "
    return f"{number(language, value)}{glue}{unit_word(language, unit)}"


def _has_final_consonant(word: str) -> bool:
    last = word.rstrip()[-1:] if word.strip() else ""
    return bool(last) and "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 != 0


def join(language: str, items: Sequence[str]) -> str:
    """A prose list: "a, b and c", "a, b y c", "א, ב וג", "가슴과 어깨"."""
    items = [item for item in items if item]
    if len(items) <= 1:
        return "".join(items)
    head, last = items[:-1], items[-1]
    if language == "he":
        # The Hebrew "and" is a prefix; before a digit or a Latin word it takes a hyphen.
        glued = f"ו{last}" if "\u05d0" <= last[0] <= "\u05ea" else f"ו-{last}"
        return ", ".join(head) + " " + glued
    if language == "ko":
        if len(items) == 2 and "가" <= items[0][-1:] <= "힣":
            return items[0] + ("과 " if _has_final_consonant(items[0]) else "와 ") + last
        return ", ".join(items)
    return ", ".join(head) + _AND.get(language, _AND["en"]) + last


def weekday(language: str, day: Weekday) -> str:
    return tx.weekday(language, day)


def weekdays(language: str, days: Iterable[Weekday]) -> str:
    return join(language, [weekday(language, d) for d in sorted(set(days), key=lambda d: d.index)])


def day_list(language: str, days: Iterable[Weekday]) -> str:
    """The short form the proposal cards use: "Mon/Wed/Fri/Sat"."""
    return tx.day_list(language, sorted(set(days), key=lambda d: d.index))


def _prose(language: str, text: str) -> str:
    return text.lower() if language in _LOWERCASE_IN_PROSE else text


def groups(language: str, muscle_groups: Iterable[MuscleGroup]) -> str:
    return join(language, [_prose(language, tx.group(language, g)) for g in muscle_groups])


# Spanish and Italian prose needs the article ("la zona lumbar", "le spalle"); templates put
# body parts only where no preposition would have to contract with it.
_ARTICLES: dict[str, dict[BodyPart, str]] = {
    "es": {
        BodyPart.CHEST: "el", BodyPart.BACK: "la", BodyPart.UPPER_BACK: "la",
        BodyPart.LOWER_BACK: "la", BodyPart.SHOULDERS: "los", BodyPart.BICEPS: "los",
        BodyPart.TRICEPS: "los", BodyPart.FOREARMS: "los", BodyPart.ELBOW: "los",
        BodyPart.WRIST: "las", BodyPart.NECK: "el", BodyPart.CORE: "el", BodyPart.HIPS: "las",
        BodyPart.GLUTES: "los", BodyPart.QUADS: "los", BodyPart.HAMSTRINGS: "los",
        BodyPart.KNEES: "las", BodyPart.CALVES: "los", BodyPart.ANKLES: "los",
    },
    "it": {
        BodyPart.CHEST: "il", BodyPart.BACK: "la", BodyPart.UPPER_BACK: "la",
        BodyPart.LOWER_BACK: "la", BodyPart.SHOULDERS: "le", BodyPart.BICEPS: "i",
        BodyPart.TRICEPS: "i", BodyPart.FOREARMS: "gli", BodyPart.ELBOW: "i",
        BodyPart.WRIST: "i", BodyPart.NECK: "il", BodyPart.CORE: "il", BodyPart.HIPS: "le",
        BodyPart.GLUTES: "i", BodyPart.QUADS: "i", BodyPart.HAMSTRINGS: "i",
        BodyPart.KNEES: "le", BodyPart.CALVES: "i", BodyPart.ANKLES: "le",
    },
}


def body_part(language: str, part: BodyPart) -> str:
    name = tx.say(language, f"part.{part.value}")
    article = _ARTICLES.get(language, {}).get(part)
    return f"{article} {name}" if article else name


def body_parts(language: str, parts: Iterable[BodyPart]) -> str:
    return join(language, [body_part(language, p) for p in parts])


def bare_body_parts(language: str, parts: Iterable[BodyPart]) -> str:
    """Body parts without the article Spanish and Italian prose puts before them, as the
    user would write them ("sin hombros", "niente spalle")."""
    return join(language, [tx.say(language, f"part.{p.value}") for p in parts])


def focus(language: str, day_focus: Focus) -> str:
    return tx.focus(language, day_focus)


def exercise(slug: str) -> str:
    return CATALOG.get(slug).name


def exercises(language: str, slugs: Iterable[str]) -> str:
    return join(language, [exercise(slug) for slug in slugs])


def reps(values: Sequence[int]) -> str:
    """Reps of consecutive sets: "10/10/9"."""
    return "/".join(str(v) for v in values)
