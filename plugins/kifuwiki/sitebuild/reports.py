"""Checking an archive for ``kifuwiki validate``: streamed, in file order, in workers.

Results come in file order whatever the number of workers, so the output of ``-j 1``
and ``-j 8`` is the same, and memory does not grow with the archive. A run can be
one shard of many (:class:`~kifuwiki.sitebuild.shards.Shard`), so a CI matrix splits a
huge archive.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from kifuwiki.archive import RecordReport, iter_record_names, load_file, warm_up
from kifuwiki.core.diagnostics import Diagnostic
from kifuwiki.sitebuild import pool as pools

if TYPE_CHECKING:
    from multiprocessing.pool import Pool
    from pathlib import Path

    from kifuwiki.sitebuild.shards import Shard

#: Files a worker takes at a time: amortises a task's round trip (pickling, the pipe,
#: the result queue) over short records. 16 left the workers' CPU per core at 72 % of
#: one process's on the real corpus (games of 7 moves), 64 at 78 %, and 86 → 94 % on
#: 2,000 generated games (benchmarks/README.md, section 12); a bigger chunk gains
#: little more and leaves a worker idler at the end of a small archive.
CHUNK = 64

#: What :func:`rendered_paths` makes of each report (in a worker, when there are some).
Rendered = TypeVar("Rendered")

#: The function a worker applies to each report before sending it back (set by the
#: pool's initializer); None: the reports themselves go back.
_render: Callable[[RecordReport], Any] | None = None


def report_file(job: tuple[str, Mapping[str, Any] | None]) -> list[RecordReport]:
    """Every game of one file, as reports (what a worker sends back)."""
    path, rules = job
    return [RecordReport.of(record) for record in load_file(path, rules=rules)]


def _rendered_file(job: tuple[str, Mapping[str, Any] | None]) -> list[Any]:
    """:func:`report_file`, each report passed through the worker's render function."""
    reports = report_file(job)
    render = _render
    return reports if render is None else [render(report) for report in reports]


def _start_worker(render: Callable[[RecordReport], Any] | None) -> None:
    pools.exit_with_parent()
    _set_render(render)


def _set_render(render: Callable[[RecordReport], Any] | None) -> None:
    global _render
    _render = render


class _Pending(Protocol):
    """A task sent to a worker (:class:`multiprocessing.pool.AsyncResult` and the like)."""

    def ready(self) -> bool: ...

    def get(self) -> list[Any]: ...


def report_paths(
    paths: Iterable[Path | str],
    rules: Mapping[str, Any] | None = None,
    jobs: int = 0,
    shard: Shard | None = None,
) -> Iterator[RecordReport]:
    """Validate files and folders (or one shard of them), in order; ``jobs`` workers at
    most (0 = one per core), never more than the files or the cores. Record files that
    were not read (RF009: a symbolic link out of the folder, a loop) come last, each as a
    report of its own, so they count and fail the run like any error."""
    return rendered_paths(paths, _itself, rules, jobs, shard)


def _itself(report: RecordReport) -> RecordReport:
    return report


def rendered_paths(
    paths: Iterable[Path | str],
    render: Callable[[RecordReport], Rendered],
    rules: Mapping[str, Any] | None = None,
    jobs: int = 0,
    shard: Shard | None = None,
) -> Iterator[Rendered]:
    """:func:`report_paths`, each report passed through ``render`` where it was made: in
    the workers with ``jobs``, so what comes back to this process is what ``render``
    returns (``validate`` renders its output lines there, and a worker sends text instead
    of report objects for this process to unpickle and format). ``render`` must be
    picklable where workers are not forked (a module-level function or a
    :func:`functools.partial` of one)."""
    skipped: list[Diagnostic] = []
    files: Iterator[str] = iter_record_names(paths, skipped)
    if shard is not None:
        files = (name for name in files if shard.owns(name))
    yield from _report_files(files, rules, jobs, render)
    for diagnostic in skipped:
        if shard is None or shard.owns(diagnostic.path or ""):
            yield render(_skipped_report(diagnostic))


def _skipped_report(diagnostic: Diagnostic) -> RecordReport:
    summary: dict[str, Any] = {
        "path": diagnostic.path,
        "index": 1,
        "game": None,
        "title": "",
        "players": [],
        "first_player": None,
        "winner": None,
        "ranking": [],
        "moves": 0,
        "errors": 1,
        "warnings": 0,
        "diagnostics": [diagnostic.to_json()],
    }
    return RecordReport(diagnostic.path, 1, summary, (diagnostic,), 1, 0)


def _rendered_chunk(names: list[str], rules: Mapping[str, Any] | None) -> list[Any]:
    """A worker's task: the files ``names``, each report passed through its render."""
    return [item for name in names for item in _rendered_file((name, rules))]


def _chunks(files: Iterator[str], size: int) -> Iterator[list[str]]:
    while chunk := list(itertools.islice(files, size)):
        yield chunk


def _report_files(
    files: Iterator[str],
    rules: Mapping[str, Any] | None,
    jobs: int,
    render: Callable[[RecordReport], Rendered],
) -> Iterator[Rendered]:
    """The files' reports through ``render``, in order. With ``jobs`` processes (at most
    one per core), ``jobs - 1`` forked workers and this one share the chunks of
    :data:`CHUNK` files (:func:`_share_chunks`): one fork fewer, and one process fewer
    filling its caches, than ``jobs`` workers and a parent that only waits (the per-core
    throughput of ``-j 2`` on the real corpus, benchmarks/README.md)."""
    # Look ahead only as far as the processes we might use: an archive of one chunk
    # gets no pool, and a long listing is still streamed.
    wanted = pools.worker_count(jobs, pools.available_cores())
    chunks = _chunks(files, CHUNK)
    head = list(itertools.islice(chunks, wanted))
    participants = pools.worker_count(jobs, len(head))
    chunks = itertools.chain(head, chunks)
    pool: pools.ForkedWorkers | Pool | None = None
    # Reports are rendered in the workers (the identity needs no call there).
    worker_render = None if render is _itself else render
    if participants > 1:
        # Forked workers start with what this process imported: the first file's games.
        warm_up(head[0][0])
    if participants > 1 and pools.can_fork_here():
        try:
            pool = pools.ForkedWorkers(participants - 1, partial(_set_render, worker_render))
        except OSError:  # no fork (a process limit), no pipe (open files): all here
            participants = 1
    if participants <= 1:
        for chunk in chunks:
            for name in chunk:
                for report in report_file((name, rules)):
                    yield render(report)
        return
    if pool is None:
        context = pools.process_context(["kifuwiki.sitebuild.reports"])
        pool = context.Pool(participants - 1, initializer=_start_worker, initargs=(worker_render,))
    with pool:
        yield from _share_chunks(pool, participants - 1, chunks, rules, render)


def _share_chunks(
    pool: pools.ForkedWorkers | Pool,
    workers: int,
    chunks: Iterator[list[str]],
    rules: Mapping[str, Any] | None,
    render: Callable[[RecordReport], Rendered],
) -> Iterator[Rendered]:
    """Chunks to ``workers`` while they have room (four each: one checked, three
    waiting, so that a worker never waits for this process to hand out more), the next
    one to this process, and so on; the results in file order. A worker that gets less
    of a core is given fewer chunks: this process checks the rest (dealing the chunks in
    turn held every process back to the slowest). This process's results wait (at most
    ``8 × workers`` chunks of them) for the workers' earlier ones."""
    room = 4 * workers
    # In file order: a worker's pending result, or this process's checked chunk.
    out: deque[tuple[_Pending | None, list[Rendered]]] = deque()
    in_flight = 0  # worker results in ``out``
    own = 0  # this process's chunks in ``out``
    while True:
        while in_flight < room and (chunk := next(chunks, None)) is not None:
            out.append((pool.apply_async(_rendered_chunk, (chunk, rules)), []))
            in_flight += 1
        while out and (out[0][0] is None or out[0][0].ready() or own >= 2 * room):
            pending, mine = out.popleft()
            if pending is None:
                own -= 1
                yield from mine
            else:
                in_flight -= 1
                yield from pending.get()
        chunk = next(chunks, None)
        if chunk is None:
            break
        mine = [render(report) for name in chunk for report in report_file((name, rules))]
        out.append((None, mine))
        own += 1
    for pending, mine in out:
        yield from mine if pending is None else pending.get()
