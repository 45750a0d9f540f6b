"""A bad data file fails loudly at load time, naming the entry at fault."""

from __future__ import annotations

import copy
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest
import yaml

from fitcoach.catalog import CATALOG, CatalogError, default_catalog, load_catalog

Entry = dict[str, Any]


def _shipped_entries() -> list[Entry]:
    text = resources.files("fitcoach.catalog").joinpath("data/exercises.yaml").read_text("utf-8")
    return yaml.safe_load(text)


SHIPPED = {entry["slug"]: entry for entry in _shipped_entries()}


def _load(*entries: Entry):
    return load_catalog(yaml.safe_dump(list(entries), allow_unicode=True, sort_keys=False))


def _pair() -> tuple[Entry, Entry]:
    """Two real entries that reference only each other, so they load on their own."""
    row = copy.deepcopy(SHIPPED["single-arm-db-row"])
    pulldown = copy.deepcopy(SHIPPED["lat-pulldown"])
    row["substitutes"] = ["lat-pulldown"]
    pulldown["substitutes"] = ["single-arm-db-row"]
    return row, pulldown


def test_the_shipped_file_loads_and_is_cached() -> None:
    assert default_catalog() is default_catalog() is CATALOG
    row, pulldown = _pair()
    assert _load(row, pulldown).slugs == ("single-arm-db-row", "lat-pulldown")


def _del_cue_language(e: Entry) -> None:
    del e["cues"]["he"]


def _del_alias_language(e: Entry) -> None:
    del e["aliases"]["ko"]


def _empty_alias_language(e: Entry) -> None:
    e["aliases"]["it"] = []


def _unknown_language(e: Entry) -> None:
    e["cues"]["fr"] = list(e["cues"]["en"])


def _uneven_cues(e: Entry) -> None:
    e["cues"]["es"] = e["cues"]["es"][:2]


def _one_cue_everywhere(e: Entry) -> None:
    e["cues"] = {lang: cues[:1] for lang, cues in e["cues"].items()}


def _five_cues(e: Entry) -> None:
    e["cues"] = {lang: (cues * 2)[:5] for lang, cues in e["cues"].items()}


def _old_flat_cues(e: Entry) -> None:
    e["cues"] = list(e["cues"]["en"])


def _blank_cue(e: Entry) -> None:
    e["cues"]["ko"][0] = "  "


def _blank_alias(e: Entry) -> None:
    e["aliases"]["es"].append(" ")


def _bad_reps_shape(e: Entry) -> None:
    e["prescriptions"]["hypertrophy"]["reps"] = "8 to 12"


def _bad_reps_order(e: Entry) -> None:
    e["prescriptions"]["strength"]["reps"] = "10-6"


def _missing_goal(e: Entry) -> None:
    del e["prescriptions"]["fat_loss"]


def _unknown_gear(e: Entry) -> None:
    e["gear"] = "Dumbbells, Kettlebell"


def _unknown_muscle(e: Entry) -> None:
    e["primary_muscles"] = ["lats"]


def _bad_priority(e: Entry) -> None:
    e["priority"] = 5


def _bad_joint_stress(e: Entry) -> None:
    e["joint_stress"] = {"elbow": 3}


def _self_substitution(e: Entry) -> None:
    e["substitutes"] = [e["slug"]]


def _unknown_field(e: Entry) -> None:
    e["difficulty"] = "hard"


def _timed_mismatch(e: Entry) -> None:
    e["timed"] = True


BREAKAGES: list[tuple[Callable[[Entry], None], str]] = [
    (_del_cue_language, "cues missing for languages"),
    (_del_alias_language, "aliases missing for languages"),
    (_empty_alias_language, "aliases missing for language 'it'"),
    (_unknown_language, "unsupported languages"),
    (_uneven_cues, "same number of cues"),
    (_one_cue_everywhere, "2-4 form cues"),
    (_five_cues, "2-4 form cues"),
    (_old_flat_cues, "cues"),
    (_blank_cue, "blank form cue"),
    (_blank_alias, "blank alias"),
    (_bad_reps_shape, "reps"),
    (_bad_reps_order, "increasing range"),
    (_missing_goal, "every goal"),
    (_unknown_gear, "unknown gear name 'Kettlebell'"),
    (_unknown_muscle, "primary_muscles"),
    (_bad_priority, "priority"),
    (_bad_joint_stress, "joint_stress"),
    (_self_substitution, "cannot substitute itself"),
    (_unknown_field, "difficulty"),
    (_timed_mismatch, "timed"),
]


@pytest.mark.parametrize(("breakage", "message"), BREAKAGES, ids=[b.__name__ for b, _ in BREAKAGES])
def test_a_bad_entry_fails_with_its_slug(breakage: Callable[[Entry], None], message: str) -> None:
    row, pulldown = _pair()
    breakage(pulldown)
    with pytest.raises(CatalogError, match=r"^lat-pulldown: ") as caught:
        _load(row, pulldown)
    assert message in str(caught.value)


def test_an_unknown_substitute_fails_with_its_slug() -> None:
    row, pulldown = _pair()
    row["substitutes"] = ["lat-pulldown", "pec-deck"]
    with pytest.raises(CatalogError, match=r"^single-arm-db-row: unknown substitute 'pec-deck'"):
        _load(row, pulldown)


def test_an_alias_naming_two_exercises_fails_with_its_slug() -> None:
    row, pulldown = _pair()
    pulldown["aliases"]["es"].append("Remo con Mancuerna")  # row's alias, other case
    with pytest.raises(CatalogError, match=r"^lat-pulldown: alias .* already names single-arm"):
        _load(row, pulldown)


def test_an_alias_equal_to_another_exercises_name_fails() -> None:
    row, pulldown = _pair()
    row["aliases"]["en"].append("lat pull-down")
    with pytest.raises(CatalogError, match="already names"):
        _load(pulldown, row)


def test_a_duplicate_slug_or_name_fails() -> None:
    row, pulldown = _pair()
    with pytest.raises(CatalogError, match=r"^lat-pulldown: duplicate slug"):
        _load(row, pulldown, copy.deepcopy(pulldown))
    twin = copy.deepcopy(pulldown)
    twin["slug"] = "lat-pulldown-2"
    twin["aliases"] = {lang: [f"twin {lang}"] for lang in twin["aliases"]}
    with pytest.raises(CatalogError, match=r"^lat-pulldown-2: name also used by lat-pulldown"):
        _load(row, pulldown, twin)


def test_a_missing_field_fails_with_its_slug() -> None:
    row, pulldown = _pair()
    del pulldown["gear"]
    with pytest.raises(CatalogError, match=r"^lat-pulldown: "):
        _load(row, pulldown)


def test_a_document_that_is_not_a_list_fails() -> None:
    with pytest.raises(CatalogError, match="must be a list"):
        load_catalog("slug: push-up\n")
