"""One encyclopedia entry as clients see it."""

from __future__ import annotations

from pydantic import BaseModel

from fitcoach.catalog import Exercise
from fitcoach.catalog.vocabulary import ExerciseType, GearTag, Muscle, MuscleGroup, Pattern


class ExerciseView(BaseModel):
    slug: str
    name: str
    category: str
    gear: str  # the seed's gear column, verbatim
    gear_options: list[list[GearTag]]  # any one option, fully owned; [] means bodyweight
    type: ExerciseType
    primary_muscles: list[Muscle]
    secondary_muscles: list[Muscle]
    muscle_groups: list[MuscleGroup]
    pattern: Pattern
    priority: int
    load_kind: str
    timed: bool
    unilateral: bool
    cues: list[str]
    substitutes: list[str]
    aliases: dict[str, list[str]]

    @classmethod
    def of(cls, exercise: Exercise) -> ExerciseView:
        return cls(
            slug=exercise.slug, name=exercise.name, category=exercise.category,
            gear=exercise.gear_text,
            gear_options=[sorted(option) for option in exercise.gear_options],
            type=exercise.type, primary_muscles=list(exercise.primary_muscles),
            secondary_muscles=list(exercise.secondary_muscles),
            muscle_groups=sorted(exercise.primary_groups), pattern=exercise.pattern,
            priority=exercise.priority, load_kind=exercise.load_kind.value,
            timed=exercise.timed, unilateral=exercise.unilateral,
            cues=list(exercise.cues_for("en")),
            substitutes=list(exercise.substitutes),
            aliases={lang: list(names) for lang, names in exercise.aliases.items()})
