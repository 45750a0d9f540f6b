"""Parallel requests of one user against a real server: nothing lost, nothing duplicated.

Ten threads start together (a barrier) and each sends one request to uvicorn on loopback;
the assertions are about the database afterwards, never about timing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import func, select

from fitcoach.store.database import Database
from fitcoach.store.models import (
    ChatMessageRow,
    MemoryAuditRow,
    PlanVersionRow,
    ProposalRow,
    WorkoutLogRow,
    WorkoutSetRow,
)
from tests.e2e.conftest import Api, one_set, sign_up
from tests.e2e.live import live_server

PARALLEL = 10


@pytest.fixture
def base_url(app: FastAPI) -> Iterator[str]:
    with live_server(app) as url:
        yield url


@pytest.fixture
def user(base_url: str) -> Iterator[Api]:
    with httpx.Client(base_url=base_url, timeout=60) as client:
        yield sign_up(client)


def in_parallel(base_url: str, api: Api,
                request: Callable[[Api, int], httpx.Response]) -> list[httpx.Response]:
    """Run `request(api, i)` for i in 0..PARALLEL-1 at once, one connection per thread."""
    barrier = threading.Barrier(PARALLEL)

    def one(index: int) -> httpx.Response:
        with httpx.Client(base_url=base_url, timeout=60) as client:
            mine = Api(client, api.user_id, api.token, api.now)
            barrier.wait()
            return request(mine, index)

    with ThreadPoolExecutor(PARALLEL) as pool:
        return list(pool.map(one, range(PARALLEL)))


def chat(message: str) -> Callable[[Api, int], httpx.Response]:
    return lambda api, i: api.post("/api/coach/chat", {"message": message.format(i=i)})


def _count(database: Database, *where: Any, model: Any) -> int:
    with database.read() as session:
        return session.scalar(select(func.count()).select_from(model).where(*where)) or 0


def test_ten_parallel_turns_lose_no_memory(base_url: str, user: Api,
                                           database: Database) -> None:
    responses = in_parallel(base_url, user, chat("remember: fact number {i}"))
    assert [r.status_code for r in responses] == [200] * PARALLEL
    created = [r.json()["memory_mutations"][0]["memory_id"] for r in responses]
    assert len(set(created)) == PARALLEL
    staples = user.memory()["tier_1_staples"]
    assert sorted(item["fact"] for item in staples) == sorted(
        f"fact number {i}" for i in range(PARALLEL))
    assert {item["memory_id"] for item in staples} == set(created)
    assert _count(database, ChatMessageRow.user_id == user.user_id,
                  model=ChatMessageRow) == 2 * PARALLEL


def test_ten_parallel_turns_duplicate_no_memory(base_url: str, user: Api,
                                                database: Database) -> None:
    responses = in_parallel(base_url, user, chat("remember: Trains in the evening"))
    assert [r.status_code for r in responses] == [200] * PARALLEL
    applied = [m for r in responses for m in r.json()["memory_mutations"]]
    assert len(applied) == 1
    assert len(user.memory()["tier_1_staples"]) == 1
    assert _count(database, MemoryAuditRow.user_id == user.user_id,
                  model=MemoryAuditRow) == 1


def test_parallel_deletes_never_delete_twice(base_url: str, user: Api,
                                             database: Database) -> None:
    for i in range(3):
        user.chat(f"remember: old fact {i}")
    responses = in_parallel(base_url, user, chat("forget first"))
    assert all(r.status_code in (200, 409) for r in responses)
    deleted = [m["memory_id"] for r in responses if r.status_code == 200
               for m in r.json()["memory_mutations"]]
    assert len(deleted) == len(set(deleted))
    with database.read() as session:
        audited = session.scalars(select(MemoryAuditRow.memory_id).where(
            MemoryAuditRow.user_id == user.user_id,
            MemoryAuditRow.operation == "DELETE")).all()
    assert sorted(audited) == sorted(deleted)
    remaining = user.memory()["tier_1_staples"]
    assert len(remaining) + len(deleted) == 3


def test_parallel_proposals_leave_exactly_one_pending(base_url: str, user: Api,
                                                      database: Database) -> None:
    responses = in_parallel(base_url, user, chat("week Idea {i}"))
    assert [r.status_code for r in responses] == [200] * PARALLEL
    with database.read() as session:
        statuses = session.scalars(select(ProposalRow.status)
                                   .where(ProposalRow.user_id == user.user_id)).all()
    assert sorted(statuses) == ["pending"] + ["superseded"] * (PARALLEL - 1)


def test_a_proposal_accepted_from_ten_tabs_is_applied_once(base_url: str, user: Api,
                                                           database: Database) -> None:
    proposal_id = user.chat("week")["proposal"]["id"]
    responses = in_parallel(base_url, user,
                            lambda api, i: api.accept(proposal_id))
    assert [r.status_code for r in responses] == [200] * PARALLEL
    assert {r.json()["version"] for r in responses} == {1}
    assert _count(database, PlanVersionRow.user_id == user.user_id, model=PlanVersionRow) == 1


def test_a_workout_retried_from_ten_threads_is_logged_once(base_url: str, user: Api,
                                                           database: Database) -> None:
    body = one_set(idempotency_key="session-1")
    responses = in_parallel(base_url, user, lambda api, i: api.log(body))
    assert [r.status_code for r in responses] == [201] * PARALLEL
    assert len({r.json()["log_id"] for r in responses}) == 1
    assert _count(database, WorkoutLogRow.user_id == user.user_id, model=WorkoutLogRow) == 1
    assert _count(database, WorkoutSetRow.user_id == user.user_id, model=WorkoutSetRow) == 1


def test_ten_different_workouts_are_all_logged(base_url: str, user: Api,
                                               database: Database) -> None:
    responses = in_parallel(base_url, user,
                            lambda api, i: api.log(one_set(weight_lbs=20 + i,
                                                           idempotency_key=f"k{i}")))
    assert [r.status_code for r in responses] == [201] * PARALLEL
    assert _count(database, WorkoutLogRow.user_id == user.user_id, model=WorkoutLogRow) == (
        PARALLEL)
    records = user.get("/api/prs/goblet-squat").json()
    assert records["max_weight_set"]["weight_lbs"] == 20 + PARALLEL - 1
