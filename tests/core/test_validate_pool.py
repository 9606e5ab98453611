"""Workers never outnumber the files or the cores, and never outlive their parent."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil
import pytest
from click.testing import CliRunner

import kifuwiki.sitebuild.pool as pools
import kifuwiki.sitebuild.reports as reports_module
from kifuwiki.cli import cli
from kifuwiki.sitebuild.reports import report_paths

GAME = "a:(7K)\nb:(2Q)\na:Z!\na:Z!\na:Z!\na:Z!\n"  # several errors a file
REPO = Path(__file__).resolve().parents[2]


def _files(root: Path, count: int) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        (root / f"g{i:04d}.kifu").write_text(GAME, encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("requested", "tasks", "cores", "workers"),
    [(100_000, 1, 2, 1), (100_000, 3, 8, 3), (100_000, 50, 2, 2), (0, 50, 4, 4), (1, 50, 4, 1)],
)
def test_worker_count_is_capped(
    monkeypatch: pytest.MonkeyPatch, requested: int, tasks: int, cores: int, workers: int
) -> None:
    monkeypatch.setattr(pools, "available_cores", lambda: cores)
    assert pools.worker_count(requested, tasks) == workers


def test_a_huge_j_starts_no_more_workers_than_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[int] = []
    real = pools.process_context

    class Watched:
        def __init__(self, context: Any) -> None:
            self.context = context

        def Pool(self, workers: int, **kwargs: Any) -> Any:
            started.append(workers)
            return self.context.Pool(workers, **kwargs)

    class WatchedForks(pools.ForkedWorkers):
        def __init__(self, count: int, *args: Any) -> None:
            started.append(count)
            super().__init__(count, *args)

    monkeypatch.setattr(pools, "available_cores", lambda: 8)
    monkeypatch.setattr(
        pools, "process_context", lambda preload=(), **kw: Watched(real(preload, **kw))
    )
    monkeypatch.setattr(pools, "ForkedWorkers", WatchedForks)
    one = _files(tmp_path / "one", 1)
    three = _files(tmp_path / "three", 3)
    assert len(list(report_paths([one], jobs=100_000))) == 1
    assert started == []  # one file: checked here, no pool at all
    assert len(list(report_paths([three], jobs=100_000))) == 3
    assert started == []  # one chunk of files: no pool either
    monkeypatch.setattr(reports_module, "CHUNK", 1)
    assert len(list(report_paths([three], jobs=100_000))) == 3
    assert started == [2]  # three chunks: this process and two workers
    result = CliRunner().invoke(cli, ["validate", "-j", "100000", str(one / "g0000.kifu")])
    assert result.exit_code == 1 and started == [2]


def _descendants(pid: int) -> set[int]:
    try:
        return {child.pid for child in psutil.Process(pid).children(recursive=True)}
    except psutil.NoSuchProcess:
        return set()


def _alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE  # a zombie has exited
    except psutil.NoSuchProcess:
        return False


def _kill_parent_and_wait(command: list[str], wanted: int) -> set[int]:
    """Start ``command``, wait for ``wanted`` descendants, kill it with SIGKILL; the
    descendants still alive after a bounded wait (killed, so no test leaves orphans)."""
    env = {**os.environ, "PYTHONPATH": str(REPO / "plugins")}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    try:
        deadline = time.monotonic() + 60
        workers: set[int] = set()
        while time.monotonic() < deadline and len(workers) < wanted:
            time.sleep(0.2)
            workers = _descendants(process.pid)
        assert len(workers) >= wanted, f"the workers never started ({workers})"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(_alive(pid) for pid in workers):
        time.sleep(0.2)
    survivors = {pid for pid in workers if _alive(pid)}
    for pid in survivors:
        os.kill(pid, signal.SIGKILL)
    return survivors


linux_only = pytest.mark.skipif(
    not hasattr(os, "mkfifo"), reason="blocks workers on a named pipe (POSIX)"
)


@linux_only
def test_validate_workers_die_with_their_parent(tmp_path: Path) -> None:
    # Workers stuck on a file (a hanging record; here a named pipe nobody writes to,
    # whose open() blocks) used to stay alive, orphaned, when validate was killed.
    chunk = reports_module.CHUNK
    records = _files(tmp_path / "records", 4 * chunk)
    # One stuck file in each chunk: this process checks every other chunk itself.
    for stuck in range(0, 4 * chunk, chunk):
        (records / f"g{stuck:04d}.kifu").unlink()
        os.mkfifo(records / f"g{stuck:04d}.kifu")
    command = [sys.executable, "-m", "kifuwiki", "validate", "-j", "2", str(records)]
    # One worker (validate itself is the other process), forked from validate on Linux
    # (elsewhere a fork server too).
    assert _kill_parent_and_wait(command, wanted=1) == set()


PORTABLE = """
import sys, time
from multiprocessing import get_context
from kifuwiki.sitebuild.pool import watch_parent
def work(n):
    time.sleep(600)  # a worker busy on a task that does not end
if __name__ == "__main__":
    with get_context(sys.argv[1]).Pool(2, initializer=watch_parent) as pool:
        pool.map(work, range(2), chunksize=1)
"""


@linux_only
@pytest.mark.parametrize("method", ["fork", "forkserver", "spawn"])
def test_the_portable_watch_alone_ends_orphaned_workers(tmp_path: Path, method: str) -> None:
    # Without the Linux-only kernel signal: the parent's sentinel is what ends them.
    script = tmp_path / "portable.py"
    script.write_text(PORTABLE, encoding="utf-8")
    command = [sys.executable, str(script), method]
    wanted = 3 if method == "forkserver" else 2
    assert _kill_parent_and_wait(command, wanted=wanted) == set()


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priorities here")
def test_a_build_pool_runs_its_workers_at_the_lower_priority_asked_for() -> None:
    # A build's workers render pages beside MkDocs' page loop, the critical path; they
    # ask for a lower priority so the loop keeps its core (sitebuild.records).
    mine = os.nice(0)
    for niceness, expected in ((0, mine), (5, min(19, mine + 5))):
        pool = pools.start_executor(1, niceness=niceness)
        try:
            assert pool.submit(os.nice, 0).result(timeout=60) == expected
        finally:
            pool.shutdown()
    assert os.nice(0) == mine  # this process keeps its own
