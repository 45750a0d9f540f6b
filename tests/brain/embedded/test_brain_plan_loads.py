"""The chat answers load questions ("what weight should I use on X?", "why did my load go
up?", "am I ready to go up?") from the plan's own rule (`analytics.load_targets`), in every
language, citing the logged numbers. The seed user's plan asks 6-10 reps at 2 RIR on the
incline press; their heaviest dumbbell is 22 kg (stored as 48.5 lb)."""

from __future__ import annotations

import pytest
from test_brain_progress import KG_20, KG_22, ago, review

ASKS = {
    "en": ["What weight should I use on incline DB bench?",
           "Why did my load go up on incline DB bench?",
           "Am I ready to go up on incline DB bench?"],
    "es": ["¿Qué peso debo usar en el press inclinado con mancuernas?",
           "¿Por qué subió el peso del press inclinado con mancuernas?"],
    "it": ["Che peso devo usare sulla panca inclinata con manubri?",
           "Sono pronto a salire sulla panca inclinata con manubri?"],
    "he": ["איזה משקל להשתמש בלחיצת חזה בשיפוע עם משקולות?",
           "למה המשקל עלה בלחיצת חזה בשיפוע עם משקולות?"],
    "ko": ["인클라인 덤벨 벤치프레스 무게 얼마로 해야 해?",
           "인클라인 덤벨 벤치프레스 무게가 왜 올라갔어?"],
}
# What each language's plan line says, written apart from the phrase file's full sentences.
NEXT_WORDS = {"en": "Your plan has 22 kg", "es": "Tu plan marca 22 kg",
              "it": "Il piano ti dà 22 kg", "he": "בתוכנית יש 22 ק\"ג",
              "ko": "다음 계획 무게는 22 kg"}


@pytest.mark.parametrize(("language", "message"),
                         [(lang, m) for lang, asks in ASKS.items() for m in asks])
def test_the_top_of_the_range_gives_the_plans_next_step_with_its_numbers(
        language: str, message: str) -> None:
    record = review(message, [(ago(3), [(KG_20, 10, 8)] * 3)], language=language)
    assert record.outcome.meta["tools"] == ["get_historical_exercise_logs"]
    text = record.outcome.result.message
    assert NEXT_WORDS[language] in text
    assert "10/10/10" in text
    assert "6-10" in text  # the plan's range the rule read
    assert "RPE 8" in text  # 10 − the plan's 2 RIR


def test_inside_the_range_the_plan_keeps_the_load_and_asks_for_reps() -> None:
    text = review(ASKS["en"][0], [(ago(3), [(KG_20, 9, 8), (KG_20, 8, 8), (KG_20, 7, 8)])]
                  ).outcome.result.message
    assert "Your plan keeps 20 kg next time" in text
    assert "(9/8/7) are inside 6-10" in text


def test_at_the_heaviest_dumbbell_the_plan_says_so() -> None:
    text = review(ASKS["en"][2], [(ago(3), [(KG_22, 10, 7)] * 3)]).outcome.result.message
    assert "Your plan keeps 22 kg" in text
    assert "heaviest dumbbell" in text


def test_two_misses_back_off_and_cite_the_sessions() -> None:
    missed = [(KG_22, 5, 9), (KG_22, 5, 9.5), (KG_22, 4, 10)]
    text = review(ASKS["en"][1], [(ago(3), missed), (ago(6), missed)]).outcome.result.message
    assert "Your plan backs off to 18 kg" in text  # 90% of 22 kg, down to the 2 kg rack
    assert "under 6 reps (5/5/4 last time)" in text


def test_without_history_nothing_is_invented() -> None:
    text = review(ASKS["es"][0], [], language="es").outcome.result.message
    assert not any(ch.isdigit() for ch in text)
