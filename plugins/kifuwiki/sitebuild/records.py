"""Record files → light records for the site plan, from memory, the disk cache or fresh.

Phase one of a site build. Every record file is found under the records folder and
comes back as light records (:class:`LoadedRecord`: what index, player and event
pages read), by the cheapest way that gives the same bytes:

1. from memory, when this process built the site before (``mkdocs serve``);
2. from the disk cache, when an earlier process rendered the file and every one of
   its pages is still there;
3. loaded and rendered here, or, for a large cold build, in worker processes
   (:class:`FirstPass`). There a file whose games have a light view
   (``GameModule.light_view``) gives only its light records first, and the workers
   render its pages afterwards, while the front end works on
   (:mod:`kifuwiki.sitebuild.site` collects them): MkDocs' own page loop, one process,
   then runs beside the workers instead of after them. A file of a game without one
   is rendered in the first pass, while its view is at hand (its light records cost a
   whole view anyway).
"""

from __future__ import annotations

import itertools
import logging
import os
from concurrent.futures import BrokenExecutor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from kifuwiki.archive import iter_record_paths
from kifuwiki.core.cache import ContentCache
from kifuwiki.core.diagnostics import Diagnostic
from kifuwiki.games.base import GameRecord, RecordView
from kifuwiki.render.prerender import (
    PAGE_ENTRY,
    CacheTarget,
    PrerenderedFile,
    PrerenderJob,
    PrerenderSettings,
    first_pass_chunk,
    page_key,
    prerender_file,
    read_light_records,
    view_from_light,
    write_file_entries,
)
from kifuwiki.sitebuild import pool as pools
from kifuwiki.sitebuild.keys import DisplayPaths, file_key

log = logging.getLogger(__name__)

#: A cold build loads and renders in worker processes above this many record files:
#: below it, starting the workers (and compiling the templates in each) costs more
#: than it saves.
PARALLEL_THRESHOLD = 200


def _share_from_environment(default: float) -> float:
    """``KIFUWIKI_COMPLETE_SHARE`` (0 to 1), for benchmarks that compare shares."""
    try:
        return min(1.0, max(0.0, float(os.environ.get("KIFUWIKI_COMPLETE_SHARE", default))))
    except ValueError:
        return default


#: The share of a parallel cold build's files rendered completely in the first pass;
#: the others (those whose games have a light view) give only their light records
#: first and are loaded again for their pages, which the workers render while MkDocs
#: works on. None: the first pass costs a sixth of a complete one (a Prime Daifugo
#: record: load 0.35 ms against load, view and page 2.2 ms), and MkDocs' page loop, a
#: single process, overlaps the pages' rendering on the other cores; loading twice
#: costs ~8 % more instructions (benchmarks/README.md, section 19). Share 1 renders
#: every page before MkDocs starts: the least CPU, for a machine with no idle core.
COMPLETE_SHARE = _share_from_environment(0.0)
#: How many steps lower the workers' CPU priority is (``os.nice``). While they render
#: pages beside MkDocs' page loop, that loop, one process, is the build's critical path:
#: with the workers at the same priority the three processes of a 2-core build share
#: the cores evenly and the loop gets two thirds of one. Lower, the workers take what
#: the loop leaves (all of both cores while it waits in the first pass). Measured on 2
#: cores: 1.07x the twin's wall time against 1.20x (benchmarks/README.md, section 19).
WORKER_NICENESS = 10
#: Record files one task of the first pass loads, at most (see ``pool.task_size``).
FIRST_PASS_CHUNK = 16
#: What the fork server imports once, so every worker starts with it.
WORKER_PRELOAD = ("kifuwiki.sitebuild.worker_start",)


@dataclass(slots=True)
class LoadedRecord:
    """One game as a build keeps it between phases: light data, its page on disk."""

    view: RecordView
    """Light (:func:`~kifuwiki.render.prerender.view_from_light`): no parse, no steps."""
    page_key: str
    name: str
    """The record file's display path."""
    path: Path
    file_key: str

    @property
    def record(self) -> GameRecord:
        return self.view.record


@dataclass(slots=True)
class LoadResult:
    records: list[LoadedRecord]
    """Every game of the archive, in file order."""
    pending: dict[str, PrerenderJob] = field(default_factory=dict)
    """Files (by key) whose pages the pool is still to render."""
    pool: ProcessPoolExecutor | None = None
    skipped: list[Diagnostic] = field(default_factory=list)
    """Record files not read (RF009: a symbolic link out of the folder, a loop)."""


@dataclass(slots=True)
class StartedLoad:
    """A load :meth:`RecordLoader.begin` started: the files read, the first pass
    handed to the workers; :meth:`RecordLoader.finish` collects it."""

    first: FirstPass
    skipped: list[Diagnostic]
    cache: ContentCache
    fresh: dict[str, list[LoadedRecord]] = field(default_factory=dict)
    """Light records found without loading (memory, disk cache), then every file's."""
    found: list[str] = field(default_factory=list)
    """File keys in archive order."""
    todo: dict[str, PrerenderJob] = field(default_factory=dict)
    """Files to load, in the order handed to the first pass."""
    paths: dict[str, Path] = field(default_factory=dict)

    def close(self) -> None:
        """Stop the first pass's workers (a load begun and never finished)."""
        self.first.close()


def read_file(path: Path) -> tuple[bytes | None, str]:
    """A record file's bytes, or ``None`` and why not."""
    try:
        return path.read_bytes(), ""
    except OSError as exc:
        return None, str(exc.strerror or exc)


class RecordLoader:
    """Loads an archive's records; remembers them by content for the next build."""

    def __init__(self) -> None:
        # Light records by file key: survives rebuilds in one process (mkdocs serve).
        self.memory: dict[str, list[LoadedRecord]] = {}

    def begin(
        self,
        records_dir: Path,
        base: Path,
        settings: PrerenderSettings,
        cache: ContentCache,
        jobs: int,
        ready: ProcessPoolExecutor | None = None,
    ) -> StartedLoad:
        """Begin loading every record under ``records_dir`` (display paths relative to
        ``base``): every file read, and those neither in memory nor in the disk cache
        handed to the workers (:class:`FirstPass`; ``ready``: workers started early,
        :func:`start_workers_early`), who go on while the caller does other work;
        :meth:`finish` collects them. Whoever begins a load finishes or closes it
        (:meth:`StartedLoad.close`)."""
        if not records_dir.is_dir():
            log.info("no records folder at %s; no record pages made", records_dir)
            if ready is not None:
                ready.shutdown(wait=False, cancel_futures=True)
            return StartedLoad(FirstPass(1, 0), [], cache)  # no files: no pool, nothing to load
        skipped: list[Diagnostic] = []
        record_paths = list(iter_record_paths([records_dir], skipped))
        started = StartedLoad(FirstPass(jobs, len(record_paths), ready), skipped, cache)
        try:
            self._read(started, record_paths, base, settings, cache)
        except BaseException:
            started.close()  # nobody else knows this pool: it must not outlive the error
            raise
        return started

    def _read(
        self,
        started: StartedLoad,
        record_paths: list[Path],
        base: Path,
        settings: PrerenderSettings,
        cache: ContentCache,
    ) -> None:
        display_path = DisplayPaths(base)
        # A cache without a single page (a cold build) answers no file: not asked.
        look_up = cache.has_any(PAGE_ENTRY)
        for path in record_paths:
            name = display_path(path)
            data, error = read_file(path)
            key = file_key(name, data, error)
            started.found.append(key)
            started.paths[key] = path
            items = self.memory.get(key)
            if items is None and look_up:
                items = cached_file(cache, key, name, path)
            if items is not None:
                started.fresh[key] = items
            elif key not in started.todo:
                job = PrerenderJob(name, data, error, settings, cache_target(cache, key))
                started.todo[key] = job
                started.first.add(job)
        started.first.hand_over_the_rest()

    def finish(self, started: StartedLoad) -> LoadResult:
        """A load :meth:`begin` started, collected: the workers' results (or the files
        loaded here, when no worker ran)."""
        try:
            return self._finish(started)
        except BaseException:
            started.close()
            raise

    def _finish(self, started: StartedLoad) -> LoadResult:
        first, fresh, todo, paths = started.first, started.fresh, started.todo, started.paths
        result = LoadResult([], skipped=started.skipped)
        firsts = first.results()
        if firsts is not None:
            for (key, job), done in zip(todo.items(), firsts, strict=True):
                if done.rendered:
                    fresh[key] = store(started.cache, key, done, paths[key])
                else:
                    # Its pages are rendered later, in the workers, while the front
                    # end works on.
                    fresh[key] = light_items(key, done.name, paths[key], done.records)
                    result.pending[key] = job
            todo = {}
            if result.pending:
                result.pool = first.pool
            else:
                first.close()  # every page is in the cache already
        for key, job in todo.items():
            fresh[key] = store(started.cache, key, prerender_file(job), paths[key])
        # Only what this build saw stays in memory: memory follows the archive, not history.
        self.memory = fresh
        result.records = [item for key in started.found for item in fresh[key]]
        return result


def start_workers_early(
    records_dir: Path, cache: ContentCache, jobs: int
) -> ProcessPoolExecutor | bool:
    """Start the workers before the build reads its records, if the build looks cold:
    more record files than :data:`PARALLEL_THRESHOLD` and no page in the disk cache.
    (A guess only: a build that needs the workers after all still starts them, later;
    one that does not shuts down what this started.)

    Where this process may fork itself (Linux, one thread: ``mkdocs build``), the
    workers are forked now, while MkDocs and this process go on:
    the pool is returned, for :class:`FirstPass`. A forked worker starts with what this
    process imported (MkDocs, the theme's plugins, kifuwiki), where a fork server has
    to start a Python and import them first (~0.2 s, which the first pass waited for).
    Where it may not (a process running threads: ``mkdocs serve``'s rebuilds; its first
    build runs before its server's threads start, and forks), the fork server starts
    now and warms up once before it forks any worker
    (:mod:`kifuwiki.sitebuild.worker_start`): ``True``. ``False``: nothing started (nor
    where workers are spawned, on Windows)."""
    if cache.has_any(PAGE_ENTRY) or not records_dir.is_dir():
        return False
    # Counted as far as the answer can change: past the threshold by one file a core.
    paths = iter_record_paths([records_dir], [])
    files = sum(1 for _ in itertools.islice(paths, PARALLEL_THRESHOLD + pools.available_cores()))
    if not parallel(jobs, files):
        return False
    if pools.can_fork_here():
        pool: ProcessPoolExecutor | None = None
        try:
            pool = start_pool(pools.worker_count(jobs, files))
            pool.submit(int)  # a pool forked from here forks every worker on its first task
        except (OSError, BrokenExecutor):
            if pool is not None:  # the workers forked before the failure go too
                pool.shutdown(wait=False, cancel_futures=True)
            return False
        return pool
    return pools.start_fork_server(WORKER_PRELOAD)


def start_pool(workers: int) -> ProcessPoolExecutor:
    """The build's workers: forked from this process where that is safe, starting with
    what it imported; else from the fork server, which warmed up before forking them."""
    if pools.can_fork_here():
        # No warm-up: a forked worker starts with every game this process imported, and
        # its first tasks (the first pass) need no template; its first page compiles
        # them. (Compiling them first held the first pass up by 0.06 s, section 30.)
        return pools.start_executor(workers, (), WORKER_NICENESS, fork_caller=True)
    return pools.start_executor(workers, WORKER_PRELOAD, WORKER_NICENESS)


class FirstPass:
    """The first pass of a parallel cold build, handed to workers while the files are
    still being read: once more files need loading than :data:`PARALLEL_THRESHOLD`, the
    pool started early (:func:`start_workers_early`) is taken, or one starts
    (:func:`start_pool`), and from then on every few files read go to a worker at once.
    (Reading every file first, then starting the pool, left the workers idle while the
    files were read and this process idle while the pool started.)

    Each job is marked ``complete`` or not as ``COMPLETE_SHARE`` spreads them.
    :meth:`results` gives every job's result in the order added, or ``None`` when no pool
    ran (too few files, one core, or no worker processes here): the caller then does
    the work in its own process."""

    def __init__(
        self, requested: int, files: int, ready: ProcessPoolExecutor | None = None
    ) -> None:
        self.workers = pools.worker_count(requested, files)
        self.chunk = pools.task_size(files, self.workers, FIRST_PASS_CHUNK)
        self.pool: ProcessPoolExecutor | None = None
        #: A pool started before the files were read (:func:`start_workers_early`),
        #: taken if the first pass needs one, shut down otherwise.
        self.ready = ready
        self.failed = False
        self._added = 0
        self._waiting: list[PrerenderJob] = []
        self._futures: list[Future[list[PrerenderedFile]]] = []

    def add(self, job: PrerenderJob) -> None:
        n, share = self._added, COMPLETE_SHARE
        self._added += 1
        self._waiting.append(replace(job, complete=int((n + 1) * share) > int(n * share)))
        if self.pool is None and not self.failed and parallel(self.workers, self._added):
            self._start()
        if self.pool is not None and len(self._waiting) >= self.chunk:
            self._hand_over()

    def _hand_over(self) -> None:
        """Give the jobs read so far to the workers, a chunk a task."""
        assert self.pool is not None
        while self._waiting:
            chunk = self._waiting[: self.chunk]
            try:
                self._futures.append(self.pool.submit(first_pass_chunk, chunk))
            except (OSError, BrokenExecutor, RuntimeError) as exc:
                self._give_up(exc)
                return
            del self._waiting[: self.chunk]

    def _start(self) -> None:
        if self.ready is not None:
            self.pool, self.ready = self.ready, None
            return
        try:
            self.pool = start_pool(self.workers)
        except OSError as exc:
            self._give_up(exc)

    def hand_over_the_rest(self) -> None:
        """Every job is added: the last few, short of a chunk, go to the workers too."""
        if self.pool is not None and self._waiting:
            self._hand_over()

    def results(self) -> list[PrerenderedFile] | None:
        if self.ready is not None:  # started early, not needed after all
            self.ready.shutdown(wait=False, cancel_futures=True)
            self.ready = None
        self.hand_over_the_rest()
        if self.pool is None:
            return None
        try:
            return [done for future in self._futures for done in future.result()]
        except (OSError, BrokenExecutor) as exc:
            self._give_up(exc)
            return None

    def _give_up(self, exc: BaseException) -> None:
        # No worker processes here (a sandbox, or a build started from a script that
        # multiprocessing cannot re-import): slower, not broken.
        log.info("worker processes failed (%r); loading records here", exc)
        self.failed = True
        self.close()

    def close(self) -> None:
        for pool in (self.pool, self.ready):
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
        self.pool = self.ready = None
        self._futures = []


def light_items(
    key: str, name: str, path: Path, records: list[dict[str, Any]]
) -> list[LoadedRecord]:
    return [
        LoadedRecord(view_from_light(light), page_key(key, n), name, path, key)
        for n, light in enumerate(records, start=1)
    ]


def cached_file(cache: ContentCache, key: str, name: str, path: Path) -> list[LoadedRecord] | None:
    """A file's light records from the disk cache, if every page of it is there too."""
    # Not kept in the cache's memory: the light records live in RecordLoader.memory.
    records = read_light_records(cache, key)
    if records is None:
        return None
    try:
        return light_items(key, name, path, records)
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def cache_target(cache: ContentCache, key: str) -> CacheTarget | None:
    if cache.folder is None:
        return None
    return CacheTarget(str(cache.folder), cache.salt, key)


def store(cache: ContentCache, key: str, result: PrerenderedFile, path: Path) -> list[LoadedRecord]:
    """Keep a freshly rendered file's light records; its pages go to the cache (the
    worker put them there already, unless it could not write)."""
    items = light_items(key, result.name, path, result.records)
    if not result.stored:
        # On disk only: the page is read back when the front end asks for it, so memory
        # holds one page at a time, not the whole archive (unless the disk fails).
        write_file_entries(cache, key, result.records, result.pages)
    return items


def parallel(jobs: int, files: int) -> bool:
    """Whether to load and render ``files`` record files in worker processes."""
    return pools.worker_count(jobs, files) > 1 and files > PARALLEL_THRESHOLD
