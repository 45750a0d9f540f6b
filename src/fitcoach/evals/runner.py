"""Running cases through the application service, one new user per case.

Each case is a new user in its state (`states.py`) in the run's store (`store.py`: an
in-memory SQLite database, migrated as a server's) and sends its message through the same
service as `POST /api/coach/chat` (`fitcoach.local`), with the given brain and its
fallback; the log reads the analytical tools make are noted, and the scorer judges what
the service answered and stored. A case with `history` first sends those messages as the
same user (pressing Accept where a prior turn says so: the service's accept), so the scored
message is read as the follow-up it is; only the last turn's answer, memory and tool reads
are judged.
"""

from __future__ import annotations

import datetime as dt
import traceback
from collections.abc import Callable, Iterable, Mapping

from fitcoach.analytics.known_loads import KnownLoad
from fitcoach.analytics.logs import ExerciseSession
from fitcoach.analytics.records import PersonalRecords
from fitcoach.analytics.volume import WeekVolume
from fitcoach.api.errors import FitcoachError
from fitcoach.brain.decision import Brain
from fitcoach.brain.ports import LogReader, RouteContext
from fitcoach.brain.proposals import ProposalStatus
from fitcoach.brain.tools import ToolName
from fitcoach.catalog.vocabulary import MuscleGroup
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
from fitcoach.evals.store import CaseStore
from fitcoach.local.coach import LocalCoach

Progress = Callable[[CaseScore], None]


class RecordingLogReader:
    """A turn's log reader, noting each tool-shaped read it passes on."""

    def __init__(self, source: LogReader, uses: list[ToolUse]) -> None:
        self.source = source
        self.uses = uses

    def exercise_history(self, exercise_id: str, limit_sessions: int) -> list[ExerciseSession]:
        self.uses.append(ToolUse(ToolName.HISTORY, exercise_slug=exercise_id))
        return self.source.exercise_history(exercise_id, limit_sessions)

    def volume_trend(self, group: MuscleGroup, weeks_back: int,
                     now: dt.datetime) -> list[WeekVolume]:
        self.uses.append(ToolUse(ToolName.VOLUME, muscle_group=group))
        return self.source.volume_trend(group, weeks_back, now)

    def records(self, exercise_id: str) -> PersonalRecords | None:
        self.uses.append(ToolUse(ToolName.RECORDS, exercise_slug=exercise_id))
        return self.source.records(exercise_id)

    def known_loads(self) -> dict[str, KnownLoad]:
        return self.source.known_loads()


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


async def play_history(case: Case, session: LocalCoach) -> list[str]:
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
        except FitcoachError as refused:
            problems.append(f"turn {number}'s proposal could not be accepted: {refused}")
    return problems


def _error_text(failure: Exception) -> str:
    return traceback.format_exception_only(failure)[-1].strip()[:400]


async def run_case(case: Case, brain: Brain, fallback: Brain | None = None,
                   states: Mapping[str, StateFixture] | None = None,
                   store: CaseStore | None = None) -> CaseScore:
    """Score one case, as a new user in `store` (default: a store for this case alone)."""
    own = store is None
    store = store or CaseStore(states or load_states())
    try:
        return await _run_case(case, brain, fallback, store)
    finally:
        if own:
            store.close()


async def _run_case(case: Case, brain: Brain, fallback: Brain | None,
                    store: CaseStore) -> CaseScore:
    broken = fixture_problems(case, store.states[case.state])
    if broken:
        return errored(case, "fixture: " + "; ".join(broken))
    try:
        session = store.start(case, brain, fallback)
    except Exception as failure:  # the service refused the state (a log it cannot take)
        return errored(case, f"state: {_error_text(failure)}")
    return await _scored_turn(case, session)


async def _scored_turn(case: Case, session: LocalCoach) -> CaseScore:
    uses: list[ToolUse] = []
    session.watch_reads = lambda reader: RecordingLogReader(reader, uses)
    try:
        history_problems = await play_history(case, session)
    except Exception as failure:  # a brain may fail in any way; the suite reports it
        return errored(case, f"history: {_error_text(failure)}")
    uses.clear()  # only the scored turn's reads are judged
    route = RouteContext(active_tab=case.route.active_tab, selected_day=case.route.selected_day)
    try:
        record = await session.send(case.message, route=route, now=case.now)
    except Exception as failure:  # a brain may fail in any way; the suite reports it
        return errored(case, _error_text(failure))
    answer, pending = record.answer, record.turn.pending_proposal_id
    seen = Observation(
        result=answer, applied=record.memory.applied, now=case.now,
        profile_after=session.profile(case.now).profile,
        base_plan=record.turn.plan.plan,  # the plan as the user saw it when sending
        latency_ms=record.latency_ms, meta=dict(record.outcome.meta), tool_uses=tuple(uses),
        dropped=record.memory.dropped, suggested_replies=suggested_replies(answer),
        history_problems=tuple(history_problems),
        pending_rejected=None if pending is None else
        session.proposal(pending).status is ProposalStatus.REJECTED)
    return score(case, seen)


async def run_suite(cases: Iterable[Case], brain: Brain, fallback: Brain | None = None, *,
                    progress: Progress | None = None,
                    states: Mapping[str, StateFixture] | None = None) -> list[CaseScore]:
    """Run the cases one after another (LLM providers rate-limit; the embedded brain is
    fast enough not to care), from the public states unless a set brings its own."""
    scores = []
    store = CaseStore(states if states is not None else load_states())
    try:
        for case in cases:
            result = await run_case(case, brain, fallback, store=store)
            scores.append(result)
            if progress is not None:
                progress(result)
    finally:
        store.close()
    return scores
