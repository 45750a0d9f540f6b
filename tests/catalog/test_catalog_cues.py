"""Form cues: every exercise coaches in every language the coach speaks."""

from __future__ import annotations

import re

import pytest

from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import LANGUAGES

HEBREW_LETTER = re.compile(r"[\u05d0-\u05ea]")
HANGUL_SYLLABLE = re.compile(r"[\uac00-\ud7a3]")


def test_the_coach_speaks_the_seeds_five_languages() -> None:
    assert LANGUAGES == ("en", "es", "it", "he", "ko")


@pytest.mark.parametrize("exercise", list(CATALOG), ids=lambda e: e.slug)
def test_cues_exist_in_every_language_with_the_same_count(exercise) -> None:
    assert set(exercise.cues) == {"en", "es", "it", "he", "ko"}
    counts = {lang: len(cues) for lang, cues in exercise.cues.items()}
    assert len(set(counts.values())) == 1, counts
    assert 2 <= counts["en"] <= 4
    for cues in exercise.cues.values():
        assert all(cue.strip() == cue and cue for cue in cues)


@pytest.mark.parametrize("exercise", list(CATALOG), ids=lambda e: e.slug)
def test_cues_are_translated_not_copied(exercise) -> None:
    english = set(exercise.cues["en"])
    for lang in ("es", "it", "he", "ko"):
        assert not english & set(exercise.cues[lang]), lang
    assert all(HEBREW_LETTER.search(cue) for cue in exercise.cues["he"])
    assert all(HANGUL_SYLLABLE.search(cue) for cue in exercise.cues["ko"])


@pytest.mark.parametrize("exercise", list(CATALOG), ids=lambda e: e.slug)
def test_korean_cues_speak_in_friendly_haeyo_style(exercise) -> None:
    for cue in exercise.cues["ko"]:
        assert cue.endswith("요."), cue


def test_cues_for_picks_the_language_and_falls_back_to_english() -> None:
    push_up = CATALOG.get("push-up")
    assert push_up.cues_for("es") == push_up.cues["es"]
    assert push_up.cues_for("ko") == push_up.cues["ko"]
    assert push_up.cues_for("he")[0].startswith("לכווץ")
    assert push_up.cues_for("es-MX") == push_up.cues["es"]
    assert push_up.cues_for("it_IT") == push_up.cues["it"]
    assert push_up.cues_for("KO") == push_up.cues["ko"]
    assert push_up.cues_for("fr") == push_up.cues["en"]
    assert push_up.cues_for("") == push_up.cues["en"]
    assert push_up.cues_for("en")[0] == "Brace your core so your body moves as one straight plank."
