"""Printing a suite report with Rich: two metric tables and the failing cases."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from fitcoach.evals.report import HELDOUT_TARGET, Metrics, Ratio, Report, pass_grid

MESSAGE_PREVIEW = 160


def _ratio(ratio: Ratio, *, target: bool = False) -> Text:
    text = Text(ratio.text())
    if ratio.total and target:
        text.stylize("green" if ratio.hits == ratio.total else "bold red")
    return text


def _count(value: int) -> Text:
    return Text(str(value), style="green" if value == 0 else "bold red")


def _rows(report: Report) -> list[tuple[Metrics, bool]]:
    """(metrics, starts a new section)."""
    rows = [(report.overall, False)]
    rows += [(m, i == 0) for i, m in enumerate(report.by_intent)]
    rows += [(m, i == 0) for i, m in enumerate(report.by_language)]
    return rows


def quality_table(report: Report) -> Table:
    table = Table(title=f"Quality — brain: {report.brain}", title_justify="left")
    for column in ("group", "cases", "passed", "routing", "memory", "tools", "plan", "numbers",
                   "invented slugs", "gear viol.", "validator err."):
        table.add_column(column, justify="left" if column == "group" else "right")
    for m, new_section in _rows(report):
        if new_section:
            table.add_section()
        table.add_row(m.name, str(m.cases), f"{m.passed}", _ratio(m.routing, target=True),
                      _ratio(m.memory), _ratio(m.tools), _ratio(m.plan), _ratio(m.numbers),
                      _count(m.invented_slugs), _count(m.gear_violations),
                      _count(m.validator_errors))
    return table


def replies_table(report: Report) -> Table:
    table = Table(title="Replies and speed", title_justify="left")
    for column in ("group", "language", "sentences mean", "max", "over limit", "p50 ms",
                   "p99 ms", "fallbacks", "errors"):
        table.add_column(column, justify="left" if column == "group" else "right")
    for m, new_section in _rows(report):
        if new_section:
            table.add_section()
        table.add_row(m.name, _ratio(m.language), f"{m.sentences_mean:.2f}",
                      str(m.sentences_max), str(m.sentences_over_limit),
                      f"{m.latency_p50_ms:.1f}", f"{m.latency_p99_ms:.1f}", str(m.fallbacks),
                      _count(m.errors))
    return table


def failures_table(report: Report) -> Table:
    table = Table(title=f"Failing cases ({len(report.failing)})", title_justify="left",
                  show_lines=True)
    table.add_column("case", no_wrap=True)
    table.add_column("got", no_wrap=True)
    table.add_column("what differed")
    table.add_column("message")
    for s in report.failing:
        preview = s.message if len(s.message) <= MESSAGE_PREVIEW else \
            s.message[:MESSAGE_PREVIEW] + "…"
        table.add_row(Text(s.case.id, style="bold"), s.got_route or "–",
                      Text("\n".join(s.failures), style="red"), preview)
    return table


def score_table(report: Report, set_name: str) -> Table:
    """The share of cases passing every check, by intent and language (a held-out set's
    score); the "all" row is the score per language, the "all" column the score per intent."""
    grid = pass_grid(report)
    languages = list(next(iter(grid.values())))
    table = Table(title=f"Score on {set_name} (cases passing every check; target "
                        f"{100 * HELDOUT_TARGET:.0f}% per language)", title_justify="left")
    table.add_column("intent")
    for lang in languages:
        table.add_column(lang, justify="right")
    for intent, row in grid.items():
        if intent == "all":
            table.add_section()
        table.add_row(intent, *(Text(row[lang].text(), style="bold" if "all" in (intent, lang)
                                     else "") for lang in languages))
    return table


def print_report(report: Report, console: Console, *, show_failures: bool = True) -> None:
    console.print(quality_table(report))
    console.print(replies_table(report))
    if show_failures and report.failing:
        console.print(failures_table(report))
    m = report.overall
    verdict = Text("targets met" if report.meets_targets else "targets missed",
                   style="bold green" if report.meets_targets else "bold red")
    console.print(Text.assemble(
        verdict, f": routing {m.routing.text()}, invented slugs {m.invented_slugs}, "
        f"gear violations {m.gear_violations}, validator errors {m.validator_errors}, "
        f"errors {m.errors}; {m.passed}/{m.cases} cases pass every check."))
