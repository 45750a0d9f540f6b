"""Rich renderables for the terminal coach: plans, days, proposals, memory, a turn, with their
labels in the user's language (`terminal.labels`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from fitcoach.analytics.units import display_weight
from fitcoach.brain.contract import Proposal, ProposalType
from fitcoach.brain.ports import Locale
from fitcoach.catalog.vocabulary import WEEKDAYS, Unit, Weekday
from fitcoach.local.turns import StagedProposal, TurnRecord
from fitcoach.memory.entries import (
    MemoryItem,
    MemoryMutation,
    Operation,
    PhysiologicalEntry,
    StapleEntry,
    Tier,
)
from fitcoach.programming.plan import DayPlan, DayStatus, PlannedExercise, WeeklyPlan
from fitcoach.terminal.labels import say, short_date, short_time
from fitcoach.timekeeping import as_zone


def _tier(locale: Locale, tier: Tier) -> str:
    return say(locale, f"tier.{tier.value}")


def load_text(planned: PlannedExercise, unit: Unit) -> str:
    if planned.target_weight_lbs is None:
        return "–"
    return f"{display_weight(planned.target_weight_lbs, unit):g} {unit.value}"


def _day_heading(day: DayPlan, locale: Locale) -> tuple[Text, Text]:
    """(the day and date, what the session is) for a day's first row."""
    when = Text(short_date(locale, day.date), style="bold")
    if not day.is_training_day:
        return when, Text(say(locale, "rest_day"), style="dim")
    minutes = say(locale, "minutes", n=day.duration_minutes)
    what = Text(f"{day.title} · {minutes}", style="bold")
    if day.status is DayStatus.COMPLETED:
        what.append(f" · {say(locale, 'done')}", style="green")
    return when, what


def _plan_table(title: str, locale: Locale) -> Table:
    table = Table(title=title, title_justify="left", expand=False)
    table.add_column(say(locale, "col.block"))
    table.add_column(say(locale, "col.exercise"))
    table.add_column(say(locale, "col.sets_reps"), justify="right")
    table.add_column(say(locale, "col.rest"), justify="right")
    table.add_column(say(locale, "col.load"), justify="right")
    return table


def _add_day(table: Table, day: DayPlan, unit: Unit, locale: Locale) -> None:
    table.add_row(*_day_heading(day, locale), "", "", "")
    superset = f"  {say(locale, 'superset')}"
    for block in day.blocks:
        for position, planned in enumerate(block.exercises):
            label = block.label if position == 0 else (superset if block.is_superset
                                                       else "")
            table.add_row(f"  {label}", f"{planned.name} [dim]({planned.exercise_id})[/dim]",
                          f"{planned.target_sets} × {planned.target_reps}",
                          f"{planned.rest_seconds}s", load_text(planned, unit))


def day_table(weekday: Weekday, day: DayPlan, unit: Unit, title: str = "",
              locale: Locale = Locale.EN) -> Table:
    table = _plan_table(title, locale)
    _add_day(table, day, unit, locale)
    return table


def week_table(plan: WeeklyPlan, unit: Unit, title: str = "",
               days: Iterable[Weekday] | None = None, locale: Locale = Locale.EN) -> Table:
    table = _plan_table(title or say(locale, "week_title", theme=plan.theme,
                                     start=plan.week_start_date.isoformat()), locale)
    chosen = set(days) if days is not None else set(WEEKDAYS)
    for weekday in WEEKDAYS:
        if weekday in plan.days and weekday in chosen:
            _add_day(table, plan.days[weekday], unit, locale)
    summary = plan.summary
    table.caption = say(locale, "week_caption", days=summary.frequency,
                        minutes=summary.total_time_minutes,
                        volume=f"{display_weight(summary.total_volume_lbs, unit):,.0f}",
                        unit=unit.value)
    return table


def proposal_panel(staged: StagedProposal, unit: Unit, locale: Locale = Locale.EN) -> Panel:
    proposal: Proposal = staged.proposal
    heading = Text.assemble((say(locale, "staged"), "yellow"), (proposal.summary_diff or "",
                                                                "bold"))
    if proposal.type is ProposalType.UPDATE_DAY and isinstance(proposal.data, DayPlan):
        assert proposal.target_day is not None
        preview: RenderableType = day_table(proposal.target_day, proposal.data, unit,
                                            locale=locale)
    elif isinstance(proposal.data, WeeklyPlan):
        preview = week_table(proposal.data, unit, locale=locale)
    else:
        preview = Text(say(locale, "no_preview"))
    hint = Text(say(locale, "proposal_hint"), style="dim")
    title = say(locale, "proposal_title", id=staged.id, type=proposal.type.value)
    if proposal.target_day:
        title += f" · {proposal.target_day.value}"
    return Panel(Group(heading, preview, hint), title=title, title_align="left",
                 border_style="yellow")


def local_time(moment: dt.datetime, zone: str, locale: Locale = Locale.EN) -> str:
    """A moment as the user reads it: their zone, weekday, day, month and time."""
    return short_time(locale, moment.astimezone(as_zone(zone)))


def _until(moment: dt.datetime | None, zone: str, locale: Locale) -> str:
    return say(locale, "until", when=local_time(moment, zone, locale)) if moment else ""


def memory_lines(record: TurnRecord, items: Iterable[MemoryItem], zone: str,
                 locale: Locale = Locale.EN) -> list[Text]:
    """"Noted: …" for each memory change the turn applied."""
    by_id = {item.memory_id: item for item in items}
    lines = []
    for mutation in record.memory.applied:
        lines.append(_memory_line(mutation, by_id.get(mutation.memory_id or ""), zone, locale))
    for dropped in record.memory.dropped:
        lines.append(Text(say(locale, "already_known",
                              what=dropped.duplicate_of or say(locale, "no_change"),
                              fact=(dropped.mutation.entry or {}).get("fact", "")),
                          style="dim"))
    return lines


def _memory_line(mutation: MemoryMutation, item: MemoryItem | None, zone: str,
                 locale: Locale) -> Text:
    entry = mutation.entry or {}
    fact = entry.get("fact") or (item.entry.fact if item else mutation.memory_id or "")
    expires = item.expires_at if item else None
    tier = _tier(locale, mutation.target_tier)
    if mutation.operation is Operation.CREATE:
        return Text(say(locale, "noted", tier=tier, fact=fact) + _until(expires, zone, locale),
                    style="cyan")
    if mutation.operation is Operation.UPDATE:
        return Text(say(locale, "updated", tier=tier, fact=fact) + _until(expires, zone, locale),
                    style="cyan")
    return Text(say(locale, "forgot", tier=tier, fact=fact), style="cyan")


def memory_table(items: Iterable[MemoryItem], now: dt.datetime, zone: str,
                 locale: Locale = Locale.EN) -> Table:
    table = Table(title=say(locale, "memory_title"), title_justify="left")
    for column in ("col.tier", "col.id", "col.fact", "col.expires"):
        table.add_column(say(locale, column))
    for item in items:
        if not item.is_active(now):
            continue
        entry = item.entry
        kind = entry.category.value if isinstance(entry, StapleEntry) else \
            entry.condition.value if isinstance(entry, PhysiologicalEntry) else entry.event
        table.add_row(f"{_tier(locale, item.tier)} · {kind}", item.memory_id, entry.fact,
                      local_time(item.expires_at, zone, locale) if item.expires_at else "–")
    return table


def coach_panel(record: TurnRecord, locale: Locale = Locale.EN) -> Panel:
    meta = record.outcome.meta
    subtitle = f"{meta.get('brain', '?')} · {record.latency_ms:.0f} ms"
    if meta.get("tools"):
        subtitle += " · " + say(locale, "tools", tools=", ".join(meta["tools"]))
    if meta.get("fallback_reason"):
        subtitle += f" · {say(locale, 'fallback')}"
    return Panel(record.answer.message, title=say(locale, "coach"), title_align="left",
                 subtitle=subtitle, subtitle_align="right", border_style="green")
