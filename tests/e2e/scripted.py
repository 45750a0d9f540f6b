"""A scripted stand-in for the turn pipeline, so HTTP tests choose exactly what a turn
returns (mutations, proposals, tool calls) and see exactly what it was given.

It keeps the pipeline's contract (`run_turn(turn, brain, logs) -> TurnOutcome`, async): it
reads only the snapshot it is handed, returns mutations as requested, and writes nothing.
Commands, one per message:
  hello                         a NONE answer
  remember: <fact>              CREATE a Tier 1 preference
  sore: <body part> <hours>     CREATE a Tier 2 soreness expiring after <hours>
  forget: <memory id>           DELETE that Tier 1 item
  forget first                  DELETE the oldest live Tier 1 item of the snapshot, if any
  update first: <fact>          UPDATE the oldest live Tier 1 item of the snapshot
  week [title]                  UPDATE_WEEK: a fresh plan for the snapshot's week
  day <weekday> <title>         UPDATE_DAY: that day of the snapshot's plan (or of a fresh
                                week when there is none), retitled
  history <slug> <n>            NONE, after running the history tool through the log reader
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable
from typing import Any

from fitcoach.brain.contract import ChatTurnResult, Proposal, ProposalType
from fitcoach.brain.ports import LogReader, TurnInput, TurnOutcome
from fitcoach.brain.tools import HISTORY_TOOL, run_tool
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import WEEKDAYS, Weekday
from fitcoach.memory.entries import MemoryMutation, Operation, Tier
from fitcoach.programming.plan import (
    Block,
    DayPlan,
    PlannedExercise,
    WeeklyPlan,
    WeekSummary,
)
from fitcoach.timekeeping import local_week_start

TRAINING: dict[Weekday, tuple[str, ...]] = {
    Weekday.MONDAY: ("incline-db-bench-press", "chest-supported-db-row"),
    Weekday.WEDNESDAY: ("goblet-squat", "db-romanian-deadlift"),
    Weekday.FRIDAY: ("seated-db-shoulder-press", "standing-db-bicep-curl"),
}


def planned(slug: str) -> PlannedExercise:
    return PlannedExercise(exercise_id=slug, name=CATALOG.get(slug).name, target_sets=3,
                           target_reps="8-10", rest_seconds=90)


def day_plan(weekday: Weekday, date: dt.date, title: str | None = None) -> DayPlan:
    slugs = TRAINING.get(weekday, ())
    return DayPlan(
        date=date, day_of_week=weekday.display_name, is_rest_day=not slugs,
        title=title or ("Training" if slugs else "Rest"),
        focus_tag="Strength" if slugs else "Recovery", duration_minutes=45 if slugs else 0,
        estimated_volume_lbs=0, coach_note="",
        blocks=tuple(Block(label=f"Block {i + 1}", exercises=(planned(slug),))
                     for i, slug in enumerate(slugs)))


def weekly_plan(week_start: dt.date, theme: str = "Scripted week") -> WeeklyPlan:
    days = {weekday: day_plan(weekday, week_start + dt.timedelta(days=weekday.index))
            for weekday in WEEKDAYS}
    return WeeklyPlan(week_start_date=week_start, theme=theme,
                      summary=WeekSummary(total_time_minutes=135, total_volume_lbs=0,
                                          frequency=len(TRAINING)),
                      days=days)


def _staple(operation: Operation, reason: str, *, memory_id: str | None = None,
            fact: str | None = None) -> MemoryMutation:
    entry = None if fact is None else {"category": "preference", "fact": fact}
    return MemoryMutation(operation=operation, target_tier=Tier.STAPLES, memory_id=memory_id,
                          entry=entry, reason=reason)


def _oldest_staple(turn: TurnInput) -> str | None:
    staples = sorted((i for i in turn.memory if i.tier is Tier.STAPLES and i.is_active(turn.now)),
                     key=lambda i: (i.created_at, i.memory_id))
    return staples[0].memory_id if staples else None


class ScriptedTurns:
    """The fake `run_turn`; `seen` keeps every TurnInput it was given, in order."""

    def __init__(self) -> None:
        self.seen: list[TurnInput] = []
        self.tool_results: list[dict[str, Any]] = []
        # Run once each, one per turn, before the turn answers: what "another tab" does
        # while this turn thinks.
        self.meanwhile: list[Callable[[TurnInput], None]] = []
        self._lock = threading.Lock()

    async def run(self, turn: TurnInput, brain: Any, logs: LogReader) -> TurnOutcome:
        with self._lock:
            self.seen.append(turn)
            hook = self.meanwhile.pop(0) if self.meanwhile else None
        if hook is not None:
            hook(turn)
        message, mutations, proposal = self._script(turn, logs)
        result = ChatTurnResult(message=message, proposal=proposal,
                                memory_mutations=mutations)
        return TurnOutcome(result=result, base_plan_version=turn.plan.version,
                           meta={"brain": "scripted"})

    def _script(self, turn: TurnInput, logs: LogReader
                ) -> tuple[str, list[MemoryMutation], Proposal]:
        text = turn.message.strip()
        command, _, rest = text.partition(":")
        rest = rest.strip()
        none = Proposal.none()
        if command == "remember":
            return "Noted.", [_staple(Operation.CREATE, "stated", fact=rest)], none
        if command == "sore":
            part, hours = rest.split()
            expires = turn.now + dt.timedelta(hours=float(hours))
            entry = {"body_part": part, "condition": "soreness", "fact": f"sore {part}",
                     "effective_date": turn.now.date().isoformat(),
                     "expires_at": expires.isoformat()}
            return "Rest it.", [MemoryMutation(operation=Operation.CREATE,
                                               target_tier=Tier.PHYSIOLOGICAL, entry=entry,
                                               reason="acute")], none
        if command == "forget":
            return "Forgotten.", [_staple(Operation.DELETE, "resolved", memory_id=rest)], none
        if text == "forget first":
            target = _oldest_staple(turn)
            mutations = [] if target is None else [
                _staple(Operation.DELETE, "resolved", memory_id=target)]
            return "Forgotten.", mutations, none
        if command == "update first":
            target = _oldest_staple(turn)
            return "Updated.", [_staple(Operation.UPDATE, "changed", memory_id=target,
                                        fact=rest)], none
        words = text.split()
        if words and words[0] == "week":
            return "Here is a week.", [], self._week(turn, " ".join(words[1:]) or None)
        if words and words[0] == "day":
            return "Changed the day.", [], self._day(turn, Weekday(words[1]),
                                                    " ".join(words[2:]))
        if words and words[0] == "history":
            result = run_tool(HISTORY_TOOL, {"exercise_slug": words[1],
                                             "limit_sessions": int(words[2])}, logs, turn.now)
            with self._lock:
                self.tool_results.append(result)
            return f"You logged {len(result.get('sessions', []))} sessions.", [], none
        return "Hello.", [], none

    def _week(self, turn: TurnInput, theme: str | None) -> Proposal:
        plan = weekly_plan(local_week_start(turn.now, turn.settings.timezone),
                           theme or "Scripted week")
        return Proposal(id="prop_scripted", type=ProposalType.UPDATE_WEEK,
                        summary_diff="A new week", data=plan)

    def _day(self, turn: TurnInput, weekday: Weekday, title: str) -> Proposal:
        plan = turn.plan.plan
        if plan is None:  # a day change with no plan to put it in (Accept must refuse it)
            plan = weekly_plan(local_week_start(turn.now, turn.settings.timezone))
        day = plan.days[weekday].model_copy(update={"title": title})
        return Proposal(id="prop_scripted", type=ProposalType.UPDATE_DAY, target_day=weekday,
                        summary_diff=f"Retitled {weekday.value}", data=day)
