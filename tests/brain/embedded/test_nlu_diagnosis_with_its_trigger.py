"""A standing condition told with what sets it off ("I have shoulder impingement, overhead
pressing bothers it") is one lasting condition with its trigger, not also a strain of today:
the pain word describes the condition. Said with a day ("and it hurts today"), the flare-up is
recorded beside it. Phrasings written for this test (issue 10)."""

from __future__ import annotations

import pytest
from nlu_helpers import body_facts, seed_turn

from fitcoach.catalog.vocabulary import BodyPart

TOLD_WITH_TRIGGER = [
    ("en", "I have shoulder impingement, overhead pressing bothers it"),
    ("es", "tengo pinzamiento en el hombro, el press por encima de la cabeza me molesta"),
    ("it", "ho un conflitto alla spalla, le distensioni sopra la testa mi danno fastidio"),
]


@pytest.mark.parametrize(("language", "text"), TOLD_WITH_TRIGGER)
def test_a_diagnosis_and_its_trigger_are_one_lasting_condition(language: str,
                                                               text: str) -> None:
    reports = [c for c in body_facts(text).conditions if c.body_part is BodyPart.SHOULDERS]
    assert [c.chronic for c in reports] == [True]
    record = seed_turn("home_db_user", language, text)
    tiers = [m.target_tier.value for m in record.memory.applied]
    assert tiers == ["tier_1_staples"]


def test_a_flare_up_said_with_a_day_is_recorded_beside_it() -> None:
    reports = body_facts("I have shoulder impingement and it hurts today").conditions
    assert sorted(c.chronic for c in reports if c.body_part is BodyPart.SHOULDERS) == [False,
                                                                                        True]
