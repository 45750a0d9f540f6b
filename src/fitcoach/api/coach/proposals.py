"""Accepting and rejecting staged proposals: the only way a plan is ever written (D6).

The rules (what may be accepted, what accepting writes) are `brain.proposals`; this module
applies them to the stored proposal and plan versions in one locked write transaction.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy.orm import Session

from fitcoach.api.coach.repository import ProposalRepository
from fitcoach.api.coach.schemas import AcceptedPlan, ProposalDecision, ProposalStatus
from fitcoach.api.errors import (
    Conflict,
    NoPlanToEdit,
    NotFound,
    ProposalAccepted,
    ProposalOutdated,
    ProposalRejected,
    ProposalSuperseded,
)
from fitcoach.api.plans.materialise import PlanWeekRepository, accepted_week
from fitcoach.api.plans.repository import PlanRepository
from fitcoach.api.plans.service import overlay, this_week
from fitcoach.brain.ports import UserSettings
from fitcoach.brain.proposals import (
    AcceptStep,
    ProposalRefused,
    Refusal,
    accept_step,
    next_version,
    plan_after_accept,
    status_after_reject,
)
from fitcoach.programming.calendar import settled_days
from fitcoach.store.database import Database
from fitcoach.store.models import ProposalRow
from fitcoach.timekeeping import local_date


class ProposalSettled(Conflict):
    """The day the proposal changes was logged or is past (`brain.proposals`)."""

    code = Refusal.SETTLED.value


def _owned(session: Session, user_id: str, proposal_id: str) -> ProposalRow:
    row = ProposalRepository(session).get(user_id, proposal_id)
    if row is None:
        raise NotFound(f"no proposal {proposal_id!r}")
    return row


_ERRORS: dict[Refusal, type[Conflict]] = {
    Refusal.REJECTED: ProposalRejected,
    Refusal.SUPERSEDED: ProposalSuperseded,
    Refusal.OUTDATED: ProposalOutdated,
    Refusal.ACCEPTED: ProposalAccepted,
    Refusal.NO_PLAN: NoPlanToEdit,
    Refusal.SETTLED: ProposalSettled,
}


def _conflict(refused: ProposalRefused) -> Conflict:
    return _ERRORS[refused.code](refused.message)


def accept(database: Database, caller: UserSettings, proposal_id: str,
           now: dt.datetime) -> AcceptedPlan:
    """Write the proposal's plan as the next version, in one transaction, by the rules of
    `brain.proposals`: an accepted proposal answers its plan again; a rejected, superseded or
    outdated one, or a day edit of a day already logged or past (`proposal_settled`), is
    refused with 409 and nothing changes."""
    user_id = caller.user_id
    with database.write(lock_user=user_id) as session:
        row = _owned(session, user_id, proposal_id)
        plans = PlanRepository(session)
        current = plans.latest(user_id) if row.status != ProposalStatus.ACCEPTED.value else None
        current_version = current.version if current else None
        try:
            step = accept_step(row.status, base_version=row.base_plan_version,
                               current_version=current_version)
            if step is AcceptStep.REPLAY:
                stored = plans.get(user_id, row.result_version) \
                    if row.result_version is not None else None
                if stored is None:  # a plan version is never deleted while its user exists
                    raise RuntimeError(f"{proposal_id} points at a missing plan version")
                return AcceptedPlan(plan=overlay(session, user_id, stored.plan),
                                    version=stored.version)
            found = this_week(session, user_id, caller.timezone, now) if current else None
            shown = found[1] if found else None  # this week's plan, as the user sees it
            base = shown.plan if shown else None
            settled = settled_days(overlay(session, user_id, base),
                                   local_date(now, caller.timezone)) if base else frozenset()
            plan = plan_after_accept(row.type, row.target_day, row.data, base,
                                     settled=settled)
        except ProposalRefused as refused:
            raise _conflict(refused) from refused
        version = next_version(current_version)
        plans.add(user_id, version, plan, row.id, now)
        # The accepted week is kept as accepted, with the peak later weeks are shaped from.
        PlanWeekRepository(session).put(user_id, accepted_week(shown, plan, version), now)
        row.status = ProposalStatus.ACCEPTED.value
        row.result_version = version
        row.decided_at = now
        return AcceptedPlan(plan=overlay(session, user_id, plan), version=version)


def reject(database: Database, caller: UserSettings, proposal_id: str,
           now: dt.datetime) -> ProposalDecision:
    """Turn a staged proposal down. Rejecting again, or rejecting one that a newer proposal
    already replaced, changes nothing; an accepted proposal cannot be rejected (409)."""
    with database.write(lock_user=caller.user_id) as session:
        row = _owned(session, caller.user_id, proposal_id)
        try:
            status = status_after_reject(row.status)
        except ProposalRefused as refused:
            raise _conflict(refused) from refused
        if status.value != row.status:
            row.status = status.value
            row.decided_at = now
        return ProposalDecision(proposal_id=row.id, status=ProposalStatus(row.status))
