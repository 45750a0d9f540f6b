"""What every LLM brain does the same way around its provider's wire format.

One `decide` call is one round of the pipeline. The brain resumes the turn's transcript (or
starts it with the runtime context block), adds what the pipeline brought since the last
round (tool results, or the errors of a rejected answer), asks the model once, keeps the
model's reply in the transcript exactly as returned, and answers either with tool calls for
the pipeline to run or with a decision parsed from the model's JSON. Anything unusable
raises (`AnswerRejected` with problems the model can fix, provider errors as they come):
the pipeline repairs or falls back to the embedded brain.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic

from fitcoach.brain.decision import (
    MAX_TOOL_ROUNDS,
    BrainDecision,
    BrainRequest,
    DecisionNotes,
    Materialized,
    ToolCall,
    ToolResult,
)
from fitcoach.brain.ports import LogReader, TurnInput
from fitcoach.brain.providers.embedded.compose.phrasebook import PHRASES, HollowPhrase
from fitcoach.brain.providers.llm_common.answer_parser import parse_answer
from fitcoach.brain.providers.llm_common.conversation import (
    Conversation,
    Conversations,
    Message,
)
from fitcoach.brain.providers.llm_common.errors import AnswerRejected, without_secrets
from fitcoach.brain.providers.llm_common.turn_text import repair_text, tool_results_text
from fitcoach.brain.providers.llm_common.usage import TurnUsage
from fitcoach.catalog.vocabulary import WEEKDAYS
from fitcoach.programming.plan import WeeklyPlan
from fitcoach.programming.text import phrases

LAST_TOOL_ROUND_NOTE = ("[NO MORE TOOLS] That was the last round of tool calls: answer now "
                        "with the JSON object, using what you have.")


@dataclass
class ModelReply(Generic[Message]):
    """What one exchange with the model produced."""

    history: list[Message]  # the model's turn(s), appended to the transcript unchanged
    tool_calls: list[tuple[Any, ToolCall]] = field(default_factory=list)  # (provider id, call)
    text: str | None = None


def _nothing_changed(language: str, plan: WeeklyPlan, summary_diff: str | None) -> str | None:
    """"Your week already looks like that (…), so nothing needed to change." in the user's
    language: the embedded brain's sentence (`week.unchanged`), from its phrasebook; the
    engine's own note on the edit (in the user's language too) follows it. None for a week
    with no session to name (the model's message is kept)."""
    days = [day for day in WEEKDAYS if day in plan.days and plan.days[day].is_training_day]
    try:
        text = PHRASES.say("week.unchanged", language, count=len(days),
                           days=phrases.day_list(language, days))
    except HollowPhrase:
        return None
    return f"{text} ({summary_diff})" if summary_diff else text


class LLMBrain(ABC, Generic[Message]):
    """The provider-independent half of an LLM brain."""

    name: str
    provider: str
    model: str
    logger: logging.Logger
    secrets: tuple[str, ...] = ()  # the provider's API key: never in an error we pass on

    def __init__(self) -> None:
        self._conversations: Conversations[Message] = Conversations()

    async def decide(self, request: BrainRequest, logs: LogReader) -> BrainDecision:
        conversation = self._conversations.resume(request)
        if conversation is None:
            conversation = self._conversations.start(request, self._new_usage())
            conversation.messages.extend(self._opening(request))
        else:
            self._catch_up(conversation, request)
        try:
            reply = await self._exchange(conversation, request)
        except Exception as error:
            # A provider error can quote the request, key included (some echo a refused
            # key back); the pipeline puts the error in the turn's meta for the client.
            cleaned = without_secrets(error, self.secrets)
            if cleaned is error:
                raise
            raise cleaned from None
        conversation.messages.extend(reply.history)
        usage = conversation.usage.as_notes()
        if reply.tool_calls:
            conversation.pending_calls = [call_id for call_id, _ in reply.tool_calls]
            return BrainDecision(tool_calls=tuple(call for _, call in reply.tool_calls),
                                 language=request.turn.settings.locale,
                                 notes=DecisionNotes(usage=usage))
        try:
            decision = parse_answer(reply.text, request)
        except AnswerRejected as rejected:
            self.logger.warning("%s answer rejected: %s", self.provider, rejected)
            raise
        return decision.model_copy(update={
            "notes": decision.notes.model_copy(update={"usage": usage})})

    def turn_usage(self, turn: TurnInput) -> dict[str, Any] | None:
        """The tokens and calls this brain spent on `turn` so far (a turn that failed and
        fell back included), or None when it has no record of the turn."""
        conversation = self._conversations.find(turn)
        return conversation.usage.as_notes() if conversation is not None else None

    def finalize_message(self, request: BrainRequest, decision: BrainDecision,
                         outcome: Materialized | None) -> str:
        """The model wrote its message knowing the plan is staged; the pipeline's own
        `rejected` note means no change could be built, and the message must not say
        otherwise."""
        rejected = decision.notes.rejected
        if rejected:
            return ("I couldn't build that change safely, so your plan stays as it is. "
                    f"({rejected[0]})")
        if outcome is not None and outcome.plan is not None and not outcome.changed_days:
            # The edits changed nothing: no proposal was staged, whatever the model wrote.
            return _nothing_changed(request.turn.settings.locale.value, outcome.plan,
                                    outcome.summary_diff) or decision.message
        return decision.message

    # -- the transcript ---------------------------------------------------------------

    def _opening(self, request: BrainRequest) -> list[Message]:
        """A new transcript. When this brain did not follow the earlier rounds (it cannot
        happen within one process, but a transcript can be evicted), they are replayed as
        text: the model's own function-call turns are gone, so no native tool parts."""
        messages = [self._user_text(request.context_block)]
        if request.repair_errors:
            messages.append(self._user_text(repair_text(request.repair_errors)))
        if request.tool_results:
            messages.append(self._user_text(tool_results_text(request.tool_results)))
        return messages

    def _catch_up(self, conversation: Conversation[Message], request: BrainRequest) -> None:
        if request.repair_errors and not conversation.repair_sent:
            conversation.messages.append(self._user_text(repair_text(request.repair_errors)))
            conversation.repair_sent = True
            # The repair attempt counts its own tool results from zero.
            conversation.results_sent = 0
            conversation.pending_calls = []
        new = request.tool_results[conversation.results_sent:]
        if not new:
            return
        last_round = tool_rounds(request) >= MAX_TOOL_ROUNDS
        if len(conversation.pending_calls) == len(new):
            conversation.messages.extend(self._tool_messages(
                conversation.pending_calls, new, last_round=last_round))
        else:  # the results do not answer the calls we made: tell the model in words
            text = tool_results_text(new)
            conversation.messages.append(self._user_text(
                f"{text}\n{LAST_TOOL_ROUND_NOTE}" if last_round else text))
        conversation.pending_calls = []
        conversation.results_sent = len(request.tool_results)

    # -- what each provider supplies -----------------------------------------------

    @abstractmethod
    def _new_usage(self) -> TurnUsage:
        ...

    @abstractmethod
    def _user_text(self, text: str) -> Message:
        ...

    @abstractmethod
    def _tool_messages(self, call_ids: Sequence[Any], results: Sequence[ToolResult], *,
                       last_round: bool) -> list[Message]:
        """The results of the model's calls, in its native format, answering `call_ids`."""

    @abstractmethod
    async def _exchange(self, conversation: Conversation[Message],
                        request: BrainRequest) -> ModelReply[Message]:
        """Ask the model once (a provider may make more than one call, e.g. Gemini 2.5's
        tool phase and answer phase) and account the usage on `conversation.usage`."""


def tool_rounds(request: BrainRequest) -> int:
    """Rounds of tool calls so far in this attempt: each round bumps `round` by one, and a
    repair bumps it once more."""
    return request.round - (1 if request.repair_errors else 0)
