"""``plugins: [kifuwiki]``: record files → checked, step-through pages in a MkDocs site.

The plugin only adapts MkDocs events to the MkDocs-free core: :mod:`kifuwiki.archive`
loads and checks records, :mod:`kifuwiki.render` turns them into HTML. Record pages
are generated files that never enter the navigation (every page renders the whole
nav, so 2,000 records in it cost minutes); users put the index pages in their nav.
"""

from __future__ import annotations

import functools
import hashlib
import json
import multiprocessing
import sys
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

import kifuwiki
from kifuwiki.archive import default_jobs, iter_record_paths
from kifuwiki.core.cache import ContentCache, cache_salt, templates_fingerprint
from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.games.base import GameRecord, RecordView
from kifuwiki.markdown_fence import FENCE_NAME, KifuExtension, fence_format, fence_validator
from kifuwiki.mkdocs_plugin.config import KifuwikiConfig
from kifuwiki.render.archive import Archive
from kifuwiki.render.assets import (
    VIEWER_MARK,
    add_game_assets,
    games_fingerprint,
    shared_assets,
    site_assets,
)
from kifuwiki.render.environment import forget_environments, make_environment
from kifuwiki.render.labels import normalise_language
from kifuwiki.render.prerender import (
    CacheTarget,
    PrerenderedFile,
    PrerenderedPage,
    PrerenderJob,
    PrerenderSettings,
    light_file,
    page_key,
    prerender_file,
    view_from_light,
)
from kifuwiki.render.resources import templates_dir
from kifuwiki.render.site import PageLinks, SitePage, record_key, resolve_links

log = get_plugin_logger(__name__)

SUPERFENCES = "pymdownx.superfences"
#: A cold build loads and renders in worker processes above this many record files:
#: below it, starting the workers (and compiling the templates in each) costs more
#: than it saves.
PARALLEL_THRESHOLD = 200


@dataclass(slots=True)
class LoadedRecord:
    """One game as the plugin keeps it between events: light data, its page on disk."""

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


class KifuwikiPlugin(BasePlugin[KifuwikiConfig]):  # type: ignore[no-untyped-call]
    def __init__(self) -> None:
        # Parsed records by (display path, content hash, rules): survives serve rebuilds
        # because on_startup makes this object persistent.
        self._records: dict[str, list[LoadedRecord]] = {}
        self._by_key: dict[str, LoadedRecord] = {}
        # MkDocs renders every page's content, then builds every page: a record's
        # search text waits here from one to the other.
        self._search_texts: dict[str, str] = {}
        # Large cold builds: record pages still being rendered in worker processes
        # while MkDocs builds the other pages (see _load_records).
        self._pool: ProcessPoolExecutor | None = None
        self._pending: dict[str, PrerenderJob] = {}
        self._futures: dict[str, Future[PrerenderedFile]] = {}
        self._deferred: dict[str, Callable[[str], str]] = {}
        self._urls: dict[str, str] = {}
        self._custom_templates: str | None = None
        self._page_cache: ContentCache | None = None
        self._archive: Archive | None = None
        self._pages: dict[str, SitePage] = {}
        self._records_dir = Path("records")
        self._lang = "ja"
        self._rules: dict[str, Any] | None = None
        self._current_page = ""
        self._full_content: str | None = None
        self._fingerprint = ""

    # Defining on_startup (even doing nothing) keeps this plugin object alive across
    # `mkdocs serve` rebuilds, which is what lets the in-memory record cache skip
    # unchanged files. Per-build state is set in on_config instead.
    def on_startup(self, *, command: str, dirty: bool) -> None:
        return None

    # Early (50): the fence must be registered before MkDocs builds any Markdown
    # instance, and our assets go to the FRONT of extra_css/extra_javascript so
    # the user's own stylesheets and scripts, added later in the list, win.
    @event_priority(50)
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        base = Path(config.config_file_path or ".").resolve().parent
        records_dir = Path(self.config.records_dir)
        self._records_dir = records_dir if records_dir.is_absolute() else base / records_dir
        theme_language = config.theme.get("language") or config.theme.get("locale")
        self._lang = self.config.language or normalise_language(
            str(theme_language) if theme_language else None
        )
        rules = self.config.rules
        # A bare name is the default game's; {game: rules, …} per game (archive.rules_for).
        self._rules = {"preset": rules} if isinstance(rules, str) else dict(rules or {}) or None
        custom = Path(self.config.custom_templates) if self.config.custom_templates else None
        self._custom_templates = str(custom.resolve()) if custom is not None else None
        fingerprint = (
            templates_fingerprint(templates_dir(), custom)
            + _code_fingerprint()
            + games_fingerprint()  # every game's code, templates and assets
        )
        if fingerprint != self._fingerprint:
            # A template (or kifuwiki itself) changed since the last build of this
            # process (mkdocs serve): compile the templates afresh.
            forget_environments()
            self._fingerprint = fingerprint
        self._env = make_environment(custom)
        salt = cache_salt(
            "record-page",
            self._rules,
            self._lang,
            # Templates and kifuwiki's own code: an edited template or engine must
            # never be hidden behind a page cached by an older one. (Links between
            # pages are filled in after the cache, so the URL scheme is not part of it.)
            self._custom_templates,
            fingerprint,
        )
        folder = base / ".cache" / "kifuwiki"
        if self._page_cache is None or (self._page_cache.salt, self._page_cache.folder) != (
            salt,
            folder,
        ):
            self._page_cache = ContentCache(folder, salt)
            # Records in memory were loaded for another site or rule set, and their
            # pages live in the old cache: start afresh.
            self._records = {}
        self._register_fence(config)
        css, js = self._asset_uris()
        config.extra_css[0:0] = css
        config.extra_javascript[0:0] = js
        return config

    def _register_fence(self, config: MkDocsConfig) -> None:
        settings: dict[str, Any] = {
            "env": self._env,
            "lang": self._lang,
            "rules": self._rules,
            "warn": self._warn_fence,
        }
        bound = functools.partial(fence_format, **settings)
        if SUPERFENCES not in config.markdown_extensions:
            config.markdown_extensions.append(SUPERFENCES)
        fences: list[dict[str, Any]] = config.mdx_configs.setdefault(SUPERFENCES, {}).setdefault(
            "custom_fences", []
        )
        for fence in fences:
            if fence.get("name") == FENCE_NAME:
                # The user declared it; if it is ours, give it the site's settings.
                if fence.get("format") is fence_format:
                    fence["format"] = bound
                break
        else:
            fences.append(
                {
                    "name": FENCE_NAME,
                    "class": FENCE_NAME,
                    "format": bound,
                    "validator": fence_validator,
                }
            )
        # SuperFences only takes quoted options; our own preprocessor (which runs
        # first) also reads ```kifu game=catan and works the same way.
        if "kifuwiki" not in config.markdown_extensions:
            config.markdown_extensions.append(KifuExtension(**settings))  # type: ignore[arg-type]

    def _asset_uris(self) -> tuple[list[str], list[str]]:
        # The shared assets go on every page; a game's own are linked by the pages that
        # show its records (on_post_page).
        uris = [uri for uri, _ in shared_assets()]
        css = [uri for uri in uris if uri.endswith(".css")]
        js = [uri for uri in uris if uri.endswith(".js")]
        return css, js

    def _warn_fence(self, message: str) -> None:
        where = f"{self._current_page}: " if self._current_page else ""
        log.warning(f"{where}{message}")

    # Default priority (0): after plugins that add Markdown files at 50, and before
    # nav plugins (literate-nav, awesome-pages) that run last and must see our pages.
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        loaded = self._load_records(config)
        self._by_key = {record_key(item.record): item for item in loaded}
        self._search_texts = {}
        self._urls = {}
        views = [item.view for item in loaded]
        records_root = self._display_path(self._records_dir, config)
        self._archive = Archive.build(views, self.config.url, records_root, self._lang)
        self._pages = {}
        for page in self._archive.plan.pages:
            if files.get_file_from_path(page.src_uri) is not None:
                # A hand-written page wins (a user's own records/index.md, say); for
                # a record that means its page is missing, which deserves a warning.
                if page.kind == "record":
                    log.warning(
                        f"{page.src_uri} exists in the docs folder, so the page of the "
                        f"record '{page.title}' ({page.key}) is not generated"
                    )
                continue
            generated = File.generated(config, page.src_uri, content=_stub(page))
            # There is no Markdown source to edit: no "edit this page" link.
            generated.edit_uri = None
            if page.kind in ("record", "player", "event"):
                generated.inclusion = InclusionLevel.NOT_IN_NAV
            files.append(generated)
            self._pages[page.src_uri] = page
        for uri, path in site_assets():
            if files.get_file_from_path(uri) is None:
                files.append(File.generated(config, uri, abs_src_path=str(path)))
        self._submit_renders()
        self._report([item.record for item in loaded])
        return files

    def _display_path(self, path: Path, config: MkDocsConfig) -> str:
        base = Path(config.config_file_path or ".").resolve().parent
        try:
            return path.resolve().relative_to(base).as_posix()
        except ValueError:
            return path.as_posix()

    def _load_records(self, config: MkDocsConfig) -> list[LoadedRecord]:
        """Every record of the archive, light: from memory (serve), the disk cache, or
        freshly loaded and rendered (in worker processes for a large cold build)."""
        if not self._records_dir.is_dir():
            log.info(f"no records folder at {self._records_dir}; no record pages made")
            return []
        settings = PrerenderSettings(self._rules, self._lang, self._custom_templates)
        fresh: dict[str, list[LoadedRecord]] = {}
        found: list[tuple[str, str]] = []  # (display name, file key) in archive order
        todo: dict[str, PrerenderJob] = {}
        paths: dict[str, Path] = {}
        for path in iter_record_paths([self._records_dir]):
            name = self._display_path(path, config)
            try:
                data: bytes | None = path.read_bytes()
                error = ""
            except OSError as exc:
                data, error = None, str(exc.strerror or exc)
            key = file_key(name, data, error)
            found.append((name, key))
            paths[key] = path
            items = self._records.get(key) or self._cached_file(key, name, path)
            if items is not None:
                fresh[key] = items
            elif key not in todo:
                target = self._cache_target(key)
                todo[key] = PrerenderJob(name, data, error, settings, target)
        if self._parallel(len(todo)):
            lights = self._lights_in_pool(list(todo.values()))
            if lights is not None:
                # Pages are rendered later, in the workers, while MkDocs works on.
                for key, records in zip(todo, lights, strict=True):
                    fresh[key] = [
                        LoadedRecord(
                            view_from_light(light),
                            page_key(key, n),
                            todo[key].name,
                            paths[key],
                            key,
                        )
                        for n, light in enumerate(records, start=1)
                    ]
                self._pending = todo
                todo = {}
        for key, job in todo.items():
            fresh[key] = self._store(key, prerender_file(job), paths[key])
        # Only what this build saw stays in memory: memory follows the archive, not history.
        self._records = fresh
        return [item for _, key in found for item in fresh[key]]

    def _cached_file(self, key: str, name: str, path: Path) -> list[LoadedRecord] | None:
        """A file's light records from the disk cache, if every page of it is there too."""
        if self._page_cache is None:
            return None
        # Not kept in the cache's memory: the light records live in self._records.
        entry = self._page_cache.get_json("record-file", key, remember=False)
        try:
            items = [
                LoadedRecord(view_from_light(light), page_key(key, n), name, path, key)
                for n, light in enumerate(entry["records"], start=1)
            ]
        except (KeyError, TypeError, ValueError, IndexError):
            return None
        if not all(self._page_cache.has("record-page", item.page_key) for item in items):
            return None
        return items

    def _parallel(self, files: int) -> bool:
        """Whether to load and render ``files`` record files in worker processes."""
        return self._workers(files) > 1 and files > PARALLEL_THRESHOLD

    def _workers(self, files: int) -> int:
        workers = self.config.jobs if self.config.jobs > 0 else default_jobs()
        return max(1, min(workers, default_jobs(), files))

    def _lights_in_pool(self, jobs: list[PrerenderJob]) -> list[list[dict[str, Any]]] | None:
        """Phase one of a parallel build: every file's light records, from workers
        (the site plan needs them all before any page). ``None`` when the workers
        cannot run here, and the caller does everything in this process."""
        self._stop_pool()
        workers = self._workers(len(jobs))
        try:
            self._pool = start_pool(workers)
            chunk = max(1, min(16, len(jobs) // (workers * 8)))
            return list(self._pool.map(light_file, jobs, chunksize=chunk))
        except (OSError, BrokenExecutor) as exc:
            # No worker processes here (a sandbox, or a build started from a script
            # that multiprocessing cannot re-import): slower, not broken.
            log.info(f"worker processes failed ({exc!r}); loading records here")
            self._stop_pool()
            return None

    def _submit_renders(self) -> None:
        """Phase two: render pending record pages in the workers, in the order MkDocs
        will ask for them, while this process builds the pages before them."""
        if not self._pending or self._pool is None or self._archive is None:
            return
        for page in self._archive.plan.pages:
            item = self._by_key.get(page.key) if page.kind == "record" else None
            if item is not None and item.file_key in self._pending:
                key = item.file_key
                if key not in self._futures:
                    self._futures[key] = self._pool.submit(prerender_file, self._pending[key])

    def _collect(self, key: str) -> None:
        """Wait for a file's pages from the workers and put them in the cache."""
        future = self._futures.pop(key, None)
        job = self._pending.pop(key, None)
        if future is None or job is None:
            return
        try:
            result = future.result()
        except BrokenExecutor:  # a worker died: render this file here instead
            result = prerender_file(job)
        self._store(key, result, self._records[key][0].path)

    def _stop_pool(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
        self._pool = None
        self._futures = {}
        self._pending = {}
        self._deferred = {}

    def _cache_target(self, key: str) -> CacheTarget | None:
        cache = self._page_cache
        if cache is None or cache.folder is None:
            return None
        return CacheTarget(str(cache.folder), cache.salt, key)

    def _store(self, key: str, result: PrerenderedFile, path: Path) -> list[LoadedRecord]:
        """Keep a freshly rendered file's light records; its pages go to the cache
        (the worker put them there already, unless it could not write)."""
        assert self._page_cache is not None
        items = []
        for n, light in enumerate(result.records, 1):
            items.append(
                LoadedRecord(view_from_light(light), page_key(key, n), result.name, path, key)
            )
        if not result.stored:
            # On disk only: the page is read back when MkDocs renders it, so memory
            # holds one page at a time, not the whole archive (unless the disk fails).
            for item, page in zip(items, result.pages, strict=True):
                self._page_cache.put("record-page", item.page_key, page.to_text(), memory=False)
            self._page_cache.put_json("record-file", key, {"records": result.records}, memory=False)
        return items

    def _report(self, records: list[GameRecord]) -> None:
        """Log every diagnostic: errors as warnings (``mkdocs build --strict`` fails on
        them), the rest as info; with the plugin's own ``strict``, stop with the first."""
        first_error: Diagnostic | None = None
        errors = 0
        for record in records:
            for diagnostic in record.diagnostics:
                text = diagnostic.format_text()
                if diagnostic.severity is Severity.ERROR:
                    errors += 1
                    first_error = first_error or diagnostic
                    log.warning(text)
                else:
                    log.info(text)
        if self.config.strict and first_error is not None:
            raise PluginError(
                f"kifuwiki: {errors} record error(s); the first is "
                f"{first_error.format_text()} (strict: true)"
            )

    # Remember which page is being rendered, so a broken ```kifu block's warning can
    # name it (MkDocs renders pages one at a time).
    def on_page_markdown(
        self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str | None:
        self._current_page = page.file.src_uri
        return markdown

    # After Markdown rendered our stub, swap in the real HTML; the search plugin
    # reads page.content later (on_page_context), so comments get indexed.
    def on_page_content(
        self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str | None:
        self._current_page = ""
        site_page = self._pages.get(page.file.src_uri)
        if site_page is None or self._archive is None:
            return html
        archive = self._archive

        urls = self._urls

        def url_of(src_uri: str) -> str:
            # Memoised for the build: index pages link every game and player, and
            # MkDocs' own lookup normalises the path every time.
            url = urls.get(src_uri)
            if url is None:
                file = files.get_file_from_path(src_uri)
                url = urls[src_uri] = file.url if file is not None else src_uri
            return url

        if site_page.kind == "record":
            future = self._futures.get(self._by_key[site_page.key].file_key)
            if future is not None and not future.done():
                # Still rendering in a worker: MkDocs goes on with the next page, and the
                # page gets its content just before anything reads it (on_page_context).
                self._deferred[site_page.src_uri] = url_of
                return html
            return self._record_html(site_page, url_of)
        return archive.render(site_page, self._env, self._lang, url_of)

    def _record_html(self, site_page: SitePage, url_of: Callable[[str], str]) -> str:
        assert self._archive is not None
        self._collect(self._by_key[site_page.key].file_key)
        rendered = self._record_page(site_page)
        self._search_texts[site_page.src_uri] = rendered.search
        links = PageLinks(self._archive.plan, site_page.src_uri, url_of)
        return resolve_links(rendered.html, rendered.nonce, rendered.targets, links)

    def _record_page(self, site_page: SitePage) -> PrerenderedPage:
        """A record's rendered page from the cache, or rendered again should its
        entry have gone (someone cleared ``.cache`` mid-build)."""
        item = self._by_key[site_page.key]
        assert self._page_cache is not None
        page = PrerenderedPage.from_text(
            self._page_cache.get("record-page", item.page_key, remember=False)
        )
        if page is not None:
            return page
        try:
            data: bytes | None = item.path.read_bytes()
            error = ""
        except OSError as exc:
            data, error = None, str(exc.strerror or exc)
        settings = PrerenderSettings(self._rules, self._lang, self._custom_templates)
        result = prerender_file(PrerenderJob(item.name, data, error, settings))
        index = min(item.record.index, len(result.pages)) - 1
        return result.pages[index]

    # Search plugins (MkDocs' and Material's) index page.content in on_page_context.
    # A record page repeats every hand at every step; parsing that costs most of a
    # build and bloats the index. So just before them (100) the page holds its
    # search text, and just after them (-100), before the theme renders it, the
    # full page again.
    @event_priority(100)
    def _swap_in_search_text(
        self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        site_page = self._pages.get(page.file.src_uri)
        self._full_content = None
        deferred = self._deferred.get(page.file.src_uri)
        if site_page is not None and deferred is not None:
            page.content = self._record_html(site_page, deferred)
            del self._deferred[page.file.src_uri]
        if site_page is not None and self._archive is not None and page.content is not None:
            if site_page.kind == "record":
                text = self._search_texts.pop(site_page.src_uri, None)
            else:
                text = self._archive.search_text(site_page, self._env, self._lang)
            if text is not None:
                self._full_content = page.content
                page.content = text
        return context

    @event_priority(-100)
    def _restore_full_content(
        self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        if self._full_content is not None:
            page.content = self._full_content
            self._full_content = None
        return context

    on_page_context = CombinedEvent(_swap_in_search_text, _restore_full_content)

    # Last (-100), once every plugin has seen the page: MkDocs writes it next and never
    # reads its content again, but keeps the Page object to the end of the build. A
    # record page's content is the bulk of a site's memory (2,000 records held about
    # 260 MB), so it is let go here and build memory stays flat in the archive's size.
    @event_priority(-100)
    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str | None:
        site_page = self._pages.get(page.file.src_uri)
        if site_page is not None and site_page.kind == "record":
            page.content = None
        # Games' own CSS/JS, linked only where one of their viewers is.
        return add_game_assets(output, page.url) if VIEWER_MARK in output else output

    # Every page has been written: the workers have nothing left to do.
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        self._stop_pool()

    def on_build_error(self, *, error: Exception) -> None:
        self._stop_pool()

    def on_shutdown(self) -> None:
        self._stop_pool()

    # mkdocs serve watches docs_dir and mkdocs.yml; records live outside docs_dir,
    # so watch them too, or an edited record would not trigger a rebuild.
    def on_serve(
        self, server: LiveReloadServer, /, *, config: MkDocsConfig, builder: Any
    ) -> LiveReloadServer:
        if self._records_dir.is_dir():
            server.watch(str(self._records_dir))
        return server


def _code_fingerprint() -> str:
    """Name, size and mtime of kifuwiki's own ``.py`` files (not ``__pycache__``, which
    changes whenever a module is first imported, mid-build)."""
    package = Path(kifuwiki.__file__).parent
    digest = hashlib.blake2b(digest_size=8)
    for path in sorted(package.rglob("*.py")):
        stat = path.stat()
        digest.update(f"{path.relative_to(package)}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    return digest.hexdigest()


def file_key(name: str, data: bytes | None, error: str = "") -> str:
    """The cache key of one record file: its display path and its bytes (the cache's
    salt adds the rules, language, templates and kifuwiki's version)."""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(name.encode("utf-8", "surrogateescape") + b"\x00")
    digest.update(data if data is not None else b"\x00unreadable:" + error.encode())
    return digest.hexdigest()


def start_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes for :mod:`kifuwiki.render.prerender`.

    The workers start from a fork server (or spawn), never by forking this process:
    MkDocs' state stays here, and the workers get only file bytes and settings.
    """
    context = multiprocessing.get_context("forkserver" if sys.platform != "win32" else "spawn")
    if context.get_start_method() == "forkserver":
        # Workers fork from a server that has already imported the engines and Jinja.
        context.set_forkserver_preload(["kifuwiki.render.prerender"])
    return ProcessPoolExecutor(max_workers=workers, mp_context=context)


def _stub(page: SitePage) -> str:
    """The Markdown a generated page starts as: only its title (HTML-escaped, since
    themes print page titles unescaped); on_page_content replaces the body."""
    title = json.dumps(escape(page.title, quote=False), ensure_ascii=False)
    return f"---\ntitle: {title}\n---\n\n{escape(page.title, quote=False)}\n"
