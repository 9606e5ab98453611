"""Worker processes for builds and ``validate``: how many, how they start, how they end.

Two rules hold for every pool kifuwiki starts:

* never more workers than there are tasks or cores (``validate -j 100000 FILE`` once
  started a thousand processes for one file);
* a worker dies with the process that started it. A pool's workers otherwise wait
  forever for work when their parent is killed (each holds both ends of the task
  queue, so none ever sees end-of-file), and an interrupted CI job leaves orphans.

Workers start from a fork server (spawn on Windows): they receive only file bytes and
settings, and fork from a server that has already imported the engines. A command that
asks for it (``fork_caller``) forks itself instead on Linux when it runs one thread: its
workers start with its imports, where a fork server is one more interpreter to start
and fill (a fifth of a ``validate -j 1``'s CPU on the corpus,
``benchmarks/validate_process.py``; ~0.2 s a cold ``mkdocs build`` waited for).
``kifuwiki validate`` on Linux forks :class:`ForkedWorkers` (two pipes a worker, no
multiprocessing) rather than a pool; ``mkdocs build`` forks its pool at
``on_pre_build``, before MkDocs has read anything big (``sitebuild/records.py``).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

# multiprocessing, concurrent.futures, ctypes, threading and signal are imported where a
# pool starts:
# ``kifuwiki validate -j 1`` (and any run with one file or one core) asks only
# ``worker_count`` here, and those imports were ~10 ms of its start-up.
if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing.context import BaseContext

#: ``prctl`` option asking Linux to send a signal when the parent process exits.
_PR_SET_PDEATHSIG = 1
#: ``signal.SIGKILL`` on Linux (9 on every architecture), for :class:`ForkedWorkers`,
#: which forks on Linux only: :mod:`signal` builds its enums when imported (~3 M
#: instructions of every ``validate -j``). A test checks it against the module's.
_SIGKILL = 9
#: How often the portable fallback looks at the parent, in seconds.
_PARENT_POLL = 0.5


def available_cores() -> int:
    """Cores this process may run on (its CPU affinity where the OS tells)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def worker_count(requested: int, tasks: int) -> int:
    """Workers for ``tasks`` units of work: ``requested`` (0 = one per core), never more
    than the tasks or the cores, never fewer than one (1 means: no pool at all)."""
    cores = available_cores()
    wanted = requested if requested > 0 else cores
    return max(1, min(wanted, cores, tasks))


def task_size(items: int, workers: int, most: int) -> int:
    """How many items one task of a pool takes: at most ``most`` (each task's result
    costs the caller a message), and few enough that every worker gets several tasks
    in a small batch."""
    return max(1, min(most, items // (max(1, workers) * 4)))


def process_context(preload: Sequence[str] = (), *, fork_caller: bool = False) -> BaseContext:
    """The start method for kifuwiki's workers; ``preload`` modules are imported once
    by the fork server so each worker starts with them ready. ``fork_caller``: fork
    this process itself where that is safe (Linux, no other thread running)."""
    import multiprocessing
    import threading

    if fork_caller and sys.platform.startswith("linux") and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    context = multiprocessing.get_context("forkserver" if sys.platform != "win32" else "spawn")
    if context.get_start_method() == "forkserver":
        context.set_forkserver_preload([__name__, *preload])
    return context


def start_executor(
    workers: int,
    preload: Sequence[str] = (),
    niceness: int = 0,
    *,
    fork_caller: bool = False,
) -> ProcessPoolExecutor:
    """A :class:`ProcessPoolExecutor` of ``workers`` processes that die with this one,
    each ``niceness`` steps lower in CPU priority than this one (``os.nice``).
    ``fork_caller``: see :func:`process_context`; a pool forked from this process forks
    all its workers on its first task, before the pool's own thread starts."""
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=process_context(preload, fork_caller=fork_caller),
        initializer=start_worker,
        initargs=(niceness,),
    )


def start_fork_server(preload: Sequence[str] = ()) -> bool:
    """Start the fork server now, rather than when a pool first asks it for a worker:
    it starts a Python and imports ``preload`` in its own process, beside this one's
    work, where the first pool would otherwise wait for it. Nothing happens where
    workers do not come from a fork server (Windows), or when one is running already;
    if it cannot start, the pool finds out and says so. Whether one runs now."""
    context = process_context(preload)
    if context.get_start_method() != "forkserver":
        return False
    from multiprocessing import forkserver

    try:
        forkserver.ensure_running()
    except OSError:
        return False
    return True


def start_worker(niceness: int) -> None:
    """Pool initializer: :func:`exit_with_parent`, then the lower priority asked for
    (where the system has none, or refuses, the worker runs at its parent's)."""
    exit_with_parent()
    if niceness > 0 and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(niceness)


def exit_with_parent() -> None:
    """Pool initializer: end this worker as soon as the process that started it is gone.

    On Linux the kernel does it (``PR_SET_PDEATHSIG``): a fork-server worker's parent
    is the fork server, which itself exits when the pool's owner dies. Everywhere,
    :func:`watch_parent` does it too.
    """
    if sys.platform.startswith("linux"):
        import ctypes
        import signal

        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    watch_parent()


def watch_parent() -> None:
    """The portable way: a daemon thread waits on the parent's sentinel (readable once
    the parent is gone), or polls the parent's pid where there is no sentinel."""
    import multiprocessing
    import threading

    parent = multiprocessing.parent_process()
    sentinel = parent.sentinel if parent is not None else None
    if sentinel is not None:
        watch = threading.Thread(target=_exit_when_ready, args=(sentinel,), daemon=True)
    else:
        watch = threading.Thread(target=_exit_when_reparented, args=(os.getppid(),), daemon=True)
    watch.start()


def _exit_when_ready(sentinel: int) -> None:
    import multiprocessing.connection

    multiprocessing.connection.wait([sentinel])
    os._exit(1)


def _exit_when_reparented(parent_pid: int) -> None:
    import time

    while os.getppid() == parent_pid:
        time.sleep(_PARENT_POLL)
    os._exit(1)


def can_fork_here() -> bool:
    """Whether this process may fork workers from itself: Linux, no other thread.

    Threads are counted by :mod:`threading` (as ``threading.active_count()`` counts
    them); where it was never imported, no thread of its was started and this is the one
    it would count, so it is not imported to say so (~2.5 M instructions of every
    ``validate -j``)."""
    if not sys.platform.startswith("linux"):
        return False
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1


class TaskFailed(Exception):
    """A worker's task raised an exception that could not be sent back as it was."""


class ForkedWorkers:
    """Workers forked from this process (Linux, one thread; :func:`can_fork_here`), for
    ``kifuwiki validate -j``: each has a pipe for its tasks and one for its results, and
    nothing else. A :mod:`multiprocessing` pool costs its import (~10 ms), three
    threads and a queue in this process, and in each worker ctypes and a watching thread
    (benchmarks/README.md: ~0.025 s of CPU a run, a tenth of ``validate -j 2`` on the
    real corpus).

    :meth:`apply_async` sends ``function(*args)`` to the worker with the fewest tasks not
    yet answered and returns a handle whose ``ready()`` tells whether the answer has
    begun and whose ``get()`` is the answer (or raises the task's exception). Handles
    must be read in the order they were made. A worker dies with this process
    (``PR_SET_PDEATHSIG``, even when stuck in a read), and ends when its task pipe closes.
    A worker that died (killed, out of memory) fails its handles with :class:`TaskFailed`
    where they are read, never with an ``OSError`` (``validate`` takes EPIPE for a closed
    stdout and would exit without a word).

    No pipe write can block both ends: a task is sent at once only while the tasks of its
    worker not yet answered fit in half the pipe together; else when its handle is read,
    when the worker has nothing left to do but read it."""

    def __init__(self, count: int, setup: Callable[[], object] | None = None) -> None:
        import ctypes
        import fcntl
        import pickle

        self._pickle = pickle
        self._workers: list[_ForkedWorker] = []
        self._turn = 0
        try:
            prctl = ctypes.CDLL(None, use_errno=True).prctl
        except (OSError, AttributeError):  # pragma: no cover - every Linux libc has it
            prctl = None
        parent = os.getpid()
        # What this process has buffered is written now, not again by every worker
        # that flushes (a worker's own output is written when it ends, as in one
        # process; multiprocessing does the same).
        _flush_standard_streams()
        for _ in range(count):
            task_read, task_write = os.pipe()
            result_read, result_write = os.pipe()
            # Half the pipe: a pipe holds whole pages, and a page the worker has read
            # in part is not free yet, so "fits" keeps a margin of pages.
            capacity = fcntl.fcntl(task_write, fcntl.F_GETPIPE_SZ) // 2
            try:
                pid = os.fork()
            except BaseException:  # no more processes, or Ctrl-C: end those started
                for fd in (task_read, task_write, result_read, result_write):
                    os.close(fd)
                self.terminate()
                raise
            if pid == 0:  # the worker: serve until the task pipe closes, never return
                code = 1
                try:
                    os.close(task_write)
                    os.close(result_read)
                    for earlier in self._workers:
                        earlier.close()
                    if prctl is not None:
                        prctl(_PR_SET_PDEATHSIG, _SIGKILL, 0, 0, 0)
                    if os.getppid() == parent:  # else the parent died before prctl
                        if setup is not None:
                            setup()
                        _serve(pickle, task_read, result_write)
                        code = 0
                finally:
                    _flush_standard_streams()
                    os._exit(code)
            os.close(task_read)
            os.close(result_write)
            tasks = os.fdopen(task_write, "wb")
            results = os.fdopen(result_read, "rb", buffering=0)  # poll() tells what is there
            self._workers.append(_ForkedWorker(pid, tasks, results, capacity))

    def apply_async(self, function: Callable[..., Any], args: tuple[Any, ...]) -> _Handle:
        """``function(*args)`` in the worker with the fewest tasks not yet answered (in
        turn among equals); its handle's ``get()`` is the answer."""
        count = len(self._workers)
        order = [self._workers[(self._turn + i) % count] for i in range(count)]
        worker = min(order, key=lambda w: len(w.waiting) + len(w.sent))
        self._turn = (self._workers.index(worker) + 1) % count
        data = self._pickle.dumps((function, args), self._pickle.HIGHEST_PROTOCOL)
        handle = _Handle(worker, len(data).to_bytes(8, "little") + data, self._pickle)
        worker.waiting.append(handle)
        worker.send_what_fits()
        return handle

    def close(self) -> None:
        """Let the workers end (their task pipes close) and wait for them."""
        for worker in self._workers:
            worker.close()
        for worker in self._workers:
            with contextlib.suppress(ChildProcessError):  # reaped already
                os.waitpid(worker.pid, 0)

    def terminate(self) -> None:
        for worker in self._workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker.pid, _SIGKILL)
        self.close()

    def __enter__(self) -> ForkedWorkers:
        return self

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        if kind is None:
            self.close()
        else:
            self.terminate()


def _serve(pickle: Any, task_fd: int, result_fd: int) -> None:
    tasks = os.fdopen(task_fd, "rb")
    results = os.fdopen(result_fd, "wb")
    while len(header := tasks.read(8)) == 8:
        function, args = pickle.loads(tasks.read(int.from_bytes(header, "little")))
        try:
            reply = pickle.dumps((True, function(*args)), pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # the parent raises it
            reply = _error_reply(pickle, exc)
        results.write(len(reply).to_bytes(8, "little"))
        results.write(reply)
        results.flush()


def _error_reply(pickle: Any, exc: Exception) -> bytes:
    """A task's exception for the parent to raise, with the worker's traceback as a note
    (the parent's own says only where the answer was read); a :class:`TaskFailed` naming
    it if it does not make the trip (pickle, or unpickle: an ``__init__`` that wants other
    arguments than the exception's ``args``)."""
    import traceback

    with contextlib.suppress(Exception):
        exc.add_note(f"In worker process {os.getpid()}:\n" + traceback.format_exc())
    try:
        reply: bytes = pickle.dumps((False, exc), pickle.HIGHEST_PROTOCOL)
        pickle.loads(reply)
    except Exception:
        failed = TaskFailed(f"{type(exc).__name__}: {exc}")
        failed.__notes__ = getattr(exc, "__notes__", [])
        reply = pickle.dumps((False, failed), pickle.HIGHEST_PROTOCOL)
    return reply


def _flush_standard_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # closed, None, a broken pipe
            stream.flush()


class _ForkedWorker:
    __slots__ = ("capacity", "ended", "pid", "results", "sent", "tasks", "waiting")

    def __init__(self, pid: int, tasks: Any, results: Any, capacity: int) -> None:
        self.pid = pid
        self.tasks = tasks
        self.results = results
        self.capacity = capacity
        #: Handles whose task is not sent yet, and sent ones not yet answered (in order).
        self.waiting: deque[_Handle] = deque()
        self.sent: deque[_Handle] = deque()
        #: The task pipe is broken: the worker has ended (its handles say so when read).
        self.ended = False

    def send_what_fits(self) -> None:
        """Send waiting tasks while the unanswered ones fit in the pipe together."""
        while self.waiting:
            size = len(self.waiting[0].message)
            if sum(len(handle.message) for handle in self.sent) + size > self.capacity:
                return
            self.send()

    def send(self) -> None:
        handle = self.waiting.popleft()
        if not self.ended:
            try:
                self.tasks.write(handle.message)
                self.tasks.flush()
            except BrokenPipeError:
                # The worker is gone: its answers end early, and get() raises TaskFailed
                # where they are read. (An OSError would pass for validate's closed stdout.)
                self.ended = True
        self.sent.append(handle)

    def close(self) -> None:
        # A task the worker never read may still be buffered: a dead worker's pipe
        # refuses it (that worker's handles said so).
        with contextlib.suppress(OSError):
            self.tasks.close()
        self.results.close()


class _Handle:
    __slots__ = ("message", "pickle", "worker")

    def __init__(self, worker: _ForkedWorker, message: bytes, pickle: Any) -> None:
        self.worker = worker
        self.message = message
        self.pickle = pickle

    def ready(self) -> bool:
        """Whether ``get()`` would not wait for the worker (its answer has begun)."""
        import select

        worker = self.worker
        if not worker.sent or worker.sent[0] is not self:
            return False
        # poll, not select: select refuses a descriptor numbered 1024 or more.
        poller = select.poll()
        poller.register(worker.results, select.POLLIN)
        return bool(poller.poll(0))

    def get(self) -> Any:
        worker = self.worker
        if not worker.sent:
            # Every earlier task of this worker is answered: it waits for this one, so
            # however long the message, the write ends.
            worker.send()
        assert worker.sent[0] is self, "handles are read in the order they were made"
        header = _read_exactly(worker.results, 8)
        if len(header) < 8:
            raise TaskFailed(f"a worker (process {worker.pid}) ended without answering")
        size = int.from_bytes(header, "little")
        answer = _read_exactly(worker.results, size)
        if len(answer) < size:
            raise TaskFailed(f"a worker (process {worker.pid}) ended while answering")
        ok, value = self.pickle.loads(answer)
        worker.sent.popleft()
        worker.send_what_fits()
        if not ok:
            raise value
        return value


def _read_exactly(stream: Any, size: int) -> bytes:
    """``size`` bytes from an unbuffered stream (fewer only at its end)."""
    parts: list[bytes] = []
    while size > 0:
        part = stream.read(size)
        if not part:
            break
        parts.append(part)
        size -= len(part)
    return b"".join(parts)
