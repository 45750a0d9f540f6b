"""The suite's numbers: overall, per intent and per language, and whether the targets hold.

Targets (issue 3): 100% routing, zero invented slugs, zero gear violations, zero validator
errors; a case that could not run at all misses them too.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from fitcoach.evals.cases import CaseIntent
from fitcoach.evals.scoring import CaseScore
from fitcoach.evals.stats import percentile


@dataclass(frozen=True)
class Ratio:
    hits: int
    total: int

    @property
    def share(self) -> float | None:
        return self.hits / self.total if self.total else None

    def text(self) -> str:
        if not self.total:
            return "–"
        return f"{100 * self.hits / self.total:.0f}% ({self.hits}/{self.total})"


def _ratio(scores: Sequence[CaseScore], check: Callable[[CaseScore], bool | None]) -> Ratio:
    values = [check(s) for s in scores]
    counted = [value for value in values if value is not None]
    return Ratio(hits=sum(counted), total=len(counted))


@dataclass(frozen=True)
class Metrics:
    name: str
    cases: int
    passed: int
    errors: int
    routing: Ratio
    memory: Ratio
    tools: Ratio
    plan: Ratio
    language: Ratio
    numbers: Ratio
    invented_slugs: int
    gear_violations: int
    validator_errors: int
    sentences_mean: float
    sentences_max: int
    sentences_over_limit: int
    latency_p50_ms: float
    latency_p99_ms: float
    fallbacks: int

    @property
    def meets_targets(self) -> bool:
        return (self.errors == 0 and self.routing.hits == self.routing.total
                and self.invented_slugs == 0 and self.gear_violations == 0
                and self.validator_errors == 0)

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        for key in ("routing", "memory", "tools", "plan", "language", "numbers"):
            ratio: Ratio = getattr(self, key)
            data[key] = {"hits": ratio.hits, "total": ratio.total, "share": ratio.share}
        data["meets_targets"] = self.meets_targets
        return data


def metrics(name: str, scores: Sequence[CaseScore]) -> Metrics:
    ran = [s for s in scores if s.error is None]
    sentences = [s.sentences for s in ran]
    latencies = [s.latency_ms for s in ran]
    return Metrics(
        name=name,
        cases=len(scores),
        passed=sum(s.passed for s in scores),
        errors=len(scores) - len(ran),
        routing=_ratio(scores, lambda s: s.route_ok),
        memory=_ratio(scores, lambda s: s.memory_ok),
        tools=_ratio(scores, lambda s: s.tools_ok if s.error is None else
                     (False if s.case.expect.tools else None)),
        plan=_ratio(scores, lambda s: s.plan_ok if s.error is None else
                    (False if s.case.expect.plan else None)),
        language=_ratio(scores, lambda s: s.language_ok),
        numbers=_ratio(scores, lambda s: s.numbers_ok if s.error is None else
                       (False if s.case.expect.message.numbers else None)),
        invented_slugs=sum(len(s.invented) for s in scores),
        gear_violations=sum(len(s.gear) for s in scores),
        validator_errors=sum(len(s.validator) for s in scores),
        sentences_mean=statistics.fmean(sentences) if sentences else 0.0,
        sentences_max=max(sentences, default=0),
        sentences_over_limit=sum(not s.sentences_ok for s in ran),
        latency_p50_ms=percentile(latencies, 0.50),
        latency_p99_ms=percentile(latencies, 0.99),
        fallbacks=sum(s.fallback is not None for s in ran),
    )


def grouped(scores: Iterable[CaseScore], key: Callable[[CaseScore], str]) -> list[Metrics]:
    groups: dict[str, list[CaseScore]] = {}
    for s in scores:
        groups.setdefault(key(s), []).append(s)
    return [metrics(name, group) for name, group in groups.items()]


@dataclass(frozen=True)
class Report:
    brain: str
    overall: Metrics
    by_intent: list[Metrics]
    by_language: list[Metrics]
    scores: list[CaseScore]

    @property
    def meets_targets(self) -> bool:
        return self.overall.meets_targets

    @property
    def failing(self) -> list[CaseScore]:
        return [s for s in self.scores if not s.passed]

    def as_json(self) -> dict[str, Any]:
        return {
            "brain": self.brain,
            "meets_targets": self.meets_targets,
            "overall": self.overall.as_json(),
            "by_intent": {m.name: m.as_json() for m in self.by_intent},
            "by_language": {m.name: m.as_json() for m in self.by_language},
            "cases": [_case_json(s) for s in self.scores],
        }


def build_report(brain: str, scores: Sequence[CaseScore]) -> Report:
    intent_order = {intent.value: i for i, intent in enumerate(CaseIntent)}
    by_intent = sorted(grouped(scores, lambda s: s.case.intent.value),
                       key=lambda m: intent_order.get(m.name, 99))
    by_language = sorted(grouped(scores, lambda s: s.case.language.value),
                         key=lambda m: _LANGUAGE_ORDER.index(m.name)
                         if m.name in _LANGUAGE_ORDER else 99)
    return Report(brain=brain, overall=metrics("overall", scores), by_intent=by_intent,
                  by_language=by_language, scores=list(scores))


_LANGUAGE_ORDER = ["en", "es", "it", "he", "ko"]

# Issue 10's targets on held-out text: every language at least this share of cases passing
# every check, and no plan with gear the user lacks or a movement the validator refuses
# (a condition's ruled-out exercises among them).
HELDOUT_TARGET = 0.95


def pass_rate(scores: Sequence[CaseScore]) -> Ratio:
    """The held-out score: the share of cases that pass every check."""
    return Ratio(hits=sum(s.passed for s in scores), total=len(scores))


def pass_grid(report: Report) -> dict[str, dict[str, Ratio]]:
    """Pass rates by intent (rows, "all" last) and language (columns, "all" last)."""
    intents = [m.name for m in report.by_intent] + ["all"]
    languages = [m.name for m in report.by_language] + ["all"]
    return {intent: {lang: pass_rate([s for s in report.scores
                                      if intent in ("all", s.case.intent.value)
                                      and lang in ("all", s.case.language.value)])
                     for lang in languages}
            for intent in intents}


def languages_below(report: Report, floors: dict[str, float]) -> dict[str, Ratio]:
    """The languages whose pass rate is under their floor (a language with no case is
    under any floor: a set that lost its cases must not pass)."""
    below = {}
    for lang, floor in floors.items():
        rate = pass_rate([s for s in report.scores if s.case.language.value == lang])
        if rate.share is None or rate.share < floor:
            below[lang] = rate
    return below


def heldout_targets_met(report: Report) -> bool:
    languages = {s.case.language.value for s in report.scores}
    return (not languages_below(report, dict.fromkeys(languages, HELDOUT_TARGET))
            and report.overall.gear_violations == 0 and report.overall.validator_errors == 0
            and report.overall.errors == 0)


def _case_json(s: CaseScore) -> dict[str, Any]:
    return {
        "id": s.case.id, "language": s.case.language.value, "intent": s.case.intent.value,
        "passed": s.passed, "meets_targets": s.meets_targets, "error": s.error,
        "route": s.got_route, "route_ok": s.route_ok, "memory_ok": s.memory_ok,
        "tools_ok": s.tools_ok, "plan_ok": s.plan_ok, "language_ok": s.language_ok,
        "detected_language": s.detected_language.value if s.detected_language else None,
        "sentences": s.sentences, "sentences_ok": s.sentences_ok, "numbers_ok": s.numbers_ok,
        "mentions_ok": s.mentions_ok,
        "invented_slugs": s.invented, "gear_violations": s.gear, "validator_errors": s.validator,
        "fallback": s.fallback, "latency_ms": round(s.latency_ms, 3),
        "failures": s.failures, "message": s.message,
    }
