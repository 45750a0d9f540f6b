"""Superset pairing: antagonistic or non-competing, never two spinal/systemic heavy lifts."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from fitcoach.programming.rules.pairing import pairing_problem, shares_heavy_fatigue
from fitcoach.programming.validator.view import PlanView
from fitcoach.programming.validator.violations import Code, Violation, error


def check_supersets(view: PlanView) -> Iterator[Violation]:
    for day in view.training_days:
        for block in day.blocks:
            if not block.is_superset:
                continue
            for a, b in combinations(view.resolved_block(block), 2):
                problem = pairing_problem(a.exercise, b.exercise)
                if problem is None:
                    continue
                code = (Code.SUPERSET_SPINAL if shares_heavy_fatigue(a.exercise, b.exercise)
                        else Code.SUPERSET_PAIRING)
                yield error(code, f"superset '{block.label}': {problem}", day.weekday,
                            b.exercise.slug)
