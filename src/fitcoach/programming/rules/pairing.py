"""Superset pairing protocol (SPEC §2.4).

A superset pairs antagonistic muscle groups (chest + back, biceps + triceps, quads +
hamstrings; shoulders + back for overhead pressing against pulling) or groups that do not
compete at all (lateral delts + calves). Two heavy compounds that share spinal loading or
systemic fatigue are never paired, antagonists or not.
"""

from __future__ import annotations

from fitcoach.catalog.models import Exercise
from fitcoach.catalog.vocabulary import MuscleGroup as G

ANTAGONIST_PAIRS: tuple[tuple[frozenset[G], frozenset[G]], ...] = (
    (frozenset({G.CHEST}), frozenset({G.BACK})),
    (frozenset({G.BICEPS}), frozenset({G.TRICEPS})),
    (frozenset({G.QUADS}), frozenset({G.HAMSTRINGS})),
    (frozenset({G.SHOULDERS}), frozenset({G.BACK})),
)
_LOWER_BODY = frozenset({G.QUADS, G.HAMSTRINGS, G.GLUTES})


def _systemically_taxing(exercise: Exercise) -> bool:
    """A heavy compound that loads the spine or the big lower-body movers."""
    return exercise.heavy_compound and (
        exercise.spinal_loading or bool(exercise.primary_groups & _LOWER_BODY)
    )


def shares_heavy_fatigue(a: Exercise, b: Exercise) -> bool:
    return _systemically_taxing(a) and _systemically_taxing(b)


def antagonistic(a: Exercise, b: Exercise) -> bool:
    for left, right in ANTAGONIST_PAIRS:
        if (a.primary_groups <= left and b.primary_groups <= right) or (
            a.primary_groups <= right and b.primary_groups <= left
        ):
            return True
    return False


def non_competing(a: Exercise, b: Exercise) -> bool:
    worked_a = a.primary_groups | a.secondary_groups
    worked_b = b.primary_groups | b.secondary_groups
    return not worked_a & worked_b


def pairing_problem(a: Exercise, b: Exercise) -> str | None:
    """Why a and b must not be supersetted, or None when the pair is allowed."""
    if shares_heavy_fatigue(a, b):
        return (f"{a.name} and {b.name} are both heavy compounds that share spinal loading or "
                "systemic fatigue")
    if antagonistic(a, b) or non_competing(a, b):
        return None
    return f"{a.name} and {b.name} work competing muscles (neither antagonistic nor separate)"
