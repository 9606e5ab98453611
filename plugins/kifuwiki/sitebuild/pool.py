"""Worker processes for builds and ``validate``: how many, how they start, how they end.

Two rules hold for every pool kifuwiki starts:

* never more workers than there are tasks or cores (``validate -j 100000 FILE`` once
  started a thousand processes for one file);
* a worker dies with the process that started it. A pool's workers otherwise wait
  forever for work when their parent is killed (each holds both ends of the task
  queue, so none ever sees end-of-file), and an interrupted CI job leaves orphans.

Workers start from a fork server (spawn on Windows): they receive only file bytes and
settings, and fork from a server that has already imported the engines. A command that
asks for it (``fork_caller``: ``kifuwiki validate``, one thread, nothing big in memory)
forks itself instead on Linux: its workers start with its imports, where a fork server
is one more interpreter to start and fill (a fifth of a ``validate -j 1``'s CPU on the
corpus, ``benchmarks/validate_process.py``).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

# multiprocessing, concurrent.futures, ctypes, threading and signal are imported where a
# pool starts:
# ``kifuwiki validate -j 1`` (and any run with one file or one core) asks only
# ``worker_count`` here, and those imports were ~10 ms of its start-up.
if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing.context import BaseContext

#: ``prctl`` option asking Linux to send a signal when the parent process exits.
_PR_SET_PDEATHSIG = 1
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


def start_executor(workers: int, preload: Sequence[str] = ()) -> ProcessPoolExecutor:
    """A :class:`ProcessPoolExecutor` of ``workers`` processes that die with this one."""
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(
        max_workers=workers, mp_context=process_context(preload), initializer=exit_with_parent
    )


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
