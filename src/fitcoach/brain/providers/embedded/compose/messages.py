"""`compose_message`: the coach's reply once the engine has answered (or refused).

Dispatches on the routed intent, writes the sentences in the reply language and the user's
tone, and keeps to the verbosity budget (`reply.budget_for`). A refused change is answered
honestly from `notes.rejected`, whatever the intent was.
"""

from __future__ import annotations

from collections.abc import Sequence

from fitcoach.brain.contract import ProposalType
from fitcoach.brain.decision import BrainDecision, BrainRequest, Materialized
from fitcoach.brain.providers.embedded.compose.block_news import announce_new_block
from fitcoach.brain.providers.embedded.compose.change import NONE, PlannedChange
from fitcoach.brain.providers.embedded.compose.context import TurnView
from fitcoach.brain.providers.embedded.compose.decision import view_of, workings_of
from fitcoach.brain.providers.embedded.compose.dialogue import (
    dialogue_reply,
    plan_question_reply,
)
from fitcoach.brain.providers.embedded.compose.form import form_reply
from fitcoach.brain.providers.embedded.compose.plan_replies import (
    acute_reply,
    day_reply,
    event_reply,
    onboarding_reply,
    staged,
    swap_reply,
    week_reply,
)
from fitcoach.brain.providers.embedded.compose.progress import ProgressFacts, progress_reply
from fitcoach.brain.providers.embedded.compose.rejections import rejection_reply
from fitcoach.brain.providers.embedded.compose.reply import (
    DEFAULT_BUDGET,
    Reply,
    budget_for,
)
from fitcoach.brain.providers.embedded.compose.talk import (
    conversation_reply,
    memory_acknowledgement,
    memory_reply,
    noted_items,
    onboarding_question,
    skip_reply,
    unknown_reply,
)
from fitcoach.brain.providers.embedded.nlu.router import Intent
from fitcoach.memory.entries import MemoryMutation, Operation, Tier

# Honesty before brevity: a refusal says what failed, why, and what still happened.
REJECTION_BUDGET = DEFAULT_BUDGET


def compose_message(request: BrainRequest, decision: BrainDecision,
                    outcome: Materialized | None) -> str:
    notes, workings = decision.notes, workings_of(decision)
    view = view_of(request, workings)
    reply = Reply(view.language, view.tone, view.salt)
    mutations = decision.memory_mutations
    if notes.rejected:
        rejection_reply(reply, view, notes.problems, memory_kept=bool(mutations))
        return reply.render(REJECTION_BUDGET)
    intent = view.routing.intent
    change: PlannedChange = workings.change if workings is not None else NONE
    if intent is Intent.ONBOARDING and outcome is not None and outcome.plan is not None:
        onboarding_reply(reply, view, change, outcome, noted_items(view, mutations))
        staged(reply, view, None)
    elif intent in (Intent.ONBOARDING, Intent.ONBOARDING_QUESTION):
        onboarding_question(reply, view, mutations)
    elif change.skip is not None:
        _skipped(reply, view, change, mutations)
    elif outcome is not None and outcome.plan is not None:
        _proposal(reply, view, change, outcome, mutations)
    elif intent is Intent.PROGRESS_REVIEW:
        progress_reply(reply, view, (workings.progress if workings is not None else None)
                       or ProgressFacts())
        memory_acknowledgement(reply, view, mutations, optional=True)
    elif intent is Intent.FORM_QA:
        form_reply(reply, view, workings.form if workings is not None else None)
        memory_acknowledgement(reply, view, mutations, optional=True)
    elif intent is Intent.MEMORY_UPDATE:
        memory_reply(reply, view, mutations)
    elif intent is Intent.CONVERSATION:
        conversation_reply(reply, view)
    elif intent is Intent.PLAN_QUESTION:
        plan_question_reply(reply, view)
    elif intent in (Intent.CLARIFY, Intent.REJECT_PROPOSAL, Intent.CONFIRM_STAGED):
        dialogue_reply(reply, view)
    else:
        unknown_reply(reply, view)
    announce_new_block(reply, view)
    return reply.render(budget_for(view.routing.brevity, view.tone))


def _proposal(reply: Reply, view: TurnView, change: PlannedChange, outcome: Materialized,
              mutations: Sequence[MemoryMutation]) -> None:
    intent = view.routing.intent
    if intent is Intent.GYM_SWAP:
        swap_reply(reply, view, change, outcome)
    elif intent is Intent.ACUTE_STATE:
        acute_reply(reply, view, change, outcome, noted=_noted_acute(mutations))
    elif intent is Intent.SITUATIONAL_EVENT:
        event_reply(reply, view, change, outcome)
    elif intent is Intent.WEEK_OVERHAUL:
        week_reply(reply, view, change, outcome)
    else:
        day_reply(reply, view, change, outcome)
    if intent is Intent.GYM_SWAP:
        return  # one sentence that already says it is staged
    memory_acknowledgement(reply, view, [m for m in mutations if _acknowledged(m)],
                           optional=True)
    if outcome.changed_days and not (intent is Intent.ACUTE_STATE and change.later):
        # (An acute reply that offers the later sessions says the staging in that sentence.)
        staged(reply, view, change.target_day if change.proposal_type is
               ProposalType.UPDATE_DAY else None)


def _skipped(reply: Reply, view: TurnView, change: PlannedChange,
             mutations: Sequence[MemoryMutation]) -> None:
    if view.routing.intent is Intent.ACUTE_STATE and _noted_acute(mutations):
        acute_reply(reply, view, change, None, noted=True)
    memory_acknowledgement(reply, view, [m for m in mutations if
                                         m.target_tier is Tier.STAPLES], optional=True)
    skip_reply(reply, view, change)


def _acknowledged(mutation: MemoryMutation) -> bool:
    """Memory worth a word beside a proposal: staples, and an event called off."""
    return mutation.target_tier is Tier.STAPLES or (
        mutation.operation is Operation.DELETE and mutation.target_tier is Tier.SITUATIONAL)


def _noted_acute(mutations: Sequence[MemoryMutation]) -> bool:
    return any(m.operation is Operation.CREATE and m.target_tier is Tier.PHYSIOLOGICAL
               for m in mutations)
