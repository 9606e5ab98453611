"""Record files → light records for the site plan, from memory, the disk cache or fresh.

Phase one of a site build. Every record file is found under the records folder and
comes back as light records (:class:`LoadedRecord`: what index, player and event
pages read), by the cheapest way that gives the same bytes:

1. from memory, when this process built the site before (``mkdocs serve``);
2. from the disk cache, when an earlier process rendered the file and every one of
   its pages is still there;
3. loaded and rendered here, or, for a large cold build, in worker processes
   (:func:`first_pass_in_pool`). There a file whose games have a light view
   (``GameModule.light_view``) gives only its light records first, and the workers
   render its pages afterwards, while the front end works on
   (:mod:`kifuwiki.sitebuild.site` collects them): MkDocs' own page loop, one process,
   then runs beside the workers instead of after them. A file of a game without one
   is rendered in the first pass, while its view is at hand (its light records cost a
   whole view anyway).
"""

from __future__ import annotations

import logging
import os
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from kifuwiki.archive import iter_record_paths
from kifuwiki.core.cache import ContentCache
from kifuwiki.core.diagnostics import Diagnostic
from kifuwiki.games.base import GameRecord, RecordView
from kifuwiki.render.prerender import (
    CacheTarget,
    PrerenderedFile,
    PrerenderJob,
    PrerenderSettings,
    first_pass,
    page_key,
    prerender_file,
    read_light_records,
    view_from_light,
    write_file_entries,
)
from kifuwiki.sitebuild import pool as pools
from kifuwiki.sitebuild.keys import display_path, file_key

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
#: What the fork server imports once, so every worker starts with it.
WORKER_PRELOAD = ("kifuwiki.render.prerender",)


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

    def load(
        self,
        records_dir: Path,
        base: Path,
        settings: PrerenderSettings,
        cache: ContentCache,
        jobs: int,
    ) -> LoadResult:
        """Every record under ``records_dir``; display paths are relative to ``base``."""
        if not records_dir.is_dir():
            log.info("no records folder at %s; no record pages made", records_dir)
            return LoadResult([])
        fresh: dict[str, list[LoadedRecord]] = {}
        found: list[str] = []  # file keys in archive order
        todo: dict[str, PrerenderJob] = {}
        paths: dict[str, Path] = {}
        skipped: list[Diagnostic] = []
        for path in iter_record_paths([records_dir], skipped):
            name = display_path(path, base)
            data, error = read_file(path)
            key = file_key(name, data, error)
            found.append(key)
            paths[key] = path
            items = self.memory.get(key) or cached_file(cache, key, name, path)
            if items is not None:
                fresh[key] = items
            elif key not in todo:
                todo[key] = PrerenderJob(name, data, error, settings, cache_target(cache, key))
        result = LoadResult([], skipped=skipped)
        if parallel(jobs, len(todo)):
            todo = share_complete(todo, COMPLETE_SHARE)
            result.pool, firsts = first_pass_in_pool(list(todo.values()), jobs)
            if firsts is not None:
                for key, first in zip(todo, firsts, strict=True):
                    if first.rendered:
                        fresh[key] = store(cache, key, first, paths[key])
                    else:
                        # Its pages are rendered later, in the workers, while the front
                        # end works on.
                        fresh[key] = light_items(key, first.name, paths[key], first.records)
                        result.pending[key] = todo[key]
                todo = {}
            if result.pool is not None and not result.pending:
                result.pool.shutdown()  # every page is in the cache already
                result.pool = None
        for key, job in todo.items():
            fresh[key] = store(cache, key, prerender_file(job), paths[key])
        # Only what this build saw stays in memory: memory follows the archive, not history.
        self.memory = fresh
        result.records = [item for key in found for item in fresh[key]]
        return result


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


def share_complete(todo: dict[str, PrerenderJob], share: float) -> dict[str, PrerenderJob]:
    """The jobs, ``share`` of them (spread evenly) marked to be rendered completely in
    the first pass, the rest for their light records only."""
    marked: dict[str, PrerenderJob] = {}
    for n, (key, job) in enumerate(todo.items()):
        complete = int((n + 1) * share) > int(n * share)
        marked[key] = replace(job, complete=complete)
    return marked


def first_pass_in_pool(
    jobs: list[PrerenderJob], requested: int
) -> tuple[ProcessPoolExecutor | None, list[PrerenderedFile] | None]:
    """Every file's light records (and the pages of the ``complete`` jobs), from workers
    (the site plan needs them all before any page), and the pool for the other pages.
    ``None`` when workers cannot run here, and the caller does everything in this
    process."""
    workers = pools.worker_count(requested, len(jobs))
    pool: ProcessPoolExecutor | None = None
    try:
        pool = pools.start_executor(workers, WORKER_PRELOAD, WORKER_NICENESS)
        chunk = max(1, min(16, len(jobs) // (workers * 8)))
        return pool, list(pool.map(first_pass, jobs, chunksize=chunk))
    except (OSError, BrokenExecutor) as exc:
        # No worker processes here (a sandbox, or a build started from a script that
        # multiprocessing cannot re-import): slower, not broken.
        log.info("worker processes failed (%r); loading records here", exc)
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        return None, None
