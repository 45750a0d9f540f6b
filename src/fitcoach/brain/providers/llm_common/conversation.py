"""The running conversation of one chat turn, kept between the pipeline's calls to `decide`.

The pipeline calls a brain once per round (first answer, each tool round, the repair) and
hands it only the tool results and repair errors. The provider's own transcript (the model's
function-call turns exactly as returned, Gemini's thought signatures included) has to
survive between those calls, so the brain keeps it here, keyed by the turn object the
pipeline passes on unchanged from round to round. A bounded number of turns is kept: a turn
that never finished cannot leak memory.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from fitcoach.brain.decision import BrainRequest
from fitcoach.brain.ports import TurnInput
from fitcoach.brain.providers.llm_common.usage import TurnUsage

Message = TypeVar("Message")

MAX_OPEN_TURNS = 256


@dataclass
class Conversation(Generic[Message]):
    """One turn's transcript in the provider's own message type."""

    turn: TurnInput
    usage: TurnUsage
    messages: list[Message] = field(default_factory=list)
    # Provider ids of the calls the last model message made, answered in this order.
    pending_calls: list[Any] = field(default_factory=list)
    results_sent: int = 0  # how many of the request's tool results are in `messages`
    repair_sent: bool = False


class Conversations(Generic[Message]):
    """The open turns of one brain instance (most recent last)."""

    def __init__(self, limit: int = MAX_OPEN_TURNS) -> None:
        self._open: OrderedDict[int, Conversation[Message]] = OrderedDict()
        self._limit = limit

    def resume(self, request: BrainRequest) -> Conversation[Message] | None:
        """The turn's conversation if this brain has been following it, else None.

        A first round (no tool results, no repair) always starts afresh.
        """
        if request.round == 0 and not request.tool_results and not request.repair_errors:
            self._open.pop(id(request.turn), None)
            return None
        conversation = self._open.get(id(request.turn))
        # An id can be reused once a turn object is gone: identity settles it.
        if conversation is None or conversation.turn is not request.turn:
            return None
        self._open.move_to_end(id(request.turn))
        return conversation

    def find(self, turn: TurnInput) -> Conversation[Message] | None:
        """The conversation of `turn` if this brain still holds it."""
        conversation = self._open.get(id(turn))
        return conversation if conversation is not None and conversation.turn is turn else None

    def start(self, request: BrainRequest, usage: TurnUsage) -> Conversation[Message]:
        conversation: Conversation[Message] = Conversation(turn=request.turn, usage=usage)
        self._open[id(request.turn)] = conversation
        while len(self._open) > self._limit:
            self._open.popitem(last=False)
        return conversation

    def __len__(self) -> int:
        return len(self._open)
