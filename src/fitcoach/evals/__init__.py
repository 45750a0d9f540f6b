"""The public evaluation suite: scenario cases in data files, run against any brain.

    cases = select(load_suite(), language="es")
    scores = await run_suite(cases, brain, fallback)
    report = build_report(brain.name, scores)

See docs/evals.md for the fixtures, the expectations and the metrics.
"""

from fitcoach.evals.cases import Case, CaseIntent
from fitcoach.evals.report import Metrics, Report, build_report
from fitcoach.evals.runner import run_case, run_suite
from fitcoach.evals.scoring import CaseScore, Observation, score
from fitcoach.evals.states import StateFixture, load_states
from fitcoach.evals.suite import load_suite, select

__all__ = [
    "Case",
    "CaseIntent",
    "CaseScore",
    "Metrics",
    "Observation",
    "Report",
    "StateFixture",
    "build_report",
    "load_states",
    "load_suite",
    "run_case",
    "run_suite",
    "score",
    "select",
]
