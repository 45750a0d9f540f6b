"""SQLite writers queue in front of the database's one write lock (store.database).

No assertion here depends on timing: a waiting writer is observed through events set where
it waits, never through how long something took.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy import text

from fitcoach.store.database import Database, SqliteWriteGate


def test_a_held_gate_keeps_out_every_other_holder_until_released(tmp_path: Path) -> None:
    path = str(tmp_path / "gate.db")
    first, second = SqliteWriteGate(path), SqliteWriteGate(path)  # two "processes"
    with first.held():
        assert not second._try_flock()
    assert second._try_flock()


def test_a_writer_that_waited_past_the_timeout_goes_on_and_sqlite_decides(
        tmp_path: Path) -> None:
    path = str(tmp_path / "gate.db")
    holder, impatient = SqliteWriteGate(path), SqliteWriteGate(path, timeout_s=0)
    entered = False
    with holder.held(), impatient.held():
        entered = True
    assert entered


def test_a_queued_writer_waits_in_the_gate_without_holding_sqlites_lock(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db_file = tmp_path / "gate.db"
    database = Database(f"sqlite:///{db_file}")
    other_process = SqliteWriteGate(str(db_file))
    try:
        with database.write() as session:
            session.execute(text("CREATE TABLE t (step TEXT)"))
        gate = database._write_gate
        assert gate is not None
        # Far beyond any run: the writer must still be queued in the gate when the other
        # connection writes, however slow the machine (the default deadline is 15 s).
        gate.timeout_s = 3600
        refused = threading.Event()
        try_flock = gate._try_flock

        def observed_try_flock() -> bool:
            taken = try_flock()
            if not taken:
                refused.set()
            return taken

        monkeypatch.setattr(gate, "_try_flock", observed_try_flock)
        failures: list[BaseException] = []

        def writer() -> None:
            try:
                with database.write() as session:
                    session.execute(text("INSERT INTO t VALUES ('queued')"))
            except BaseException as failure:  # reported by the main thread
                failures.append(failure)

        with other_process.held():
            thread = threading.Thread(target=writer)
            thread.start()
            assert refused.wait(10), "the writer never reached the gate"
            # The queued writer holds no SQLite lock: another connection can still write.
            raw = sqlite3.connect(db_file, timeout=0, isolation_level=None)
            try:
                raw.execute("BEGIN IMMEDIATE")
                raw.execute("INSERT INTO t VALUES ('meanwhile')")
                raw.execute("COMMIT")
            finally:
                raw.close()
        thread.join(30)
        assert not thread.is_alive()
        assert not failures
        with database.read() as session:
            steps = session.execute(text("SELECT step FROM t ORDER BY rowid")).scalars().all()
        assert steps == ["meanwhile", "queued"]
        assert (tmp_path / "gate.db-writers.lock").exists()
    finally:
        database.dispose()


def test_threads_of_one_process_take_turns(tmp_path: Path) -> None:
    database = Database(f"sqlite:///{tmp_path / 'gate.db'}")
    try:
        with database.write() as session:
            session.execute(text("CREATE TABLE t (n INTEGER)"))
        inside = 0
        most_inside = 0
        count_lock = threading.Lock()
        start = threading.Barrier(8)

        def writer(n: int) -> None:
            nonlocal inside, most_inside
            start.wait(10)
            for _ in range(20):
                with database.write() as session:
                    with count_lock:
                        inside += 1
                        most_inside = max(most_inside, inside)
                    session.execute(text("INSERT INTO t VALUES (:n)"), {"n": n})
                    with count_lock:
                        inside -= 1

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert most_inside == 1
        with database.read() as session:
            assert session.execute(text("SELECT count(*) FROM t")).scalar_one() == 160
    finally:
        database.dispose()


def test_in_memory_databases_have_no_gate() -> None:
    database = Database("sqlite://")
    try:
        assert database._write_gate is None
    finally:
        database.dispose()


def test_a_thread_that_gave_up_waiting_does_not_release_the_holders_lock(
        tmp_path: Path) -> None:
    path = str(tmp_path / "gate.db")
    gate, other_process = SqliteWriteGate(path, timeout_s=0), SqliteWriteGate(path)
    a_inside, b_done, a_leave = threading.Event(), threading.Event(), threading.Event()
    failures: list[BaseException] = []

    def holder() -> None:
        try:
            with gate.held():
                a_inside.set()
                assert a_leave.wait(30)
        except BaseException as failure:  # reported by the main thread
            failures.append(failure)

    thread_a = threading.Thread(target=holder)
    thread_a.start()
    try:
        assert a_inside.wait(30)

        def impatient() -> None:
            with gate.held():  # timeout 0: gives up on the thread queue, goes on
                pass
            b_done.set()

        thread_b = threading.Thread(target=impatient)
        thread_b.start()
        thread_b.join(30)
        assert b_done.is_set()
        # A is still inside: another process still finds the lock taken.
        assert not other_process._try_flock()
    finally:
        a_leave.set()
        thread_a.join(30)
    assert not failures
    assert other_process._try_flock()


def _open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc/self/fd")
def test_disposing_a_database_closes_its_gate(tmp_path: Path) -> None:
    def cycle() -> None:
        database = Database(f"sqlite:///{tmp_path / 'gate.db'}")
        try:
            with database.write() as session:
                session.execute(text("CREATE TABLE IF NOT EXISTS t (n INTEGER)"))
                session.execute(text("INSERT INTO t VALUES (1)"))
        finally:
            database.dispose()

    cycle()  # anything opened once per process (imports, caches) is open from here on
    before = _open_fds()
    for _ in range(20):
        cycle()
    assert _open_fds() <= before


def test_a_forked_child_opens_its_own_descriptor_and_queue(tmp_path: Path) -> None:
    path = str(tmp_path / "gate.db")
    gate = SqliteWriteGate(path)
    with gate.held():
        pid = os.fork()
        if pid == 0:  # child: the parent's lock and queue are not its own
            code = 1
            try:
                if not gate._threads.locked() and gate._fd is None:
                    code = 0 if not gate._try_flock() else 2
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    gate.close()
