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
