"""The fixed vocabularies every other package speaks: muscles, groups, joints, gear, patterns.

Two levels of muscle naming exist on purpose. `Muscle` is the fine anatomical vocabulary the
catalog uses to describe what an exercise loads; `MuscleGroup` is what users and the seed talk
about ("Chest", "Shoulders") and what volume landmarks are counted in. `BodyPart` is what a
person says hurts or is sore; it maps to muscles and joints so a condition can be checked
against any exercise.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum


class Muscle(StrEnum):
    CHEST = "chest"
    LATS_UPPER_BACK = "lats_upper_back"
    FRONT_DELTS = "front_delts"
    SIDE_DELTS = "side_delts"
    REAR_DELTS = "rear_delts"
    QUADS = "quads"
    HAMSTRINGS = "hamstrings"
    GLUTES = "glutes"
    CALVES = "calves"
    BICEPS = "biceps"
    TRICEPS = "triceps"
    CORE = "core"
    LOWER_BACK = "lower_back"
    FOREARMS = "forearms"


class MuscleGroup(StrEnum):
    """The groups weekly volume is counted in (title case, as the seed writes them)."""

    CHEST = "Chest"
    BACK = "Back"
    SHOULDERS = "Shoulders"
    QUADS = "Quads"
    HAMSTRINGS = "Hamstrings"
    GLUTES = "Glutes"
    CALVES = "Calves"
    BICEPS = "Biceps"
    TRICEPS = "Triceps"
    CORE = "Core"


_G = MuscleGroup
# English words for the groups, as models and people type them (the tools' `muscle_group`,
# the CLI's `--priority`). A word may name several groups ("legs"). The embedded brain's
# multilingual body words are NLU data (`brain/providers/embedded/data/body.yaml`).
MUSCLE_GROUP_ALIASES: dict[str, tuple[MuscleGroup, ...]] = {
    **{group.value.casefold(): (group,) for group in MuscleGroup},
    "pecs": (_G.CHEST,), "lats": (_G.BACK,), "upper back": (_G.BACK,),
    "delts": (_G.SHOULDERS,), "shoulder": (_G.SHOULDERS,),
    "quad": (_G.QUADS,), "quadriceps": (_G.QUADS,),
    "hamstring": (_G.HAMSTRINGS,), "hams": (_G.HAMSTRINGS,),
    "glute": (_G.GLUTES,), "calf": (_G.CALVES,),
    "bicep": (_G.BICEPS,), "tricep": (_G.TRICEPS,),
    "abs": (_G.CORE,), "abdominals": (_G.CORE,),
    "arms": (_G.BICEPS, _G.TRICEPS),
    "legs": (_G.QUADS, _G.HAMSTRINGS, _G.GLUTES, _G.CALVES),
}


def muscle_groups_named(word: str) -> tuple[MuscleGroup, ...]:
    """The groups a word names (case, spacing, "_" and "-" ignored); () when none."""
    key = " ".join(word.replace("_", " ").replace("-", " ").casefold().split())
    return MUSCLE_GROUP_ALIASES.get(key, ())


# Forearms belong to no counted group: grip work is a by-product, never a volume target.
GROUP_OF_MUSCLE: dict[Muscle, MuscleGroup | None] = {
    Muscle.CHEST: MuscleGroup.CHEST,
    Muscle.LATS_UPPER_BACK: MuscleGroup.BACK,
    Muscle.LOWER_BACK: MuscleGroup.BACK,
    Muscle.FRONT_DELTS: MuscleGroup.SHOULDERS,
    Muscle.SIDE_DELTS: MuscleGroup.SHOULDERS,
    Muscle.REAR_DELTS: MuscleGroup.SHOULDERS,
    Muscle.QUADS: MuscleGroup.QUADS,
    Muscle.HAMSTRINGS: MuscleGroup.HAMSTRINGS,
    Muscle.GLUTES: MuscleGroup.GLUTES,
    Muscle.CALVES: MuscleGroup.CALVES,
    Muscle.BICEPS: MuscleGroup.BICEPS,
    Muscle.TRICEPS: MuscleGroup.TRICEPS,
    Muscle.CORE: MuscleGroup.CORE,
    Muscle.FOREARMS: None,
}


class Joint(StrEnum):
    SHOULDER = "shoulder"
    ELBOW = "elbow"
    WRIST = "wrist"
    LUMBAR_SPINE = "lumbar_spine"
    HIP = "hip"
    KNEE = "knee"
    ANKLE = "ankle"
    NECK = "neck"


class BodyPart(StrEnum):
    """What a person names when something is sore, tight or injured."""

    CHEST = "chest"
    BACK = "back"
    UPPER_BACK = "upper_back"
    LOWER_BACK = "lower_back"
    SHOULDERS = "shoulders"
    BICEPS = "biceps"
    TRICEPS = "triceps"
    FOREARMS = "forearms"
    ELBOW = "elbow"
    WRIST = "wrist"
    NECK = "neck"
    CORE = "core"
    HIPS = "hips"
    GLUTES = "glutes"
    QUADS = "quads"
    HAMSTRINGS = "hamstrings"
    KNEES = "knees"
    CALVES = "calves"
    ANKLES = "ankles"
    WHOLE_BODY = "whole_body"  # general fatigue: no single part


_DELTS = frozenset({Muscle.FRONT_DELTS, Muscle.SIDE_DELTS, Muscle.REAR_DELTS})

# Each body part covers some muscles (soreness, fatigue) and some joints (pain, strain).
BODY_PART_MUSCLES: dict[BodyPart, frozenset[Muscle]] = {
    BodyPart.CHEST: frozenset({Muscle.CHEST}),
    BodyPart.BACK: frozenset({Muscle.LATS_UPPER_BACK, Muscle.LOWER_BACK}),
    BodyPart.UPPER_BACK: frozenset({Muscle.LATS_UPPER_BACK}),
    BodyPart.LOWER_BACK: frozenset({Muscle.LOWER_BACK}),
    BodyPart.SHOULDERS: _DELTS,
    BodyPart.BICEPS: frozenset({Muscle.BICEPS}),
    BodyPart.TRICEPS: frozenset({Muscle.TRICEPS}),
    BodyPart.FOREARMS: frozenset({Muscle.FOREARMS}),
    BodyPart.ELBOW: frozenset(),
    BodyPart.WRIST: frozenset(),
    BodyPart.NECK: frozenset(),
    BodyPart.CORE: frozenset({Muscle.CORE}),
    BodyPart.HIPS: frozenset({Muscle.GLUTES}),
    BodyPart.GLUTES: frozenset({Muscle.GLUTES}),
    BodyPart.QUADS: frozenset({Muscle.QUADS}),
    BodyPart.HAMSTRINGS: frozenset({Muscle.HAMSTRINGS}),
    BodyPart.KNEES: frozenset(),
    BodyPart.CALVES: frozenset({Muscle.CALVES}),
    BodyPart.ANKLES: frozenset(),
    BodyPart.WHOLE_BODY: frozenset(),
}

BODY_PART_JOINTS: dict[BodyPart, frozenset[Joint]] = {
    BodyPart.CHEST: frozenset(),
    BodyPart.BACK: frozenset({Joint.LUMBAR_SPINE}),
    BodyPart.UPPER_BACK: frozenset(),
    BodyPart.LOWER_BACK: frozenset({Joint.LUMBAR_SPINE}),
    BodyPart.SHOULDERS: frozenset({Joint.SHOULDER}),
    BodyPart.BICEPS: frozenset(),
    BodyPart.TRICEPS: frozenset(),
    BodyPart.FOREARMS: frozenset({Joint.WRIST}),
    BodyPart.ELBOW: frozenset({Joint.ELBOW}),
    BodyPart.WRIST: frozenset({Joint.WRIST}),
    BodyPart.NECK: frozenset({Joint.NECK}),
    BodyPart.CORE: frozenset(),
    BodyPart.HIPS: frozenset({Joint.HIP}),
    BodyPart.GLUTES: frozenset(),
    BodyPart.QUADS: frozenset(),
    BodyPart.HAMSTRINGS: frozenset(),
    BodyPart.KNEES: frozenset({Joint.KNEE}),
    BodyPart.CALVES: frozenset(),
    BodyPart.ANKLES: frozenset({Joint.ANKLE}),
    BodyPart.WHOLE_BODY: frozenset(),
}


class GearTag(StrEnum):
    """Equipment tags of DESIGN D3. Bodyweight is not a tag: it is always available."""

    DUMBBELLS = "dumbbells"
    BARBELL = "barbell"
    FLAT_BENCH = "flat_bench"
    INCLINE_BENCH = "incline_bench"
    SQUAT_RACK = "squat_rack"
    CABLE_MACHINE = "cable_machine"
    ROPE = "rope"
    PULL_UP_BAR = "pull_up_bar"
    LEG_PRESS_MACHINE = "leg_press_machine"
    LEG_EXTENSION_MACHINE = "leg_extension_machine"
    HAMSTRING_MACHINE = "hamstring_machine"
    CALF_RAISE_MACHINE = "calf_raise_machine"
    AB_WHEEL = "ab_wheel"
    # No seed exercise names it: it serves the dumbbell exercises listed in catalog/gear.py.
    KETTLEBELL = "kettlebell"


# A gym's inventory. The kettlebell stays out: it only stands in for dumbbells, which a gym
# already has, so it would add no exercise and change every stored full-gym inventory.
FULL_GYM: frozenset[GearTag] = frozenset(GearTag) - {GearTag.KETTLEBELL}


class Pattern(StrEnum):
    HORIZONTAL_PUSH = "horizontal_push"
    VERTICAL_PUSH = "vertical_push"
    CHEST_FLY = "chest_fly"
    HORIZONTAL_PULL = "horizontal_pull"
    VERTICAL_PULL = "vertical_pull"
    HINGE = "hinge"
    SQUAT = "squat"
    LUNGE = "lunge"
    KNEE_EXTENSION = "knee_extension"
    KNEE_FLEXION = "knee_flexion"
    CALF_RAISE = "calf_raise"
    ELBOW_FLEXION = "elbow_flexion"
    ELBOW_EXTENSION = "elbow_extension"
    LATERAL_RAISE = "lateral_raise"
    REAR_DELT = "rear_delt"
    CORE_FLEXION = "core_flexion"
    CORE_ANTI_EXTENSION = "core_anti_extension"
    CORE_ROTATION = "core_rotation"


class ExerciseType(StrEnum):
    """The seed's type column."""

    COMPOUND = "Compound"
    ISOLATION = "Isolation"
    ACCESSORY = "Accessory"
    CORE = "Core"


class Goal(StrEnum):
    HYPERTROPHY = "hypertrophy"
    STRENGTH = "strength"
    GENERAL_FITNESS = "general_fitness"
    FAT_LOSS = "fat_loss"


class Experience(StrEnum):
    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    ADVANCED = "advanced"


class Unit(StrEnum):
    LB = "lb"
    KG = "kg"


class AcuteCondition(StrEnum):
    """The seed's Tier 2 conditions."""

    SORENESS = "soreness"
    FATIGUE = "fatigue"
    MINOR_STRAIN = "minor_strain"


# How long each lasts by default: the seed gives ranges (soreness 48-72 h, a minor joint tweak
# 5-7 days); DESIGN D4 picks one value each, and the seed's shoulder example expects exactly
# now + 5 days for a tweak. Memory's expiries and the engine's choice of session read it.
ACUTE_TTL: dict[AcuteCondition, dt.timedelta] = {
    AcuteCondition.SORENESS: dt.timedelta(hours=72),
    AcuteCondition.FATIGUE: dt.timedelta(hours=48),
    AcuteCondition.MINOR_STRAIN: dt.timedelta(days=5),
}


class Weekday(StrEnum):
    MONDAY = "monday"
    TUESDAY = "tuesday"
    WEDNESDAY = "wednesday"
    THURSDAY = "thursday"
    FRIDAY = "friday"
    SATURDAY = "saturday"
    SUNDAY = "sunday"

    @property
    def index(self) -> int:  # type: ignore[override]  # shadows str.index: renaming touches every caller
        """Monday is 0, as `date.weekday()` counts."""
        return WEEKDAYS.index(self)

    @property
    def display_name(self) -> str:
        """"Monday", as the seed's `day_of_week` field writes it."""
        return self.value.capitalize()


WEEKDAYS: tuple[Weekday, ...] = tuple(Weekday)


def weekday_of_index(index: int) -> Weekday:
    return WEEKDAYS[index % 7]
