"""Staged proposals: when one may be accepted or rejected, and the plan accepting it writes
(DESIGN D6).

The application service applies these rules (`api/coach/proposals.py`, inside its locked
write transaction) for every caller: the HTTP API, and the terminal chat and the evals
in process (`fitcoach.local`). Pure: no I/O, no clock.

- Accepting an accepted proposal answers its plan again (idempotent).
- A rejected or superseded proposal, or one built on a plan version that is no longer the
  latest (outdated), is refused and nothing changes.
- Otherwise the proposal's plan becomes the next version: an UPDATE_WEEK's plan as it is, an
  UPDATE_DAY's day placed into the plan as it stands this week.
- Settled days (`programming.calendar.settled_days`: a workout already logged, or a date
  before the user's today) are re-checked at Accept, since a day can settle between staging
  and accepting (a log does not bump the plan version). As the engine does when it stages an
  edit (`programming.edits.apply.apply_edit`): an UPDATE_DAY whose day is settled is refused
  (`proposal_settled`) and nothing changes; an UPDATE_WEEK keeps the base plan's settled days
  as they are and writes the rest of its week.
- Rejecting a pending proposal rejects it; rejecting a rejected or superseded one changes
  nothing; an accepted proposal cannot be rejected.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from enum import StrEnum
from typing import Any

from fitcoach.brain.contract import ProposalType
from fitcoach.catalog.vocabulary import WEEKDAYS, Weekday
from fitcoach.programming.calendar import for_week, place_day
from fitcoach.programming.metrics import week_summary
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
    SETTLED = "proposal_settled"


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
                      base: WeeklyPlan | None, *,
                      settled: Collection[Weekday | str]) -> WeeklyPlan:
    """The plan accepting writes. `base` is the plan as it stands this week (carried forward
    when it was made for an earlier week), without completions: what a day is placed into.
    `settled` are its days no edit may change (`programming.calendar.settled_days` of `base`
    with its completions, given the user's local date): an UPDATE_DAY of one is refused; an
    UPDATE_WEEK for the base's week keeps the base's version of each."""
    frozen = frozenset(Weekday(day) for day in settled)
    if ProposalType(proposal_type) is ProposalType.UPDATE_WEEK:
        plan = data if isinstance(data, WeeklyPlan) else WeeklyPlan.model_validate(data)
        return _keep_settled(plan, base, frozen)
    if ProposalType(proposal_type) is not ProposalType.UPDATE_DAY or data is None:
        raise ValueError(f"a {proposal_type} proposal has no plan to accept")
    if base is None or target_day is None:
        raise ProposalRefused(Refusal.NO_PLAN,
                              "there is no plan whose day this proposal could change")
    weekday = Weekday(target_day)
    if weekday in frozen:
        raise ProposalRefused(Refusal.SETTLED,
                              f"{weekday.value.capitalize()} is already done or past: a "
                              f"workout that happened is history, so this proposal cannot "
                              f"change it")
    day = data if isinstance(data, DayPlan) else DayPlan.model_validate(data)
    return place_day(base, weekday, day)


def _keep_settled(plan: WeeklyPlan, base: WeeklyPlan | None,
                  settled: frozenset[Weekday]) -> WeeklyPlan:
    """`plan` with the base's settled days put back where it would change them. A week made
    for an earlier week is carried onto the base's dates first (as it would be read); one for
    a later week shares no date with the base and is written as it is."""
    if base is None or not settled:
        return plan
    plan = for_week(plan, base.week_start_date)
    if plan.week_start_date != base.week_start_date:
        return plan
    keep = {day: base.days[day] for day in settled
            if day in base.days and plan.days.get(day) != base.days[day]}
    if not keep:
        return plan
    merged = {**plan.days, **keep}
    days = {day: merged[day] for day in WEEKDAYS if day in merged}
    return plan.model_copy(update={"days": days, "summary": week_summary(days)})


def status_after_reject(status: ProposalStatus | str, *,
                        name: str = THIS_PROPOSAL) -> ProposalStatus:
    """The status rejecting leaves: a pending proposal is rejected, a rejected or superseded
    one stays as it is; an accepted one is refused."""
    status = ProposalStatus(status)
    if status is ProposalStatus.ACCEPTED:
        raise ProposalRefused(Refusal.ACCEPTED, f"{name} was already accepted")
    return ProposalStatus.REJECTED if status is ProposalStatus.PENDING else status
