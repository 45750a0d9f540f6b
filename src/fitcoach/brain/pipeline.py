"""One chat turn, end to end, writing nothing (SPEC §5, DESIGN D1, D5, D8).

context → brain decision (with up to three rounds of read-only tools) → memory mutations
checked against the snapshot → the engine materialises `proposal.data` from the decision's
edit operations → the validator judges it → the seed's output contract.

A decision that fails any check gets one repair round (LLM brains), then the turn falls back
to the embedded brain; the embedded brain's own failure becomes an honest NONE answer. The
pipeline never lets an invalid plan out, and never writes: the caller persists the outcome.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from fitcoach.brain.contract import ChatTurnResult, Proposal, ProposalType
from fitcoach.brain.conversation_context import with_conversation
from fitcoach.brain.decision import (
    MAX_TOOL_ROUNDS,
    Brain,
    BrainDecision,
    BrainRequest,
    DecisionRejected,
    Materialized,
    Problem,
    ProblemSource,
    ToolResult,
)
from fitcoach.brain.ports import LogReader, TurnInput, TurnOutcome
from fitcoach.brain.profile_builder import build_profile
from fitcoach.brain.tools import run_tool
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.memory.apply import MemoryMutationError, MutationOutcome, apply_mutations
from fitcoach.memory.render import active_items, render_runtime_context
from fitcoach.programming.calendar import as_proposed
from fitcoach.programming.edits import EditRejected, apply_edits
from fitcoach.programming.edits.operations import RelieveAcute
from fitcoach.programming.edits.result import Judgement
from fitcoach.programming.profile import Profile
from fitcoach.programming.validator import ValidationReport, errors_introduced, validate_week
from fitcoach.timekeeping import local_date, local_week_start

IdFactory = Callable[[str], str]


def random_id(prefix: str) -> str:
    return f"{prefix}_{secrets.token_hex(6)}"


class TurnTimeout(TimeoutError):
    """The brain used up the turn's deadline (DESIGN D12): every model call of the turn,
    tool rounds and repair included, shares one budget."""


@dataclass
class _Trace:
    """What the turn's metadata reports: who answered, tools, repairs, fallbacks, timings."""

    brain: str
    tools: list[str] = field(default_factory=list)
    repairs: int = 0
    fallback_reason: str | None = None
    started: float = field(default_factory=time.perf_counter)
    extra: dict[str, Any] = field(default_factory=dict)

    def meta(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "brain": self.brain,
            "tools": self.tools,
            "repairs": self.repairs,
            "latency_ms": round((time.perf_counter() - self.started) * 1000, 2),
        }
        if self.fallback_reason:
            data["fallback_reason"] = self.fallback_reason
        data.update(self.extra)
        return data


async def run_turn(
    turn: TurnInput,
    brain: Brain,
    logs: LogReader,
    *,
    fallback: Brain | None = None,
    new_id: IdFactory = random_id,
) -> TurnOutcome:
    """Run one turn with `brain`; `fallback` (the embedded brain) answers when it cannot."""
    trace = _Trace(brain=brain.name)
    can_fall_back = fallback is not None and fallback is not brain
    try:
        result = await _within_deadline(
            _attempt(turn, brain, logs, trace, new_id, allow_repair=can_fall_back),
            getattr(brain, "turn_deadline_s", None))
    except Exception as failure:  # a provider error, a timeout, or an unrepairable answer
        if not can_fall_back:
            if not isinstance(failure, _Failed):
                raise
            result = _honest_none(turn, brain, failure, trace)
        else:
            assert fallback is not None
            kind = failure.kind if isinstance(failure, _Failed) else type(failure).__name__
            trace.fallback_reason = f"{kind}: {failure}"[:500]
            if isinstance(failure, _Failed):  # what was wrong, as codes (no model text)
                trace.extra["fallback_problems"] = _codes(failure.details)
            _set_aside_attempt(trace, brain, turn)
            trace.brain = fallback.name
            try:
                result = await _attempt(turn, fallback, logs, trace, new_id, allow_repair=False)
            except _Failed as failed:
                result = _honest_none(turn, fallback, failed, trace)
    # The turn's metadata lives once, on the outcome; the caller decides what of it a client
    # sees (the HTTP service puts a public form of it on the answer).
    return TurnOutcome(result=result, base_plan_version=turn.plan.version, meta=trace.meta())


def _set_aside_attempt(trace: _Trace, brain: Brain, turn: TurnInput) -> None:
    """The failed brain's tool calls and token usage, reported as its attempt's
    (`meta.failed_attempt`) so that `meta.tools` and `meta.usage` are the fallback's own.
    The usage is the brain's count of the calls that completed (a repair, a tool round and
    a call cut off by the deadline included), when it keeps one."""
    recorded = trace.extra.pop("usage", None)  # set when an answer got as far as checking
    usage_of = getattr(brain, "turn_usage", None)
    usage = (usage_of(turn) if callable(usage_of) else None) or recorded
    attempt: dict[str, Any] = {"brain": brain.name, "tools": trace.tools, "repairs": trace.repairs}
    if usage:
        attempt["usage"] = usage
    trace.extra["failed_attempt"] = attempt
    trace.tools = []


async def _within_deadline(attempt: Coroutine[Any, Any, ChatTurnResult],
                           deadline_s: float | None) -> ChatTurnResult:
    """The attempt, cancelled (its HTTP calls and the SDK's retries with it) once the
    brain's turn deadline has passed; brains without one (the embedded brain) run as is."""
    if deadline_s is None:
        return await attempt
    try:
        async with asyncio.timeout(deadline_s) as budget:
            return await attempt
    except TimeoutError as late:
        if budget.expired():
            raise TurnTimeout(f"no answer within the turn's {deadline_s:g} s deadline") from late
        raise


class _Failed(Exception):
    """A rejected decision, with what the brain saw and said, for an honest NONE answer."""

    def __init__(self, rejected: DecisionRejected, request: BrainRequest,
                 decision: BrainDecision | None) -> None:
        self.problems = rejected.problems
        self.details = rejected.details
        self.kind = type(rejected).__name__
        self.request = request
        self.decision = decision
        super().__init__(str(rejected))


async def _attempt(turn: TurnInput, brain: Brain, logs: LogReader, trace: _Trace,
                   new_id: IdFactory, *, allow_repair: bool) -> ChatTurnResult:
    request = _first_request(turn, logs)
    attempts = 2 if allow_repair else 1
    for attempt in range(attempts):
        decision: BrainDecision | None = None
        try:
            decision = await _decide_with_tools(brain, request, logs, trace)
            return _answer(turn, brain, request, decision, logs, new_id, trace)
        except DecisionRejected as rejected:
            if attempt + 1 == attempts:
                raise _Failed(rejected, request, decision) from rejected
            trace.repairs += 1
            request = request.model_copy(update={"repair_errors": tuple(rejected.problems),
                                                 "round": request.round + 1})
    raise AssertionError("unreachable: the last attempt returns or raises")


def _honest_none(turn: TurnInput, brain: Brain, failed: _Failed, trace: _Trace) -> ChatTurnResult:
    """No plan change, but the memory the brain recorded is kept when it is valid on its own:
    a shoulder strain is worth remembering even when no valid day could be built around it."""
    trace.extra["rejected"] = failed.problems
    trace.extra["rejected_problems"] = _codes(failed.details)
    original = failed.decision or BrainDecision(language=turn.settings.locale)
    decision = original.model_copy(update={
        "proposal_type": ProposalType.NONE, "target_day": None, "edits": (), "tool_calls": (),
        "notes": original.notes.model_copy(update={"rejected": tuple(failed.problems),
                                                   "problems": tuple(failed.details)}),
    })
    try:
        _check_memory(turn, decision)
    except DecisionRejected:
        decision = decision.model_copy(update={"memory_mutations": ()})
    outcome = Materialized(notes=tuple(failed.problems))
    message = brain.finalize_message(failed.request, decision, outcome).strip()
    return ChatTurnResult(message=message or "I couldn't make that change safely.",
                          proposal=Proposal.none(),
                          memory_mutations=list(decision.memory_mutations))


def _first_request(turn: TurnInput, logs: LogReader) -> BrainRequest:
    items = active_items(turn.memory, turn.now)

    def context() -> str:  # rendered only if the brain reads it (LLM brains do)
        plan_json = turn.plan.plan.model_dump(mode="json") if turn.plan.plan else None
        block = render_runtime_context(
            now=turn.now, timezone=turn.settings.timezone,
            active_tab=turn.route.active_tab.value,
            selected_day=turn.route.selected_day.value if turn.route.selected_day else None,
            items=items, plan=plan_json, message=turn.message,
        )
        # The last turns, so a follow-up has its referent (dynamic part only: D12).
        return with_conversation(block, turn.history)

    profile = build_profile(items, now=turn.now, settings=turn.settings,
                            known_loads=logs.known_loads())
    return BrainRequest(turn=turn, context_block=context, profile=profile)


async def _decide_with_tools(brain: Brain, request: BrainRequest, logs: LogReader,
                             trace: _Trace) -> BrainDecision:
    decision = await brain.decide(request, logs)
    for _ in range(MAX_TOOL_ROUNDS):
        if not decision.tool_calls:
            return decision
        results = tuple(
            ToolResult(call=call, result=run_tool(call.name, call.args, logs, request.turn.now))
            for call in decision.tool_calls
        )
        trace.tools += [call.name for call in decision.tool_calls]
        request = request.model_copy(update={"tool_results": request.tool_results + results,
                                             "round": request.round + 1})
        decision = await brain.decide(request, logs)
    if decision.tool_calls:
        raise DecisionRejected([f"more than {MAX_TOOL_ROUNDS} rounds of tool calls"])
    return decision


def _answer(turn: TurnInput, brain: Brain, request: BrainRequest, decision: BrainDecision,
            logs: LogReader, new_id: IdFactory, trace: _Trace) -> ChatTurnResult:
    if decision.notes.usage is not None:  # LLM brains report the turn's token counts
        trace.extra["usage"] = decision.notes.usage
    memory = _check_memory(turn, decision)
    outcome, proposal = _materialize(turn, request, decision, memory, logs, new_id)
    message = brain.finalize_message(request, decision, outcome).strip()
    if not message:
        raise DecisionRejected(["the brain gave no message"])
    try:
        return ChatTurnResult(message=message, proposal=proposal,
                              memory_mutations=list(decision.memory_mutations),
                              suggested_replies=list(decision.suggested_replies) or None,
                              rejects_pending=decision.reject_pending
                              and proposal.type is ProposalType.NONE)
    except ValidationError as invalid:
        raise DecisionRejected([f"the answer breaks the output contract: {invalid}"]) from invalid


def _check_memory(turn: TurnInput, decision: BrainDecision) -> MutationOutcome:
    """The mutations must apply, all of them, to the snapshot the turn read (DESIGN D5)."""
    try:
        return apply_mutations(turn.memory, decision.memory_mutations, turn.now,
                               lambda: random_id("mem"), tz=turn.settings.timezone)
    except MemoryMutationError as invalid:
        raise DecisionRejected([
            Problem(source=ProblemSource.MEMORY, code=p.code.value, message=p.message,
                    index=p.index) for p in invalid.problems]) from invalid


def _materialize(turn: TurnInput, request: BrainRequest, decision: BrainDecision,
                 memory: MutationOutcome, logs: LogReader,
                 new_id: IdFactory) -> tuple[Materialized | None, Proposal]:
    if decision.proposal_type is ProposalType.NONE:
        if decision.edits:
            raise DecisionRejected(["a NONE answer carries plan edits"])
        return None, Proposal.none()
    if not decision.edits:
        raise DecisionRejected([f"{decision.proposal_type.value} without any plan edit"])
    # The plan is built for the person as they are after this turn's memory changes (when
    # none applied, that is the profile the request was built with).
    profile = request.profile.profile if not memory.applied else build_profile(
        active_items(memory.items, turn.now), now=turn.now, settings=turn.settings,
        known_loads=logs.known_loads()).profile
    base = turn.plan.plan
    week_start = base.week_start_date if base else local_week_start(turn.now,
                                                                    turn.settings.timezone)
    try:
        edited = apply_edits(base, decision.edits, profile, week_start=week_start,
                             language=decision.language.value,
                             today=local_date(turn.now, turn.settings.timezone))
    except EditRejected as rejected:
        raise DecisionRejected([Problem(
            source=ProblemSource.EDIT, code=rejected.code.value, message=rejected.message,
            day=rejected.day, exercise_id=rejected.exercise_id)]) from rejected
    if base is not None and (not edited.changed_days or edited.plan.days == base.days):
        # The edits leave the active plan as it is (the day already fits, the event day is
        # already free): nothing to stage, nothing to accept. The brain says so.
        outcome = Materialized(plan=base, summary_diff=edited.summary_diff, changed_days=(),
                               notes=edited.notes)
        return outcome, Proposal.none()
    # The validator judges the proposal under the turn's profile. The edit's own guard has
    # usually judged the same plans under the same profile object already: reuse that.
    report = _judged(edited.judged, profile)
    if report is None:
        report = validate_week(edited.plan, profile)
    proposal_type, target_day = _scope(decision, edited.changed_days, has_plan=base is not None)
    # Edits answer for what they change: no new error anywhere, none on a changed day.
    # Errors the active plan already had elsewhere (a new acute state touching Thursday
    # while today is being fixed) are the user's next conversation, not this one's.
    before = None if base is None else _judged(edited.base_judged, profile)
    if base is not None and before is None:
        before = validate_week(base, profile)
    problems = errors_introduced(report, before, edited.changed_days)
    if problems:
        raise DecisionRejected([
            Problem(source=ProblemSource.RULE, code=v.code.value, message=v.message, day=v.day,
                    exercise_id=v.exercise_id) for v in problems])
    # The proposal's days are scheduled, whatever completions the plan the brain saw had.
    proposed = as_proposed(edited.plan)
    data = proposed if proposal_type is ProposalType.UPDATE_WEEK else \
        proposed.days[target_day]
    outcome = Materialized(plan=edited.plan, summary_diff=edited.summary_diff,
                           changed_days=edited.changed_days, notes=edited.notes,
                           warnings=tuple(v.message for v in report.warnings))
    proposal = Proposal(id=new_id("prop"), type=proposal_type, target_day=target_day,
                        summary_diff=edited.summary_diff, data=data)
    return outcome, proposal


def _codes(problems: tuple[Problem, ...]) -> list[dict[str, Any]]:
    """Problems as data without their wording (which may quote a model): for the metadata."""
    return [problem.model_dump(mode="json", exclude={"message"}, exclude_none=True)
            for problem in problems]


def _judged(judged: Judgement | None, profile: Profile) -> ValidationReport | None:
    return judged.under(profile) if judged is not None else None


def _engine_chose_day(decision: BrainDecision) -> bool:
    """Whether an edit leaves the choice of the session to the engine (a new acute state
    with no day named): the brain cannot know the day beforehand, so it does not fix it."""
    return any(isinstance(op, RelieveAcute) and op.day is None for op in decision.edits)


def _scope(decision: BrainDecision, changed: tuple[Weekday, ...], *,
           has_plan: bool) -> tuple[ProposalType, Any]:
    """UPDATE_DAY stays a day change only when there is a plan to change and the edits
    touched that day alone; anything wider is proposed as a week."""
    if decision.proposal_type is ProposalType.UPDATE_DAY and has_plan:
        target = decision.target_day or (changed[0] if len(changed) == 1 else None)
        if _engine_chose_day(decision) and len(changed) == 1:
            target = changed[0]  # the day the engine chose wins over a brain's guess
        if target is not None and set(changed) <= {target}:
            return ProposalType.UPDATE_DAY, target
        if target is None and not changed:
            raise DecisionRejected(["UPDATE_DAY without a target day"])
    return ProposalType.UPDATE_WEEK, None

