"""A cold build's first pass: the fork server started early and warmed up, and the
files handed to the workers while they are still being read."""

from __future__ import annotations

import shutil
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

import kifuwiki.render.prerender as prerender
import kifuwiki.sitebuild.pool as pool_module
import kifuwiki.sitebuild.records as records_module
import kifuwiki.sitebuild.site as build_module
from kifuwiki.core.cache import ContentCache
from kifuwiki.render.archive import LIST_TEMPLATES, Archive
from kifuwiki.render.environment import forget_environments, make_environment
from kifuwiki.render.prerender import (
    PAGE_ENTRY,
    RECORD_TEMPLATES,
    PrerenderJob,
    diagnostic_fields,
    first_pass,
    first_pass_chunk,
    prerender_files,
    warm_up,
)
from kifuwiki.sitebuild import BuildSettings, SiteBuild
from kifuwiki.sitebuild.records import FirstPass, start_workers_early

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "prime-daifugo" / "rules"


def _records(tmp_path: Path, copies: int = 1, dated: bool = False) -> Path:
    """The fixtures ``copies`` times; ``dated``: each copy a day newer than the one
    before, so the archive (newest first) lists them in the reverse of file order."""
    records = tmp_path / "records" / "prime-daifugo"
    records.mkdir(parents=True)
    for n in range(copies):
        for path in sorted(FIXTURES.glob("*.kifu")):
            text = path.read_text(encoding="utf-8")
            if dated:
                text = text.replace("---\n", f"---\ndate: 2024-01-{n + 1:02d}\n", 1)
            (records / f"{n}-{path.name}").write_text(text, encoding="utf-8")
    return tmp_path / "records"


def _forking_on_two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine of two cores where this process may fork its workers, and a build of
    more than one file goes to them."""
    monkeypatch.setattr(pool_module, "available_cores", lambda: 2)
    monkeypatch.setattr(pool_module, "can_fork_here", lambda: True)
    monkeypatch.setattr(records_module, "PARALLEL_THRESHOLD", 1)


class InlinePool:
    """A pool that runs each task at once, here, and remembers what it was given."""

    def __init__(self) -> None:
        self.tasks: list[list[str]] = []
        #: Each shutdown's ``cancel_futures``.
        self.shut_down: list[bool] = []

    def submit(self, fn: Any, *args: Any) -> Future:  # type: ignore[type-arg]
        if fn is first_pass_chunk:
            self.tasks.append([job.name for job in args[0]])
        done: Future = Future()  # type: ignore[type-arg]
        done.set_result(fn(*args))
        return done

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        self.shut_down.append(cancel_futures)


def _pools_started(monkeypatch: pytest.MonkeyPatch) -> list[InlinePool]:
    """Every pool the build starts from now on (``start_pool``), in order."""
    pools: list[InlinePool] = []
    monkeypatch.setattr(
        records_module, "start_pool", lambda workers: pools.append(InlinePool()) or pools[-1]
    )
    return pools


def _build_forking_on_two_cores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Path, list[InlinePool], SiteBuild]:
    """Eight records, a two-core forking machine, the pools the build will start, and a
    build configured to load them in workers."""
    records = _records(tmp_path, copies=2)
    _forking_on_two_cores(monkeypatch)
    pools = _pools_started(monkeypatch)
    build = SiteBuild()
    build.configure(BuildSettings(records, tmp_path, jobs=0))
    return records, pools, build


def _jobs(tmp_path: Path) -> list[PrerenderJob]:
    records = _records(tmp_path, copies=2)
    return [PrerenderJob(str(path), path.read_bytes()) for path in sorted(records.rglob("*.kifu"))]


def test_files_go_to_the_workers_in_chunks_once_past_the_threshold_and_come_back_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    jobs = _jobs(tmp_path)
    assert len(jobs) >= 6
    pool = InlinePool()
    started: list[int] = []

    def start(workers: int, preload: Any = (), niceness: int = 0, **kwargs: Any) -> InlinePool:
        started.append(workers)
        return pool

    monkeypatch.setattr(pool_module, "available_cores", lambda: 2)
    monkeypatch.setattr(pool_module, "start_executor", start)
    monkeypatch.setattr(records_module, "PARALLEL_THRESHOLD", 3)
    first = FirstPass(0, len(jobs))
    first.chunk = 2
    for n, job in enumerate(jobs, start=1):
        first.add(job)
        # No pool until more files than the threshold need loading; then every full
        # chunk leaves at once.
        assert bool(started) == (n > 3)
        assert sum(len(task) for task in pool.tasks) == (n - n % 2 if n > 3 else 0)
    results = first.results()
    assert started == [2]
    assert [len(task) for task in pool.tasks[:-1]] == [2] * (len(pool.tasks) - 1)
    assert [name for task in pool.tasks for name in task] == [job.name for job in jobs]
    assert results is not None
    assert [done.name for done in results] == [job.name for job in jobs]
    assert [done.records for done in results] == [first_pass(job).records for job in jobs]


def test_no_pool_below_the_threshold_or_on_one_core(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    jobs = _jobs(tmp_path)
    monkeypatch.setattr(pool_module, "start_executor", lambda *a, **k: pytest.fail("a pool"))
    monkeypatch.setattr(pool_module, "available_cores", lambda: 2)
    monkeypatch.setattr(records_module, "PARALLEL_THRESHOLD", len(jobs))
    below = FirstPass(0, len(jobs))
    for job in jobs:
        below.add(job)
    assert below.results() is None
    monkeypatch.setattr(records_module, "PARALLEL_THRESHOLD", 0)
    one = FirstPass(1, len(jobs))  # jobs: 1
    for job in jobs:
        one.add(job)
    assert one.results() is None


def test_a_pool_that_cannot_start_leaves_the_work_to_this_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    jobs = _jobs(tmp_path)

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise OSError("no processes here")

    monkeypatch.setattr(pool_module, "available_cores", lambda: 2)
    monkeypatch.setattr(pool_module, "start_executor", refuse)
    monkeypatch.setattr(records_module, "PARALLEL_THRESHOLD", 0)
    first = FirstPass(0, len(jobs))
    for job in jobs:
        first.add(job)
    assert first.failed and first.results() is None


def test_warm_up_compiles_the_record_templates_and_never_raises(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    forget_environments()
    env = make_environment(None)
    loaded: list[str] = []
    real_load = type(env.loader).load

    def counting_load(self: Any, environment: Any, name: str, globals: Any = None) -> Any:
        loaded.append(name)
        return real_load(self, environment, name, globals)

    monkeypatch.setattr(type(env.loader), "load", counting_load)
    warm_up()
    assert set(RECORD_TEMPLATES) <= set(loaded)
    loaded.clear()
    for name in RECORD_TEMPLATES:
        env.get_template(name)
    assert loaded == []  # compiled once, kept: what the forked workers inherit

    def broken(custom: Any = None) -> Any:
        raise RuntimeError("a template folder that is not there")

    monkeypatch.setattr(prerender, "make_environment", broken)
    warm_up()  # a fork server that raised here would die, and the build's pool with it


def test_a_pool_forked_from_the_build_starts_without_a_warm_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Its workers start with every game the building process imported, and their first
    # tasks (the first pass, which the build waits for) need no template: compiling
    # them first held the first pass up. The fork server still warms up (preload).
    given: list[tuple[Any, Any]] = []
    monkeypatch.setattr(pool_module, "start_executor", lambda *a, **k: given.append((a, k)))
    monkeypatch.setattr(pool_module, "can_fork_here", lambda: True)
    records_module.start_pool(2)
    monkeypatch.setattr(pool_module, "can_fork_here", lambda: False)
    records_module.start_pool(2)
    assert given == [
        ((2, (), records_module.WORKER_NICENESS), {"fork_caller": True}),
        ((2, records_module.WORKER_PRELOAD, records_module.WORKER_NICENESS), {}),
    ]


@pytest.mark.parametrize("forked", [True, False])
def test_the_workers_start_early_only_for_a_build_that_looks_cold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forked: bool
) -> None:
    records = _records(tmp_path, copies=2)
    count = len(list(records.rglob("*.kifu")))
    started: list[Any] = []
    monkeypatch.setattr(pool_module, "can_fork_here", lambda: forked)
    monkeypatch.setattr(
        pool_module, "start_fork_server", lambda preload=(): started.append(preload) or True
    )
    monkeypatch.setattr(
        records_module, "start_pool", lambda workers: started.append(workers) or InlinePool()
    )
    monkeypatch.setattr(pool_module, "available_cores", lambda: 2)
    cache = ContentCache(tmp_path / ".cache", "salt")
    # What starts: the workers themselves, forked from here; or the fork server.
    expected = 2 if forked else records_module.WORKER_PRELOAD

    monkeypatch.setattr(records_module, "PARALLEL_THRESHOLD", count)
    assert not start_workers_early(records, cache, 0)  # not more files than the threshold
    monkeypatch.setattr(records_module, "PARALLEL_THRESHOLD", count - 1)
    assert not start_workers_early(records, cache, 1)  # jobs: 1
    assert not start_workers_early(tmp_path / "none", cache, 0)  # no records folder
    assert started == []
    first = start_workers_early(records, cache, 0)
    assert isinstance(first, InlinePool) if forked else first is True
    assert started == [expected]
    assert start_workers_early(records, ContentCache(None, "salt"), 0)  # no disk cache
    cache.put(PAGE_ENTRY, "somekey", "a page")
    assert cache.has_any(PAGE_ENTRY)
    assert not start_workers_early(records, cache, 0)  # a warm cache: maybe no pool at all
    assert started == [expected, expected]


@pytest.mark.parametrize("forked", [True, False])
def test_the_build_starts_its_workers_before_it_reads_a_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forked: bool
) -> None:
    records = _records(tmp_path, copies=2)
    events: list[str] = []
    monkeypatch.setattr(pool_module, "can_fork_here", lambda: forked)
    monkeypatch.setattr(
        pool_module, "start_fork_server", lambda preload=(): events.append("fork server") or True
    )

    class Forking(InlinePool):
        def submit(self, fn: Any, *args: Any) -> Future:  # type: ignore[type-arg]
            if not args:  # the task that forks a pool's workers (sitebuild/records.py)
                events.append("forked")
            return super().submit(fn, *args)

    early = Forking()

    def start_pool(workers: int) -> InlinePool:
        events.append("pool")
        return early if events.count("pool") == 1 else InlinePool()

    monkeypatch.setattr(records_module, "start_pool", start_pool)
    real_read = records_module.read_file

    def read(path: Path) -> Any:
        events.append("read")
        return real_read(path)

    monkeypatch.setattr(records_module, "read_file", read)
    monkeypatch.setattr(pool_module, "available_cores", lambda: 2)
    monkeypatch.setattr(records_module, "PARALLEL_THRESHOLD", 1)
    build = SiteBuild()
    build.configure(BuildSettings(records, tmp_path, jobs=0))
    assert build.start_workers()
    build.prepare()
    build.close()
    assert events[0] == ("pool" if forked else "fork server") and events.count("read") > 2
    # One pool either way: forked before the first record was read, and then used by
    # the first pass; or started by the first pass, from the fork server started early.
    assert events.count("pool") == 1 and early.tasks
    assert (events.index("pool") < events.index("read")) == forked
    # Forked at once, not when the first files go to it.
    assert ("forked" in events and events.index("forked") < events.index("read")) == forked
    # The pages are in the cache now: the next build does not look cold.
    assert not build.start_workers()


def test_a_load_begun_early_goes_to_the_workers_before_prepare_and_gives_the_same_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = _records(tmp_path, copies=2)
    _forking_on_two_cores(monkeypatch)
    pools = _pools_started(monkeypatch)

    real_read = records_module.read_file

    def site(root: Path, begin: bool) -> list[str]:
        build = SiteBuild()
        build.configure(BuildSettings(records, root, jobs=0))
        if begin:
            assert build.begin()
            # Every file is with the workers before the front end asks for the site.
            assert sum(len(task) for task in pools[-1].tasks) == 8
            monkeypatch.setattr(records_module, "read_file", lambda path: pytest.fail("read again"))
        plan = build.prepare().plan
        monkeypatch.setattr(records_module, "read_file", real_read)
        pages = [build.render(page) for page in plan.pages]
        build.close()
        return pages

    assert site(tmp_path / "early", begin=True) == site(tmp_path / "late", begin=False)


def test_a_load_begun_and_not_collected_is_shut_down_or_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records, pools, build = _build_forking_on_two_cores(tmp_path, monkeypatch)
    build.begin()
    build.close()  # the build failed before it collected the load
    assert [pool.shut_down for pool in pools] == [[True]]
    build.begin()
    # Begun again (a build that failed in between): the first load goes, before any
    # worker of the second starts (its threads would keep this process from forking).
    real_early = build_module.start_workers_early
    closed_by_then: list[bool] = []

    def early(*args: Any) -> Any:
        closed_by_then.append(bool(pools[1].shut_down))
        return real_early(*args)

    monkeypatch.setattr(build_module, "start_workers_early", early)
    build.begin()
    assert pools[1].shut_down and closed_by_then == [True]
    # Configured again after begin(): prepare() reads the records afresh.
    build.configure(BuildSettings(records, tmp_path, jobs=0, lang="en"))
    read: list[Path] = []
    real_read = records_module.read_file
    monkeypatch.setattr(
        records_module, "read_file", lambda path: read.append(path) or real_read(path)
    )
    build.prepare()
    assert pools[2].shut_down and len(read) == 8
    build.close()


def test_workers_started_early_and_not_needed_are_shut_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records, pools, build = _build_forking_on_two_cores(tmp_path, monkeypatch)
    # Started, then the build found too few files to load after all (the threshold
    # rose: as when the cache answered for most of them).
    assert build.start_workers()
    monkeypatch.setattr(records_module, "PARALLEL_THRESHOLD", 10_000)
    build.prepare()
    assert [pool.shut_down for pool in pools] == [[True]]
    # Started, then the build failed before it loaded anything (another site folder:
    # the first one's cache has pages now, so it no longer looks cold).
    monkeypatch.setattr(records_module, "PARALLEL_THRESHOLD", 1)
    other = SiteBuild()
    other.configure(BuildSettings(records, tmp_path / "other", jobs=0))
    assert other.start_workers()
    other.close()
    assert [pool.shut_down for pool in pools] == [[True], [True]]


def test_the_preload_module_warms_the_fork_server_up() -> None:
    # The fork server imports it (multiprocessing swallows an ImportError there, and the
    # workers would quietly start cold).
    assert records_module.WORKER_PRELOAD == ("kifuwiki.sitebuild.worker_start",)
    import importlib

    module = importlib.import_module(records_module.WORKER_PRELOAD[0])
    assert module.warm_up is warm_up


class RecordingPool(InlinePool):
    """Also remembers the second pass's tasks (a few files each)."""

    def __init__(self) -> None:
        super().__init__()
        self.renders: list[list[str]] = []

    def submit(self, fn: Any, *args: Any) -> Future:  # type: ignore[type-arg]
        if fn is prerender_files:
            self.renders.append([job.name for job in args[0]])
        return super().submit(fn, *args)


def test_the_second_pass_renders_a_few_files_a_task_in_the_order_the_pages_come(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = _records(tmp_path, copies=2, dated=True)
    monkeypatch.setattr(pool_module, "available_cores", lambda: 2)
    monkeypatch.setattr(pool_module, "start_fork_server", lambda preload=(): None)
    monkeypatch.setattr(records_module, "PARALLEL_THRESHOLD", 1)
    monkeypatch.setattr(records_module, "COMPLETE_SHARE", 0.0)
    monkeypatch.setattr(build_module, "RENDER_CHUNK", 2)
    # The pages are asked for before the site is planned: the workers go on to them
    # while this process plans.
    asked_before_planning: list[int] = []
    plan_archive = Archive.build

    def planning(*args: Any, **kwargs: Any) -> Any:
        asked_before_planning.append(len(pool.renders))
        return plan_archive(*args, **kwargs)

    monkeypatch.setattr(Archive, "build", planning)
    # One core: the tasks may be as large as RENDER_CHUNK (a build of a few files on
    # many cores gets smaller ones, below).
    monkeypatch.setattr(build_module, "available_cores", lambda: 1)
    pool = RecordingPool()
    monkeypatch.setattr(pool_module, "start_executor", lambda *a, **k: pool)

    def pages(root: Path, jobs: int) -> list[str]:
        build = SiteBuild()
        build.configure(BuildSettings(records, root, jobs=jobs))
        plan = build.prepare().plan
        rendered = [build.render(page) for page in plan.pages]
        build.close()
        return rendered

    parallel = pages(tmp_path, 0)
    files = {path.name for path in records.rglob("*.kifu")}
    assert len(files) == 8
    assert [len(task) for task in pool.renders] == [2, 2, 2, 2]
    assert asked_before_planning == [4]
    asked = [name for task in pool.renders for name in task]
    assert sorted(Path(name).name for name in asked) == sorted(files)  # each file once
    # In the order the plan's record pages come (the order the front end asks).
    build = SiteBuild()
    build.configure(BuildSettings(records, tmp_path, jobs=1))
    plan = build.prepare().plan
    by_key = {page.key: page for page in plan.pages if page.kind == "record"}
    order = list(dict.fromkeys(key.partition("#")[0] for key in by_key))
    assert asked == order
    assert order != sorted(order)  # newest first, not in file order
    build.close()
    # And the same pages as one process renders (the cache gone: nothing reused).
    shutil.rmtree(tmp_path / ".cache")
    assert parallel == pages(tmp_path, 1)
    # Eight cores: smaller tasks, so every core gets some (at least one file each).
    shutil.rmtree(tmp_path / ".cache")
    monkeypatch.setattr(build_module, "available_cores", lambda: 8)
    pool.renders.clear()
    assert pages(tmp_path, 0) == parallel
    assert [len(task) for task in pool.renders] == [1] * len(files)


def test_same_diagnostics_says_so_exactly_when_the_general_comparison_finds_nothing(
    tmp_path: Path,
) -> None:
    from kifuwiki.core.diagnostics import Diagnostic, Severity
    from kifuwiki.render.prerender import prerender_file
    from kifuwiki.sitebuild.records import light_items
    from kifuwiki.sitebuild.site import same_diagnostics

    records = _records(tmp_path)
    checked = 0
    for path in sorted(records.rglob("*.kifu")):
        result = prerender_file(PrerenderJob(path.name, path.read_bytes()))
        light = light_items("key", path.name, path, result.records)
        assert same_diagnostics(light, result.records)
        extra = Diagnostic(Severity.ERROR, "KW003", "the view failed", 1, 1, path.name)
        changed = [dict(data) for data in result.records]
        changed[0]["diagnostics"] = [*changed[0]["diagnostics"], diagnostic_fields(extra)]
        assert not same_diagnostics(light, changed)
        # Fewer games than the first pass gave: not the same either.
        assert not same_diagnostics(light, result.records[:-1]) or not result.records[:-1]
        checked += len(result.records[0]["diagnostics"])
    assert checked  # the fixtures carry diagnostics, so equal lists were compared


def test_every_page_kind_but_a_record_has_its_list_template() -> None:
    from typing import get_args

    from kifuwiki.render.site import PageKind

    assert set(LIST_TEMPLATES) == set(get_args(PageKind)) - {"record"}


def test_a_cold_build_does_not_ask_an_empty_cache_for_each_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = _records(tmp_path)
    asked: list[str] = []
    real = records_module.read_light_records

    def read(cache: Any, key: str) -> Any:
        asked.append(key)
        return real(cache, key)

    monkeypatch.setattr(records_module, "read_light_records", read)

    def build_once() -> list[str]:
        build = SiteBuild()
        build.configure(BuildSettings(records, tmp_path, jobs=1))
        plan = build.prepare().plan
        pages = [build.render(page) for page in plan.pages]
        build.close()
        return pages

    cold = build_once()
    assert asked == []  # no page in the cache: nothing to ask it
    assert build_once() == cold  # a new process's warm build: every file from the cache
    assert len(asked) == len(list(records.rglob("*.kifu")))


def test_workers_started_for_a_load_that_fails_to_begin_are_shut_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # begin() takes the workers started early out of the build before the load holds
    # them: an error walking the records folder must not leave them running.
    records = _records(tmp_path)
    closed: list[bool] = []

    class Early(InlinePool):
        def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
            closed.append(True)

    monkeypatch.setattr(build_module, "start_workers_early", lambda *args: Early())

    def walk(*args: Any) -> Any:
        raise OSError("the folder went away")

    monkeypatch.setattr(records_module, "iter_record_paths", walk)
    build = SiteBuild()
    build.configure(BuildSettings(records, tmp_path, jobs=0))
    with pytest.raises(OSError, match="went away"):
        build.begin()
    build.close()  # what on_build_error does: nothing of it is left to close
    assert closed == [True]
