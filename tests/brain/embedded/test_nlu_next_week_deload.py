"""A deload asked for next week is not staged on this week: only the current week's plan can
be staged, so the coach says so and stages nothing; a deload for this week is still staged.
Found trying the dialogue work of 2026-12-03 by hand; phrasings written for this test
(issue 10)."""

from __future__ import annotations

import pytest
from nlu_helpers import seed_turn


@pytest.mark.parametrize(("language", "text", "word"), [
    ("en", "make next week a deload week", "Monday"),
    ("es", "la semana que viene que sea de descarga", "lunes"),
    ("it", "la settimana prossima facciamo scarico", "lunedì"),
    ("he", "בשבוע הבא תעשה לי שבוע דילואוד", "שני"),
    ("ko", "다음 주는 디로드 주간으로 해 주세요", "월요일"),
])
def test_a_deload_for_next_week_stages_nothing_and_says_why(language: str, text: str,
                                                           word: str) -> None:
    record = seed_turn("gym_user", language, text)
    assert record.outcome.result.proposal.type.value == "NONE"
    assert not record.memory.applied
    assert word in record.outcome.result.message


@pytest.mark.parametrize(("language", "text"), [
    ("en", "can this week be a deload"),
    ("es", "esta semana que sea de descarga"),
])
def test_a_deload_for_this_week_is_still_staged(language: str, text: str) -> None:
    record = seed_turn("gym_user", language, text)
    assert record.outcome.result.proposal.type.value == "UPDATE_WEEK"
