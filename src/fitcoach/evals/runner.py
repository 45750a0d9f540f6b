"""Running cases through the real turn pipeline, one fresh in-memory session per case.

Each case starts from its state (`states.py`) in a `ChatSession` whose log reader records
what the analytical tools read; the turn runs with the given brain and its fallback exactly
as the service runs it, the memory mutations are applied, and the scorer judges the result.
A case with `history` first sends those messages in the same session (pressing Accept where
a prior turn says so), so the scored message is read as the follow-up it is; only the last
turn's result, memory and tool reads are judged.
"""

from __future__ import annotations

import datetime as dt
import traceback
from collections.abc import Callable, Iterable, Mapping

from fitcoach.analytics.logs import ExerciseSession
from fitcoach.analytics.records import PersonalRecords
from fitcoach.analytics.volume import WeekVolume
from fitcoach.brain.decision import Brain
from fitcoach.brain.memory_logs import InMemoryLogReader
from fitcoach.brain.ports import RouteContext
from fitcoach.brain.proposals import ProposalStatus
from fitcoach.brain.tools import ToolName
from fitcoach.catalog.vocabulary import MuscleGroup
from fitcoach.chat_session import ChatSession, SessionError
from fitcoach.evals.cases import Case
from fitcoach.evals.scoring import (
    CaseScore,
    Observation,
    ToolUse,
    errored,
    score,
    suggested_replies,
)
from fitcoach.evals.states import StateFixture, load_states

Progress = Callable[[CaseScore], None]


class RecordingLogReader(InMemoryLogReader):
    """The in-memory log reader, noting each tool-shaped read it serves."""

    def __init__(self, source: InMemoryLogReader, timezone: str) -> None:
        super().__init__(source.workouts, timezone=timezone)
        self.uses: list[ToolUse] = []

    def exercise_history(self, exercise_id: str, limit_sessions: int) -> list[ExerciseSession]:
        self.uses.append(ToolUse(ToolName.HISTORY, exercise_slug=exercise_id))
        return super().exercise_history(exercise_id, limit_sessions)

    def volume_trend(self, group: MuscleGroup, weeks_back: int,
                     now: dt.datetime) -> list[WeekVolume]:
        self.uses.append(ToolUse(ToolName.VOLUME, muscle_group=group))
        return super().volume_trend(group, weeks_back, now)

    def records(self, exercise_id: str) -> PersonalRecords | None:
        self.uses.append(ToolUse(ToolName.RECORDS, exercise_slug=exercise_id))
        return super().records(exercise_id)


def fixture_problems(case: Case, state: StateFixture) -> list[str]:
    """What the case needs from its starting plan that the fixture does not give."""
    problems = []
    plan = state.plan(case.language, case.now)
    for weekday, slugs in case.base_has.items():
        day = plan.days.get(weekday) if plan else None
        have = {e.exercise_id for e in day.exercises} if day else set()
        problems += [f"{state.name}'s {weekday.value} has no {slug}" for slug in slugs
                     if slug not in have]
    return problems


async def play_history(case: Case, session: ChatSession) -> list[str]:
    """Send the case's earlier messages; what went wrong in the dialogue before the scored
    turn (an Accept with nothing staged to accept)."""
    problems = []
    for number, prior in enumerate(case.history, start=1):
        route = RouteContext(active_tab=prior.route.active_tab,
                             selected_day=prior.route.selected_day)
        record = await session.send(prior.message, route=route, now=case.now)
        if not prior.accept:
            continue
        if record.staged is None:
            problems.append(f"turn {number} staged nothing to accept")
            continue
        try:
            session.accept(record.staged.id, now=case.now)
        except SessionError as refused:
            problems.append(f"turn {number}'s proposal could not be accepted: {refused}")
    return problems


def _error_text(failure: Exception) -> str:
    return traceback.format_exception_only(failure)[-1].strip()[:400]


async def run_case(case: Case, brain: Brain, fallback: Brain | None = None,
                   states: Mapping[str, StateFixture] | None = None) -> CaseScore:
    state = (states or load_states())[case.state]
    broken = fixture_problems(case, state)
    if broken:
        return errored(case, "fixture: " + "; ".join(broken))
    session = state.session(case.language, case.now, brain, fallback)
    reader = RecordingLogReader(session.log_reader, state.timezone)
    session.logs = reader
    try:
        history_problems = await play_history(case, session)
    except Exception as failure:  # a brain may fail in any way; the suite reports it
        return errored(case, f"history: {_error_text(failure)}")
    reader.uses.clear()  # only the scored turn's reads are judged
    base_plan = session.current_plan(case.now)
    route = RouteContext(active_tab=case.route.active_tab, selected_day=case.route.selected_day)
    try:
        pending = session.pending()
        record = await session.send(case.message, route=route, now=case.now)
    except Exception as failure:  # a brain may fail in any way; the suite reports it
        return errored(case, _error_text(failure))
    seen = Observation(
        result=record.outcome.result, applied=record.memory.applied, now=case.now,
        profile_after=session.profile(case.now).profile, base_plan=base_plan,
        latency_ms=record.latency_ms, meta=dict(record.outcome.meta), tool_uses=tuple(reader.uses),
        dropped=record.memory.dropped, suggested_replies=suggested_replies(record.outcome.result),
        history_problems=tuple(history_problems),
        pending_rejected=None if pending is None else
        pending.status is ProposalStatus.REJECTED)
    return score(case, seen)


async def run_suite(cases: Iterable[Case], brain: Brain, fallback: Brain | None = None, *,
                    progress: Progress | None = None,
                    states: Mapping[str, StateFixture] | None = None) -> list[CaseScore]:
    """Run the cases one after another (LLM providers rate-limit; the embedded brain is
    fast enough not to care), from the public states unless a set brings its own."""
    scores = []
    states = states if states is not None else load_states()
    for case in cases:
        result = await run_case(case, brain, fallback, states)
        scores.append(result)
        if progress is not None:
            progress(result)
    return scores
