"""Sentence counting, language detection and cited numbers: the suite's message rulers."""

from __future__ import annotations

import pytest

from fitcoach.brain.ports import Locale
from fitcoach.evals.text_checks import (
    detect_language,
    missing_numbers,
    number_readings,
    sentence_count,
)


@pytest.mark.parametrize(("message", "count"), [
    ("Done. Trimmed Monday to 30 minutes. Incline press stays as the anchor.", 3),
    ("Swap staged: push-ups instead (e.g. 3x12) 💪", 1),
    ("Use 22.5 kg today! Then rest 90 s.", 2),
    ("Two options:\n- push-ups\n- floor press\n\nYour call?", 4),
    ("💪🔥", 0),
    ("오늘은 푸시업으로 바꿨어요. 3세트 12회 하세요!", 2),
    ("החלפתי לשכיבות סמיכה. שלושה סטים.", 2),
    ("Hecho… ¿seguimos?", 2),
])
def test_sentences(message: str, count: int) -> None:
    assert sentence_count(message) == count


@pytest.mark.parametrize(("message", "language"), [
    ("Keep the elbow tucked and pull to your hip.", Locale.EN),
    ("Mantén el codo pegado y tira hacia la cadera.", Locale.ES),
    ("Tieni il gomito vicino al corpo e tira verso l'anca.", Locale.IT),
    ("תשמור על המרפק צמוד ותמשוך לכיוון הירך.", Locale.HE),
    ("팔꿈치를 몸에 붙이고 엉덩이 쪽으로 당기세요.", Locale.KO),
    ("Hoy cambia el Incline DB Bench Press por Push-Up.", Locale.ES),
    ("Oggi fai Push-Up al posto della Incline DB Bench Press.", Locale.IT),
    # Italian that shares "la" and "se" with Spanish must still read as Italian.
    ("Flat DB Bench Press apre ancora la sessione. Se vuoi che giovedì sia così, tocca "
     "«Accetta piano».", Locale.IT),
    ("היום Push-Up במקום Incline DB Bench Press.", Locale.HE),
    # English that lists gear is full of "a", which is also an Italian preposition.
    ("Updated your equipment: dumbbells up to 50 lb, a barbell, a squat rack, an adjustable "
     "bench, a cable machine, a rope attachment, a pull-up bar, a leg press.", Locale.EN),
    ("Vai a casa e fai a meno del bilanciere: tocca a te scegliere.", Locale.IT),
])
def test_language(message: str, language: Locale) -> None:
    assert detect_language(message) is language


def test_language_is_undecided_without_function_words() -> None:
    assert detect_language("Push-Up 3x12 💪") is None


def test_numbers_read_both_decimal_conventions() -> None:
    assert number_readings("22,5") == {22.5, 225.0}
    assert number_readings("1,200") == {1.2, 1200.0}
    assert number_readings("45") == {45.0}
    assert missing_numbers("Last time: 45 lb × 10, 10, 9.", [45, 10, 9]) == []
    assert missing_numbers("Ultima volta: 20,5 kg per 8.", [20.5, 8]) == []
    assert missing_numbers("Go heavier next time.", [45]) == [45]
