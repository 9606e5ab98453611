"""``ForkedWorkers``, the lean pool of ``validate -j`` on Linux: the same answers as calling
the function here, in order, whatever the sizes of tasks and answers (no pipe deadlock),
exceptions raised where the answer is read, and no worker left behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import kifuwiki.sitebuild.pool as pools

pytestmark = pytest.mark.skipif(not pools.can_fork_here(), reason="forks this process (Linux)")

REPO = Path(__file__).resolve().parents[2]


def echo_sizes(payload: bytes, answer: int) -> tuple[int, bytes]:
    return len(payload), b"r" * answer


def fail(kind: str) -> None:
    if kind == "value":
        raise ValueError("a task's own error")
    if kind == "unpicklable":
        raise UnpicklableError(lambda: None)
    os._exit(3)  # the worker dies


class UnpicklableError(Exception):
    def __init__(self, thing: object) -> None:
        super().__init__("holds a lambda")
        self.thing = thing


#: Tasks and answers from a few bytes to several pipes' worth, mixed; run in a child
#: process so that a deadlock fails the test by its timeout instead of hanging it.
MIXED = """
import sys
from kifuwiki.sitebuild.pool import ForkedWorkers
sys.path.insert(0, {tests!r})
from test_forked_workers import echo_sizes
sizes = [10, 70_000, 5, 300_000, 65_536, 1, 131_072, 40_000, 64_000, 3] * 3
expected = [echo_sizes(b"t" * s, sizes[-1 - i]) for i, s in enumerate(sizes)]
with ForkedWorkers(int(sys.argv[1])) as pool:
    handles = [pool.apply_async(echo_sizes, (b"t" * s, sizes[-1 - i])) for i, s in enumerate(sizes)]
    got = [handle.get() for handle in handles]
assert got == expected
print("ok", len(got))
"""


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_answers_come_back_in_order_whatever_their_size(workers: int) -> None:
    code = MIXED.format(tests=str(Path(__file__).parent))
    env = {**os.environ, "PYTHONPATH": str(REPO / "plugins")}
    result = subprocess.run(
        [sys.executable, "-c", code, str(workers)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["ok", "30"]


def test_a_task_error_is_raised_where_its_answer_is_read() -> None:
    with pools.ForkedWorkers(2) as pool:
        first = pool.apply_async(echo_sizes, (b"abc", 2))
        failing = pool.apply_async(fail, ("value",))
        after = pool.apply_async(echo_sizes, (b"", 0))
        assert first.get() == (3, b"rr")
        with pytest.raises(ValueError, match="a task's own error"):
            failing.get()
        assert after.get() == (0, b"")  # the worker goes on


def test_an_error_that_does_not_pickle_is_still_reported() -> None:
    with pools.ForkedWorkers(1) as pool:
        with pytest.raises(pools.TaskFailed, match="UnpicklableError: holds a lambda"):
            pool.apply_async(fail, ("unpicklable",)).get()
        assert pool.apply_async(echo_sizes, (b"x", 1)).get() == (1, b"r")


def test_a_dead_worker_is_an_error_not_a_hang() -> None:
    with (
        pytest.raises(pools.TaskFailed, match="ended without answering"),
        pools.ForkedWorkers(1) as pool,
    ):
        pool.apply_async(fail, ("exit",)).get()


def test_setup_runs_in_each_worker_and_no_worker_is_left() -> None:
    with pools.ForkedWorkers(3, setup=lambda: os.environ.update(SET_UP="yes")) as pool:
        pids = [worker.pid for worker in pool._workers]
        handles = [pool.apply_async(os.getenv, ("SET_UP",)) for _ in range(6)]
        assert [handle.get() for handle in handles] == ["yes"] * 6
        assert os.getpid() not in pids and len(set(pids)) == 3
    assert "SET_UP" not in os.environ  # set in the workers only
    for pid in pids:  # reaped by close(): no zombies
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


def test_an_interrupted_run_kills_its_workers() -> None:
    with pytest.raises(KeyboardInterrupt), pools.ForkedWorkers(2) as pool:
        pids = [worker.pid for worker in pool._workers]
        pool.apply_async(signal.pause, ())  # a worker busy for ever
        raise KeyboardInterrupt
    for pid in pids:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


def test_a_task_goes_to_the_worker_with_the_fewest_unanswered() -> None:
    with pools.ForkedWorkers(2) as pool:
        slow = pool.apply_async(time.sleep, (0.3,))
        first = pool.apply_async(os.getpid, ())
        other = first.get()
        # The first worker still owes its answer: the next task goes to the other one.
        assert pool.apply_async(os.getpid, ()).get() == other
        assert not slow.ready()
        deadline = time.monotonic() + 30
        while not slow.ready() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert slow.ready() and slow.get() is None


def _wait_ready(handle: pools._Handle) -> None:
    deadline = time.monotonic() + 30
    while not handle.ready() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert handle.ready()


def test_a_task_sent_to_a_dead_worker_is_a_task_failure_not_a_broken_pipe() -> None:
    """A worker that died (killed, out of memory) before its next task is written: the
    write's broken pipe is no ``OSError`` out of ``apply_async`` (``kifuwiki validate``
    takes EPIPE for a closed stdout, ``| head``, and exits 1 without a word), but the
    dead worker's ``TaskFailed`` where its answers are read; every worker is reaped."""
    with (
        pytest.raises(pools.TaskFailed, match="ended without answering"),
        pools.ForkedWorkers(2) as pool,
    ):
        pids = [worker.pid for worker in pool._workers]
        dying = pool.apply_async(fail, ("exit",))  # the first worker
        pool.apply_async(echo_sizes, (b"x", 1))  # the second
        _wait_ready(dying)  # the first worker has ended
        pool.apply_async(echo_sizes, (b"y", 1))  # in turn: to the dead one
        dying.get()
    for pid in pids:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


class NeedsTwoError(Exception):
    """Pickles, but does not unpickle (``__init__`` wants two arguments)."""

    def __init__(self, first: str, second: str) -> None:
        super().__init__(first)
        self.second = second


def raise_needs_two() -> None:
    raise NeedsTwoError("made in a worker", "second")


def test_an_error_that_does_not_unpickle_is_still_reported() -> None:
    with pools.ForkedWorkers(1) as pool:
        with pytest.raises(pools.TaskFailed, match="NeedsTwoError: made in a worker"):
            pool.apply_async(raise_needs_two, ()).get()
        assert pool.apply_async(echo_sizes, (b"x", 1)).get() == (1, b"r")


def test_a_task_error_carries_the_workers_traceback() -> None:
    with pools.ForkedWorkers(1) as pool, pytest.raises(ValueError) as raised:
        pool.apply_async(fail, ("value",)).get()
    notes = "".join(getattr(raised.value, "__notes__", []))
    assert "in fail" in notes and "a task's own error" in notes


#: A process with buffered output forks workers that print: the buffer is written once,
#: and what the workers print is not lost (as with one process).
PRINTS = """
import sys
from kifuwiki.sitebuild.pool import ForkedWorkers
sys.stdout.write("head\\n")  # buffered: stdout is a pipe
with ForkedWorkers(1) as pool:  # one: its output comes in the order it was printed
    handles = [pool.apply_async(print, (text,)) for text in ("x" * 20_000, "tail")]
    [handle.get() for handle in handles]
sys.stdout.write("end\\n")
"""


def test_buffered_output_is_written_once_and_workers_output_is_kept() -> None:
    unbuffered_off = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    result = subprocess.run(
        [sys.executable, "-c", PRINTS],
        capture_output=True,
        text=True,
        timeout=60,
        env={**unbuffered_off, "PYTHONPATH": str(REPO / "plugins")},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "head\n" + "x" * 20_000 + "\ntail\nend\n"


def test_readiness_of_a_pipe_numbered_past_select_limit() -> None:
    """``ready()`` of a worker whose result pipe is fd 1024 or more (a process with many
    files open): ``select.select`` refuses such a descriptor."""
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < 1200:
        pytest.skip("too few file descriptors allowed")
    fillers: list[int] = []
    try:
        null = os.open(os.devnull, os.O_RDONLY)
        fillers.append(null)
        while len(fillers) < 1030:
            fillers.append(os.dup(null))
        with pools.ForkedWorkers(1) as pool:
            assert pool._workers[0].results.fileno() >= 1024
            handle = pool.apply_async(echo_sizes, (b"x", 1))
            _wait_ready(handle)
            assert handle.get() == (1, b"r")
    finally:
        for fd in fillers:
            os.close(fd)


@pytest.mark.parametrize(
    "failure", [BlockingIOError("Resource temporarily unavailable"), KeyboardInterrupt()]
)
def test_a_start_cut_short_ends_the_workers_already_started(
    monkeypatch: pytest.MonkeyPatch, failure: BaseException
) -> None:
    """No process left to fork, or Ctrl-C while the workers are forked: those already
    started are killed and reaped, not left to wait for tasks until this process exits."""
    started: list[int] = []
    real_fork = os.fork

    def cut_short_on_the_third() -> int:
        if len(started) == 2:
            raise failure
        pid = real_fork()
        if pid:
            started.append(pid)
        return pid

    monkeypatch.setattr(os, "fork", cut_short_on_the_third)
    with pytest.raises(type(failure)):
        pools.ForkedWorkers(3)
    assert len(started) == 2
    for pid in started:  # killed and reaped
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


def test_sigkill_is_the_signal_modules() -> None:
    assert pools._SIGKILL == signal.SIGKILL


#: can_fork_here() in a fresh interpreter: True without threading imported (and it stays
#: unimported), the answer of threading.active_count() == 1 once it is, False while a
#: thread runs.
THREADS = """
import sys
from kifuwiki.sitebuild.pool import can_fork_here
first = can_fork_here()
assert "threading" not in sys.modules
import threading
second = can_fork_here()
stop = threading.Event()
thread = threading.Thread(target=stop.wait)
thread.start()
third = can_fork_here()
stop.set()
thread.join()
print(first, second, third, can_fork_here())
"""


def test_can_fork_here_counts_threads_as_threading_does() -> None:
    result = subprocess.run(
        [sys.executable, "-c", THREADS],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO / "plugins")},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "True", "False", "True"]
