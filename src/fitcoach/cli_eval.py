"""`fitcoach eval`: the public evaluation suite, or a frozen held-out set, against a brain,
with Rich tables."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from fitcoach.settings import BrainName

if TYPE_CHECKING:
    from fitcoach.brain.decision import Brain
    from fitcoach.evals.scoring import CaseScore

console = Console()
# Piped or redirected ("| less", "> report.txt"), Rich would assume 80 columns and cut every
# table down to that; the report is then printed as wide as its tables need.
PIPED_WIDTH = 1000


async def _run_and_close(suite: Coroutine[Any, Any, list[CaseScore]],
                         *brains: Brain) -> list[CaseScore]:
    """The suite, then the brains' HTTP clients closed on the loop that opened them."""
    from fitcoach.brain.factory import close_brains

    try:
        return await suite
    finally:
        await close_brains(*brains)


def report_console() -> Console:
    """The terminal's own width on a terminal; piped or redirected, wide enough that no table
    is cut or its cells wrapped (COLUMNS, when set, still decides)."""
    import os

    if console.is_terminal or os.environ.get("COLUMNS"):
        return console
    return Console(width=PIPED_WIDTH)


def build_brains(brain: BrainName) -> tuple[Brain, Brain]:
    """(brain, fallback) from FITCOACH_* settings with the brain forced; exits with code 2
    and the variable to set when an LLM brain has no key or URL."""
    from pydantic import ValidationError

    from fitcoach.brain.factory import BrainConfigurationError, build_brain
    from fitcoach.settings import Settings

    try:
        return build_brain(Settings(brain=brain))
    except (BrainConfigurationError, ValidationError) as error:
        console.print(f"[red]cannot use the {brain} brain:[/red] {error}")
        raise typer.Exit(code=2) from None


def eval_command(
    case_set: Annotated[str, typer.Option(
        "--set", help="public (the default) or a frozen held-out set: heldout-v1, "
                      "heldout-v2, heldout-v3, heldout-v4, heldout-v5, heldout-v6, heldout-v7. "
                      "A held-out set also prints its score per language and per intent.")
    ] = "public",
    brain: Annotated[BrainName, typer.Option(
        "--brain", help="embedded (offline), gemini (FITCOACH_GEMINI_API_KEY) or openai "
                        "(FITCOACH_OPENAI_BASE_URL and/or FITCOACH_OPENAI_API_KEY).")
    ] = "embedded",
    lang: Annotated[str | None, typer.Option(
        "--lang", help="Only cases in this language.")] = None,
    intent: Annotated[str | None, typer.Option(
        "--intent", help="Only cases of this intent.")] = None,
    case: Annotated[str | None, typer.Option("--case", help="Only the case with this id.")
                    ] = None,
    json_out: Annotated[Path | None, typer.Option(
        "--json", help="Also write the report here.")] = None,
    failures: Annotated[bool, typer.Option(
        "--failures/--no-failures", help="List the failing cases.")] = True,
) -> None:
    """Run a scenario set through the real turn pipeline and score the brain.

    Exits 1 when the targets are missed (public: 100% routing, no invented slug, no gear
    violation, no validator error, every case ran; held-out: at least 95% of the cases of
    every language pass every check, with no gear violation, validator error or error),
    2 when nothing can run.
    """
    from rich.progress import Progress

    from fitcoach.evals import build_report, run_suite, select
    from fitcoach.evals.render import print_report, score_table
    from fitcoach.evals.report import heldout_targets_met
    from fitcoach.evals.suite import PUBLIC, SETS, load_set, load_set_states

    if case_set not in SETS:
        console.print(f"[red]unknown set[/red] {case_set!r}; known: {', '.join(SETS)}")
        raise typer.Exit(code=2)
    cases = select(load_set(case_set), language=lang, intent=intent, case_id=case)
    if not cases:
        console.print("[red]no case matches[/red] --lang/--intent/--case")
        raise typer.Exit(code=2)
    primary, fallback = build_brains(brain)
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"{primary.name}: {len(cases)} cases", total=len(cases))
        scores = asyncio.run(_run_and_close(
            run_suite(cases, primary, fallback, progress=lambda _: progress.advance(task),
                      states=load_set_states(case_set)), primary, fallback))
    report = build_report(primary.name, scores)
    out = report_console()
    print_report(report, out, show_failures=failures)
    held_out = case_set != PUBLIC
    if held_out:
        out.print(score_table(report, case_set))
    if json_out is not None:
        json_out.write_text(json.dumps(report.as_json(), ensure_ascii=False, indent=2),
                            encoding="utf-8")
        out.print(f"report written to {json_out}")
    met = heldout_targets_met(report) if held_out else report.meets_targets
    if not met:
        raise typer.Exit(code=1)
