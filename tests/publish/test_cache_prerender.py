"""Large-archive builds: record pages rendered ahead (in workers or from the disk cache).

* a warm build in a NEW plugin instance (a fresh ``mkdocs build``) neither parses nor
  replays nor renders an unchanged record, and writes the same site byte for byte;
* a build whose records are loaded and rendered in worker processes writes the same
  site as one that does everything in the building process;
* the pieces: light records survive JSON, deferred links resolve to the real ones.
"""

from __future__ import annotations

import json
import logging
import multiprocessing
import re
import shutil
import threading
from collections import Counter
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest
from conftest import build_site, edit_yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from mkdocs.config import config_options
from mkdocs.config.defaults import MkDocsConfig

import kifuwiki.render.prerender as prerender
import kifuwiki.sitebuild.pool as pool_module
import kifuwiki.sitebuild.records as records_module
import kifuwiki.sitebuild.site as build_module
from kifuwiki.archive import load_file
from kifuwiki.games import get_game
from kifuwiki.render.assets import VIEWER_MARK
from kifuwiki.render.prerender import first_pass_chunk, light_record, view_from_light, view_of
from kifuwiki.render.site import DeferredLinks, PageLinks, SitePlan, resolve_links

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def forget_plugin_instances() -> None:
    """MkDocs keeps plugins that define on_startup alive for the whole process (for
    ``mkdocs serve``); dropping them makes the next build start like a new process."""
    for _, option in MkDocsConfig._schema:
        if isinstance(option, config_options.Plugins):
            option.plugin_cache.clear()


def games_site(tmp_path: Path, name: str) -> Path:
    """The real-games fixture site plus every Prime Daifugo rules/notation fixture:
    several games per file, errors, three players, both dialects."""
    root = tmp_path / name
    shutil.copytree(FIXTURES / "sites" / "games", root)
    extra = root / "records" / "prime-daifugo" / "fixtures"
    for folder in ("notation", "rules"):
        for path in sorted((FIXTURES / "prime-daifugo" / folder).glob("*.kifu")):
            (extra / folder).mkdir(parents=True, exist_ok=True)
            shutil.copy(path, extra / folder / path.name)
    return root


def site_files(site: Path) -> dict[str, bytes]:
    """Every page and the search index, less the build time MkDocs stamps on the
    home page (the sitemap, which carries the date too, is left out)."""
    found = {}
    for path in sorted(site.rglob("*")):
        if path.suffix in (".html", ".json") and path.is_file():
            data = re.sub(rb"Build Date UTC : [^\n]*", b"", path.read_bytes())
            found[path.relative_to(site).as_posix()] = data
    return found


def in_process_site_files(tmp_path: Path) -> dict[str, bytes]:
    """What :func:`games_site` gives built in one process (``jobs: 1``): the reference
    every parallel build must equal."""
    reference = games_site(tmp_path, "reference")
    edit_yaml(reference, "language: en", "language: en\n      jobs: 1")
    forget_plugin_instances()
    return site_files(build_site(reference))


@pytest.mark.slow  # builds whole sites
def test_warm_build_in_a_new_plugin_parses_nothing_and_writes_the_same_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = games_site(tmp_path, "warm")
    forget_plugin_instances()
    cold = site_files(build_site(root))
    assert any(name.startswith("records/prime-daifugo/fixtures/") for name in cold)
    # One cache entry a game, the first game's carrying its file's light records: no
    # entry of their own (one file fewer created per record file).
    entries = list((root / ".cache" / "kifuwiki").rglob("record-page/*/*"))
    record_pages = [name for name, data in cold.items() if b'kw-record-page" data-game' in data]
    assert len(entries) == len(record_pages) > 0
    assert not list((root / ".cache" / "kifuwiki").rglob("record-file/*/*"))

    calls: list[str] = []

    def counted(name: str, original: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            calls.append(name)
            return original(*args, **kwargs)

        return wrapper

    for module, name in [
        (prerender, "prerender_file"),
        (prerender, "load_source"),
        (prerender, "split_record_file"),
        (prerender, "render_record_page"),
        (records_module, "prerender_file"),
        (build_module, "prerender_file"),
    ]:
        monkeypatch.setattr(module, name, counted(name, getattr(module, name)))
    forget_plugin_instances()
    shutil.rmtree(root / "site")
    warm = site_files(build_site(root))
    assert calls == []
    assert warm.keys() == cold.keys()
    assert [name for name in cold if warm[name] != cold[name]] == []


@pytest.mark.slow  # builds whole sites
def test_a_missing_page_entry_is_rendered_again(tmp_path: Path) -> None:
    root = games_site(tmp_path, "pruned")
    forget_plugin_instances()
    cold = site_files(build_site(root))
    # Someone deletes the pages of the second and later games of each file from the
    # cache, but not the first ones, which carry the files' light records.
    deleted = [
        entry
        for entry in (root / ".cache" / "kifuwiki").rglob("record-page/*/*")
        if not entry.name.endswith("-1")
    ]
    assert deleted  # the site has files of several games
    for entry in deleted:
        entry.unlink()
    forget_plugin_instances()
    assert site_files(build_site(root)) == cold


@pytest.mark.slow  # builds whole sites
def test_a_page_entry_cut_short_is_rendered_again(tmp_path: Path) -> None:
    root = games_site(tmp_path, "cut")
    forget_plugin_instances()
    cold = site_files(build_site(root))
    # A power cut after the head line of every first page was written (no fsync): the
    # light records read fine, the pages do not.
    for entry in (root / ".cache" / "kifuwiki").rglob("record-page/*/*-1"):
        head = entry.read_bytes().split(b"\n", 1)[0]
        entry.write_bytes(head + b"\n<p>cut")
    forget_plugin_instances()
    assert site_files(build_site(root)) == cold


@pytest.mark.parametrize("forked", [True, False])
@pytest.mark.slow  # builds whole sites
def test_pages_rendered_in_worker_processes_are_the_same_as_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forked: bool
) -> None:
    # Forked from the building process (mkdocs build: one thread), or from the fork
    # server (mkdocs serve runs threads): the real workers either way.
    monkeypatch.setattr(pool_module, "can_fork_here", lambda: forked)
    in_process = games_site(tmp_path, "one")
    parallel = games_site(tmp_path, "two")
    edit_yaml(in_process, "language: en", "language: en\n      jobs: 1")
    edit_yaml(parallel, "language: en", "language: en\n      jobs: 2")
    monkeypatch.setattr(records_module, "PARALLEL_THRESHOLD", 0)
    monkeypatch.setattr(pool_module, "available_cores", lambda: 2)
    events: list[str] = []
    real_start = pool_module.start_executor

    def watched_start(workers: int, preload: Any = (), niceness: int = 0, **kwargs: Any) -> Any:
        pool = real_start(workers, preload, niceness, **kwargs)
        method = pool._mp_context.get_start_method()  # what really starts the workers
        events.append(f"pool of {workers}, {method}")
        return pool

    monkeypatch.setattr(pool_module, "start_executor", watched_start)
    real_fork_server = pool_module.start_fork_server

    def watched_fork_server(preload: Any = ()) -> bool:
        events.append("fork server")
        return real_fork_server(preload)

    monkeypatch.setattr(pool_module, "start_fork_server", watched_fork_server)
    real_read = records_module.read_file

    def watched_read(path: Path) -> Any:
        if "read" not in events:
            events.append("read")
        return real_read(path)

    monkeypatch.setattr(records_module, "read_file", watched_read)
    forget_plugin_instances()
    one = site_files(build_site(in_process))
    assert events == ["read"]
    events.clear()
    forget_plugin_instances()
    two = site_files(build_site(parallel))
    # Started before any record is read (on_pre_build), for a cold build only.
    if forked:
        # Forked, unless a thread some other test left behind runs: then the pool falls
        # back to the fork server on its own, as it must (forking a process that runs
        # threads can deadlock the child).
        method = "fork" if threading.active_count() == 1 else "forkserver"
        assert events == [f"pool of 2, {method}", "read"]
    else:
        assert events == ["fork server", "read", "pool of 2, forkserver"]
    assert one.keys() == two.keys()
    assert [name for name in one if one[name] != two[name]] == []


class LateFuture(Future):  # type: ignore[type-arg]
    """A worker's result that is not ready when MkDocs first asks (so the page is
    filled in later), or a worker that died (``broken``)."""

    def __init__(self, fn: Any, job: Any, broken: bool) -> None:
        super().__init__()
        self.fn, self.job, self.broken, self.asked = fn, job, broken, 0

    def done(self) -> bool:
        self.asked += 1
        return self.asked > 1

    def result(self, timeout: float | None = None) -> Any:
        if self.broken:
            raise BrokenProcessPool("a worker died")
        return self.fn(self.job)


class FakePool:
    """Runs phase one here (or breaks there: ``broken_map``); phase two returns late or
    broken futures."""

    def __init__(self, broken_map: bool = False) -> None:
        self.broken_map = broken_map
        self.submitted = 0

    def submit(self, fn: Any, *args: Any) -> Future:  # type: ignore[type-arg]
        if not args:  # what forks a pool's workers early (sitebuild/records.py)
            started: Future = Future()  # type: ignore[type-arg]
            started.set_result(fn())
            return started
        job = args[0]
        if fn is first_pass_chunk:
            if self.broken_map:
                raise BrokenProcessPool("the workers would not start")
            done: Future = Future()  # type: ignore[type-arg]
            done.set_result(fn(job))
            return done
        self.submitted += 1
        return LateFuture(fn, job, broken=self.submitted % 2 == 0)

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        return None


@pytest.mark.parametrize("broken_map", [False, True])
@pytest.mark.slow  # builds whole sites
def test_late_and_broken_workers_give_the_same_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, broken_map: bool
) -> None:
    expected = in_process_site_files(tmp_path)
    other = games_site(tmp_path, "other")

    pool = FakePool(broken_map)
    monkeypatch.setattr(records_module, "PARALLEL_THRESHOLD", 0)
    # Every page left to the second pass, where the workers can be late or break.
    monkeypatch.setattr(records_module, "COMPLETE_SHARE", 0.0)
    monkeypatch.setattr(pool_module, "available_cores", lambda: 2)
    monkeypatch.setattr(pool_module, "start_executor", lambda *args, **kwargs: pool)
    # Three files a task: a broken task leaves each of its files to this process.
    monkeypatch.setattr(build_module, "RENDER_CHUNK", 3)
    forget_plugin_instances()
    assert site_files(build_site(other)) == expected
    if broken_map:
        assert pool.submitted == 0
    else:
        assert pool.submitted > 2


def test_light_records_survive_json(tmp_path: Path) -> None:
    path = FIXTURES / "prime-daifugo" / "rules" / "fandom-two-games.kifu"
    for record in load_file(path, "records/prime-daifugo/two.kifu"):
        view = view_of(record)
        light = json.loads(json.dumps(light_record(view), ensure_ascii=False))
        again = view_from_light(light)
        assert again.steps == [] and again.record.data is None
        assert again.record.diagnostics == record.diagnostics
        assert (again.players, again.badges, again.player_stats) == (
            view.players,
            view.badges,
            view.player_stats,
        )
        for name in ("game", "title", "players", "winner", "ranking", "moves", "rules"):
            assert getattr(again.record, name) == getattr(record, name)
        assert (again.record.path, again.record.index, again.record.source.count) == (
            record.path,
            record.index,
            record.source.count,
        )


def test_deferred_links_resolve_to_the_links_of_the_plan() -> None:
    path = FIXTURES / "prime-daifugo" / "rules" / "fandom-two-games.kifu"
    views = [view_of(r) for r in load_file(path, "records/prime-daifugo/two.kifu")]
    plan = SitePlan.build(views, "records/", "records", "en", ("prime-daifugo",))
    here = plan.records[f"{views[0].record.path}#1"].src_uri
    real = PageLinks(plan, here)
    deferred = DeferredLinks()
    player = views[0].players[0].name
    html = (
        f"<a href='{deferred.player(player)}'>{deferred.index('prime-daifugo')}"
        f"{deferred.record(views[1].record, 'm3')} {deferred.special('report')}</a>"
    )
    expected = (
        f"<a href='{real.player(player)}'>{real.index('prime-daifugo')}"
        f"{real.record(views[1].record, 'm3')} {real.special('report')}</a>"
    )
    assert resolve_links(html, deferred.nonce, deferred.targets, real) == expected
    # Another render's placeholders (another nonce) are left alone.
    other = DeferredLinks()
    assert resolve_links(html, other.nonce, deferred.targets, real) == html


def test_disk_only_entries_and_the_jobs_option(tmp_path: Path) -> None:
    from kifuwiki.core.cache import ContentCache
    from kifuwiki.mkdocs_plugin.plugin import KifuwikiPlugin

    cache = ContentCache(tmp_path, "salt")
    cache.put_json("record-page", "k", {"html": "<p>x</p>"}, memory=False)
    assert cache.has("record-page", "k") and not cache.has("record-page", "other")
    assert cache.get_json("record-page", "k", remember=False) == {"html": "<p>x</p>"}
    # A page entry cut short (a crash mid-write) is a miss, not half a page.
    entry = next(tmp_path.rglob("record-page/*/k"))
    entry.write_text('{"html": "<p>', encoding="utf-8")
    assert cache.get_json("record-page", "k") is None
    # Without a writable folder, entries stay in memory instead of being lost.
    memory_only = ContentCache(tmp_path / "file", "salt")
    (tmp_path / "file").write_text("not a folder", encoding="utf-8")
    memory_only.put("record-page", "k", "v", memory=False)
    assert memory_only.get("record-page", "k") == "v"

    plugin = KifuwikiPlugin()
    assert plugin.load_config({}) == ([], [])
    assert plugin.config.jobs == 0
    errors, _ = plugin.load_config({"jobs": "many"})
    assert [name for name, _ in errors] == ["jobs"]


@pytest.mark.slow  # builds whole sites
def test_list_pages_are_searched_by_title_and_records_by_content(tmp_path: Path) -> None:
    root = games_site(tmp_path, "search")
    forget_plugin_instances()
    site = build_site(root)
    index = json.loads((site / "search/search_index.json").read_text(encoding="utf-8"))
    docs = {doc["location"]: doc for doc in index["docs"]}
    home = docs["records/"]
    # The home page lists every game; its search entry is its title, not the table.
    assert "nishimura" not in home["text"] and home["title"]
    kongo = " ".join(
        d["text"] for loc, d in docs.items() if loc.startswith("records/prime-daifugo/kongo/")
    )
    assert "nishimura" in kongo and "987463" in kongo


def test_record_page_content_is_let_go_once_the_page_is_written(tmp_path: Path) -> None:
    from types import SimpleNamespace

    from kifuwiki.mkdocs_plugin.plugin import KifuwikiPlugin
    from kifuwiki.render.site import SitePage

    plugin = KifuwikiPlugin()
    plugin._pages = {
        "records/a.md": SitePage("records/a.md", "record", "A", "a.kifu#1"),
        "records/index.md": SitePage("records/index.md", "home", "Records"),
    }
    record = SimpleNamespace(file=SimpleNamespace(src_uri="records/a.md"), content="<p>big</p>")
    home = SimpleNamespace(file=SimpleNamespace(src_uri="records/index.md"), content="<p>x</p>")
    config: Any = None
    assert plugin._post_page("<html>", page=record, config=config) == "<html>"  # type: ignore[arg-type]
    assert plugin._post_page("<html>", page=home, config=config) == "<html>"  # type: ignore[arg-type]
    assert record.content is None and home.content == "<p>x</p>"


def test_page_entries_round_trip_and_a_cut_entry_is_a_miss() -> None:
    from kifuwiki.render.prerender import PrerenderedPage

    page = PrerenderedPage(
        "<p>\nはち kwlink-ab-0</p>\n", "<h1>t</h1>\n{x}", "ab", [("player", "はち", "")]
    )
    text = page.to_text()
    assert PrerenderedPage.from_text(text) == page
    for broken in (text[:-1], text + "x", text.split("\n", 1)[0], "", "{}\n", "not json\n"):
        assert PrerenderedPage.from_text(broken) is None
    assert PrerenderedPage.from_text(None) is None


def _from_text_in_full(text: str | None) -> Any:
    """``PrerenderedPage.from_text`` as it was: the head line parsed whole, the body
    partitioned off and sliced (the reference for the fast path)."""
    from kifuwiki.render.prerender import PrerenderedPage

    if text is None:
        return None
    head_text, newline, body = text.partition("\n")
    try:
        head = json.loads(head_text)
        targets = [(str(k), str(v), str(f)) for k, v, f in head["targets"]]
        search_len, html_len = int(head["search"]), int(head["html"])
        nonce = str(head["nonce"])
    except (KeyError, TypeError, ValueError):
        return None
    if not newline or search_len < 0 or len(body) != search_len + html_len:
        return None
    return PrerenderedPage(body[search_len:], body[:search_len], nonce, targets)


_TRICKY = st.text(alphabet=st.sampled_from(list('ab\n\r"\\,: {}[]はrecords')), max_size=30)


@settings(max_examples=300, deadline=None)
@given(
    html=_TRICKY,
    search=_TRICKY,
    targets=st.lists(st.tuples(_TRICKY, _TRICKY, _TRICKY), max_size=4),
    records=st.none() | st.lists(st.dictionaries(_TRICKY, _TRICKY, max_size=3), max_size=3),
    cut=st.integers(min_value=0, max_value=400),
    edit=st.integers(min_value=0, max_value=400),
)
def test_a_page_entry_reads_as_parsed_in_full(
    html: str,
    search: str,
    targets: list[tuple[str, str, str]],
    records: list[dict[str, str]] | None,
    cut: int,
    edit: int,
) -> None:
    """The head line is parsed without the file's light records (its last key): the same
    page as the whole line parsed, for any text in the page, its links and the records
    (quotes, commas, new lines, the key's own text), and the same miss for an entry cut
    short or with a character changed. One difference, on purpose: a character changed
    inside the records leaves the page itself whole, and it is read (the records are
    read, and found broken, where a build looks for them: ``read_light_records``)."""
    from kifuwiki.render.prerender import PrerenderedPage

    page = PrerenderedPage(html, search, "ab12", targets)
    text = page.to_text(records)
    assert PrerenderedPage.from_text(text) == page == _from_text_in_full(text)
    for variant in (text[: len(text) - cut], text[:edit] + "}" + text[edit + 1 :]):
        fast, full = PrerenderedPage.from_text(variant), _from_text_in_full(variant)
        assert fast == full or (full is None and fast == page and records is not None)


@pytest.mark.parametrize("change", ["rules", "version"])
@pytest.mark.slow  # builds whole sites
def test_a_new_rule_set_or_version_is_never_served_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    root = games_site(tmp_path, change)
    forget_plugin_instances()
    build_site(root)
    loaded: list[str] = []
    original = prerender.load_source

    def counted(*args: Any, **kwargs: Any) -> Any:
        loaded.append("load")
        return original(*args, **kwargs)

    monkeypatch.setattr(prerender, "load_source", counted)
    if change == "rules":
        edit_yaml(root, "language: en", "language: en\n      rules: online")
    else:
        import kifuwiki.core.cache as cache_module

        monkeypatch.setattr(cache_module, "__version__", "999.0.0")
    forget_plugin_instances()
    build_site(root)
    assert loaded, f"a changed {change} must load the records again, not reuse the cache"


def _counting_load_source(log: Path) -> Any:
    """``load_source`` that appends each game it loads to ``log`` (from any process)."""
    original = prerender.load_source

    def counted(source: Any, rules: Any = None) -> Any:
        with log.open("a", encoding="utf-8") as handle:
            handle.write(f"{source.path}#{source.index}\n")
        return original(source, rules)

    return counted


@pytest.mark.parametrize("share", [1.0, 0.5, 0.0])
@pytest.mark.slow  # builds whole sites
def test_a_parallel_build_loads_each_game_once_where_it_renders_it_in_the_first_pass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, share: float
) -> None:
    expected = in_process_site_files(tmp_path)
    parallel = games_site(tmp_path, "parallel")
    edit_yaml(parallel, "language: en", "language: en\n      jobs: 2")

    log = tmp_path / "loads.txt"
    monkeypatch.setattr(prerender, "load_source", _counting_load_source(log))
    monkeypatch.setattr(records_module, "PARALLEL_THRESHOLD", 0)
    monkeypatch.setattr(records_module, "COMPLETE_SHARE", share)
    monkeypatch.setattr(pool_module, "available_cores", lambda: 2)
    started: list[int] = []

    def forked_pool(workers: int, preload: Any = (), niceness: int = 0, **kwargs: Any) -> Any:
        # Forked, the workers keep the counting hook (a fork server would not).
        started.append(workers)
        context = multiprocessing.get_context("fork")
        return ProcessPoolExecutor(max_workers=workers, mp_context=context)

    monkeypatch.setattr(pool_module, "start_executor", forked_pool)
    # A game without a light view (Catan has one; here it has none, in the forked
    # workers too) is rendered in the first pass whatever the share.
    monkeypatch.setattr(type(get_game("catan")), "light_view", None)
    forget_plugin_instances()
    assert site_files(build_site(parallel)) == expected
    assert started == [2]

    loads = Counter(log.read_text(encoding="utf-8").splitlines())
    files = Counter(game.partition("#")[0] for game in loads)
    assert len(files) > 4
    twice = {game for game, count in loads.items() if count == 2}
    assert set(loads.values()) <= {1, 2}
    files_twice = {game.partition("#")[0] for game in twice}
    assert all(loads[game] == 2 for game in loads if game.partition("#")[0] in files_twice)
    # Only a game with a light view (Prime Daifugo's) gives its light records alone; a
    # file of a game without one (Catan's, above) is rendered in the first pass whatever
    # the share, its light records costing a whole view anyway.
    light = {name for name in files if "/prime-daifugo/" in name}
    assert light and len(light) < len(files)
    if share == 1.0:
        assert twice == set()
    elif share == 0.0:
        # Every light file loaded for its light records, then again for its pages.
        assert files_twice == light
    else:
        # About half the files are rendered in the first pass (loaded once), the
        # others loaded for their light records, then again for their pages.
        assert files_twice <= light
        assert abs(len(files_twice) - len(files) * (1 - share)) <= 2


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.slow  # builds whole sites
def test_no_record_page_body_waits_in_memory_for_the_writing_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int
) -> None:
    """MkDocs renders every page's Markdown before it writes the first: a record page's
    body must arrive only when its page is written (then let go), or every record page's
    HTML would be in memory at once."""
    import mkdocs.commands.build as mkdocs_build

    root = games_site(tmp_path, "memory")
    edit_yaml(root, "language: en", f"language: en\n      jobs: {jobs}")
    monkeypatch.setattr(records_module, "PARALLEL_THRESHOLD", 0)
    monkeypatch.setattr(pool_module, "available_cores", lambda: 2)
    held: list[int] = []
    files_seen: list[Any] = []
    real_populate, real_build_page = mkdocs_build._populate_page, mkdocs_build._build_page

    def remember_files(page: Any, config: Any, files: Any, *args: Any, **kwargs: Any) -> Any:
        files_seen.append(files)
        return real_populate(page, config, files, *args, **kwargs)

    def watched_build_page(*args: Any, **kwargs: Any) -> Any:
        if not held:  # the first page written: every page's Markdown is rendered
            # (The home page's ```kifu block is the page's own Markdown: not counted.)
            pages = [file.page for file in files_seen[-1].documentation_pages()]
            records = [page for page in pages if page.file.src_uri.startswith("records/")]
            held.append(sum(VIEWER_MARK in (page.content or "") for page in records))
        return real_build_page(*args, **kwargs)

    monkeypatch.setattr(mkdocs_build, "_populate_page", remember_files)
    monkeypatch.setattr(mkdocs_build, "_build_page", watched_build_page)
    forget_plugin_instances()
    site = build_site(root)
    assert held == [0]
    written = [path.read_text(encoding="utf-8") for path in (site / "records").rglob("*.html")]
    assert sum(VIEWER_MARK in html for html in written) > 4


def _resolve_links_per_nonce(
    html: str, nonce: str, targets: list[tuple[str, str, str]], links: PageLinks
) -> str:
    """``resolve_links`` as it was: a pattern with the page's nonce in it, compiled
    per page (the reference for the one shared pattern)."""
    import re

    plan = links.plan

    def url(match: re.Match[str]) -> str:
        number = int(match.group(1))
        if number >= len(targets) or plan is None:
            return match.group(0)
        kind, key, fragment = targets[number]
        if kind == "file":
            return links.file(key) or "#"
        table = {
            "record": plan.records,
            "player": plan.players,
            "event": plan.events,
            "index": plan.indexes,
            "special": plan.special,
        }.get(kind, {})
        return links.to(table.get(key), fragment) or "#"

    return re.sub(rf"kwlink-{re.escape(nonce)}-([0-9]+)", url, html)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_one_placeholder_pattern_resolves_as_the_per_page_pattern(data: st.DataObject) -> None:
    path = FIXTURES / "prime-daifugo" / "rules" / "fandom-two-games.kifu"
    views = [view_of(r) for r in load_file(path, "records/prime-daifugo/two.kifu")]
    plan = SitePlan.build(views, "records/", "records", "en", ("prime-daifugo",))
    real = PageLinks(plan, plan.records[f"{views[0].record.path}#1"].src_uri)
    deferred, other = DeferredLinks(), DeferredLinks()
    tokens = [
        deferred.player(views[0].players[0].name),
        deferred.player("nobody"),
        deferred.record(views[1].record, "m3"),
        deferred.special("report"),
        deferred.file(views[0].record.path or ""),
        deferred.event("none"),
        other.index("prime-daifugo"),
        f"kwlink-{deferred.nonce}-99",
        f"kwlink-{deferred.nonce[:-1]}-1",
        f"kwlink-{deferred.nonce}{deferred.nonce}-0",
        "kwlink-",
        "kwlink-abc-",
    ]
    pieces = data.draw(
        st.lists(
            st.one_of(st.sampled_from(tokens), st.text(alphabet="kwlin-0123abf<'", max_size=6))
        )
    )
    html = "".join(pieces)
    targets = deferred.targets
    assert resolve_links(html, deferred.nonce, targets, real) == _resolve_links_per_nonce(
        html, deferred.nonce, targets, real
    )
    assert resolve_links(html, deferred.nonce, targets, PageLinks()) == _resolve_links_per_nonce(
        html, deferred.nonce, targets, PageLinks()
    )


@pytest.mark.slow  # builds a whole site
def test_a_page_that_finds_more_than_its_light_record_is_still_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # The light records come from the light view; the pages, rendered after on_files
    # has reported every light record, from the whole view. Should the whole view fail
    # where the light one did not, its error must still reach the log (--strict).
    site = games_site(tmp_path, "late")
    edit_yaml(site, "language: en", "language: en\n      jobs: 2")
    monkeypatch.setattr(records_module, "PARALLEL_THRESHOLD", 0)
    monkeypatch.setattr(records_module, "COMPLETE_SHARE", 0.0)
    monkeypatch.setattr(pool_module, "available_cores", lambda: 2)

    def forked_pool(workers: int, preload: Any = (), niceness: int = 0, **kwargs: Any) -> Any:
        return ProcessPoolExecutor(
            max_workers=workers, mp_context=multiprocessing.get_context("fork")
        )

    monkeypatch.setattr(pool_module, "start_executor", forked_pool)
    game = get_game("prime-daifugo")

    def broken_view(self: Any, record: Any) -> Any:
        raise RuntimeError("a bug in the view")

    monkeypatch.setattr(type(game), "view", broken_view)
    forget_plugin_instances()
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins"):
        build_site(site)
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    late = [message for message in warnings if "KW003" in message]
    assert late, warnings
    # One report per game: the worker's own log line is not the report.
    assert len(late) == len(set(late))


def test_a_files_entries_one_a_game_the_first_carrying_the_light_records(tmp_path: Path) -> None:
    from kifuwiki.core.cache import ContentCache
    from kifuwiki.render.prerender import (
        PAGE_ENTRY,
        PrerenderedPage,
        page_key,
        read_light_records,
        write_file_entries,
    )

    cache = ContentCache(tmp_path, "salt")
    pages = [
        PrerenderedPage(f"<p>{n}</p>\n<p>二行目</p>", f"search {n}", "nonce", [("k", "v", "f")])
        for n in (1, 2, 3)
    ]
    records = [{"title": f"第{n}局"} for n in (1, 2, 3)]
    assert write_file_entries(cache, "file", records, pages)
    fresh = ContentCache(tmp_path, "salt")
    assert read_light_records(fresh, "file") == records
    for n, page in enumerate(pages, start=1):
        assert PrerenderedPage.from_text(fresh.get(PAGE_ENTRY, page_key("file", n))) == page
    # Files are one entry a game: nothing else was written.
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == [
        "file-1",
        "file-2",
        "file-3",
    ]
    # A later game's page gone: the file is not complete, so not cached.
    next(tmp_path.rglob("file-3")).unlink()
    assert read_light_records(ContentCache(tmp_path, "salt"), "file") is None
    # A first page whose head is not ours: a miss, never an error.
    next(tmp_path.rglob("file-1")).write_text("not json\n<p>", "utf-8")
    assert read_light_records(ContentCache(tmp_path, "salt"), "file") is None
    assert read_light_records(ContentCache(tmp_path, "salt"), "never-written") is None
