"""The words templates are filled with: numbers and loads in the user's unit, prose lists in
each language's own way, and the sentence budget of a reply."""

from __future__ import annotations

import pytest

from fitcoach.brain.providers.embedded.compose import language as lx
from fitcoach.brain.providers.embedded.compose.reply import Reply, budget_for, count_sentences
from fitcoach.brain.providers.embedded.nlu.router import Brevity
from fitcoach.catalog.vocabulary import BodyPart, MuscleGroup, Unit, Weekday
from fitcoach.memory.entries import Tone


@pytest.mark.parametrize(("language", "value", "text"), [
    ("en", 22.0, "22"), ("en", 22.5, "22.5"), ("es", 22.5, "22,5"), ("it", 47.5, "47,5"),
    ("he", 22.5, "22.5"), ("ko", 100.0, "100"), ("en", 98.66, "98.7"),
])
def test_numbers_use_the_languages_decimal_mark(language: str, value: float, text: str) -> None:
    assert lx.number(language, value) == text


@pytest.mark.parametrize(("language", "weight_lbs", "unit", "text"), [
    ("en", 48.5, Unit.KG, "22 kg"),  # the seed's 22 kg, stored in pounds
    ("en", 50.0, Unit.LB, "50 lb"),
    ("es", 49.6, Unit.KG, "22,5 kg"),
    ("he", 48.5, Unit.KG, '22 ק"ג'),
    ("ko", 50.0, Unit.LB, "50파운드"),
    ("ko", 66.1, Unit.KG, "30 kg"),
])
def test_loads_are_shown_in_the_users_unit(language: str, weight_lbs: float, unit: Unit,
                                           text: str) -> None:
    assert lx.load(language, weight_lbs, unit) == text


@pytest.mark.parametrize(("language", "items", "text"), [
    ("en", ["a", "b", "c"], "a, b and c"),
    ("es", ["lunes", "viernes"], "lunes y viernes"),
    ("it", ["lunedì", "venerdì", "sabato"], "lunedì, venerdì e sabato"),
    ("he", ["הגב", "האמות", "הכתפיים"], "הגב, האמות והכתפיים"),
    ("he", ["Push-Up", "Plank"], "Push-Up ו-Plank"),
    ("ko", ["가슴", "어깨"], "가슴과 어깨"),
    ("ko", ["어깨", "가슴"], "어깨와 가슴"),
    ("ko", ["등", "전완", "어깨"], "등, 전완, 어깨"),
    ("en", ["only"], "only"),
])
def test_lists_join_the_way_each_language_does(language: str, items: list[str],
                                               text: str) -> None:
    assert lx.join(language, items) == text


def test_days_groups_and_body_parts_read_as_prose() -> None:
    days = (Weekday.SATURDAY, Weekday.MONDAY)
    assert lx.weekdays("en", days) == "Monday and Saturday"
    assert lx.day_list("en", days) == "Mon/Sat"
    assert lx.groups("es", [MuscleGroup.CHEST, MuscleGroup.SHOULDERS]) == "pecho y hombros"
    # Spanish and Italian body parts carry their article ("proteger la zona lumbar").
    assert lx.body_parts("es", [BodyPart.LOWER_BACK]) == "la zona lumbar"
    assert lx.body_parts("it", [BodyPart.SHOULDERS, BodyPart.FOREARMS]) == \
        "le spalle e gli avambracci"
    assert lx.body_parts("en", [BodyPart.BACK, BodyPart.FOREARMS]) == "back and forearms"
    assert lx.reps((10, 10, 9)) == "10/10/9"


@pytest.mark.parametrize(("text", "count"), [
    ("", 0),
    ("Do Push-Up instead (3×8-12); it's staged for Monday.", 1),
    ("Last time: 22.5 kg for 10 reps. Go up to 24 kg!", 2),
    ("DB / Barbell Skull Crusher is out. Why? Elbows", 3),
    ("기록했어요. 토요일까지 보호할게요.", 2),
])
def test_sentences_are_counted_at_their_ends(text: str, count: int) -> None:
    assert count_sentences(text) == count


@pytest.mark.parametrize(("brevity", "tone", "budget"), [
    (Brevity.BRIEF, None, 3),
    (Brevity.ULTRA_BRIEF, None, 1),
    (Brevity.ULTRA_BRIEF, Tone.SCIENTIFIC, 1),
    (Brevity.EXPANDED, None, 6),
    (Brevity.BRIEF, Tone.BRIEF, 2),
    (Brevity.EXPANDED, Tone.BRIEF, 2),
    (Brevity.BRIEF, Tone.SCIENTIFIC, 4),
    (Brevity.BRIEF, Tone.TOUGH_LOVE, 3),
])
def test_the_sentence_budget_follows_brevity_and_tone(brevity: Brevity, tone: Tone | None,
                                                      budget: int) -> None:
    assert budget_for(brevity, tone) == budget


def test_optional_sentences_fill_only_what_the_budget_leaves() -> None:
    reply = Reply("en", None, "salt")
    reply.add_text("One.").add_text("Two, optional.", optional=True).add_text("Three.")
    reply.add_text("Four, optional.", optional=True)
    assert reply.render(3) == "One. Two, optional. Three."
    assert reply.render(2) == "One. Three."
    assert reply.render(1) == "One. Three."  # essentials are always kept
