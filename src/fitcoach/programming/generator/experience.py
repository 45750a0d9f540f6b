"""What the lifter and their heaviest dumbbell change about an option: its reps and its rank.

The catalog's prescriptions are written for a lifter who can hold the technique and load the
lift. Two things a coach adjusts before anything else:

- **A beginner** learns the technical lifts later. A conventional deadlift, a barbell row, a
  standing overhead press and a pull-up are ranked after the simpler option of the same group
  (a Romanian deadlift, a cable or chest-supported row, a seated dumbbell press, a lat
  pulldown); when the gear leaves no simpler option, the lift keeps a rep range a beginner
  holds with good form (`BEGINNER_REPS`: no deadlifts for 6-12, no pull-ups for 8-12). The
  beginner's volume is set elsewhere (`volume.scale_to_experience`).
- **Light dumbbells** (the heaviest under `LIGHT_RATIO` of the catalog's novice load for the
  exercise: 6 kg against a 35 lb goblet squat) cannot load the usual range near failure. Such
  an option takes a higher rep range (`LIGHT_REPS`) and is ranked after an option the load
  still suits: a harder or one-sided variation (a Bulgarian split squat before a goblet squat,
  push-ups before a 6 kg dumbbell press). Tempo would be the other tool, but a planned
  exercise has no tempo field and the time model counts 3 s a rep: a slower rep the clock did
  not count would make the session's minutes a lie, so more reps it is (docs/programming.md).
"""

from __future__ import annotations

from fitcoach.catalog.models import REPS_PATTERN, Exercise, LoadKind
from fitcoach.catalog.vocabulary import Experience, Goal
from fitcoach.programming.generator.prescription import HEAVY_REST_FLOOR, heavy_set
from fitcoach.programming.profile import Profile

# A beginner's range for the technical lifts, used when the goal's range tops out higher.
BEGINNER_REPS: dict[str, str] = {
    "conventional-deadlift": "5-8",
    "barbell-bent-over-row": "6-8",
    "standing-overhead-press": "6-8",
    "pull-up": "4-6",
}
TECHNICAL: frozenset[str] = frozenset(BEGINNER_REPS)

# A dumbbell is light for an exercise under this share of the catalog's novice load for it.
LIGHT_RATIO = 0.6
LIGHT_REPS: dict[Goal, str] = {
    Goal.HYPERTROPHY: "15-20", Goal.STRENGTH: "12-15",
    Goal.GENERAL_FITNESS: "15-20", Goal.FAT_LOSS: "15-20",
}


def _top(reps: str) -> int:
    match = REPS_PATTERN.match(reps)
    if match is None:
        return 0
    return int(match.group(2) or match.group(1))


def light_dumbbell(exercise: Exercise, profile: Profile) -> bool:
    """Is the user's heaviest dumbbell too light to load this exercise in its usual range?"""
    cap = profile.max_dumbbell_lbs
    return (cap is not None and exercise.load_kind is LoadKind.DUMBBELL and not exercise.timed
            and exercise.default_load_lbs > 0
            and cap < LIGHT_RATIO * exercise.default_load_lbs)


def reps_for(exercise: Exercise, profile: Profile) -> str:
    """The option's rep range: the goal's, a beginner's for a technical lift, or a higher one
    for a dumbbell too light for the usual range."""
    reps = exercise.prescriptions[profile.goal].reps
    if exercise.timed:
        return reps
    if light_dumbbell(exercise, profile):
        return LIGHT_REPS[profile.goal]
    simpler = BEGINNER_REPS.get(exercise.slug)
    if profile.experience is Experience.BEGINNER and simpler and _top(reps) > _top(simpler):
        return simpler
    return reps


def rest_for(exercise: Exercise, profile: Profile, reps: str) -> int:
    """The goal's rest, or the heavy-set floor when a beginner's lower range makes the set
    heavy (a fat-loss barbell row at 6-8 no longer rests 75 s)."""
    rest = exercise.prescriptions[profile.goal].rest_seconds
    if heavy_set(exercise, reps):
        return max(rest, HEAVY_REST_FLOOR)
    return rest


def demoted(exercise: Exercise, profile: Profile) -> bool:
    """Ranked after the group's other options: a technical lift for a beginner, an exercise
    the dumbbells are too light for."""
    return ((profile.experience is Experience.BEGINNER and exercise.slug in TECHNICAL)
            or light_dumbbell(exercise, profile))
