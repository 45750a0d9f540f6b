"""The seed's gear column, parsed into alternatives of all-of sets.

"A, B" means both are needed; "A / B" means either will do, and binds tighter than the comma:
"Dumbbells / Barbell, Bench" = dumbbells + bench, or barbell + bench.
"""

from __future__ import annotations

from itertools import product

from fitcoach.catalog.vocabulary import GearTag

BODYWEIGHT = "Bodyweight"

# The names the seed's index uses, each mapped to the tags of DESIGN D3. "Bench" alone means a
# flat bench (an adjustable one provides both); "Machine" only appears for the calf raise.
SEED_GEAR_NAMES: dict[str, GearTag | None] = {
    BODYWEIGHT: None,
    "Barbell": GearTag.BARBELL,
    "Bench": GearTag.FLAT_BENCH,
    "Flat Bench": GearTag.FLAT_BENCH,
    "Incline Bench": GearTag.INCLINE_BENCH,
    "Dumbbells": GearTag.DUMBBELLS,
    "Squat Rack": GearTag.SQUAT_RACK,
    "Cable Machine": GearTag.CABLE_MACHINE,
    "Rope": GearTag.ROPE,
    "Pull-Up Bar": GearTag.PULL_UP_BAR,
    "Leg Press Machine": GearTag.LEG_PRESS_MACHINE,
    "Leg Extension Machine": GearTag.LEG_EXTENSION_MACHINE,
    "Hamstring Machine": GearTag.HAMSTRING_MACHINE,
    "Machine": GearTag.CALF_RAISE_MACHINE,
    "Ab Wheel": GearTag.AB_WHEEL,
}


# Gear that can do a seed exercise's job in place of the gear the seed names: one kettlebell
# held by the horn or the handle loads a goblet squat, a one-arm row, a Romanian deadlift and a
# lunge the way a dumbbell does. Presses, flyes and curls are left out on purpose: the bell
# hangs behind the wrist and changes the lift, so those stay dumbbell-only.
STAND_INS: dict[GearTag, tuple[GearTag, frozenset[str]]] = {
    GearTag.KETTLEBELL: (GearTag.DUMBBELLS, frozenset({
        "goblet-squat", "single-arm-db-row", "db-romanian-deadlift", "db-walking-lunge",
    })),
}


# Stand-ins that also do without the rest of the seed's gear for an exercise: a one-arm
# kettlebell row is rowed from a staggered stance, the free hand braced on the front thigh, so
# a kettlebell-only user has a row (and back work) without a bench.
STANDING_ALONE: dict[GearTag, frozenset[str]] = {
    GearTag.KETTLEBELL: frozenset({"single-arm-db-row"}),
}


def with_stand_ins(slug: str, options: tuple[frozenset[GearTag], ...]
                   ) -> tuple[frozenset[GearTag], ...]:
    """The options plus, for each stand-in that serves this exercise, the same options with
    the stand-in in place of the gear it replaces (or the stand-in alone, `STANDING_ALONE`)."""
    extra = [
        (option - {replaced}) | {stand_in}
        for stand_in, (replaced, slugs) in STAND_INS.items() if slug in slugs
        for option in options if replaced in option
    ]
    extra += [frozenset({stand_in}) for stand_in, slugs in STANDING_ALONE.items()
              if slug in slugs]
    merged = set(options) | set(extra)
    return tuple(sorted(merged, key=lambda option: (len(option), sorted(option))))


def parse_gear_text(text: str) -> tuple[frozenset[GearTag], ...]:
    """Turn the seed's gear column into options; an empty option means bodyweight."""
    requirements: list[list[GearTag | None]] = []
    for item in text.split(","):
        alternatives: list[GearTag | None] = []
        for name in item.split("/"):
            name = name.strip()
            if name not in SEED_GEAR_NAMES:
                raise ValueError(f"unknown gear name {name!r} in {text!r}")
            alternatives.append(SEED_GEAR_NAMES[name])
        requirements.append(alternatives)
    options = {
        frozenset(tag for tag in combination if tag is not None)
        for combination in product(*requirements)
    }
    # Sorted for a stable order: cheapest option (fewest items) first.
    return tuple(sorted(options, key=lambda option: (len(option), sorted(option))))
