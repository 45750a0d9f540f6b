"""Accepting and rejecting staged proposals: the only way a plan is ever written (D6)."""

from __future__ import annotations

import datetime as dt

from sqlalchemy.orm import Session

from fitcoach.api.coach.repository import ProposalRepository
from fitcoach.api.coach.schemas import AcceptedPlan, ProposalDecision, ProposalStatus
from fitcoach.api.errors import (
    NoPlanToEdit,
    NotFound,
    ProposalAccepted,
    ProposalOutdated,
    ProposalRejected,
    ProposalSuperseded,
)
from fitcoach.api.plans.repository import PlanRepository, StoredPlan
from fitcoach.api.plans.service import effective_base, overlay
from fitcoach.brain.contract import ProposalType
from fitcoach.brain.ports import UserSettings
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.programming.calendar import place_day
from fitcoach.programming.plan import DayPlan, WeeklyPlan
from fitcoach.store.database import Database
from fitcoach.store.models import ProposalRow


def _owned(session: Session, user_id: str, proposal_id: str) -> ProposalRow:
    row = ProposalRepository(session).get(user_id, proposal_id)
    if row is None:
        raise NotFound(f"no proposal {proposal_id!r}")
    return row


def _new_plan(row: ProposalRow, current: StoredPlan | None, caller: UserSettings,
              now: dt.datetime) -> WeeklyPlan:
    if row.type == ProposalType.UPDATE_WEEK.value:
        return WeeklyPlan.model_validate(row.data)
    if current is None or row.target_day is None:
        raise NoPlanToEdit("there is no plan whose day this proposal could change")
    # The day goes into the plan as it stands this week (carried forward if need be).
    base = effective_base(current, now, caller.timezone)
    return place_day(base, Weekday(row.target_day), DayPlan.model_validate(row.data))


def accept(database: Database, caller: UserSettings, proposal_id: str,
           now: dt.datetime) -> AcceptedPlan:
    """Write the proposal's plan as the next version, in one transaction.

    Accepting an accepted proposal answers its plan again; a rejected, superseded or outdated
    one (the plan moved on since it was staged) is refused with 409 and nothing changes.
    """
    user_id = caller.user_id
    with database.write(lock_user=user_id) as session:
        row = _owned(session, user_id, proposal_id)
        plans = PlanRepository(session)
        if row.status == ProposalStatus.ACCEPTED.value and row.result_version is not None:
            stored = plans.get(user_id, row.result_version)
            if stored is None:  # a plan version is never deleted while its user exists
                raise RuntimeError(f"{proposal_id} points at a missing plan version")
            return AcceptedPlan(plan=overlay(session, user_id, stored.plan),
                                version=stored.version)
        if row.status == ProposalStatus.REJECTED.value:
            raise ProposalRejected("this proposal was rejected; ask the coach again")
        if row.status == ProposalStatus.SUPERSEDED.value:
            raise ProposalSuperseded("a newer proposal replaced this one")
        current = plans.latest(user_id)
        current_version = current.version if current else None
        if row.base_plan_version != current_version:
            raise ProposalOutdated(
                f"this proposal was built on plan version {row.base_plan_version}, "
                f"the plan is now at version {current_version}")
        plan = _new_plan(row, current, caller, now)
        version = (current_version or 0) + 1
        plans.add(user_id, version, plan, row.id, now)
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
        if row.status == ProposalStatus.ACCEPTED.value:
            raise ProposalAccepted("this proposal was already accepted")
        if row.status == ProposalStatus.PENDING.value:
            row.status = ProposalStatus.REJECTED.value
            row.decided_at = now
        return ProposalDecision(proposal_id=row.id, status=ProposalStatus(row.status))
