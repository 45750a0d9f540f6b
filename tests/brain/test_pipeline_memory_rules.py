"""The living memory through the real pipeline with the embedded brain (SPEC §2, DESIGN D5):
no fact is recorded twice, a changed staple is updated in place (one equipment fact stays),
a resolved condition and a revoked tone are deleted by id, and an acute note leaves the
runtime context by itself once its TTL has passed."""

from __future__ import annotations

import asyncio
import datetime as dt
import sys
from pathlib import Path

import pytest

from fitcoach.brain.decision import BrainDecision, BrainRequest, Materialized
from fitcoach.brain.ports import Locale, LogReader, UserSettings
from fitcoach.brain.providers.embedded.brain import EmbeddedBrain
from fitcoach.catalog.vocabulary import Unit
from fitcoach.local.coach import LocalCoach
from fitcoach.memory.entries import (
    Operation,
    PhysiologicalEntry,
    StapleCategory,
    StapleEntry,
    Tier,
)

sys.path.insert(0, str(Path(__file__).parent / "embedded"))
from nlu_seed_messages import SEED_MESSAGES

NOW = dt.datetime(2026, 9, 14, 10, 0, tzinfo=dt.UTC)
LANGS = ["en", "es", "it", "he", "ko"]

HEAVIER_DUMBBELLS = {
    "en": "I just bought heavier dumbbells, they go up to 30 kg now.",
    "es": "Me he comprado mancuernas más pesadas, ahora llegan hasta 30 kg.",
    "it": "Ho comprato manubri più pesanti, ora arrivano fino a 30 kg.",
    "he": 'קניתי משקולות יד כבדות יותר, עכשיו יש לי עד 30 ק"ג.',
    "ko": "최대 30kg까지 되는 더 무거운 덤벨을 샀어요.",
}
SHOULDER_FINE = {
    "en": "My shoulder is 100% fine now.",
    "es": "Ya tengo el hombro perfecto, al 100%.",
    "it": "La spalla ora sta benissimo, al 100%.",
    "he": "הכתף שלי בסדר גמור עכשיו, 100%.",
    "ko": "이제 어깨는 100% 괜찮아요.",
}
TOUGH_LOVE = {"en": "be tough on me", "es": "sé duro conmigo", "it": "sii duro con me",
              "he": "תהיה קשוח איתי", "ko": "엄하게 해 줘"}
NOT_SO_HARSH = {"en": "stop being so harsh", "es": "deja de ser tan duro",
                "it": "smettila di essere così duro", "he": "תפסיק להיות כל כך קשוח",
                "ko": "너무 엄하게 하지 마"}


def session(language: str, clock: list[dt.datetime] | None = None) -> LocalCoach:
    moments = clock or [NOW]
    return LocalCoach.sign_up(settings=UserSettings(user_id="u", locale=Locale(language),
                                                    units=Unit.KG),
                              brain=EmbeddedBrain(), clock=lambda: moments[-1])


def send(chat: LocalCoach, message: str, now: dt.datetime | None = None):  # type: ignore[no-untyped-def]
    return asyncio.run(chat.send(message, now=now))


def staples(chat: LocalCoach, category: StapleCategory) -> list[StapleEntry]:
    return [i.entry for i in chat.active_memory() if isinstance(i.entry, StapleEntry)
            and i.entry.category is category]


@pytest.mark.parametrize("language", LANGS)
def test_a_repeated_onboarding_records_nothing_twice(language: str) -> None:
    chat = session(language)
    send(chat, SEED_MESSAGES[language][1])
    again = send(chat, SEED_MESSAGES[language][1])
    assert not [m for m in again.outcome.result.memory_mutations
                if m.operation is Operation.CREATE]
    assert again.memory.applied == ()
    for category in (StapleCategory.EQUIPMENT, StapleCategory.GOAL,
                     StapleCategory.CHRONIC_CONDITION):
        assert len(staples(chat, category)) == 1, category


@pytest.mark.parametrize("language", LANGS)
def test_heavier_dumbbells_update_the_one_equipment_fact(language: str) -> None:
    chat = session(language)
    send(chat, SEED_MESSAGES[language][1])
    chat.accept()
    [equipment_id] = [i.memory_id for i in chat.active_memory()
                      if getattr(i.entry, "category", None) is StapleCategory.EQUIPMENT]
    record = send(chat, HEAVIER_DUMBBELLS[language])
    [update] = record.outcome.result.memory_mutations
    assert update.operation is Operation.UPDATE
    assert update.memory_id == equipment_id
    [equipment] = staples(chat, StapleCategory.EQUIPMENT)
    assert equipment.max_dumbbell_lbs == pytest.approx(66.1, abs=0.05)  # 30 kg
    # The benches were not mentioned, and are still there.
    assert set(equipment.gear or ()) == {"dumbbells", "flat_bench", "incline_bench"}
    assert "30" in equipment.fact
    assert "30" in record.outcome.result.message


@pytest.mark.parametrize("language", LANGS)
def test_a_resolved_shoulder_is_deleted_by_its_id(language: str) -> None:
    chat = session(language)
    send(chat, SEED_MESSAGES[language][1])
    chat.accept()
    send(chat, SEED_MESSAGES[language][5])
    [state] = [i for i in chat.active_memory() if isinstance(i.entry, PhysiologicalEntry)]
    record = send(chat, SHOULDER_FINE[language])
    [delete] = record.outcome.result.memory_mutations
    assert (delete.operation, delete.target_tier, delete.memory_id) == \
        (Operation.DELETE, Tier.PHYSIOLOGICAL, state.memory_id)
    assert delete.reason
    assert not [i for i in chat.active_memory() if isinstance(i.entry, PhysiologicalEntry)]
    # Deleted means invalidated, kept with its reason (DESIGN D5).
    [kept] = [i for i in chat.memory if i.memory_id == state.memory_id]
    assert kept.invalidated_at == NOW
    assert kept.invalidation_reason == delete.reason


@pytest.mark.parametrize("language", LANGS)
def test_a_tone_is_recorded_then_revoked(language: str) -> None:
    chat = session(language)
    send(chat, SEED_MESSAGES[language][1])
    record = send(chat, TOUGH_LOVE[language])
    [create] = record.outcome.result.memory_mutations
    assert create.operation is Operation.CREATE
    assert create.entry is not None
    assert create.entry["category"] == "preference"
    assert create.entry["tone"] == "tough_love"
    [preference] = staples(chat, StapleCategory.PREFERENCE)
    record = send(chat, NOT_SO_HARSH[language])
    [delete] = record.outcome.result.memory_mutations
    assert delete.operation is Operation.DELETE
    assert not staples(chat, StapleCategory.PREFERENCE)
    assert preference.tone is not None


class ContextSpy:
    """The embedded brain, noting the runtime context each turn showed it."""

    name = "embedded"

    def __init__(self) -> None:
        self.brain = EmbeddedBrain()
        self.contexts: list[str] = []

    async def decide(self, request: BrainRequest, logs: LogReader) -> BrainDecision:
        self.contexts.append(request.context_block)
        return await self.brain.decide(request, logs)

    def finalize_message(self, request: BrainRequest, decision: BrainDecision,
                         outcome: Materialized | None) -> str:
        return self.brain.finalize_message(request, decision, outcome)


def test_the_acute_note_leaves_the_context_when_it_expires() -> None:
    spy = ContextSpy()
    chat = LocalCoach.sign_up(settings=UserSettings(user_id="u"), brain=spy, clock=lambda: NOW)
    send(chat, SEED_MESSAGES["en"][1])
    chat.accept()
    send(chat, SEED_MESSAGES["en"][5])
    [state] = [i for i in chat.memory if isinstance(i.entry, PhysiologicalEntry)]
    assert state.entry.expires_at == NOW + dt.timedelta(days=5)
    line = f"[id: {state.memory_id}]"
    send(chat, "thanks!", now=NOW + dt.timedelta(days=5) - dt.timedelta(minutes=1))
    assert line in spy.contexts[-1]
    send(chat, "thanks!", now=NOW + dt.timedelta(days=5, seconds=1))
    assert line not in spy.contexts[-1]
    assert "Tier 2 Physiological:\n  • (None active)" in spy.contexts[-1]
    # And with the note gone, the shoulder is not guarded any more.
    assert not [i for i in chat.active_memory(NOW + dt.timedelta(days=6))
                if isinstance(i.entry, PhysiologicalEntry)]


def test_a_stated_limit_is_never_guessed_away() -> None:
    chat = session("en")
    send(chat, SEED_MESSAGES["en"][1])
    chat.accept()
    send(chat, "I bought a pull-up bar.")
    [equipment] = staples(chat, StapleCategory.EQUIPMENT)
    assert "pull_up_bar" in (equipment.gear or ())
    assert equipment.max_dumbbell_lbs == 48.5
