"""Scoring one case: what a turn did (an `Observation`) against what the case expects.

The scorer knows nothing about brains: it reads the seed's output contract, the memory
mutations as applied, the tool calls the log reader saw and the turn's metadata. A case
passes when every check passes; the suite's targets look only at routing, invented slugs,
gear violations and validator errors.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from fitcoach.brain.contract import ChatTurnResult, ProposalType
from fitcoach.brain.ports import Locale
from fitcoach.brain.tools import ToolName
from fitcoach.catalog.vocabulary import GearTag, MuscleGroup
from fitcoach.evals.cases import Case, Clarify, ToolExpect
from fitcoach.evals.memory_checks import describe_mutation, match_memory
from fitcoach.evals.plan_checks import (
    check_plan,
    gear_violations,
    invented_slugs,
    validator_errors,
)
from fitcoach.evals.text_checks import (
    detect_language,
    missing_numbers,
    missing_words,
    question_count,
    sentence_count,
)
from fitcoach.memory.apply import DroppedMutation
from fitcoach.memory.entries import MemoryMutation
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.programming.profile import Profile


@dataclass(frozen=True)
class ToolUse:
    """One read of the user's logs, as the analytical tools make it."""

    name: ToolName
    exercise_slug: str | None = None
    muscle_group: MuscleGroup | None = None


@dataclass(frozen=True)
class Observation:
    """Everything a case is judged on, captured by the runner after one turn."""

    result: ChatTurnResult
    applied: tuple[MemoryMutation, ...]
    now: dt.datetime
    profile_after: Profile  # the user as they are after the turn's memory changes
    base_plan: WeeklyPlan | None
    latency_ms: float
    meta: dict[str, Any] = field(default_factory=dict)
    tool_uses: tuple[ToolUse, ...] = ()
    dropped: tuple[DroppedMutation, ...] = ()
    suggested_replies: tuple[str, ...] = ()
    history_problems: tuple[str, ...] = ()  # what went wrong in the turns before the scored one
    # Whether the proposal pending before the turn ended up rejected (None: none was pending).
    pending_rejected: bool | None = None


@dataclass
class CaseScore:
    case: Case
    error: str | None = None  # the turn raised, or the case's fixture is broken
    route_ok: bool = False
    memory_ok: bool = False
    tools_ok: bool | None = None  # None: the case expects no tool
    plan_ok: bool | None = None  # None: the case has no plan expectations
    language_ok: bool = False
    detected_language: Locale | None = None
    sentences: int = 0
    sentences_ok: bool = True
    numbers_ok: bool | None = None
    mentions_ok: bool | None = None  # None: the case expects no particular word
    asked: bool = False  # the answer was a clarifying question
    clarify_ok: bool = True
    invented: list[str] = field(default_factory=list)
    gear: list[str] = field(default_factory=list)
    validator: list[str] = field(default_factory=list)
    fallback: str | None = None
    latency_ms: float = 0.0
    failures: list[str] = field(default_factory=list)
    got_route: str = ""
    message: str = ""

    @property
    def passed(self) -> bool:
        return self.error is None and not self.failures

    @property
    def meets_targets(self) -> bool:
        return (self.error is None and self.route_ok and not self.invented and not self.gear
                and not self.validator)


def errored(case: Case, error: str) -> CaseScore:
    return CaseScore(case=case, error=error, failures=[f"error: {error}"])


def suggested_replies(result: ChatTurnResult) -> tuple[str, ...]:
    """The reply chips a turn offers (DESIGN §4 `suggested_replies`), read from the result
    if the contract carries them, else from its metadata; none when neither does."""
    value = getattr(result, "suggested_replies", None)
    if value is None and result.meta:
        value = result.meta.get("suggested_replies")
    if not isinstance(value, list | tuple):
        return ()
    return tuple(str(reply) for reply in value if str(reply).strip())


SUGGESTED_REPLIES = (2, 3)  # D9: "two or three concrete answers"


def _clarify_failures(case: Case, seen: Observation, asked: bool) -> list[str]:
    wanted = case.clarify
    if wanted is Clarify.NEVER and asked:
        return ["clarify: asked a clarifying question about a clear message"]
    if wanted is not Clarify.MUST:
        return []
    if not asked:
        return ["clarify: expected one clarifying question with suggested_replies"]
    problems = []
    questions = question_count(seen.result.message)
    if questions != 1:
        problems.append(f"clarify: {questions} questions in the message, expected one")
    low, high = SUGGESTED_REPLIES
    if not low <= len(seen.suggested_replies) <= high:
        problems.append(f"clarify: {len(seen.suggested_replies)} suggested replies, "
                        f"expected {low}-{high}")
    return problems


def _route_text(result: ChatTurnResult) -> str:
    proposal = result.proposal
    day = f" {proposal.target_day.value}" if proposal.target_day else ""
    return f"{proposal.type.value}{day}"


def _tool_met(expect: ToolExpect, called: set[str], uses: tuple[ToolUse, ...]) -> bool:
    if expect.name.value not in called:
        return False
    return any(use.name is expect.name
               and (expect.exercise_slug is None or use.exercise_slug == expect.exercise_slug)
               and (expect.muscle_group is None or use.muscle_group is expect.muscle_group)
               for use in uses)


def score(case: Case, seen: Observation) -> CaseScore:
    expect = case.expect
    result = seen.result
    proposal = result.proposal
    s = CaseScore(case=case, latency_ms=seen.latency_ms, got_route=_route_text(result),
                  message=result.message, fallback=seen.meta.get("fallback_reason"))
    s.failures += [f"history: {problem}" for problem in seen.history_problems]

    # routing
    s.route_ok = proposal.type in expect.proposal and (
        expect.target_day is None or proposal.type is not ProposalType.UPDATE_DAY
        or proposal.target_day is expect.target_day)
    if not s.route_ok:
        wanted = " | ".join(p.value for p in expect.proposal)
        day = f" {expect.target_day.value}" if expect.target_day else ""
        s.failures.append(f"route: expected {wanted}{day}, got {s.got_route}")

    # the dialogue
    if expect.rejects_pending is not None and seen.pending_rejected is not expect.rejects_pending:
        s.route_ok = False
        s.failures.append(f"dialogue: expected the staged proposal "
                          f"{'rejected' if expect.rejects_pending else 'left pending'}, "
                          f"it was {'rejected' if seen.pending_rejected else 'not rejected'}")
    if expect.suggested_replies is not None and \
            bool(result.suggested_replies) is not expect.suggested_replies:
        s.failures.append(f"dialogue: suggested replies {result.suggested_replies!r}")

    # memory
    unmet, unclaimed = match_memory(expect.memory, seen.applied, seen.now)
    extras = [] if expect.memory_extra_ok else unclaimed
    s.memory_ok = not unmet and not extras
    s.failures += [f"memory: missing {e.describe()}" for e in unmet]
    s.failures += [f"memory: unexpected {describe_mutation(m)}" for m in extras]

    # tools
    if expect.tools:
        called = set(seen.meta.get("tools") or ())
        missing = [t for t in expect.tools if not _tool_met(t, called, seen.tool_uses)]
        s.tools_ok = not missing
        s.failures += [f"tools: no call {t.describe()} (called: {sorted(called) or 'none'})"
                       for t in missing]

    # the plan
    if proposal.data is not None:
        s.invented = invented_slugs(proposal)
        owned = expect.plan.gear if expect.plan and expect.plan.gear is not None else \
            tuple(seen.profile_after.gear)
        s.gear = gear_violations(proposal, tuple(GearTag(tag) for tag in owned))
        s.validator = validator_errors(proposal, seen.base_plan, seen.profile_after)
        s.failures += [f"invented slug: {slug}" for slug in s.invented]
        s.failures += [f"gear: {slug} needs gear the user lacks" for slug in s.gear]
        s.failures += [f"validator: {problem}" for problem in s.validator]
    if expect.plan is not None:
        plan_problems = check_plan(expect.plan, proposal) if proposal.data is not None \
            else ["no plan in the proposal to check"]
        s.plan_ok = not plan_problems
        s.failures += [f"plan: {problem}" for problem in plan_problems]

    # the message
    s.detected_language = detect_language(result.message)
    s.language_ok = s.detected_language is None or s.detected_language in case.reply_languages
    if not s.language_ok:
        assert s.detected_language is not None
        wanted_languages = " or ".join(lang.value for lang in case.reply_languages)
        s.failures.append(f"message: in {s.detected_language.value}, expected "
                          f"{wanted_languages}")
    s.sentences = sentence_count(result.message)
    limit = expect.message.max_sentences
    s.sentences_ok = limit is None or s.sentences <= limit
    if not s.sentences_ok:
        s.failures.append(f"message: {s.sentences} sentences > {limit}")
    if expect.message.numbers:
        missing_values = missing_numbers(result.message, expect.message.numbers)
        s.numbers_ok = not missing_values
        if missing_values:
            cited = ", ".join(f"{n:g}" for n in missing_values)
            s.failures.append(f"message: does not cite {cited}")
    if expect.message.mentions:
        unsaid = missing_words(result.message, expect.message.mentions)
        s.mentions_ok = not unsaid
        if unsaid:
            s.failures.append(f"message: does not mention {', '.join(unsaid)}")

    # a clarifying question, where one belongs and nowhere else
    s.asked = (proposal.type is ProposalType.NONE and bool(seen.suggested_replies)
               and not seen.applied)
    clarify_problems = _clarify_failures(case, seen, s.asked)
    s.clarify_ok = not clarify_problems
    s.failures += clarify_problems
    return s
