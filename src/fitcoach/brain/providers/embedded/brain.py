"""The embedded brain: deterministic, offline and multilingual (DESIGN D8's default).

It understands the message with the rule-based NLU (`nlu/`), routes it to one of the seed's
intents, writes memory mutations and plan edit operations (`compose/`), asks for read-only
tools on the analytical path, and, once the engine has materialised the proposal, writes the
coach's reply from the phrasebook (`data/phrases/`) in the user's language and tone. No model,
no network, no randomness: the same turn always gets the same answer.
"""

from __future__ import annotations

from fitcoach.brain.decision import BrainDecision, BrainRequest, Materialized
from fitcoach.brain.ports import LogReader
from fitcoach.brain.providers.embedded.compose.decision import decide
from fitcoach.brain.providers.embedded.compose.messages import compose_message


class EmbeddedBrain:
    name = "embedded"

    async def decide(self, request: BrainRequest, logs: LogReader) -> BrainDecision:
        # The tools' results come back through the request; the reader is not needed here.
        return decide(request)

    def finalize_message(self, request: BrainRequest, decision: BrainDecision,
                         outcome: Materialized | None) -> str:
        return compose_message(request, decision, outcome)
