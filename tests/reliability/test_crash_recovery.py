"""A crash between writes (issue 7, "Faults"): a real `fitcoach serve` process on SQLite (WAL)
and on PostgreSQL takes a stream of workout logs and plan accepts from several clients, is
killed with SIGKILL in the middle of it, and is started again on the same database.

After the restart every acknowledged (2xx) log is there exactly once with all its sets,
every acknowledged accept's plan version is there, and nothing is half-written: no log
without all of its sets, no plan version without its accepted proposal or the other way
round, no gap in the versions. Logs whose answer was lost are then retried with their
idempotency keys, and each lands exactly once.

A SIGKILL is a process crash: the operating system keeps what was written. A power cut can
also lose what the OS had not written to the disk yet; see docs/reliability.md for why
SQLite runs with synchronous=FULL (and PostgreSQL with synchronous_commit=on) for that.
About 15 s for both databases (two server start-ups each).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from fitcoach.api.dependencies import CLOCK_HEADER
from fitcoach.store.database import Database
from fitcoach.store.models import PlanVersionRow, ProposalRow, WorkoutLogRow, WorkoutSetRow
from tests.e2e.test_embedded_brain_over_http import ONBOARDING
from tests.reliability.served import Server
from tests.store.databases import BACKENDS, provision

ACKED_LOGS_BEFORE_KILL = 30
ACKED_ACCEPTS_BEFORE_KILL = 3
LOGGERS = 3
WEEK_CHANGES = ("Make it 5 days a week", "Make it 4 days a week")
# A pinned Monday morning, and logs from the Monday before: nothing in the plan's week is
# done or past (settled days are never changed), so every week change can be staged
# whatever day the suite runs on.
NOW = "2026-09-14T08:00:00+00:00"
LOGGED_AT = "2026-09-07T18:00:00+00:00"


@dataclass
class Ledger:
    """What the clients sent and what the server acknowledged."""

    sets_by_key: dict[str, int] = field(default_factory=dict)  # every log sent
    acked_logs: dict[str, str] = field(default_factory=dict)  # key -> log_id
    acked_accepts: dict[str, int] = field(default_factory=dict)  # proposal id -> version
    errors: list[str] = field(default_factory=list)  # unexpected answers (not cut-offs)
    lock: threading.Lock = field(default_factory=threading.Lock)
    stop: threading.Event = field(default_factory=threading.Event)


def log_body(key: str, sets: int) -> dict[str, Any]:
    return {"idempotency_key": key, "completed_at": LOGGED_AT, "exercises_logged": [
        {"exercise_id": "goblet-squat",
         "sets": [{"weight_lbs": 40 + index, "reps": 10} for index in range(sets)]},
        {"exercise_id": "push-up", "sets": [{"reps": 12}]}]}


def logger(base_url: str, headers: dict[str, str], worker: int, ledger: Ledger) -> None:
    with httpx.Client(base_url=base_url, headers=headers, timeout=30) as client:
        for index in range(10_000):
            if ledger.stop.is_set():
                return
            key, sets = f"w{worker}-{index}", 1 + index % 4
            with ledger.lock:
                ledger.sets_by_key[key] = sets + 1  # and the push-up set
            try:
                response = client.post("/api/workouts/log", json=log_body(key, sets))
            except httpx.TransportError:
                return  # the server is gone: this answer never came
            if response.status_code == 201:
                with ledger.lock:
                    ledger.acked_logs[key] = response.json()["log_id"]
            else:
                ledger.errors.append(f"log {key}: {response.status_code} {response.text}")


def planner(base_url: str, headers: dict[str, str], ledger: Ledger) -> None:
    with httpx.Client(base_url=base_url, headers=headers, timeout=30) as client:
        for index in range(10_000):
            if ledger.stop.is_set():
                return
            try:
                turn = client.post("/api/coach/chat",
                                   json={"message": WEEK_CHANGES[index % 2]})
                proposal_id = turn.json()["proposal"]["id"] if turn.status_code == 200 else None
                if proposal_id is None:
                    ledger.errors.append(f"chat: {turn.status_code} {turn.text[:200]}")
                    continue
                accepted = client.post(f"/api/coach/proposals/{proposal_id}/accept")
            except httpx.TransportError:
                return
            if accepted.status_code == 200:
                with ledger.lock:
                    ledger.acked_accepts[proposal_id] = accepted.json()["version"]
            else:
                ledger.errors.append(f"accept: {accepted.status_code} {accepted.text}")


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    with provision(request.param, tmp_path) as database:
        yield database


def test_a_killed_server_loses_no_acknowledged_write_and_leaves_none_half_done(
        database: Database, tmp_path: Path) -> None:
    server = Server(database.url.render_as_string(hide_password=False), tmp_path)
    try:
        server.start()
        user = httpx.post(f"{server.url}/api/users", json={"display_name": "Crash"}).json()
        headers = {"Authorization": f"Bearer {user['token']}", CLOCK_HEADER: NOW}
        onboarding = httpx.post(f"{server.url}/api/coach/chat", headers=headers, timeout=30,
                                json={"message": ONBOARDING["en"]}).json()
        first = httpx.post(f"{server.url}/api/coach/proposals/{onboarding['proposal']['id']}"
                           "/accept", headers=headers, timeout=30)
        assert first.status_code == 200

        ledger = Ledger()
        threads = [threading.Thread(target=logger, args=(server.url, headers, worker, ledger))
                   for worker in range(LOGGERS)]
        threads.append(threading.Thread(target=planner, args=(server.url, headers, ledger)))
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 120
        while (len(ledger.acked_logs) < ACKED_LOGS_BEFORE_KILL
               or len(ledger.acked_accepts) < ACKED_ACCEPTS_BEFORE_KILL):
            assert time.monotonic() < deadline, "the stream did not get going"
            assert not ledger.errors, ledger.errors
            time.sleep(0.01)
        server.kill()  # while requests are in flight
        ledger.stop.set()
        for thread in threads:
            thread.join(timeout=60)
        assert not ledger.errors, ledger.errors

        server.start()  # the same database, after the crash
        check_nothing_lost_or_half_written(database, user["user_id"], ledger)
        retry_unacknowledged_logs(server.url, headers, ledger, database, user["user_id"])
        plan = httpx.get(f"{server.url}/api/plans/current", headers=headers)
        assert plan.status_code == 200
    finally:
        server.stop()


def check_nothing_lost_or_half_written(database: Database, user_id: str,
                                      ledger: Ledger) -> None:
    with database.read() as session:
        logs = {row.idempotency_key: row.id for row in session.scalars(
            select(WorkoutLogRow).where(WorkoutLogRow.user_id == user_id))}
        sets = dict(session.execute(
            select(WorkoutSetRow.log_id, func.count()).where(WorkoutSetRow.user_id == user_id)
            .group_by(WorkoutSetRow.log_id)).all())
        versions = {row.version: row.proposal_id for row in session.scalars(
            select(PlanVersionRow).where(PlanVersionRow.user_id == user_id))}
        proposals = {row.id: row for row in session.scalars(
            select(ProposalRow).where(ProposalRow.user_id == user_id))}
    # Every acknowledged log is there, once, under the id the client was given.
    for key, log_id in ledger.acked_logs.items():
        assert logs.get(key) == log_id, key
    # Every stored log is whole: all the sets its request carried (acknowledged or not).
    for key, log_id in logs.items():
        assert sets.get(log_id) == ledger.sets_by_key[key], key
    assert len(logs) == len(set(logs.values()))
    # Every acknowledged accept's version is there, written by that proposal.
    for proposal_id, version in ledger.acked_accepts.items():
        assert versions.get(version) == proposal_id
    # Versions 1..n without gaps, each with its proposal accepted, and no accepted proposal
    # without its version.
    assert sorted(versions) == list(range(1, len(versions) + 1))
    for version, proposal_id in versions.items():
        assert proposals[proposal_id].status == "accepted"
        assert proposals[proposal_id].result_version == version
    for proposal in proposals.values():
        if proposal.status == "accepted":
            assert versions.get(proposal.result_version) == proposal.id


def retry_unacknowledged_logs(base_url: str, headers: dict[str, str], ledger: Ledger,
                              database: Database, user_id: str) -> None:
    unanswered = [key for key in ledger.sets_by_key if key not in ledger.acked_logs]
    with httpx.Client(base_url=base_url, headers=headers, timeout=30) as client:
        for key in unanswered:
            sets = ledger.sets_by_key[key] - 1
            response = client.post("/api/workouts/log", json=log_body(key, sets))
            assert response.status_code == 201, response.text
        for key, log_id in ledger.acked_logs.items():  # a retry of an acknowledged one
            again = client.post("/api/workouts/log",
                                json=log_body(key, ledger.sets_by_key[key] - 1))
            assert again.json()["log_id"] == log_id
    with database.read() as session:
        keys = session.scalars(select(WorkoutLogRow.idempotency_key).where(
            WorkoutLogRow.user_id == user_id)).all()
    assert sorted(keys) == sorted(ledger.sets_by_key)
