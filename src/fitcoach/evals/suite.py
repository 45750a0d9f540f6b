"""Loading the suite: every `data/cases.*.yaml` file, and choosing cases by language,
intent or id.

A case file gives its `language`, optional `defaults` (any case field: `state`, `now`,
`route`) and its `cases`. Ids are unique across the suite and every case names a known state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from typing import Any

import yaml

from fitcoach.evals.cases import Case
from fitcoach.evals.states import load_states

CASE_FILES = "cases.*.yaml"


def parse_case_file(raw: Mapping[str, Any], source: str = "<data>") -> list[Case]:
    language = raw["language"]
    defaults = dict(raw.get("defaults") or {})
    cases = []
    for position, data in enumerate(raw.get("cases") or ()):
        try:
            cases.append(Case.model_validate({"language": language, **defaults, **data}))
        except ValueError as error:
            name = data.get("id", f"#{position}") if isinstance(data, Mapping) else position
            raise ValueError(f"{source}: case {name}: {error}") from error
    return cases


def check_suite(cases: Iterable[Case], states: Iterable[str]) -> None:
    known = set(states)
    seen: set[str] = set()
    for case in cases:
        if case.id in seen:
            raise ValueError(f"case id {case.id} is used twice")
        seen.add(case.id)
        if case.state not in known:
            raise ValueError(f"case {case.id} names an unknown state {case.state!r}")


@cache
def load_suite() -> tuple[Case, ...]:
    folder = resources.files("fitcoach.evals").joinpath("data")
    cases: list[Case] = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.startswith("cases.") and entry.name.endswith(".yaml"):
            cases += parse_case_file(yaml.safe_load(entry.read_text("utf-8")), entry.name)
    check_suite(cases, load_states())
    return tuple(cases)


def select(cases: Iterable[Case], *, language: str | None = None, intent: str | None = None,
           case_id: str | None = None) -> list[Case]:
    return [case for case in cases
            if (language is None or case.language.value == language)
            and (intent is None or case.intent.value == intent)
            and (case_id is None or case.id == case_id)]
