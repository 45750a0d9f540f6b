"""`decide`: one request → the embedded brain's decision (routing, memory mutations, plan edit
operations or tool calls), with everything the final message needs kept in `notes`.

Notes (never shown to the user): `routing` (the router's `RoutingDecision`), `change` (the
`PlannedChange` behind the edits, or why there are none), `progress` (what the tool results
say) and `form` (the exercise and cues a technique answer uses).
"""

from __future__ import annotations

from typing import Any

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.decision import BrainDecision, BrainRequest
from fitcoach.brain.ports import Locale
from fitcoach.brain.providers.embedded.compose.context import TurnView, understand
from fitcoach.brain.providers.embedded.compose.dialogue import suggested_replies
from fitcoach.brain.providers.embedded.compose.edits import plan_change
from fitcoach.brain.providers.embedded.compose.form import form_facts
from fitcoach.brain.providers.embedded.compose.memory import memory_mutations
from fitcoach.brain.providers.embedded.compose.progress import progress_facts, tool_calls
from fitcoach.brain.providers.embedded.nlu.router import Intent

ROUTING, CHANGE, PROGRESS, FORM = "routing", "change", "progress", "form"


def decide(request: BrainRequest) -> BrainDecision:
    view = understand(request)
    routing = view.routing
    notes: dict[str, Any] = {ROUTING: routing}
    base = {"memory_mutations": memory_mutations(view),
            "language": Locale(routing.reply_language), "notes": notes,
            "suggested_replies": suggested_replies(view),
            "reject_pending": routing.reject_pending}
    if routing.intent is Intent.PROGRESS_REVIEW:
        if not request.tool_results:
            calls = tool_calls(view)
            if calls:
                return BrainDecision(tool_calls=calls, **base)
        notes[PROGRESS] = progress_facts(view, request.tool_results)
        return BrainDecision(**base)
    if routing.intent is Intent.FORM_QA:
        notes[FORM] = form_facts(view)
    change = plan_change(view)
    notes[CHANGE] = change
    if change.proposal_type is ProposalType.NONE:
        return BrainDecision(**base)
    return BrainDecision(proposal_type=change.proposal_type, target_day=change.target_day,
                         edits=change.edits, **base)


def view_of(request: BrainRequest, notes: dict[str, Any]) -> TurnView:
    """The view `decide` worked from (rebuilt when the decision came from elsewhere)."""
    routing = notes.get(ROUTING)
    if routing is None:
        return understand(request)
    return TurnView(request=request, today=routing.analysis.today, routing=routing)
