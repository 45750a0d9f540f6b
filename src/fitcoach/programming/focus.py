"""Named day focuses: what a session is about, as muscle groups the generator fills."""

from __future__ import annotations

from enum import StrEnum

from fitcoach.catalog.vocabulary import MuscleGroup as G


class Focus(StrEnum):
    FULL_BODY = "full_body"
    UPPER = "upper"
    LOWER = "lower"
    PUSH = "push"
    PULL = "pull"
    LEGS = "legs"
    CHEST_BACK = "chest_back"
    ARMS_SHOULDERS = "arms_shoulders"
    ARMS = "arms"
    SHOULDERS = "shoulders"
    CHEST = "chest"
    BACK = "back"
    GLUTES_HAMSTRINGS = "glutes_hamstrings"


FOCUS_GROUPS: dict[Focus, tuple[G, ...]] = {
    Focus.FULL_BODY: (G.QUADS, G.CHEST, G.BACK, G.HAMSTRINGS, G.SHOULDERS, G.GLUTES,
                      G.BICEPS, G.TRICEPS, G.CALVES, G.CORE),
    Focus.UPPER: (G.CHEST, G.BACK, G.SHOULDERS, G.BICEPS, G.TRICEPS, G.CORE),
    Focus.LOWER: (G.QUADS, G.HAMSTRINGS, G.GLUTES, G.CALVES, G.CORE),
    Focus.PUSH: (G.CHEST, G.SHOULDERS, G.TRICEPS),
    Focus.PULL: (G.BACK, G.BICEPS, G.SHOULDERS, G.CORE),
    Focus.LEGS: (G.QUADS, G.HAMSTRINGS, G.GLUTES, G.CALVES, G.CORE),
    Focus.CHEST_BACK: (G.CHEST, G.BACK, G.CORE),
    Focus.ARMS_SHOULDERS: (G.SHOULDERS, G.BICEPS, G.TRICEPS),
    Focus.ARMS: (G.BICEPS, G.TRICEPS, G.CORE),
    Focus.SHOULDERS: (G.SHOULDERS, G.CORE),
    Focus.CHEST: (G.CHEST, G.TRICEPS),
    Focus.BACK: (G.BACK, G.BICEPS),
    Focus.GLUTES_HAMSTRINGS: (G.GLUTES, G.HAMSTRINGS, G.CALVES, G.CORE),
}
