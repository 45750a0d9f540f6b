"""The phrasebook: complete in every language, placeholders that match, regular chips."""

from __future__ import annotations

import string

import pytest

from fitcoach.catalog.vocabulary import BodyPart, GearTag, Goal, MuscleGroup, Pattern, Weekday
from fitcoach.programming.focus import Focus
from fitcoach.programming.text import phrases as tx
from fitcoach.programming.text.phrasebook import PHRASEBOOK

LANGUAGES = ("en", "es", "it", "he", "ko")


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_seed_language_is_in_the_phrasebook() -> None:
    assert set(PHRASEBOOK) == set(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_every_language_has_every_key_with_the_same_placeholders(language: str) -> None:
    english = PHRASEBOOK["en"]
    phrases = PHRASEBOOK[language]
    assert set(phrases) == set(english)
    for key, template in english.items():
        assert placeholders(phrases[key]) == placeholders(template), key
        assert phrases[key].strip(), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_vocabulary_value_has_a_name(language: str) -> None:
    phrases = PHRASEBOOK[language]
    keys = [f"weekday.{d.value}" for d in Weekday] + [f"weekday_short.{d.value}" for d in Weekday]
    keys += [f"group.{g.value}" for g in MuscleGroup] + [f"part.{p.value}" for p in BodyPart]
    keys += [f"gear.{t.value}" for t in GearTag] + [f"pattern.{p.value}" for p in Pattern]
    keys += [f"focus.{f.value}" for f in Focus]
    keys += [f"goal.{g.value}" for g in Goal]
    assert [key for key in keys if key not in phrases] == []


def test_lists_join_the_language_way() -> None:
    items = ["A", "B", "C"]
    assert tx.join("en", items) == "A, B & C"
    assert tx.join("es", items) == "A, B y C"
    assert tx.join("it", items) == "A, B e C"
    assert tx.join("he", ["גב", "אמות", "כתפיים"]) == "גב, אמות וכתפיים"
    assert tx.join("he", ["Push-Up", "Forearm Plank"]) == "Push-Up ו-Forearm Plank"
    assert tx.join("ko", items) == "A, B 및 C"
    assert tx.join("en", ["A"]) == "A"
    assert tx.join("en", []) == ""


def test_unknown_languages_and_regional_codes_fall_back_sensibly() -> None:
    assert tx.language_of("es-MX") == "es"
    assert tx.language_of("he_IL") == "he"
    assert tx.language_of("fr") == "en"
    assert tx.language_of(None) == "en"
    assert tx.say("fr", "title.rest") == "Rest & Recovery"


def test_day_lists_use_short_names_in_calendar_order() -> None:
    days = [Weekday.FRIDAY, Weekday.MONDAY, Weekday.THURSDAY, Weekday.TUESDAY]
    assert tx.day_list("en", days) == "Mon/Tue/Thu/Fri"
    assert tx.day_list("ko", days) == "월/화/목/금"


@pytest.mark.parametrize(("language", "expected"), [
    ("en", ["Shorten Monday to 35 minutes", "Swap Push-Up for Flat DB Bench Press on Monday",
            "Move Friday's session to Saturday", "Make Thursday a rest day",
            "Add DB Lateral Raise to Thursday"]),
    ("es", ["Acorta el lunes a 35 minutos", "Cambia Push-Up por Flat DB Bench Press el lunes",
            "Mueve la sesión del viernes al sábado", "Haz del jueves un día de descanso",
            "Añade DB Lateral Raise al jueves"]),
    ("it", ["Accorcia lunedì a 35 minuti", "Sostituisci Push-Up con Flat DB Bench Press lunedì",
            "Sposta l'allenamento di venerdì a sabato", "Rendi giovedì un giorno di riposo",
            "Aggiungi DB Lateral Raise a giovedì"]),
    ("he", ["תקצר את יום שני ל-35 דקות", "תחליף את Push-Up ב-Flat DB Bench Press ביום שני",
            "תעביר את האימון של יום שישי לשבת", "תהפוך את יום חמישי ליום מנוחה",
            "תוסיף DB Lateral Raise ליום חמישי"]),
    ("ko", ["월요일 운동을 35분으로 줄여줘", "월요일에 Push-Up 대신 Flat DB Bench Press 해줘",
            "금요일 운동을 토요일로 옮겨줘", "목요일을 휴식일로 바꿔줘",
            "목요일에 DB Lateral Raise 추가해줘"]),
])
def test_chips_name_the_weekday_the_minutes_or_the_exercises(language: str,
                                                              expected: list[str]) -> None:
    day = lambda d: tx.weekday(language, d)  # noqa: E731
    chips = [
        tx.say(language, "edit.shorten", day=day(Weekday.MONDAY), minutes=35),
        tx.say(language, "edit.swap", old="Push-Up", new="Flat DB Bench Press",
               day=day(Weekday.MONDAY)),
        tx.say(language, "edit.move", day=day(Weekday.FRIDAY), target=day(Weekday.SATURDAY)),
        tx.say(language, "edit.rest", day=day(Weekday.THURSDAY)),
        tx.say(language, "edit.add", exercise="DB Lateral Raise", day=day(Weekday.THURSDAY)),
    ]
    assert chips == expected


def test_the_seed_style_diffs() -> None:
    assert tx.say("en", "diff.swapped", old="Arnold Press", new="Seated DB Shoulder Press",
                  sets=3, reps="10") == "Swapped Arnold Press ➔ Seated DB Shoulder Press (3x10)"
    assert tx.say("en", "diff.compressed", day="Monday", before=45, after=30) == \
        "Compressed Monday from 45m ➔ 30m"
    assert tx.say("en", "diff.superset") == "Consolidated accessory superset"


class _Cued:
    def __init__(self, cues: object) -> None:
        self.cues = cues


def test_cues_come_in_the_users_language_when_the_catalog_has_them() -> None:
    localised = _Cued({"en": ["Brace."], "es": ["Aprieta el abdomen."]})
    assert tx.cue(localised, "es") == "Aprieta el abdomen."  # type: ignore[arg-type]
    assert tx.cue(localised, "ko") == "Brace."  # type: ignore[arg-type]
    assert tx.cue(_Cued(("One.", "Two.")), "it", 1) == "Two."  # type: ignore[arg-type]
