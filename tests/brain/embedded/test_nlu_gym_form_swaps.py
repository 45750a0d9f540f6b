"""Form questions and live gym swaps typed the way people type between sets: no cue word, an
exercise nickname, no question mark, and "the rack is taken" said other ways. Phrasings
written for this test, in all five languages (issue 10)."""

from __future__ import annotations

import pytest
from nlu_helpers import seed_turn


@pytest.mark.parametrize(("language", "text", "name"), [
    ("en", "whats the right way to do bulgarians", "Bulgarian Split Squat"),
    ("es", "las rodillas pueden pasar de la punta del pie en la sentadilla",
     "Barbell Back Squat"),
    ("it", "lat machine dove devo tirare la barra", "Lat Pulldown"),
    ("ko", "불가리안 스플릿 스쿼트 발 간격 어느 정도가 좋아요", "Bulgarian Split Squat"),
])
def test_a_question_about_a_named_exercise_gets_its_cues(language: str, text: str,
                                                        name: str) -> None:
    record = seed_turn("gym_user", language, text)
    assert record.outcome.result.proposal.type.value == "NONE"
    assert not record.memory.applied
    assert name in record.outcome.result.message
