"""The shape of one encyclopedia entry; its checks make a bad data file fail loudly."""

from __future__ import annotations

import re
from enum import StrEnum
from functools import cached_property
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from fitcoach.catalog.vocabulary import (
    GROUP_OF_MUSCLE,
    ExerciseType,
    GearTag,
    Goal,
    Joint,
    Muscle,
    MuscleGroup,
    Pattern,
)

SLUG_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
# "8-10", "12", or timed work in seconds: "30s", "30-45s".
REPS_PATTERN = re.compile(r"^(\d{1,3})(?:-(\d{1,3}))?(s?)$")

# The languages the coach speaks (DESIGN D4); every exercise carries aliases and cues in each.
LANGUAGES = ("en", "es", "it", "he", "ko")
DEFAULT_LANGUAGE = "en"


class LoadKind(StrEnum):
    """How a logged weight relates to the implement, which decides the load step."""

    DUMBBELL = "dumbbell"  # logged per dumbbell
    BARBELL = "barbell"  # logged as the total on the bar
    MACHINE = "machine"  # selector stack or plate-loaded machine
    CABLE = "cable"
    BODYWEIGHT = "bodyweight"  # no external load unless the user adds some


class Prescription(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    reps: str
    rest_seconds: Annotated[int, Field(ge=15, le=300)]

    @field_validator("reps")
    @classmethod
    def _reps_shape(cls, value: str) -> str:
        match = REPS_PATTERN.match(value)
        if not match:
            raise ValueError(f"reps {value!r} must look like '8-10', '12' or '30-45s'")
        low, high = int(match.group(1)), int(match.group(2) or match.group(1))
        if not 1 <= low <= high <= 120:
            raise ValueError(f"reps {value!r} must be an increasing range within 1-120")
        return value


class Exercise(BaseModel):
    """One exercise: the seed's facts (slug, name, gear, type) plus our own reasoned data."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    slug: str
    name: str
    category: str = Field(description="The seed's group heading, e.g. 'CHEST - Horizontal Push'")
    gear_text: str = Field(description="The seed's gear column, verbatim")
    # Alternatives of all-of sets: any one option, fully owned, makes the exercise doable.
    # An empty option means bodyweight: always doable.
    gear_options: tuple[frozenset[GearTag], ...]
    type: ExerciseType
    primary_muscles: tuple[Muscle, ...]
    secondary_muscles: tuple[Muscle, ...] = ()
    pattern: Pattern
    priority: Annotated[int, Field(ge=1, le=4)]
    heavy_compound: bool = False
    spinal_loading: bool = False
    lower_back_dominant: bool = False
    overhead: bool = False
    unilateral: bool = False
    timed: bool = False
    # 1 = moderate, 2 = high stress on that joint; absent = negligible.
    joint_stress: dict[Joint, Annotated[int, Field(ge=1, le=2)]] = Field(default_factory=dict)
    prescriptions: dict[Goal, Prescription]
    load_kind: LoadKind
    # A conservative working load (lbs, as logged) for a novice, used for volume estimates
    # only when the user has no history; 0 for bodyweight work.
    default_load_lbs: Annotated[float, Field(ge=0, le=500)]
    # What users type for this exercise, per language (matched case-, accent- and
    # spacing-insensitively by the registry). Never a generic word that could name another.
    aliases: dict[str, tuple[str, ...]]
    # 2-4 form cues per language, the same cues in the same order in every language.
    cues: dict[str, tuple[str, ...]]
    substitutes: tuple[str, ...]

    @field_validator("slug")
    @classmethod
    def _slug_shape(cls, value: str) -> str:
        if not SLUG_PATTERN.match(value):
            raise ValueError(f"slug {value!r} is not kebab-case")
        return value

    @field_validator("aliases")
    @classmethod
    def _aliases_shape(cls, value: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
        _check_languages("aliases", value)
        for lang, aliases in value.items():
            if not aliases:
                raise ValueError(f"aliases missing for language {lang!r}")
            blank = [alias for alias in aliases if not alias.strip()]
            if blank:
                raise ValueError(f"blank alias in language {lang!r}")
        return value

    @field_validator("cues")
    @classmethod
    def _cues_shape(cls, value: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
        _check_languages("cues", value)
        for lang, cues in value.items():
            if not 2 <= len(cues) <= 4:
                raise ValueError(f"an exercise needs 2-4 form cues, {lang!r} has {len(cues)}")
            if any(not cue.strip() for cue in cues):
                raise ValueError(f"blank form cue in language {lang!r}")
        counts = {lang: len(cues) for lang, cues in value.items()}
        if len(set(counts.values())) > 1:
            raise ValueError(f"every language needs the same number of cues, got {counts}")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Exercise:
        if not self.primary_muscles:
            raise ValueError("at least one primary muscle is required")
        overlap = set(self.primary_muscles) & set(self.secondary_muscles)
        if overlap:
            raise ValueError(f"muscles both primary and secondary: {sorted(overlap)}")
        if set(self.prescriptions) != set(Goal):
            raise ValueError("a prescription is required for every goal")
        if not self.gear_options:
            raise ValueError("gear_options needs at least one option (an empty one = bodyweight)")
        if self.timed != all(p.reps.endswith("s") for p in self.prescriptions.values()):
            raise ValueError("a timed exercise prescribes seconds for every goal, others never")
        if self.slug in self.substitutes:
            raise ValueError("an exercise cannot substitute itself")
        return self

    @property
    def bodyweight(self) -> bool:
        return any(not option for option in self.gear_options)

    # Cached: an exercise never changes, and the engine asks for its groups hundreds of
    # times per week it shapes or counts.
    @cached_property
    def primary_groups(self) -> frozenset[MuscleGroup]:
        return frozenset(
            g for m in self.primary_muscles if (g := GROUP_OF_MUSCLE[m]) is not None
        )

    @cached_property
    def secondary_groups(self) -> frozenset[MuscleGroup]:
        """Groups worked secondarily and not already primary."""
        groups = {g for m in self.secondary_muscles if (g := GROUP_OF_MUSCLE[m]) is not None}
        return frozenset(groups - self.primary_groups)

    @property
    def all_muscles(self) -> frozenset[Muscle]:
        return frozenset(self.primary_muscles) | frozenset(self.secondary_muscles)

    def cues_for(self, language: str) -> tuple[str, ...]:
        """The form cues in `language` ("es", "es-MX", "ko_KR"...); English when unsupported."""
        base = language.replace("_", "-").split("-")[0].casefold()
        return self.cues.get(base) or self.cues[DEFAULT_LANGUAGE]

    def doable_with(self, gear: frozenset[GearTag]) -> bool:
        """Equipment strictness: some option must be fully covered by the inventory."""
        return any(option <= gear for option in self.gear_options)


def _check_languages(field: str, value: dict[str, tuple[str, ...]]) -> None:
    missing = [lang for lang in LANGUAGES if lang not in value]
    if missing:
        raise ValueError(f"{field} missing for languages: {missing}")
    unknown = sorted(set(value) - set(LANGUAGES))
    if unknown:
        raise ValueError(f"{field} in unsupported languages: {unknown}")
