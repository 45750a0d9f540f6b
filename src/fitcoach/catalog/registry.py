"""Loads the encyclopedia once, checks it as a whole, and answers lookups.

The data file is the single source of exercise facts. A bad entry fails at import, naming its
slug, so a broken catalog can never reach a plan.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator
from functools import cache
from importlib import resources
from typing import Any

import yaml
from pydantic import ValidationError

from fitcoach.catalog.gear import parse_gear_text, with_stand_ins
from fitcoach.catalog.models import Exercise
from fitcoach.catalog.vocabulary import GearTag, MuscleGroup

EXPECTED_EXERCISE_COUNT = 41


class CatalogError(ValueError):
    """The data file is wrong; the message names the entry."""


# Apostrophes and quote marks, ASCII or typographic, and the Hebrew geresh and gershayim, which
# users type, swap or leave out at will ("פרנץ' פרס", "פרנץ׳ פרס", "פרנץ פרס").
_QUOTE_MARKS = str.maketrans("", "", "'\u2018\u2019`\u00b4\"\u201c\u201d\u05f3\u05f4")


def normalize_alias(text: str) -> str:
    """Case-, accent-, quote- and spacing-insensitive key for alias lookups.

    Hangul syllables are kept intact (NFC); Hebrew points are dropped like accents.
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_QUOTE_MARKS))
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    recomposed = unicodedata.normalize("NFC", stripped)
    return " ".join(recomposed.replace("-", " ").split())


class Catalog:
    """An immutable, indexed view of the exercises."""

    def __init__(self, exercises: Iterable[Exercise]) -> None:
        self._by_slug: dict[str, Exercise] = {}
        for exercise in exercises:
            if exercise.slug in self._by_slug:
                raise CatalogError(f"{exercise.slug}: duplicate slug")
            self._by_slug[exercise.slug] = exercise
        self._check_references()
        self._by_alias = self._build_alias_index()

    def _check_references(self) -> None:
        names: dict[str, str] = {}
        for exercise in self._by_slug.values():
            if exercise.name in names:
                raise CatalogError(f"{exercise.slug}: name also used by {names[exercise.name]}")
            names[exercise.name] = exercise.slug
            for substitute in exercise.substitutes:
                if substitute not in self._by_slug:
                    raise CatalogError(f"{exercise.slug}: unknown substitute {substitute!r}")

    def _build_alias_index(self) -> dict[str, str]:
        index: dict[str, str] = {}
        for exercise in self._by_slug.values():
            keys = [exercise.slug, exercise.name]
            keys += [alias for aliases in exercise.aliases.values() for alias in aliases]
            for key in keys:
                normal = normalize_alias(key)
                owner = index.setdefault(normal, exercise.slug)
                if owner != exercise.slug:
                    raise CatalogError(
                        f"{exercise.slug}: alias {key!r} already names {owner}"
                    )
        return index

    def __contains__(self, slug: object) -> bool:
        return slug in self._by_slug

    def __iter__(self) -> Iterator[Exercise]:
        return iter(self._by_slug.values())

    def __len__(self) -> int:
        return len(self._by_slug)

    @property
    def slugs(self) -> tuple[str, ...]:
        return tuple(self._by_slug)

    def get(self, slug: str) -> Exercise:
        try:
            return self._by_slug[slug]
        except KeyError:
            raise KeyError(f"unknown exercise slug {slug!r}") from None

    def find(self, slug: str) -> Exercise | None:
        return self._by_slug.get(slug)

    def by_alias(self, text: str) -> Exercise | None:
        """Exact lookup by slug, name or any alias in any language (normalised)."""
        slug = self._by_alias.get(normalize_alias(text))
        return self._by_slug[slug] if slug else None

    @property
    def alias_index(self) -> dict[str, str]:
        """Normalised alias → slug, for fuzzy matchers that need the whole vocabulary."""
        return dict(self._by_alias)

    def doable(self, gear: frozenset[GearTag]) -> list[Exercise]:
        return [e for e in self._by_slug.values() if e.doable_with(gear)]

    def targeting(self, group: MuscleGroup) -> list[Exercise]:
        return [e for e in self._by_slug.values() if group in e.primary_groups]


def _parse_entry(raw: dict[str, Any]) -> Exercise:
    slug = raw.get("slug", "<no slug>")
    try:
        data = dict(raw)
        data["gear_text"] = data.pop("gear")
        data["gear_options"] = with_stand_ins(slug, parse_gear_text(data["gear_text"]))
        return Exercise.model_validate(data)
    except (ValidationError, ValueError, KeyError) as error:
        raise CatalogError(f"{slug}: {error}") from error


def load_catalog(text: str) -> Catalog:
    """Parse and check a whole catalog document (YAML list of entries)."""
    raw_entries = yaml.safe_load(text)
    if not isinstance(raw_entries, list):
        raise CatalogError("the catalog file must be a list of exercises")
    return Catalog(_parse_entry(entry) for entry in raw_entries)


@cache
def default_catalog() -> Catalog:
    """The shipped encyclopedia, loaded once per process."""
    text = resources.files("fitcoach.catalog").joinpath("data/exercises.yaml").read_text("utf-8")
    catalog = load_catalog(text)
    if len(catalog) != EXPECTED_EXERCISE_COUNT:
        raise CatalogError(
            f"the seed's index has {EXPECTED_EXERCISE_COUNT} exercises, the file {len(catalog)}"
        )
    return catalog
