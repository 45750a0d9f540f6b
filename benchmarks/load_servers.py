"""Servers under load, and what the machine spends on them.

`Servers` starts one or more `fitcoach serve` processes (each with its uvicorn workers) on
one database, exactly as a user starts them; `CpuMeter` reads /proc to say how much CPU the
servers, the load generator and the whole machine used in a time window.
"""

from __future__ import annotations

import asyncio
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from benchmarks.load_client import Connection

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")

# The benchmark measures the service, not the abuse limits: rate limits are switched off
# (a closed-loop user sends far more than a person would, and every virtual user signs up
# from 127.0.0.1, one client address).
BENCH_ENVIRONMENT = {
    "FITCOACH_RATE_LIMIT_CHAT_PER_MINUTE": "0",
    "FITCOACH_RATE_LIMIT_LOG_PER_MINUTE": "0",
    "FITCOACH_RATE_LIMIT_SIGNUP_PER_MINUTE": "0",
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _stats() -> Iterator[tuple[int, str, int, float]]:
    """Every live process: (pid, command name, parent pid, user + system CPU seconds)."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue  # it ended while we looked
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat.rsplit(")", 1)[1].split()
        yield int(entry), name, int(fields[1]), (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for pid, _, ppid, _ in _stats():
        tree.setdefault(ppid, []).append(pid)
    return tree


def process_tree(root: int) -> list[int]:
    tree, found, todo = _children(), [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(tree.get(pid, []))
    return found


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU of these processes so far (children that exited not included)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / CLOCK_TICKS


def all_processes() -> dict[int, tuple[str, float]]:
    """Every process's (command name, CPU seconds so far)."""
    return {pid: (name, cpu) for pid, name, _, cpu in _stats()}


def machine_busy() -> tuple[float, float]:
    """(busy, total) jiffies over all CPUs since boot."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle + iowait
    return sum(values) - idle, sum(values)


def wait_for_quiet(max_busy: float, timeout: float) -> float:
    """Wait (up to `timeout` s) until the machine's busy share over 2 s is below
    `max_busy`: other work on the cores would be measured as the server's slowness.
    Returns the last busy share seen."""
    deadline = time.monotonic() + timeout
    while True:
        busy, total = machine_busy()
        time.sleep(2.0)
        busy_now, total_now = machine_busy()
        share = (busy_now - busy) / max(1, total_now - total)
        if share <= max_busy or time.monotonic() > deadline:
            return share


def load_average() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass
class CpuWindow:
    seconds: float
    server_cpu: float
    generator_cpu: float
    machine_busy_share: float  # of all cores, 0..1
    load_before: float
    load_after: float
    database_cpu: float = 0.0  # PostgreSQL's processes
    others_cpu: float = 0.0  # every other process on the machine (other people's work)
    unattributed_cpu: float = 0.0
    others_top: list[tuple[str, float]] = field(default_factory=list)


@dataclass
class CpuMeter:
    server_pids: list[int]
    _start: tuple[float, float, float, tuple[float, float], float] | None = None
    _processes: dict[int, tuple[str, float]] = field(default_factory=dict)

    def start(self) -> None:
        self._processes = all_processes()
        self._start = (time.perf_counter(), cpu_seconds(self.server_pids), own_cpu(),
                       machine_busy(), load_average())

    def stop(self) -> CpuWindow:
        assert self._start is not None
        wall, server, generator, (busy, total), load = self._start
        busy_now, total_now = machine_busy()
        used: dict[str, float] = {}
        database = 0.0
        mine = {*self.server_pids, os.getpid()}
        for pid, (name, seconds) in all_processes().items():
            spent = seconds - self._processes.get(pid, (name, 0.0))[1]
            if pid in mine or spent <= 0:
                continue
            if name.startswith("postgres"):
                database += spent
            else:
                used[name] = used.get(name, 0.0) + spent
        server_cpu = cpu_seconds(self.server_pids) - server
        generator_cpu = own_cpu() - generator
        # What the machine was busy with that no living process accounts for: processes
        # that came and went within the window, and (in this VM) kernel time that a
        # round-trip-heavy load (PostgreSQL on loopback) leaves unattributed.
        unattributed = ((busy_now - busy) / CLOCK_TICKS - server_cpu - generator_cpu
                        - database - sum(used.values()))
        return CpuWindow(
            seconds=time.perf_counter() - wall, server_cpu=server_cpu,
            generator_cpu=generator_cpu,
            machine_busy_share=(busy_now - busy) / max(1, total_now - total),
            load_before=load, load_after=load_average(), database_cpu=database,
            others_cpu=sum(used.values()), unattributed_cpu=max(0.0, unattributed),
            others_top=sorted(used.items(), key=lambda kv: -kv[1])[:3])


@dataclass
class Servers:
    """`processes` × `fitcoach serve --workers workers` on `url`, on consecutive ports."""

    url: str
    processes: int = 1
    workers: int = 1
    extra_env: dict[str, str] = field(default_factory=dict)
    ports: list[int] = field(default_factory=list)
    _popen: list[subprocess.Popen[bytes]] = field(default_factory=list)
    _logs: list[IO[bytes]] = field(default_factory=list)

    def start(self) -> None:
        for index in range(self.processes):
            port = free_port()
            log = tempfile.TemporaryFile()  # noqa: SIM115 (closed by stop())
            env = {**os.environ, **BENCH_ENVIRONMENT, **self.extra_env,
                   "FITCOACH_DB": self.url, "FITCOACH_HOST": "127.0.0.1",
                   "FITCOACH_PORT": str(port)}
            command = [sys.executable, "-m", "fitcoach.cli", "serve",
                       "--workers", str(self.workers)]
            # Output goes to a file: a pipe nobody reads would fill up and stall the server.
            server = subprocess.Popen(command, env=env, stdout=log, stderr=log)
            self.ports.append(port)
            self._popen.append(server)
            self._logs.append(log)
            # One at a time: the first runs the migrations, the next find nothing to do.
            asyncio.run(self._wait_healthy(index))

    async def _wait_healthy(self, index: int) -> None:
        server, port = self._popen[index], self.ports[index]
        connection = Connection("127.0.0.1", port, timeout=5)
        try:
            for _ in range(600):
                if server.poll() is not None:
                    raise RuntimeError(f"the server exited: {self.log_tail(index)}")
                try:
                    if (await connection.request("GET", "/healthz")).status == 200:
                        break
                except (TimeoutError, OSError, Exception):
                    await connection.close()
                await asyncio.sleep(0.1)
            else:
                raise RuntimeError("the server did not become healthy")
            # Every worker must be up, not just the first that answered.
            await asyncio.sleep(1.0 if self.workers > 1 else 0.0)
        finally:
            await connection.close()

    def log_tail(self, index: int, chars: int = 3000) -> str:
        log = self._logs[index]
        log.flush()
        log.seek(0)
        return log.read().decode(errors="replace")[-chars:]

    def pids(self) -> list[int]:
        return [pid for server in self._popen for pid in process_tree(server.pid)]

    def worker_pids(self) -> list[int]:
        """The processes that serve requests (uvicorn's workers, or the server itself)."""
        pids = []
        for server in self._popen:
            tree = process_tree(server.pid)
            workers = [pid for pid in tree[1:] if _is_python(pid)]
            # uvicorn --workers N: a supervisor with N children (plus a resource tracker).
            pids.extend(workers if self.workers > 1 and workers else [server.pid])
        return pids

    def stop(self) -> None:
        for server in self._popen:
            if server.poll() is None:
                server.send_signal(signal.SIGINT)
        for server in self._popen:
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        for log in self._logs:
            log.close()

    def __enter__(self) -> Servers:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()


def _is_python(pid: int) -> bool:
    """A uvicorn worker: multiprocessing spawns it with `spawn_main` on its command line."""
    try:
        return b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


class Profiler:
    """py-spy sampling the serving processes for a window, aggregated into the functions
    that hold the most samples (self and inclusive)."""

    def __init__(self, pids: list[int], seconds: float, out: Path) -> None:
        self.out = out
        self.raw = [out.with_suffix(f".{pid}.txt") for pid in pids]
        self._procs = [
            subprocess.Popen([str(Path(sys.executable).with_name("py-spy")), "record",
                              "--pid", str(pid), "--duration", str(max(1, int(seconds))),
                              "--rate", "200", "--gil", "--format", "raw", "--output", str(raw),
                              "--nonblocking"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for pid, raw in zip(pids, self.raw, strict=True)]

    def finish(self, top: int = 40) -> str:
        for proc in self._procs:
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
        inclusive: dict[str, int] = {}
        own: dict[str, int] = {}
        total = 0
        for raw in self.raw:
            if not raw.exists():
                continue
            for line in raw.read_text().splitlines():
                stack, _, count_text = line.rpartition(" ")
                if not stack:
                    continue
                count = int(count_text)
                total += count
                frames = [_short(frame) for frame in stack.split(";")]
                for frame in set(frames):
                    inclusive[frame] = inclusive.get(frame, 0) + count
                own[frames[-1]] = own.get(frames[-1], 0) + count
        lines = [f"py-spy: {total} samples over {len(self.raw)} process(es)", "",
                 "self %  function"]
        lines += [f"{100 * n / total:6.1f}  {name}"
                  for name, n in sorted(own.items(), key=lambda kv: -kv[1])[:top]]
        lines += ["", "incl %  function"]
        lines += [f"{100 * n / total:6.1f}  {name}"
                  for name, n in sorted(inclusive.items(), key=lambda kv: -kv[1])[:top * 2]]
        text = "\n".join(lines) + "\n"
        self.out.write_text(text)
        return text


def _short(frame: str) -> str:
    # "function (path/to/module.py:123)" → "function (module.py)"
    name, _, where = frame.partition(" (")
    path = where.rstrip(")").rsplit(":", 1)[0]
    marker = "site-packages/"
    if marker in path:
        path = path.split(marker, 1)[1]
    elif "/src/" in path:
        path = path.split("/src/", 1)[1]
    return f"{name} ({path})"


# A `sitecustomize` module the servers import at start-up (it is put first on their
# PYTHONPATH): it times every SQLite write behind `store.database.SqliteWriteGate`, how long
# the writer waited for the gate and how long it held it, one line per write, flushed at
# once (uvicorn's workers are stopped without running atexit handlers).
_GATE_PROBE_SOURCE = '''
import os
import time
from contextlib import contextmanager

try:
    from fitcoach.store import database as _database
except Exception:  # a process without fitcoach on its path
    _database = None

if _database is not None and hasattr(_database, "SqliteWriteGate"):
    _held = _database.SqliteWriteGate.held
    _out = None

    @contextmanager
    def _timed(self):
        global _out
        asked = time.perf_counter()
        with _held(self):
            entered = time.perf_counter()
            try:
                yield
            finally:
                if _out is None:
                    _out = open(os.path.join(os.environ["FITCOACH_BENCH_GATE_PROBE"],
                                             f"{os.getpid()}.txt"), "a", buffering=1)
                _out.write(f"{time.time():.6f} {entered - asked:.6f} "
                           f"{time.perf_counter() - entered:.6f}\\n")

    _database.SqliteWriteGate.held = _timed
'''


@dataclass
class GateProbe:
    """Times the servers' SQLite write gate (wait and hold per write transaction)."""

    directory: Path

    @classmethod
    def create(cls) -> GateProbe:
        directory = Path(tempfile.mkdtemp(prefix="fitcoach-gate-probe-"))
        (directory / "sitecustomize.py").write_text(_GATE_PROBE_SOURCE)
        return cls(directory)

    def environment(self) -> dict[str, str]:
        path = os.pathsep.join(p for p in (str(self.directory), os.environ.get("PYTHONPATH"))
                               if p)
        return {"PYTHONPATH": path, "FITCOACH_BENCH_GATE_PROBE": str(self.directory)}

    def close(self) -> None:
        shutil.rmtree(self.directory, ignore_errors=True)

    def summary(self, start: float, stop: float) -> dict[str, float]:
        """Writes that ended between `start` and `stop` (wall clock): count, wait and hold
        percentiles in ms, and the share of the window the gate was held."""
        waits: list[float] = []
        holds: list[float] = []
        for file in self.directory.glob("*.txt"):
            for line in file.read_text().splitlines():
                ended, wait, hold = (float(x) for x in line.split())
                if start <= ended <= stop:
                    waits.append(1000 * wait)
                    holds.append(1000 * hold)
        if not holds:
            return {"writes": 0}
        from fitcoach.evals.stats import percentile

        result: dict[str, float] = {"writes": len(holds),
                                    "held_share": sum(holds) / 1000 / (stop - start)}
        for name, values in (("wait", waits), ("hold", holds)):
            result[f"{name}_mean"] = sum(values) / len(values)
            for share in (0.5, 0.99):
                result[f"{name}_p{int(share * 100)}"] = percentile(values, share)
        return result
