"""Rich renderables for the terminal coach: plans, days, proposals, memory, a turn."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from fitcoach.analytics.units import display_weight
from fitcoach.brain.contract import Proposal, ProposalType
from fitcoach.catalog.vocabulary import WEEKDAYS, Unit, Weekday
from fitcoach.chat_session import StagedProposal, TurnRecord
from fitcoach.memory.entries import (
    MemoryItem,
    MemoryMutation,
    Operation,
    PhysiologicalEntry,
    StapleEntry,
    Tier,
)
from fitcoach.programming.plan import DayPlan, DayStatus, PlannedExercise, WeeklyPlan
from fitcoach.timekeeping import as_zone

_TIER_LABEL = {Tier.STAPLES: "staple", Tier.PHYSIOLOGICAL: "body",
               Tier.SITUATIONAL: "event"}


def load_text(planned: PlannedExercise, unit: Unit) -> str:
    if planned.target_weight_lbs is None:
        return "–"
    return f"{display_weight(planned.target_weight_lbs, unit):g} {unit.value}"


def _day_heading(day: DayPlan) -> tuple[Text, Text]:
    """(the day and date, what the session is) for a day's first row."""
    when = Text(f"{day.day_of_week} {day.date:%d %b}", style="bold")
    if not day.is_training_day:
        return when, Text("rest", style="dim")
    what = Text(f"{day.title} · {day.duration_minutes} min", style="bold")
    if day.status is DayStatus.COMPLETED:
        what.append(" · done ✓", style="green")
    return when, what


def _plan_table(title: str) -> Table:
    table = Table(title=title, title_justify="left", expand=False)
    table.add_column("block")
    table.add_column("exercise")
    table.add_column("sets × reps", justify="right")
    table.add_column("rest", justify="right")
    table.add_column("load", justify="right")
    return table


def _add_day(table: Table, day: DayPlan, unit: Unit) -> None:
    table.add_row(*_day_heading(day), "", "", "")
    for block in day.blocks:
        for position, planned in enumerate(block.exercises):
            label = block.label if position == 0 else ("  + superset" if block.is_superset
                                                       else "")
            table.add_row(f"  {label}", f"{planned.name} [dim]({planned.exercise_id})[/dim]",
                          f"{planned.target_sets} × {planned.target_reps}",
                          f"{planned.rest_seconds}s", load_text(planned, unit))


def day_table(weekday: Weekday, day: DayPlan, unit: Unit, title: str = "") -> Table:
    table = _plan_table(title)
    _add_day(table, day, unit)
    return table


def week_table(plan: WeeklyPlan, unit: Unit, title: str = "",
               days: Iterable[Weekday] | None = None) -> Table:
    table = _plan_table(title or f"{plan.theme} · week of {plan.week_start_date.isoformat()}")
    chosen = set(days) if days is not None else set(WEEKDAYS)
    for weekday in WEEKDAYS:
        if weekday in plan.days and weekday in chosen:
            _add_day(table, plan.days[weekday], unit)
    summary = plan.summary
    table.caption = (f"{summary.frequency} training days · {summary.total_time_minutes} min · "
                     f"{display_weight(summary.total_volume_lbs, unit):,.0f} {unit.value} "
                     f"estimated volume")
    return table


def proposal_panel(staged: StagedProposal, unit: Unit) -> Panel:
    proposal: Proposal = staged.proposal
    heading = Text.assemble(("staged, not applied: ", "yellow"), (proposal.summary_diff or "",
                                                                  "bold"))
    if proposal.type is ProposalType.UPDATE_DAY and isinstance(proposal.data, DayPlan):
        assert proposal.target_day is not None
        preview: RenderableType = day_table(proposal.target_day, proposal.data, unit)
    elif isinstance(proposal.data, WeeklyPlan):
        preview = week_table(proposal.data, unit)
    else:
        preview = Text("(no preview)")
    hint = Text("/accept to apply it, /reject to drop it", style="dim")
    title = f"proposal {staged.id} · {proposal.type.value}"
    if proposal.target_day:
        title += f" · {proposal.target_day.value}"
    return Panel(Group(heading, preview, hint), title=title, title_align="left",
                 border_style="yellow")


def local_time(moment: dt.datetime, zone: str) -> str:
    """A moment as the user reads it: their zone, weekday, day, month and time."""
    return f"{moment.astimezone(as_zone(zone)):%a %d %b %H:%M}"


def _until(moment: dt.datetime | None, zone: str) -> str:
    return f" (until {local_time(moment, zone)})" if moment else ""


def memory_lines(record: TurnRecord, items: Iterable[MemoryItem], zone: str) -> list[Text]:
    """"Noted: …" for each memory change the turn applied."""
    by_id = {item.memory_id: item for item in items}
    lines = []
    for mutation in record.memory.applied:
        lines.append(_memory_line(mutation, by_id.get(mutation.memory_id or ""), zone))
    for dropped in record.memory.dropped:
        lines.append(Text(f"Already known ({dropped.duplicate_of or 'no change'}): "
                          f"{(dropped.mutation.entry or {}).get('fact', '')}", style="dim"))
    return lines


def _memory_line(mutation: MemoryMutation, item: MemoryItem | None, zone: str) -> Text:
    entry = mutation.entry or {}
    fact = entry.get("fact") or (item.entry.fact if item else mutation.memory_id or "")
    expires = item.expires_at if item else None
    label = _TIER_LABEL[mutation.target_tier]
    if mutation.operation is Operation.CREATE:
        return Text(f"Noted ({label}): {fact}{_until(expires, zone)}", style="cyan")
    if mutation.operation is Operation.UPDATE:
        return Text(f"Updated ({label}): {fact}{_until(expires, zone)}", style="cyan")
    return Text(f"Forgot ({label}): {fact}", style="cyan")


def memory_table(items: Iterable[MemoryItem], now: dt.datetime, zone: str) -> Table:
    table = Table(title="What the coach remembers", title_justify="left")
    table.add_column("tier")
    table.add_column("id")
    table.add_column("fact")
    table.add_column("expires")
    for item in items:
        if not item.is_active(now):
            continue
        entry = item.entry
        kind = entry.category.value if isinstance(entry, StapleEntry) else \
            entry.condition.value if isinstance(entry, PhysiologicalEntry) else entry.event
        table.add_row(f"{_TIER_LABEL[item.tier]} · {kind}", item.memory_id, entry.fact,
                      local_time(item.expires_at, zone) if item.expires_at else "–")
    return table


def coach_panel(record: TurnRecord) -> Panel:
    meta = record.outcome.meta
    subtitle = f"{meta.get('brain', '?')} · {record.latency_ms:.0f} ms"
    if meta.get("tools"):
        subtitle += f" · tools: {', '.join(meta['tools'])}"
    if meta.get("fallback_reason"):
        subtitle += " · fallback"
    return Panel(record.outcome.result.message, title="coach", title_align="left",
                 subtitle=subtitle, subtitle_align="right", border_style="green")
