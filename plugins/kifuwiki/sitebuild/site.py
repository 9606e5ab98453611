"""A whole archive site, outside any site generator: records → plan → page HTML.

:class:`SiteBuild` is what a front end drives. The MkDocs plugin calls it from its
events; ``kifuwiki pages`` runs it in a plain loop. One build goes:

1. :meth:`SiteBuild.configure`: settings, the Jinja environment and the disk cache;
   optionally :meth:`SiteBuild.begin`, as early as the front end can: on a large cold
   build the workers start and get the records to load while the front end goes on;
2. :meth:`SiteBuild.prepare`: every record loaded (:mod:`kifuwiki.sitebuild.records`;
   on a large cold build, in worker processes), the record pages still to render set
   rendering in the workers in the order the front end will ask for them, and the
   site planned (:class:`~kifuwiki.render.archive.Archive`);
3. :meth:`SiteBuild.render` per page (a record page waits for its worker; a front end
   that has other work can ask :meth:`SiteBuild.ready` first and come back later),
   and :meth:`SiteBuild.search_text` for search indexes;
4. :meth:`SiteBuild.close`.

The object may live across builds (``mkdocs serve``): unchanged records then come
from memory.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

from kifuwiki.core.cache import ContentCache, cache_salt, templates_fingerprint
from kifuwiki.core.diagnostics import Diagnostic
from kifuwiki.games.base import GameRecord, RecordView
from kifuwiki.render.archive import Archive, archive_order
from kifuwiki.render.assets import games_fingerprint
from kifuwiki.render.environment import forget_environments, make_environment
from kifuwiki.render.prerender import (
    PAGE_ENTRY,
    PrerenderedFile,
    PrerenderedPage,
    PrerenderJob,
    PrerenderSettings,
    diagnostic_fields,
    prerender_file,
    prerender_files,
    write_file_entries,
)
from kifuwiki.render.resources import templates_dir
from kifuwiki.render.site import PageLinks, SitePage, page_url, record_key, resolve_links
from kifuwiki.sitebuild.game_indexes import index_games
from kifuwiki.sitebuild.keys import code_fingerprint, display_path
from kifuwiki.sitebuild.list_pages import ListPages
from kifuwiki.sitebuild.pool import available_cores, task_size
from kifuwiki.sitebuild.records import (
    LoadedRecord,
    RecordLoader,
    StartedLoad,
    light_items,
    read_file,
    start_workers_early,
)

UrlOf = Callable[[str], str]
"""A page's source URI → its site-root-relative URL (the front end's URL scheme)."""


def site_rules(option: object) -> dict[str, Any] | None:
    """The site's ``rules:`` option (``mkdocs.yml``) as the build takes it. Every front
    end goes through here. A bare name is the game's that claims what names no game
    (:func:`kifuwiki.games.untagged_game`); ``{game: rules, …}`` names
    rules per game (:func:`kifuwiki.archive.rules_for` picks each game's share)."""
    if isinstance(option, str):
        return {"preset": option}
    return dict(option) if isinstance(option, dict) and option else None


def site_rules_warnings(option: object) -> list[str]:
    """What is wrong with the site's ``rules:`` option as a whole, one message each: a
    key that names no installed game (its rules would silently apply to nothing). The
    front ends log these; a record's own rules problems are that record's diagnostics."""
    from kifuwiki.archive import closest_game, unknown_rule_games, untagged_rules_warning
    from kifuwiki.games import installed_games_text

    unclaimed = untagged_rules_warning(site_rules(option))
    messages = [unclaimed] if unclaimed else []
    for key in unknown_rule_games(site_rules(option)):
        guess = closest_game(key)
        hint = f"did you mean '{guess}'? " if guess else ""
        messages.append(
            f"rules: '{key}' is no installed game, so its rules are not used "
            f"({hint}installed games: {installed_games_text()})"
        )
    messages.extend(_rules_problems(site_rules(option)))
    return messages


def _rules_problems(rules: dict[str, Any] | None) -> list[str]:
    """What each game named by the site's ``rules`` says of its share (an unknown rule
    set, an option it does not have or a bad value), said once for the site: each record
    would otherwise only note it, at info level, at its own line 1. The game judges, as
    it does for every record: what it reports of an empty record given its share, and
    not without it, is the answer."""
    from kifuwiki.archive import rules_for, unknown_rule_games
    from kifuwiki.core.recordfile import split_record_file
    from kifuwiki.games import get_game, normalise_game_id, untagged_game

    if not rules:
        return []
    named = {normalise_game_id(str(key)) for key in rules} - {None}
    if not named and unknown_rule_games(rules):
        return []  # a game's name misspelt: said already, and no game's rules to judge
    games = sorted(g for g in named if g) or [g for g in [untagged_game()] if g]
    messages: list[str] = []
    for game_id in games:
        share = rules_for(rules, game_id)
        if not share:
            continue
        game = get_game(game_id)
        (source,) = split_record_file(f"---\ngame: {game_id}\n---\n")
        plain = {(d.code, d.message) for d in game.load(source).diagnostics}
        (source,) = split_record_file(f"---\ngame: {game_id}\n---\n")
        messages.extend(
            f"rules: {game_id}: {d.code} {d.message}"
            for d in game.load(source, share).diagnostics
            if (d.code, d.message) not in plain
        )
    return messages


@dataclass(frozen=True, slots=True)
class BuildSettings:
    records_dir: Path
    """The folder of record files."""
    base: Path
    """The site's folder: record paths are shown relative to it, the cache lives in it."""
    url: str = "records/"
    """Where the archive's pages live in the site."""
    lang: str = "ja"
    rules: dict[str, Any] | None = None
    custom_templates: Path | None = None
    jobs: int = 0
    """Worker processes for a large cold build: 0 = one per core, 1 = none."""
    hide_results: bool = False
    """Record pages keep the result folded away (no spoilers)."""
    nav_pages: frozenset[str] = frozenset()
    """The pages the site's nav names: a game whose index page is among them gets it
    even with no records (:mod:`kifuwiki.sitebuild.game_indexes`)."""

    @property
    def cache_dir(self) -> Path:
        return self.base / ".cache" / "kifuwiki"


#: Record files one task of the workers renders after the first pass (fewer in a small
#: build, so every core gets several). Each task's
#: result wakes a thread of the building process, which takes the interpreter lock from
#: MkDocs' page loop: with one file a task, the loop of the corpus x1,344 was switched
#: out ~2,700 times and preempted ~1,400 (a warm build: none). A chunk this small keeps
#: the first record page close (16 short games are ~10 ms of a worker).
RENDER_CHUNK = 16


def same_diagnostics(light: list[LoadedRecord], records: list[dict[str, Any]]) -> bool:
    """Whether a file's pages (their light ``records``) name the very diagnostics its
    first pass gave (``light``), game by game: then none is late, without making each
    game's light view again to compare."""
    return len(light) == len(records) and all(
        data["diagnostics"] == [diagnostic_fields(d) for d in item.record.diagnostics]
        for item, data in zip(light, records, strict=True)
    )


class SiteBuild:
    """Builds an archive's pages for any front end (see the module's docstring)."""

    def __init__(self) -> None:
        self._loader = RecordLoader()
        self._cache: ContentCache | None = None
        self._fingerprint = ""
        self._settings: BuildSettings | None = None
        self._archive: Archive | None = None
        self._by_key: dict[str, LoadedRecord] = {}
        self._pool: ProcessPoolExecutor | None = None
        self._early_pool: ProcessPoolExecutor | None = None
        # The load begin() started, with the settings and cache it was started with.
        self._started_load: tuple[BuildSettings, ContentCache, StartedLoad] | None = None
        self._pending: dict[str, PrerenderJob] = {}
        # A pending file's task in the workers, and its place in the task's results.
        self._futures: dict[str, tuple[Future[list[PrerenderedFile]], int]] = {}
        # A record's search text waits here from its page's render to the index.
        self._search_texts: dict[str, str] = {}
        #: Keep the list pages from one build to the next while nothing they show
        #: changed (a front end that builds again and again: ``mkdocs serve``). Off by
        #: default: a single build would only hold every list page to its end.
        self.remember_list_pages = False
        self._list_pages = ListPages()
        self.env: jinja2.Environment = make_environment(None)
        #: Record files the last :meth:`prepare` did not read (RF009), for the front end
        #: to report like any record's diagnostics.
        self.skipped: list[Diagnostic] = []
        #: Diagnostics a record's page found that its light record did not have (a
        #: game's whole view failing where its light view did not), for the front end
        #: to report once every page is written.
        self.late_diagnostics: list[Diagnostic] = []

    # -- set-up ---------------------------------------------------------------------

    def configure(self, settings: BuildSettings) -> None:
        """Settings for the next build; the environment and cache follow them."""
        self._settings = settings
        custom = settings.custom_templates
        fingerprint = (
            templates_fingerprint(templates_dir(), custom)
            + code_fingerprint()
            + games_fingerprint()  # every game's code, templates and assets
        )
        if fingerprint != self._fingerprint:
            # A template (or kifuwiki itself) changed since this process last built
            # (mkdocs serve): compile the templates afresh.
            forget_environments()
            self._fingerprint = fingerprint
        self.env = make_environment(custom)
        salt = cache_salt(
            "record-page",
            settings.rules,
            settings.lang,
            settings.hide_results,
            # Templates and kifuwiki's own code: an edited template or engine must never
            # be hidden behind a page cached by an older one. (Links between pages are
            # filled in after the cache, so the URL scheme is not part of it.)
            self._custom_templates,
            fingerprint,
        )
        folder = settings.cache_dir
        if self._cache is None or (self._cache.salt, self._cache.folder) != (salt, folder):
            self._cache = ContentCache(folder, salt)
            # Records in memory were loaded for another site or rule set, and their pages
            # live in the old cache: start afresh.
            self._loader.memory = {}

    @property
    def settings(self) -> BuildSettings:
        if self._settings is None:
            raise RuntimeError("SiteBuild.configure() first")
        return self._settings

    @property
    def _custom_templates(self) -> str | None:
        custom = self.settings.custom_templates
        return str(custom.resolve()) if custom is not None else None

    def _prerender_settings(self) -> PrerenderSettings:
        settings = self.settings
        return PrerenderSettings(
            settings.rules, settings.lang, self._custom_templates, settings.hide_results
        )

    @property
    def cache(self) -> ContentCache:
        if self._cache is None:
            raise RuntimeError("SiteBuild.configure() first")
        return self._cache

    # -- one build ------------------------------------------------------------------

    def start_workers(self) -> bool:
        """Before :meth:`prepare`, as early as the front end can: on a build that looks
        cold, start the workers (or their fork server) so they are ready when the
        records are loaded (:func:`~kifuwiki.sitebuild.records.start_workers_early`).
        Optional. Whether anything was started."""
        settings = self.settings
        self._close_early_pool()
        started = start_workers_early(settings.records_dir, self.cache, settings.jobs)
        if not isinstance(started, bool):  # the workers themselves
            self._early_pool = started
        return started is not False

    def _close_early_pool(self) -> None:
        if self._early_pool is not None:
            self._early_pool.shutdown(wait=False, cancel_futures=True)
        self._early_pool = None

    def begin(self) -> bool:
        """Before :meth:`prepare`, as early as the front end can: start the workers
        (:meth:`start_workers`), then read the records and hand those to load to the
        workers, who go on while the front end does its own work (MkDocs lists its
        files); :meth:`prepare` collects them. Optional. Whether workers were started."""
        # A load begun before and never collected goes first: its workers' threads would
        # keep this process from forking the new ones (a fork server instead).
        self._close_started_load()
        started = self.start_workers()
        ready, self._early_pool = self._early_pool, None
        self._started_load = (self.settings, self.cache, self._begin_load(ready))
        return started

    def _begin_load(self, ready: ProcessPoolExecutor | None) -> StartedLoad:
        """Begin the load, which owns ``ready`` from here: shut down should anything
        fail before the load holds it (its settings, the walk of the records folder)."""
        settings = self.settings
        try:
            return self._loader.begin(
                settings.records_dir,
                settings.base,
                self._prerender_settings(),
                self.cache,
                settings.jobs,
                ready,
            )
        except BaseException:
            if ready is not None:
                ready.shutdown(wait=False, cancel_futures=True)
            raise

    def _close_started_load(self) -> None:
        if self._started_load is not None:
            self._started_load[2].close()
        self._started_load = None

    def _take_started_load(self) -> StartedLoad | None:
        """The load :meth:`begin` started, if made with the settings still in force."""
        begun, self._started_load = self._started_load, None
        if begun is None:
            return None
        settings, cache, load = begun
        if settings is self.settings and cache is self.cache:
            return load
        load.close()  # configured again since: read the records afresh
        return None

    def prepare(self) -> Archive:
        """Load every record, plan the site, and start rendering record pages."""
        load = self._take_started_load()
        ready, self._early_pool = self._early_pool, None
        self.close()
        settings = self.settings
        if load is None:
            load = self._begin_load(ready)
        elif ready is not None:  # started by start_workers() after begin(): not needed
            ready.shutdown(wait=False, cancel_futures=True)
        loaded = self._loader.finish(load)
        self._pool, self._pending = loaded.pool, loaded.pending
        self.skipped = loaded.skipped
        self.late_diagnostics = []
        self._by_key = {record_key(item.record): item for item in loaded.records}
        self._search_texts = {}
        records_root = display_path(settings.records_dir, settings.base)
        views = archive_order(item.view for item in loaded.records)
        # The workers go on to the pages at once, while this process plans the site and
        # MkDocs makes its files (~0.3 s of one core on the corpus, which they idled).
        self._submit_renders(views)
        games = index_games(
            {view.record.game for view in views},
            settings.records_dir,
            settings.nav_pages,
            settings.url,
        )
        self._archive = Archive.build(
            views, settings.url, records_root, settings.lang, games, in_order=True
        )
        if self.remember_list_pages:
            inputs = (self.cache.salt, settings.url, records_root, settings.hide_results)
            self._list_pages.begin(inputs, views)
        return self._archive

    @property
    def archive(self) -> Archive:
        if self._archive is None:
            raise RuntimeError("SiteBuild.prepare() first")
        return self._archive

    @property
    def pages(self) -> list[SitePage]:
        return self.archive.plan.pages

    @property
    def records(self) -> list[GameRecord]:
        """Every game of the archive (light: diagnostics and summary, no steps)."""
        return [view.record for view in self.archive.views]

    def record_files(self) -> list[tuple[str, Path]]:
        """Each record file's place in the site (its pages' download link) and the file
        on disk: a front end copies it there byte for byte."""
        files = self.archive.plan.files
        found: dict[str, Path] = {}
        for item in self._by_key.values():
            uri = files.get(item.record.path or "")
            if uri is not None:
                found.setdefault(uri, item.path)
        return sorted(found.items())

    def _submit_renders(self, views: list[RecordView]) -> None:
        """Render pending record pages in the workers, in the order the front end will
        ask for them (``views`` in :func:`archive_order`, the order of the record pages
        in the plan), while this process works on the pages before them; a few files a
        task (:data:`RENDER_CHUNK`)."""
        if not self._pending or self._pool is None:
            return
        keys: dict[str, None] = {}  # in the order asked, each file once
        for view in views:
            key = self._by_key[record_key(view.record)].file_key
            if key in self._pending and key not in self._futures:
                keys.setdefault(key)
        order = list(keys)
        size = task_size(len(order), available_cores(), RENDER_CHUNK)
        for start in range(0, len(order), size):
            chunk = order[start : start + size]
            future = self._pool.submit(prerender_files, [self._pending[key] for key in chunk])
            for index, key in enumerate(chunk):
                self._futures[key] = (future, index)

    def ready(self, page: SitePage) -> bool:
        """Whether :meth:`render` can give ``page`` without waiting for a worker."""
        if page.kind != "record":
            return True
        task = self._futures.get(self._by_key[page.key].file_key)
        return task is None or task[0].done()

    def render(self, page: SitePage, url_of: UrlOf = page_url) -> str:
        """The HTML body of ``page``, with links made by ``url_of``. A record page's body
        links its game's own assets itself, before the game's first viewer (a front end
        links them into other pages with ``kifuwiki.render.assets.add_game_assets``,
        or ``link_page_assets`` for a record page inside its theme's markup)."""
        archive = self.archive
        if page.kind != "record":
            if not self.remember_list_pages:
                return archive.render(page, self.env, self.settings.lang, url_of)
            return self._list_pages.get(
                page,
                archive.plan,
                url_of,
                lambda: archive.render(page, self.env, self.settings.lang, url_of),
            )
        self._collect(self._by_key[page.key].file_key)
        rendered = self._record_page(page)
        self._search_texts[page.src_uri] = rendered.search
        links = PageLinks(archive.plan, page.src_uri, url_of)
        return resolve_links(rendered.html, rendered.nonce, rendered.targets, links)

    def search_text(self, page: SitePage) -> str | None:
        """A lighter text for a search index (a record's: once, after its render);
        ``None``: index the page as it is."""
        if page.kind == "record":
            return self._search_texts.pop(page.src_uri, None)
        return self.archive.search_text(page, self.env, self.settings.lang)

    def _collect(self, key: str) -> None:
        """Wait for a file's pages from the workers and put them in the cache."""
        task = self._futures.pop(key, None)
        job = self._pending.pop(key, None)
        if task is None or job is None:
            return
        future, index = task
        try:
            result = future.result()[index]
        except BrokenExecutor:  # a worker died: render this file here instead
            result = prerender_file(job)
        light = self._loader.memory[key]
        if not result.stored:
            write_file_entries(self.cache, key, result.records, result.pages)
        if same_diagnostics(light, result.records):
            return  # the usual case: nothing for the general comparison below to find
        rendered = light_items(key, result.name, light[0].path, result.records)
        for before, after in zip(light, rendered, strict=False):
            known = before.record.diagnostics
            self.late_diagnostics += [d for d in after.record.diagnostics if d not in known]

    def _record_page(self, page: SitePage) -> PrerenderedPage:
        """A record's rendered page from the cache, or rendered again should its entry
        have gone (someone cleared ``.cache`` mid-build)."""
        item = self._by_key[page.key]
        cached = PrerenderedPage.from_text(
            self.cache.get(PAGE_ENTRY, item.page_key, remember=False)
        )
        if cached is not None:
            return cached
        data, error = read_file(item.path)
        result = prerender_file(PrerenderJob(item.name, data, error, self._prerender_settings()))
        index = min(item.record.index, len(result.pages)) - 1
        return result.pages[index]

    def close(self) -> None:
        """Stop the workers (every page has been asked for, or the build failed)."""
        self._close_early_pool()
        self._close_started_load()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
        self._pool = None
        self._futures = {}
        self._pending = {}
