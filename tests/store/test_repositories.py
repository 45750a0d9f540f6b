"""The repositories: each reads and writes one user's rows, and only theirs."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from fitcoach.api.coach.repository import ChatRepository, ProposalRepository
from fitcoach.api.ids import new_log_id, new_memory_id, new_proposal_id
from fitcoach.api.memory.repository import MemoryRepository
from fitcoach.api.plans.repository import PlanRepository
from fitcoach.api.workouts.repository import WorkoutRepository, new_log_row
from fitcoach.brain.contract import Proposal, ProposalType
from fitcoach.brain.ports import ChatRole, UserSettings
from fitcoach.memory.apply import apply_mutations
from fitcoach.memory.entries import MemoryMutation, Operation, Tier
from fitcoach.programming.calendar import Completion
from fitcoach.store.database import Database
from fitcoach.store.models import ProposalRow
from tests.e2e.scripted import weekly_plan
from tests.store.conftest import NOW


def _create(tier: Tier, entry: dict[str, object]) -> MemoryMutation:
    return MemoryMutation(operation=Operation.CREATE, target_tier=tier, entry=entry,
                          reason="test")


def test_memory_outcomes_round_trip(database: Database,
                                    new_user: Callable[..., UserSettings]) -> None:
    user, other = new_user(), new_user()
    soreness = {"body_part": "quads", "condition": "soreness", "fact": "sore quads",
                "effective_date": "2026-09-14", "expires_at": "2026-09-16T10:00:00+00:00"}
    with database.write(lock_user=user.user_id) as session:
        repository = MemoryRepository(session)
        outcome = apply_mutations(repository.live(user.user_id, NOW), [
            _create(Tier.STAPLES, {"category": "goal", "fact": "Get stronger"}),
            _create(Tier.PHYSIOLOGICAL, soreness)], NOW, new_memory_id)
        repository.save_outcome(user.user_id, outcome, "chat", NOW)
    staple, sore = outcome.created
    # Items of one turn share created_at; the id breaks the tie, as in the rendered context.
    both = sorted([staple, sore], key=lambda item: item.memory_id)
    with database.read() as session:
        repository = MemoryRepository(session)
        assert repository.live(user.user_id, NOW) == both
        later = NOW + dt.timedelta(days=3)
        assert repository.live(user.user_id, later) == [staple]
        assert repository.everything(user.user_id) == both
        assert repository.get(other.user_id, staple.memory_id) is None
        assert repository.live(other.user_id, NOW) == []

    with database.write(lock_user=user.user_id) as session:
        repository = MemoryRepository(session)
        update = MemoryMutation(operation=Operation.UPDATE, target_tier=Tier.STAPLES,
                                memory_id=staple.memory_id, reason="changed",
                                entry={"fact": "Get much stronger"})
        delete = MemoryMutation(operation=Operation.DELETE, target_tier=Tier.STAPLES,
                                memory_id=staple.memory_id, reason="done")
        outcome = apply_mutations(repository.live(user.user_id, NOW), [update, delete],
                                  NOW, new_memory_id)
        repository.save_outcome(user.user_id, outcome, "chat", NOW)
    with database.read() as session:
        stored = MemoryRepository(session).get(user.user_id, staple.memory_id)
    assert stored is not None
    assert stored.entry.fact == "Get much stronger"
    assert (stored.invalidated_at, stored.invalidation_reason) == (NOW, "done")


def test_plan_versions_and_completions(database: Database,
                                       new_user: Callable[..., UserSettings]) -> None:
    user, other = new_user(), new_user()
    plan = weekly_plan(NOW.date())
    with database.write(lock_user=user.user_id) as session:
        plans = PlanRepository(session)
        assert plans.latest(user.user_id) is None
        plans.add(user.user_id, 1, plan, None, NOW)
        plans.add(user.user_id, 2, plan.model_copy(update={"theme": "v2"}), None, NOW)
    with database.read() as session:
        plans = PlanRepository(session)
        latest = plans.latest(user.user_id)
        first = plans.get(user.user_id, 1)
        assert latest is not None
        assert (latest.version, latest.plan.theme) == (2, "v2")
        assert first is not None
        assert first.plan == plan
        assert plans.latest_version(user.user_id) == 2
        assert plans.latest(other.user_id) is None

    log_ids = []
    with database.write(lock_user=user.user_id) as session:
        workouts = WorkoutRepository(session)
        for hour in (9, 18, 12):
            log = new_log_row(new_log_id(), user.user_id, None, "h",
                              NOW.replace(hour=hour), "monday", NOW.date(), NOW)
            workouts.add(log, [])
            log_ids.append(log.id)
            PlanRepository(session).mark_completed(
                user.user_id, NOW.date(), Completion(log.id, NOW.replace(hour=hour)))
    with database.read() as session:
        completions = PlanRepository(session).completions(user.user_id, NOW.date(), NOW.date())
    # A day already completed is left alone (D7): the first log marked holds it.
    assert completions == {NOW.date(): Completion(log_ids[0], NOW.replace(hour=9))}


def test_superseding_touches_only_that_users_pending_proposals(
        database: Database, new_user: Callable[..., UserSettings]) -> None:
    user, other = new_user(), new_user()
    plan = weekly_plan(NOW.date())

    def staged(owner: UserSettings) -> str:
        proposal_id = new_proposal_id()
        proposal = Proposal(id=proposal_id, type=ProposalType.UPDATE_WEEK, summary_diff="s",
                            data=plan)
        with database.write(lock_user=owner.user_id) as session:
            ProposalRepository(session).add(owner.user_id, proposal, None, NOW)
        return proposal_id

    mine, theirs = staged(user), staged(other)
    with database.write(lock_user=user.user_id) as session:
        ProposalRepository(session).supersede_pending(user.user_id, NOW)
    with database.read() as session:
        statuses = {pid: session.get(ProposalRow, pid).status  # type: ignore[union-attr]
                    for pid in (mine, theirs)}
        assert ProposalRepository(session).get(other.user_id, mine) is None
    assert statuses == {mine: "superseded", theirs: "pending"}


def test_chat_history_is_the_latest_lines_oldest_first(
        database: Database, new_user: Callable[..., UserSettings]) -> None:
    user, other = new_user(), new_user()
    with database.write(lock_user=user.user_id) as session:
        chat = ChatRepository(session)
        for i in range(6):
            chat.add(user.user_id, ChatRole.USER if i % 2 == 0 else ChatRole.COACH, f"line {i}",
                     NOW + dt.timedelta(seconds=i))
        ChatRepository(session).add(other.user_id, ChatRole.USER, "not yours", NOW)
    with database.read() as session:
        lines = ChatRepository(session).recent(user.user_id, 4)
    assert [line.text for line in lines] == ["line 2", "line 3", "line 4", "line 5"]
    assert [line.role for line in lines] == [ChatRole.USER, ChatRole.COACH] * 2
