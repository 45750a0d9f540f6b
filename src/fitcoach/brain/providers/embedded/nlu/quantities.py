"""Loads with their units, and the user's age.

Stored loads are pounds (DESIGN D4), so every load carries both the value as written with the
unit the user used (to answer in kind) and its weight in pounds. "22 kg" → 48.5 lb.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from fitcoach.brain.providers.embedded.nlu.document import Document
from fitcoach.catalog.vocabulary import Unit

LB_PER_KG = 2.20462
MAX_LOAD = 1500  # in either unit: anything heavier is not a training load
MIN_AGE, MAX_AGE = 10, 99


class Load(BaseModel):
    model_config = ConfigDict(frozen=True)

    value: float
    unit: Unit
    lbs: float
    position: int  # token index of the number
    end: int  # token index after the unit


class QuantityFacts(BaseModel):
    model_config = ConfigDict(frozen=True)

    loads: tuple[Load, ...] = ()
    age: int | None = None

    @property
    def unit(self) -> Unit | None:
        """The unit the user writes loads in, when they wrote any."""
        return self.loads[0].unit if self.loads else None


def to_lbs(value: float, unit: Unit) -> float:
    return round(value * LB_PER_KG, 1) if unit is Unit.KG else round(value, 1)


def _loads(doc: Document) -> list[Load]:
    loads: list[Load] = []
    for index, token in enumerate(doc.tokens):
        if not token.is_number:
            continue
        number = doc.number_at(index)
        unit = doc.hit_at(index + 1, "load_unit") if number else None
        if number is None or unit is None or not 0 < number[0] <= MAX_LOAD:
            continue
        # A bare "k" is a load only right after a number ("22k" could be a race: "10k run").
        if doc.tokens[unit.start].text == "k" and doc.hit_at(unit.end, "event_kind"):
            continue
        kind = Unit(unit.key)
        loads.append(Load(value=number[0], unit=kind, lbs=to_lbs(number[0], kind),
                          position=index, end=unit.end))
    return loads


def _age(doc: Document) -> int | None:
    for index, token in enumerate(doc.tokens):
        # isdecimal, not isdigit: "𐹠" or "²" are digits int() cannot read.
        if not token.is_number or not token.text.isdecimal():
            continue
        value = int(token.text)
        if not MIN_AGE <= value <= MAX_AGE:
            continue
        after = doc.hit_at(index + 1, "age_marker")
        if after is not None and after.key == "after":
            return value
        before = doc.hit_ending_at(index, "age_marker")
        follows_unit = doc.hit_at(index + 1, "load_unit", "time_unit") is not None
        if before is not None and before.key == "before" and not follows_unit:
            return value
    return None


def parse_quantities(doc: Document) -> QuantityFacts:
    return QuantityFacts(loads=tuple(_loads(doc)), age=_age(doc))
