"""Exercise names the way real users type them, in the coach's five languages."""

from __future__ import annotations

import re

import pytest

from fitcoach.catalog import CATALOG
from fitcoach.catalog.registry import normalize_alias

HEBREW_LETTER = re.compile(r"[\u05d0-\u05ea]")
HANGUL_SYLLABLE = re.compile(r"[\uac00-\ud7a3]")

# The exercise names inside the seed's own example messages (SPEC §4 and seed/spec.*.txt),
# and in its example payloads (suggested edits, coach notes, summary_diff).
SEED_PHRASES = [
    # English (SPEC.md restates the original examples)
    ("Incline DB Bench Press", "incline-db-bench-press"),
    ("incline DB bench", "incline-db-bench-press"),
    ("incline presses", "incline-db-bench-press"),
    ("dumbbell rows", "single-arm-db-row"),
    ("deadlifts", "conventional-deadlift"),
    ("barbell rows", "barbell-bent-over-row"),
    ("chest-supported DB rows", "chest-supported-db-row"),
    ("flat flyes", "db-chest-flye"),
    ("push-ups", "push-up"),
    ("Arnold Press", "arnold-press"),
    ("DB Shoulder Press", "seated-db-shoulder-press"),
    ("DB Lateral Raise", "db-lateral-raise"),
    ("Overhead DB Tricep Extension", "overhead-db-tricep-extension"),
    # Spanish
    ("press de banca inclinado con mancuernas", "incline-db-bench-press"),
    ("press inclinado", "incline-db-bench-press"),
    ("press militar", "standing-overhead-press"),
    ("remo con mancuernas", "single-arm-db-row"),
    ("peso muerto", "conventional-deadlift"),
    ("remos con mancuernas con apoyo en el pecho", "chest-supported-db-row"),
    ("remos con barra", "barbell-bent-over-row"),
    # Italian
    ("panca inclinata con manubri", "incline-db-bench-press"),
    ("panca inclinata", "incline-db-bench-press"),
    ("rematori con manubrio", "single-arm-db-row"),
    ("stacchi da terra", "conventional-deadlift"),
    # Hebrew
    ("לחיצת חזה בשיפוע חיובי עם משקולות יד", "incline-db-bench-press"),
    # Korean
    ("인클라인 덤벨 벤치 프레스", "incline-db-bench-press"),
    ("덤벨 로우", "single-arm-db-row"),
    ("오버헤드 프레스", "standing-overhead-press"),
    ("데드리프트", "conventional-deadlift"),
]


@pytest.mark.parametrize(("text", "slug"), SEED_PHRASES)
def test_the_seeds_own_phrasings_resolve(text: str, slug: str) -> None:
    exercise = CATALOG.by_alias(text)
    assert exercise is not None, text
    assert exercise.slug == slug


# What users type beyond the seed: abbreviations, slang, loanwords, typos, no accents,
# spacing and punctuation variants, mixed languages.
USER_PHRASES = [
    # abbreviations
    ("OHP", "standing-overhead-press"),
    ("RDL", "romanian-deadlift"),
    ("db rdl", "db-romanian-deadlift"),
    ("BB bench", "flat-bb-bench-press"),
    ("db bench", "flat-db-bench-press"),
    ("BSS", "bulgarian-split-squat"),
    # plural and singular
    ("skull crushers", "skull-crusher"),
    ("lateral raises", "db-lateral-raise"),
    ("dominada", "pull-up"),
    ("zancada", "db-walking-lunge"),
    # typos
    ("dumbell row", "single-arm-db-row"),
    ("press de vanca", "flat-bb-bench-press"),
    ("squat con bilancere", "barbell-back-squat"),
    ("סקווט", "barbell-back-squat"),
    ("שכיבות שמיכה", "push-up"),
    ("벤치 프래스", "flat-bb-bench-press"),
    ("래터럴 레이즈", "db-lateral-raise"),
    # without accents, other case, hyphens
    ("jalon al pecho", "lat-pulldown"),
    ("PAJAROS", "rear-delt-db-flye"),
    ("curl de biceps con mancuernas", "standing-db-bicep-curl"),
    ("sentadilla bulgara", "bulgarian-split-squat"),
    ("Pull-Ups", "pull-up"),
    # gym slang and local names
    ("serrucho", "single-arm-db-row"),
    ("remo gironda", "seated-cable-row"),
    ("lento avanti", "standing-overhead-press"),
    ("lat machine", "lat-pulldown"),
    ("pulley basso", "seated-cable-row"),
    ("rotella addominale", "ab-wheel-rollout"),
    ("사레레", "db-lateral-raise"),
    ("밀프", "standing-overhead-press"),
    ("AB슬라이드", "ab-wheel-rollout"),
    ("턱걸이", "pull-up"),
    ("פולי עליון", "lat-pulldown"),
    ("יד אחורית בכבל", "cable-rope-tricep-pushdown"),
    # English loanwords and transliterations
    ("leg press", "leg-press"),
    ("french press", "skull-crusher"),
    ("דדליפט", "conventional-deadlift"),
    ("פייס פול", "face-pull"),
    ("랫풀다운", "lat-pulldown"),
    ("바벨 로우", "barbell-bent-over-row"),
    # Hebrew geresh typed three ways
    ("פרנץ' פרס", "skull-crusher"),
    ("פרנץ׳ פרס", "skull-crusher"),
    ("פרנץ פרס", "skull-crusher"),
    ("לאנגים", "db-walking-lunge"),
    # Korean typed without spaces
    ("인클라인덤벨프레스", "incline-db-bench-press"),
    ("덤벨로우", "single-arm-db-row"),
    ("바벨로우", "barbell-bent-over-row"),
    # mixed languages
    ("press inclinado con DB", "incline-db-bench-press"),
    ("rematore DB", "single-arm-db-row"),
    ("인클라인 DB 프레스", "incline-db-bench-press"),
    ("DB 로우", "single-arm-db-row"),
    # slugs and names always resolve
    ("incline-db-bench-press", "incline-db-bench-press"),
    ("Standing Barbell OHP", "standing-overhead-press"),
]


@pytest.mark.parametrize(("text", "slug"), USER_PHRASES)
def test_what_users_type_resolves(text: str, slug: str) -> None:
    exercise = CATALOG.by_alias(text)
    assert exercise is not None, text
    assert exercise.slug == slug


# Words that name a family, a muscle or a piece of gear, never one exercise.
GENERIC_WORDS = [
    "press", "row", "rows", "curl", "curls", "fly", "flyes", "raise", "extension", "bench",
    "incline bench", "flat bench", "dumbbells", "barbell", "cable machine", "pull-up bar",
    "shoulder press", "chest fly", "chest press", "dumbbell press",
    "remo", "aperturas", "extensiones", "mancuernas", "banco", "polea alta", "barra",
    "rematore", "croci", "panca", "manubri", "bilanciere", "pulley", "alzate",
    "חתירה", "לחיצה", "פרפר", "ספסל", "משקולות יד", "מוט", "יד קדמית", "הרחקות",
    "벤치", "프레스", "로우", "컬", "덤벨", "바벨", "플라이", "인클라인", "레이즈",
]


@pytest.mark.parametrize("word", GENERIC_WORDS)
def test_generic_words_are_not_aliases(word: str) -> None:
    assert CATALOG.by_alias(word) is None


@pytest.mark.parametrize("exercise", list(CATALOG), ids=lambda e: e.slug)
def test_every_language_has_a_few_aliases_in_its_own_script(exercise) -> None:
    for lang in ("en", "es", "it", "he", "ko"):
        assert len(exercise.aliases[lang]) >= 3, lang
    assert any(HEBREW_LETTER.search(alias) for alias in exercise.aliases["he"])
    assert any(HANGUL_SYLLABLE.search(alias) for alias in exercise.aliases["ko"])


def test_the_index_knows_every_alias_slug_and_name() -> None:
    index = CATALOG.alias_index
    for exercise in CATALOG:
        assert index[normalize_alias(exercise.slug)] == exercise.slug
        assert index[normalize_alias(exercise.name)] == exercise.slug
        for aliases in exercise.aliases.values():
            for alias in aliases:
                assert index[normalize_alias(alias)] == exercise.slug, alias
    assert "" not in index
    assert len(index) > 1000


def test_normalize_alias() -> None:
    assert normalize_alias("  Press  de Banca-INCLINADO ") == "press de banca inclinado"
    assert normalize_alias("jalón") == normalize_alias("jalon") == "jalon"
    assert normalize_alias("Farmer’s walk") == "farmers walk"
    assert normalize_alias("פרנץ׳ פרס") == normalize_alias("פרנץ' פרס") == "פרנץ פרס"
    assert normalize_alias("לַחִיצָה") == "לחיצה"  # vowel points dropped
    assert normalize_alias("덤벨  로우") == "덤벨 로우"  # Hangul kept whole
