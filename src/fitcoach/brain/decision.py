"""What a brain is asked and what it answers (DESIGN D1, D8).

A brain reads the turn (message, rendered runtime context, the derived profile, tool results
so far) and answers with a `BrainDecision`: the routing, the message, memory mutations, plan
edit operations and, optionally, read-only tool calls. It never writes `proposal.data`; the
pipeline materialises that with the engine and checks it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import Locale, LogReader, TurnInput
from fitcoach.brain.profile_builder import ProfileBuild
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.memory.entries import MemoryMutation
from fitcoach.programming.edits.operations import EditOperation
from fitcoach.programming.plan import WeeklyPlan

MAX_TOOL_ROUNDS = 3


class ProblemSource(StrEnum):
    EDIT = "edit"  # the engine refused an edit operation (`programming.edits.RejectCode`)
    RULE = "rule"  # the edited plan breaks a validator rule (`programming.validator.Code`)
    MEMORY = "memory"  # a memory mutation does not apply (`memory.apply` problem codes)
    DECISION = "decision"  # the decision or the model's answer itself is unusable


class Problem(BaseModel):
    """One reason a decision cannot become a turn, as data: who refused it, the stable code,
    the explanation, and the day and exercise it is about when known. Whoever decides
    something from a problem reads these fields, never the wording of `text`."""

    model_config = ConfigDict(frozen=True)

    source: ProblemSource
    code: str
    message: str
    day: Weekday | None = None
    exercise_id: str | None = None
    index: int | None = None  # the memory mutation's position

    @property
    def text(self) -> str:
        """The problem as a model reads it in a repair round."""
        if self.source is ProblemSource.EDIT:
            return f"plan edit rejected: {self.code}: {self.message}"
        if self.source is ProblemSource.RULE:
            return f"the edited plan breaks a rule: {self.code}: {self.message}"
        if self.source is ProblemSource.MEMORY:
            return f"memory mutation {self.index}: {self.code}: {self.message}"
        return self.message


INVALID_DECISION = "invalid_decision"


class DecisionRejected(Exception):
    """A decision (or a model's answer) that cannot become a valid turn.

    `details` are the structured problems; `problems` their texts, written so a model can read
    and fix them: the pipeline hands them back as the repair round's `repair_errors`. A plain
    string is a problem of the decision itself (`invalid_decision`).
    """

    def __init__(self, problems: Sequence[str | Problem]) -> None:
        self.details = tuple(
            p if isinstance(p, Problem) else
            Problem(source=ProblemSource.DECISION, code=INVALID_DECISION, message=p)
            for p in problems)
        self.problems = [p.text for p in self.details]
        super().__init__("; ".join(self.problems))


class ToolCall(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    args: dict[str, Any] = Field(default_factory=dict)


class ToolResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    call: ToolCall
    result: dict[str, Any]


class BrainWorkings:
    """What a brain keeps from deciding for writing its final message: each brain subclasses
    it with its own named fields (the embedded brain's routing, planned change, tool facts),
    so the pipeline carries it without reading it."""


class DecisionNotes(BaseModel):
    """What travels with a decision but is never shown to the user."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    # The deciding brain's own record for its final message (None for brains that keep none).
    workings: BrainWorkings | None = None
    # The turn's model usage so far, as the turn's metadata reports it (LLM brains:
    # `llm_common.usage.TurnUsage.as_notes`).
    usage: dict[str, Any] | None = None
    # Set by the pipeline on an honest NONE: why the change could not be made, as the texts a
    # model reads and as data (`Problem`) for a brain that words the refusal itself.
    rejected: tuple[str, ...] = ()
    problems: tuple[Problem, ...] = ()


class BrainDecision(BaseModel):
    model_config = ConfigDict(frozen=True)

    proposal_type: ProposalType = ProposalType.NONE
    target_day: Weekday | None = None
    message: str = ""
    memory_mutations: tuple[MemoryMutation, ...] = ()
    edits: tuple[EditOperation, ...] = ()
    tool_calls: tuple[ToolCall, ...] = ()
    language: Locale = Locale.EN
    # A clarifying question's tappable answers (DESIGN D9), in the reply language.
    suggested_replies: tuple[str, ...] = ()
    reject_pending: bool = False  # turn the staged proposal down (it must be NONE then)
    notes: DecisionNotes = Field(default_factory=DecisionNotes)


class BrainRequest(BaseModel):
    """One round of a turn, as the brain sees it.

    `context_block` (the rendered runtime context, SPEC §3) is given as text or as a
    function that renders it: only LLM brains read it, so the embedded brain's turns never
    pay for rendering the memory and the plan's JSON. It is rendered at most once per
    request (copies made after the first read share the text).
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    turn: TurnInput
    profile: ProfileBuild
    tool_results: tuple[ToolResult, ...] = ()
    repair_errors: tuple[str, ...] = ()
    round: int = 0
    _context: str | None = PrivateAttr(default=None)
    _render_context: Callable[[], str] | None = PrivateAttr(default=None)

    def __init__(self, *, context_block: str | Callable[[], str], **data: Any) -> None:
        super().__init__(**data)
        if isinstance(context_block, str):
            self._context = context_block
        else:
            self._render_context = context_block

    @property
    def context_block(self) -> str:
        if self._context is None:
            assert self._render_context is not None
            self._context = self._render_context()
        return self._context


class Materialized(BaseModel):
    """What the engine made of a decision, handed back so a brain can phrase its message."""

    model_config = ConfigDict(frozen=True)

    plan: WeeklyPlan | None = None
    summary_diff: str | None = None
    changed_days: tuple[Weekday, ...] = ()
    notes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()


class Brain(Protocol):
    """Anything that can take a turn: embedded rules, Gemini, an OpenAI-compatible server."""

    name: str

    async def decide(self, request: BrainRequest, logs: LogReader) -> BrainDecision:
        ...

    def finalize_message(self, request: BrainRequest, decision: BrainDecision,
                         outcome: Materialized | None) -> str:
        """The message the user reads, once the engine's result is known."""
        ...
