"""Form questions and live gym swaps typed the way people type between sets: no cue word, an
exercise nickname, no question mark, and "the rack is taken" said other ways. Phrasings
written for this test, in all five languages (issue 10)."""

from __future__ import annotations

import datetime as dt

import pytest
from nlu_helpers import SEED_NOW, seed_turn


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


TUESDAY = dt.datetime(2026, 9, 15, 16, 0, tzinfo=dt.UTC)


@pytest.mark.parametrize(("language", "text", "now", "out"), [
    ("es", "la banca esta ocupada que hago", SEED_NOW, "flat-bb-bench-press"),
    ("it", "non trovo una panca libera", SEED_NOW, "flat-bb-bench-press"),
    ("ko", "벤치 다 쓰고 있네 대신 뭐하지", SEED_NOW, "flat-bb-bench-press"),
    ("en", "cant get on the rack, give me something else for squats", TUESDAY,
     "barbell-back-squat"),
    ("es", "hay un tipo en el rack desde hace rato, cambio la sentadilla?", TUESDAY,
     "barbell-back-squat"),
    ("ko", "스쿼트 랙에 누가 계속 있어요 다른 거 뭐 해요", TUESDAY, "barbell-back-squat"),
])
def test_gear_taken_in_other_words_is_a_swap_not_an_inventory(
        language: str, text: str, now: dt.datetime, out: str) -> None:
    record = seed_turn("gym_user", language, text, now)
    proposal = record.outcome.result.proposal
    assert proposal.type.value == "UPDATE_DAY"
    assert not record.memory.applied
    assert out not in str(proposal.model_dump())
