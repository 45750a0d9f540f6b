"""Gear out of use for the session, told in many ways: taken, broken or out of order, a queue,
all of them full, "no X free". Each is a busy tag (a swap), never a change of the stored
inventory; a busy phrase that ends inside a gear name ("free weights", "a full gym") is that
gear. Phrasings written for this test, in all five languages."""

from __future__ import annotations

import pytest
from nlu_helpers import gear_facts

from fitcoach.catalog.vocabulary import GearTag


@pytest.mark.parametrize(("text", "tag"), [
    ("cable tower is out of service this morning", GearTag.CABLE_MACHINE),
    ("there's a queue for the squat racks", GearTag.SQUAT_RACK),
    ("all the benches are full, any idea?", GearTag.FLAT_BENCH),
    ("no flat bench free at all", GearTag.FLAT_BENCH),
    ("la polea está estropeada desde ayer", GearTag.CABLE_MACHINE),
    ("ningún banco libre, ¿qué hago?", GearTag.FLAT_BENCH),
    ("hay cola para el rack", GearTag.SQUAT_RACK),
    ("il cavo si è rotto, che alternativa ho?", GearTag.CABLE_MACHINE),
    ("nessuna panca libera in sala", GearTag.FLAT_BENCH),
    ("al rack c'è la coda", GearTag.SQUAT_RACK),
    ("הכבל מקולקל היום", GearTag.CABLE_MACHINE),
    ("יש תור לספסל", GearTag.FLAT_BENCH),
    ("케이블 머신이 고장났어요", GearTag.CABLE_MACHINE),
    ("스쿼트 랙에 줄 서 있어요", GearTag.SQUAT_RACK),
])
def test_out_of_use_gear_is_busy_not_removed(text: str, tag: GearTag) -> None:
    facts = gear_facts(text)
    assert tag in facts.busy
    assert tag not in facts.removed
    assert tag not in facts.owned


@pytest.mark.parametrize("text", [
    "no bench here, just free weights",
    "sin banco, solo pesas libres",
])
def test_free_in_a_gear_name_is_no_busy_cue(text: str) -> None:
    facts = gear_facts(text)
    assert not facts.busy
    assert GearTag.FLAT_BENCH in facts.removed


def test_a_full_gym_is_no_full_machine() -> None:
    facts = gear_facts("I train at a full gym now")
    assert facts.full_gym
    assert not facts.busy
