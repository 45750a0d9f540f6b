"""Item-by-item gear with what is missing, "only" lists, "nothing except", labels and
"can't use" (DESIGN D9): fresh phrasings, mostly Italian onboarding, then the same classes in
the other languages. Each one read wrong before (gear owned that the user said they lack, or
gear they have dropped), and a plan built on such a reading uses gear the user lacks.
"""

from __future__ import annotations

import pytest
from nlu_helpers import gear_facts

from fitcoach.catalog.vocabulary import GearTag

G = GearTag


@pytest.mark.parametrize(("text", "owned", "lacks"), [
    # A colon opens the list a negation reaches.
    ("in casa ho: manubri regolabili, panca, sbarra. Non ho: bilanciere, rack, cavi.",
     {G.DUMBBELLS, G.FLAT_BENCH, G.PULL_UP_BAR}, {G.BARBELL, G.SQUAT_RACK, G.CABLE_MACHINE}),
    # "ma non (ho) …": the contrast clause says what is missing.
    ("Ho i manubri ma non la panca", {G.DUMBBELLS}, {G.FLAT_BENCH}),
    ("a casa ho un bilanciere e dei dischi ma non ho il rack ne' la panca",
     {G.BARBELL}, {G.SQUAT_RACK, G.FLAT_BENCH}),
    ("I've got dumbbells but not a bench", {G.DUMBBELLS}, {G.FLAT_BENCH}),
    ("tengo mancuernas pero no banco", {G.DUMBBELLS}, {G.FLAT_BENCH}),
    ("יש לי משקולות אבל לא ספסל", {G.DUMBBELLS}, {G.FLAT_BENCH}),
    # A negation after the gear, with an adverb or a clitic between.
    ("Allenamento a casa con un set di manubri fino a 30 kg, la panca invece non ce l'ho",
     {G.DUMBBELLS}, {G.FLAT_BENCH}),
    ("ho una sbarra da porta e dei manubri, la panca no", {G.DUMBBELLS, G.PULL_UP_BAR},
     {G.FLAT_BENCH}),
    ("a casa: bilanciere con dischi, rack, panca. manubri no.",
     {G.BARBELL, G.SQUAT_RACK, G.FLAT_BENCH}, {G.DUMBBELLS}),
    ("tengo barra y discos, rack no", {G.BARBELL}, {G.SQUAT_RACK}),
    # "Only X" with no verb of owning.
    ("nessuna panca, nessun bilanciere: solo manubri da 14 kg", {G.DUMBBELLS},
     {G.FLAT_BENCH, G.BARBELL}),
])
def test_item_by_item_lists(text: str, owned: set[GearTag], lacks: set[GearTag]) -> None:
    facts = gear_facts(text)
    assert owned <= facts.owned
    assert not lacks & facts.owned


@pytest.mark.parametrize(("text", "owned"), [
    ("non ho nessun attrezzo tranne una sbarra per le trazioni", {G.PULL_UP_BAR}),
    ("I have no equipment except a doorway pull-up bar", {G.PULL_UP_BAR}),
    ("no tengo nada excepto unas mancuernas de 10 kg", {G.DUMBBELLS}),
    ("אין לי כלום חוץ ממוט מתח בדלת", {G.PULL_UP_BAR}),
    ("턱걸이 바 말고는 아무것도 없어요", {G.PULL_UP_BAR}),
])
def test_nothing_except_is_the_whole_inventory(text: str, owned: set[GearTag]) -> None:
    facts = gear_facts(text)
    assert facts.owned == owned
    assert facts.only


@pytest.mark.parametrize(("text", "owned"), [
    ("attrezzi: 2 manubri da 10 kg, tappetino. stop.", {G.DUMBBELLS}),
    ("ciao coach! attrezzatura: manubri (fino a 16kg), panca piana.",
     {G.DUMBBELLS, G.FLAT_BENCH}),
    ("posseggo 2 kettlebell (8 e 12 kg) e una barra per trazioni",
     {G.KETTLEBELL, G.PULL_UP_BAR}),
    ("mi alleno al parco con le sbarre, nient'altro", {G.PULL_UP_BAR}),
    ("material: kettlebell de 16 kg y unas gomas", {G.KETTLEBELL}),
    ("קטלבל של 16 וגומיות, זה הכל", {G.KETTLEBELL}),
])
def test_labelled_and_bare_lists(text: str, owned: set[GearTag]) -> None:
    assert gear_facts(text).owned == owned


def test_a_mat_alone_is_bodyweight_training() -> None:
    facts = gear_facts("vorrei iniziare. ho un tappetino e basta")
    assert facts.bodyweight_only
    assert facts.states_inventory


@pytest.mark.parametrize("text", [
    "ho 45 anni, palestra completa vicino all'ufficio, ma non posso usare il bilanciere",
    "Vado in palestra, però il bilanciere non lo uso mai",
    "I go to a gym but I can't use the barbell because of my back",
])
def test_a_gym_whose_barbell_is_ruled_out(text: str) -> None:
    facts = gear_facts(text)
    assert G.BARBELL not in facts.owned
    assert G.DUMBBELLS in facts.owned


@pytest.mark.parametrize("text", [
    "Ciao! Ho accesso a una palestra ma solo la sala macchine, i pesi liberi sono sempre "
    "pieni di gente",
    "uso solo macchinari e cavi, i pesi liberi non mi piacciono",
])
def test_machines_only(text: str) -> None:
    facts = gear_facts(text)
    assert G.CABLE_MACHINE in facts.owned
    assert not {G.BARBELL, G.DUMBBELLS} & facts.owned


@pytest.mark.parametrize(("text", "owned"), [
    ("non vado in palestra, mi alleno a casa con due manubri da 10 kg", {G.DUMBBELLS}),
    ("la palestra costa troppo, uso quello che ho a casa: manubri e sbarra",
     {G.DUMBBELLS, G.PULL_UP_BAR}),
])
def test_a_gym_named_beside_the_home_list_adds_nothing(text: str, owned: set[GearTag]) -> None:
    assert gear_facts(text).owned == owned
