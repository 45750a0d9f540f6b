"""Loading a set of cases: the public suite (every `data/cases.*.yaml` file) or a frozen
held-out set (`data/heldout/<version>/cases.*.yaml`), and choosing cases by language, intent
or id.

A case file gives its `language`, optional `defaults` (any case field: `state`, `now`,
`route`) and its `cases`. Ids are unique within a set and every case names a known state. A
held-out set starts from the public states; a `states.yaml` beside its cases may add states
of its own (never redefine a public one).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

import yaml

from fitcoach.evals.cases import Case
from fitcoach.evals.states import StateFixture, load_states, parse_states, public_state_data

CASE_FILES = "cases.*.yaml"
PUBLIC = "public"
# The held-out sets (DESIGN D9): written apart from the embedded brain, frozen, never tuned
# on. Name → folder under data/.
HELDOUT_SETS: dict[str, str] = {"heldout-v1": "heldout/v1", "heldout-v2": "heldout/v2",
                               "heldout-v3": "heldout/v3", "heldout-v4": "heldout/v4",
                               "heldout-v5": "heldout/v5", "heldout-v6": "heldout/v6",
                               "heldout-v7": "heldout/v7"}
SETS = (PUBLIC, *HELDOUT_SETS)


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


def _folder(name: str) -> Traversable:
    if name == PUBLIC:
        return resources.files("fitcoach.evals").joinpath("data")
    if name not in HELDOUT_SETS:
        raise ValueError(f"unknown case set {name!r}; known: {', '.join(SETS)}")
    return resources.files("fitcoach.evals").joinpath("data", *HELDOUT_SETS[name].split("/"))


def _read_cases(folder: Traversable) -> list[Case]:
    cases: list[Case] = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.startswith("cases.") and entry.name.endswith(".yaml"):
            cases += parse_case_file(yaml.safe_load(entry.read_text("utf-8")), entry.name)
    return cases


@cache
def load_set_states(name: str) -> dict[str, StateFixture]:
    """The states a set's cases start from: the public ones, plus the set's own."""
    if name == PUBLIC:
        return load_states()
    own = _folder(name).joinpath("states.yaml")
    if not own.is_file():
        return load_states()
    extra = yaml.safe_load(own.read_text("utf-8"))["states"]
    public = public_state_data()
    clash = sorted(set(extra) & set(public))
    if clash:
        raise ValueError(f"{name}: states.yaml redefines public states {clash}")
    return parse_states({**public, **extra})


@cache
def load_set(name: str) -> tuple[Case, ...]:
    cases = _read_cases(_folder(name))
    check_suite(cases, load_set_states(name))
    return tuple(cases)


def load_suite() -> tuple[Case, ...]:
    """The public suite."""
    return load_set(PUBLIC)


def select(cases: Iterable[Case], *, language: str | None = None, intent: str | None = None,
           case_id: str | None = None) -> list[Case]:
    return [case for case in cases
            if (language is None or case.language.value == language)
            and (intent is None or case.intent.value == intent)
            and (case_id is None or case.id == case_id)]
