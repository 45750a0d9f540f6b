"""Staged proposals: when one may be accepted or rejected, and the plan accepting it writes
(DESIGN D6).

The HTTP service (`api/coach/proposals.py`, inside its locked write transaction) and the
terminal session (`chat_session.py`, in memory) both follow these rules; they differ only in
where proposals and plan versions are kept. Pure: no I/O, no clock.

- Accepting an accepted proposal answers its plan again (idempotent).
- A rejected or superseded proposal, or one built on a plan version that is no longer the
  latest (outdated), is refused and nothing changes.
- Otherwise the proposal's plan becomes the next version: an UPDATE_WEEK's plan as it is, an
  UPDATE_DAY's day placed into the plan as it stands this week.
- Rejecting a pending proposal rejects it; rejecting a rejected or superseded one changes
  nothing; an accepted proposal cannot be rejected.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from fitcoach.brain.contract import ProposalType
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.programming.calendar import place_day
from fitcoach.programming.plan import DayPlan, WeeklyPlan

THIS_PROPOSAL = "this proposal"


class ProposalStatus(StrEnum):
    PENDING = "pending"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    SUPERSEDED = "superseded"


class Refusal(StrEnum):
    """Why a proposal cannot be accepted or rejected (the HTTP error codes, 409)."""

    REJECTED = "proposal_rejected"
    SUPERSEDED = "proposal_superseded"
    OUTDATED = "proposal_outdated"
    ACCEPTED = "proposal_accepted"
    NO_PLAN = "no_plan"


class ProposalRefused(Exception):
    """The request is refused and nothing changes; `code` is stable, the message says why."""

    def __init__(self, code: Refusal, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class AcceptStep(StrEnum):
    REPLAY = "replay"  # already accepted: answer the plan version it wrote
    APPLY = "apply"  # write its plan as the next version


def accept_step(status: ProposalStatus | str, *, base_version: int | None,
                current_version: int | None, name: str = THIS_PROPOSAL) -> AcceptStep:
    """What accepting a proposal in `status`, staged on `base_version`, does while the plan
    is at `current_version`; raises `ProposalRefused` when it may not be accepted."""
    status = ProposalStatus(status)
    if status is ProposalStatus.ACCEPTED:
        return AcceptStep.REPLAY
    if status is ProposalStatus.REJECTED:
        raise ProposalRefused(Refusal.REJECTED, f"{name} was rejected; ask the coach again")
    if status is ProposalStatus.SUPERSEDED:
        raise ProposalRefused(Refusal.SUPERSEDED, f"a newer proposal replaced {name}")
    if base_version != current_version:
        raise ProposalRefused(Refusal.OUTDATED,
                              f"{name} was built on plan version {base_version}, the plan is "
                              f"now at version {current_version}: it is outdated")
    return AcceptStep.APPLY


def next_version(current_version: int | None) -> int:
    return (current_version or 0) + 1


def plan_after_accept(proposal_type: ProposalType | str, target_day: Weekday | str | None,
                      data: WeeklyPlan | DayPlan | Mapping[str, Any] | None,
                      base: WeeklyPlan | None) -> WeeklyPlan:
    """The plan accepting writes. `base` is the plan as it stands this week (carried forward
    when it was made for an earlier week), without completions: what a day is placed into."""
    if ProposalType(proposal_type) is ProposalType.UPDATE_WEEK:
        return data if isinstance(data, WeeklyPlan) else WeeklyPlan.model_validate(data)
    if ProposalType(proposal_type) is not ProposalType.UPDATE_DAY or data is None:
        raise ValueError(f"a {proposal_type} proposal has no plan to accept")
    if base is None or target_day is None:
        raise ProposalRefused(Refusal.NO_PLAN,
                              "there is no plan whose day this proposal could change")
    day = data if isinstance(data, DayPlan) else DayPlan.model_validate(data)
    return place_day(base, Weekday(target_day), day)


def status_after_reject(status: ProposalStatus | str, *,
                        name: str = THIS_PROPOSAL) -> ProposalStatus:
    """The status rejecting leaves: a pending proposal is rejected, a rejected or superseded
    one stays as it is; an accepted one is refused."""
    status = ProposalStatus(status)
    if status is ProposalStatus.ACCEPTED:
        raise ProposalRefused(Refusal.ACCEPTED, f"{name} was already accepted")
    return ProposalStatus.REJECTED if status is ProposalStatus.PENDING else status
