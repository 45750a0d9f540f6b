"""Other apps' exercise names → catalog slugs.

Strong and Hevy both name an exercise "Movement (Equipment)": "Bench Press (Dumbbell)",
"Incline Bench Press (Barbell)", "Lat Pulldown (Cable)". A name is matched, in order:
1. exactly, by the catalog's alias index (slug, name, any alias in any language);
2. by its words in any order, with the equipment word folded in ("Bench Press (Dumbbell)"
   has the words of the alias "dumbbell bench press");
3. the movement alone ("Lying Leg Curl (Machine)" → "lying leg curl"), when that exercise
   is loaded the way the equipment says;
4. fuzzily (difflib's ratio ≥ `FUZZY_CUTOFF` on the sorted words), with the same load check.
The load check is what keeps "Incline Bench Press (Barbell)" from becoming the catalog's
incline *dumbbell* press: an exercise outside the catalog is reported unmapped, not guessed.
"""

from __future__ import annotations

import difflib
import re
from functools import cache

from fitcoach.catalog import CATALOG
from fitcoach.catalog.models import Exercise, LoadKind
from fitcoach.catalog.registry import normalize_alias

FUZZY_CUTOFF = 0.88

# The apps' equipment words → how the catalog exercise must be loaded.
_EQUIPMENT: dict[str, frozenset[LoadKind]] = {
    "barbell": frozenset({LoadKind.BARBELL}),
    "ez bar": frozenset({LoadKind.BARBELL}),
    "dumbbell": frozenset({LoadKind.DUMBBELL}),
    "cable": frozenset({LoadKind.CABLE}),
    "machine": frozenset({LoadKind.MACHINE}),
    "plate loaded": frozenset({LoadKind.MACHINE}),
    "bodyweight": frozenset({LoadKind.BODYWEIGHT}),
    "weighted": frozenset({LoadKind.BODYWEIGHT}),
    "assisted": frozenset({LoadKind.BODYWEIGHT}),
}
_SUFFIX = re.compile(r"^(?P<base>.*?)\s*\((?P<equipment>[^()]*)\)\s*$")


def _words(text: str) -> str:
    return " ".join(sorted(normalize_alias(text).split()))


@cache
def _by_words() -> dict[str, str]:
    index: dict[str, str] = {}
    for alias, slug in CATALOG.alias_index.items():
        index.setdefault(_words(alias), slug)
    return index


def _equipment_kinds(equipment: str) -> frozenset[LoadKind] | None:
    """The load kinds an equipment label allows; None when the label is none we know."""
    words = normalize_alias(equipment)
    for label, kinds in _EQUIPMENT.items():
        if words.startswith(label):  # "cable - straight bar", "dumbbell (single arm)"
            return kinds
    return None


def _fits(exercise: Exercise | None, kinds: frozenset[LoadKind] | None) -> bool:
    return exercise is not None and (kinds is None or exercise.load_kind in kinds)


@cache
def catalog_slug(name: str) -> str | None:
    """The catalog slug an app's exercise name means, or None (kept as unmapped)."""
    exact = CATALOG.by_alias(name)
    if exact is not None:
        return exact.slug
    match = _SUFFIX.match(name)
    base, equipment = (match["base"], match["equipment"]) if match else (name, "")
    kinds = _equipment_kinds(equipment) if equipment else None
    if equipment and kinds is None:
        return None  # kettlebell, band, smith machine…: not how the catalog loads anything
    index = _by_words()
    for words in (_words(f"{equipment} {base}"), _words(base)):
        slug = index.get(words)
        if slug is not None and _fits(CATALOG.find(slug), kinds):
            return slug
    for close in difflib.get_close_matches(_words(f"{equipment} {base}"), list(index), n=3,
                                           cutoff=FUZZY_CUTOFF):
        if _fits(CATALOG.find(index[close]), kinds):
            return index[close]
    return None
