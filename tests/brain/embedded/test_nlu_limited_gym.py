"""A gym the user describes item by item is that list (DESIGN D9: an explicit lack and an
explicit list beat the venue word), and a negation may follow its gear ("il bilanciere non
c'è"). Phrasings written for these tests, in the five languages."""

from __future__ import annotations

import pytest
from nlu_helpers import gear_facts

from fitcoach.catalog.vocabulary import GearTag

DB = GearTag.DUMBBELLS
BENCH = GearTag.FLAT_BENCH
BAR = GearTag.BARBELL
RACK = GearTag.SQUAT_RACK
PULL = GearTag.PULL_UP_BAR
CABLES = GearTag.CABLE_MACHINE


@pytest.mark.parametrize(("text", "owned"), [
    # A small or shared gym with its list: the list only.
    ("the hotel gym only has a few dumbbells and a bench", {DB, BENCH}),
    ("work gym is pretty basic: dumbbells to 20kg, a bench, no squat rack", {DB, BENCH}),
    ("el gimnasio del edificio tiene mancuernas y un banco, pero barra no hay", {DB, BENCH}),
    ("palestrina aziendale con manubri e sbarra per trazioni, niente bilanciere", {DB, PULL}),
    ("חדר הכושר בבניין קטן, יש בו משקולות יד וספסל, אין מוט", {DB, BENCH}),
    ("아파트 헬스장에 덤벨이랑 벤치만 있고 바벨은 없어요", {DB, BENCH}),
    # A gym with its gear named and a lack named: no full gym either.
    ("at my gym there's cables and dumbbells but no barbell and no rack", {DB, CABLES}),
])
def test_a_listed_gym_is_its_list(text: str, owned: set[GearTag]) -> None:
    facts = gear_facts(text)
    assert facts.owned == frozenset(owned)
    assert not facts.full_gym
    assert BAR not in facts.owned


@pytest.mark.parametrize("text", [
    "my gym has everything except a leg press",
    "I train at a commercial gym",
    "vado in palestra, niente sbarra a casa",
])
def test_a_gym_without_a_list_is_still_a_gym(text: str) -> None:
    facts = gear_facts(text)
    assert BAR in facts.owned
    assert RACK in facts.owned


@pytest.mark.parametrize(("text", "removed"), [
    ("a casa ho i manubri, il bilanciere non c'è", {BAR}),
    ("tengo mancuernas en casa, barra no tengo", {BAR}),
    ("dumbbells at home, the squat rack isn't there anymore", {RACK}),
])
def test_a_negation_after_the_gear_removes_it(text: str, removed: set[GearTag]) -> None:
    facts = gear_facts(text)
    assert DB in facts.owned
    assert removed <= facts.removed
    assert not removed & facts.owned


@pytest.mark.parametrize("text", [
    "my gym is only machines and cables, zero free weights",
    "en mi gimnasio hay solo máquinas, sin pesos libres",
    "in palestra ho solo macchine e cavi, niente pesi liberi",
    "בחדר כושר שלי יש רק מכונות, בלי משקולות חופשיות",
    "우리 헬스장은 머신만 있고 프리웨이트는 없어요",
])
def test_no_free_weights_means_no_dumbbells_and_no_barbell(text: str) -> None:
    facts = gear_facts(text)
    assert CABLES in facts.owned
    assert not {DB, BAR} & facts.owned


@pytest.mark.parametrize("text", [
    "I'm staying at a hotel until friday and it has a fully equipped gym",
    "esta semana estoy en un hotel con gimnasio completo y barra",
    "sono in trasferta, in albergo c'è una palestra con bilanciere",
    "אני במלון השבוע, יש חדר כושר מלא",
    "출장 중인데 호텔에서 헬스장 쓸 수 있어요",
])
def test_a_trips_gym_is_never_the_home_inventory(text: str) -> None:
    facts = gear_facts(text)
    assert facts.temporary
    assert facts.owned == frozenset()
    assert not facts.full_gym
    assert not facts.states_inventory
