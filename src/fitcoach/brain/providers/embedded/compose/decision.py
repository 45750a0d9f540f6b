"""`decide`: one request → the embedded brain's decision (routing, memory mutations, plan edit
operations or tool calls), with everything the final message needs kept in its workings.

The workings (`EmbeddedWorkings`, never shown to the user): the router's `RoutingDecision`,
the `PlannedChange` behind the edits (or why there are none), what the tool results say for a
progress answer, and the exercise and cues a technique answer uses.
"""

from __future__ import annotations

from dataclasses import dataclass

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.decision import (
    BrainDecision,
    BrainRequest,
    BrainWorkings,
    DecisionNotes,
    ToolCall,
)
from fitcoach.brain.ports import Locale
from fitcoach.brain.providers.embedded.compose.change import NONE, PlannedChange
from fitcoach.brain.providers.embedded.compose.context import TurnView, understand
from fitcoach.brain.providers.embedded.compose.dialogue import suggested_replies
from fitcoach.brain.providers.embedded.compose.edits import plan_change
from fitcoach.brain.providers.embedded.compose.form import FormFacts, form_facts
from fitcoach.brain.providers.embedded.compose.memory import memory_mutations
from fitcoach.brain.providers.embedded.compose.progress import (
    ProgressFacts,
    progress_facts,
    tool_calls,
)
from fitcoach.brain.providers.embedded.nlu.router import Intent, RoutingDecision


@dataclass(frozen=True, slots=True)
class EmbeddedWorkings(BrainWorkings):
    """What the embedded brain decided from, for the message it writes afterwards."""

    routing: RoutingDecision
    change: PlannedChange = NONE
    progress: ProgressFacts | None = None  # a progress answer's facts from the tool results
    form: FormFacts | None = None  # a technique answer's exercise and cues


def decide(request: BrainRequest) -> BrainDecision:
    view = understand(request)
    routing = view.routing

    def decision(workings: EmbeddedWorkings,
                 calls: tuple[ToolCall, ...] = ()) -> BrainDecision:
        change = workings.change
        staged = change.proposal_type is not ProposalType.NONE
        return BrainDecision(proposal_type=change.proposal_type,
                             target_day=change.target_day if staged else None,
                             edits=change.edits if staged else (), tool_calls=calls,
                             memory_mutations=memory_mutations(view),
                             language=Locale(routing.reply_language),
                             notes=DecisionNotes(workings=workings),
                             suggested_replies=suggested_replies(view),
                             reject_pending=routing.reject_pending)

    if routing.intent is Intent.PROGRESS_REVIEW:
        if not request.tool_results:
            calls = tool_calls(view)
            if calls:
                return decision(EmbeddedWorkings(routing), calls)
        return decision(EmbeddedWorkings(
            routing, progress=progress_facts(view, request.tool_results)))
    form = form_facts(view) if routing.intent is Intent.FORM_QA else None
    return decision(EmbeddedWorkings(routing, change=plan_change(view), form=form))


def workings_of(decision: BrainDecision) -> EmbeddedWorkings | None:
    """The embedded brain's workings on a decision (None when another brain decided)."""
    workings = decision.notes.workings
    return workings if isinstance(workings, EmbeddedWorkings) else None


def view_of(request: BrainRequest, workings: EmbeddedWorkings | None) -> TurnView:
    """The view `decide` worked from (rebuilt when the decision came from elsewhere)."""
    if workings is None:
        return understand(request)
    return TurnView(request=request, today=workings.routing.analysis.today,
                    routing=workings.routing)
