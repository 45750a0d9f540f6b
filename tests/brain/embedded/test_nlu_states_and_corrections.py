"""Acute, chronic and resolved states, and corrections, as people tell them (issue 10, DESIGN
D9): a resolution ends only what it names; a standing condition already on file is
acknowledged, not met with a clarifying question; a past race is a cause; a dumbbell
correction keeps the load the user means, not the one they take back. Fresh phrasings in
five languages; today is the seed's Monday 2026-09-14."""

from __future__ import annotations

import datetime as dt

import pytest
from nlu_helpers import seed_turn

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import Locale
from fitcoach.brain.providers.embedded.nlu import analyze
from fitcoach.brain.providers.embedded.nlu.memory_view import MemorySummary
from fitcoach.brain.providers.embedded.nlu.router import Intent, route
from fitcoach.catalog.vocabulary import BodyPart
from fitcoach.evals.states import load_states
from fitcoach.local.turns import TurnRecord
from fitcoach.memory.entries import Operation, Tier

MONDAY = dt.date(2026, 9, 14)
NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)


def _intent(state: str, language: str, text: str) -> Intent:
    summary = MemorySummary.of(load_states()[state].memory_items(), NOW, missing=())
    return route(analyze(text, today=MONDAY, locale=Locale(language)), has_plan=True,
                 memory_summary=summary).intent


def _deleted(record: TurnRecord) -> set[str | None]:
    return {m.memory_id for m in record.memory.applied if m.operation is Operation.DELETE}


CALVES_FINE = {
    "en": "my calves are back to normal",
    "es": "los gemelos ya están como nuevos",
    "it": "i polpacci sono tornati come nuovi",
    "he": "השוקיים שלי כמו חדשים",
    "ko": "종아리는 이제 정상으로 돌아왔어요",
}


@pytest.mark.parametrize("language", list(CALVES_FINE))
def test_a_resolution_of_a_part_on_no_file_deletes_nothing(language: str) -> None:
    # The seed user has only a lower-back condition on file: the calves clear nothing, and
    # "back to normal" names no back.
    record = seed_turn("home_db_user", language, CALVES_FINE[language])
    assert _deleted(record) == set()
    assert record.outcome.result.proposal.type is ProposalType.NONE
    assert _intent("home_db_user", language, CALVES_FINE[language]) is Intent.MEMORY_UPDATE


HAMSTRINGS_FINE = {
    "en": "all good now, the soreness is gone",
    "es": "ya se me pasaron las agujetas, todo bien",
    "it": "i femorali sono tornati come nuovi",
    "he": "ההמסטרינג כבר בסדר, חזר לעצמו",
    "ko": "햄스트링 근육통 다 풀렸어요",
}


@pytest.mark.parametrize("language", list(HAMSTRINGS_FINE))
def test_a_resolved_soreness_ends_the_state_and_not_the_chronic_back(language: str) -> None:
    record = seed_turn("home_db_sore_user", language, HAMSTRINGS_FINE[language])
    assert _deleted(record) == {"mem_03"}  # mem_04, the lower back, stays on file


KNOWN_BACK = {
    "en": "you know my lower back has been cranky for years",
    "es": "tengo la zona lumbar fastidiada desde hace años",
    "it": "mal di schiena cronico, lo sai",
    "he": "יש לי כאבים בגב התחתון כבר הרבה זמן",
    "ko": "허리가 안 좋아요, 예전부터",
}


@pytest.mark.parametrize("language", list(KNOWN_BACK))
def test_a_chronic_condition_already_on_file_is_acknowledged(language: str) -> None:
    record = seed_turn("home_db_user", language, KNOWN_BACK[language])
    assert record.outcome.result.proposal.type is ProposalType.NONE
    assert record.memory.applied == ()
    assert _intent("home_db_user", language, KNOWN_BACK[language]) is Intent.MEMORY_UPDATE


def test_a_past_race_is_a_cause_of_soreness_not_an_event() -> None:
    a = analyze("tengo las piernas destrozadas de la carrera del sábado", today=MONDAY,
                locale=Locale.ES)
    assert a.events == ()
    assert BodyPart.QUADS in {r.body_part for r in a.body.acute}


@pytest.mark.parametrize(("language", "text"), [
    ("it", "ho un conflitto alla spalla, niente distensioni sopra la testa"),
    ("he", "מתחתי קצת את השריר האחורי אתמול"),
])
def test_conditions_in_fresh_words_are_read(language: str, text: str) -> None:
    a = analyze(text, today=MONDAY, locale=Locale(language))
    assert a.body.chronic or a.body.acute


DUMBBELLS_20_KG = {
    "en": "correction: my dumbbells only go to 20kg not 50 lb",
    "es": "me equivoqué, mis mancuernas llegan hasta 20 kg",
    "it": "mi sono sbagliato, i miei manubri arrivano a 20 kg",
    "he": "טעיתי, המשקולות שלי מגיעות עד 20 קילו",
    "ko": "정정할게요, 덤벨은 20kg까지 있어요",
}


@pytest.mark.parametrize("language", list(DUMBBELLS_20_KG))
def test_a_dumbbell_correction_updates_the_equipment_staple(language: str) -> None:
    record = seed_turn("home_db_user", language, DUMBBELLS_20_KG[language])
    [update] = [m for m in record.memory.applied if m.target_tier is Tier.STAPLES]
    assert (update.operation, update.memory_id) == (Operation.UPDATE, "mem_01")
    assert update.entry is not None
    assert update.entry["max_dumbbell_lbs"] == pytest.approx(44.1, abs=0.1)
