"""``plugins: [kifuwiki]``: record files → checked, step-through pages in a MkDocs site.

A thin adapter: :class:`~kifuwiki.sitebuild.SiteBuild` loads, checks, plans and renders
(with its disk cache and worker processes); this module only maps MkDocs events onto
it. The options are in :mod:`kifuwiki.mkdocs_plugin.config`. Record pages are
generated files that never enter the navigation (every page renders the whole nav, so
2,000 records in it cost minutes); users put the index pages in their nav.
"""

from __future__ import annotations

import functools
import json
import re
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import jinja2
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.games.base import GameRecord
from kifuwiki.markdown_fence import (
    FENCE_NAME,
    BlockLocator,
    KifuExtension,
    fence_format,
    fence_validator,
)
from kifuwiki.mkdocs_plugin.config import KifuwikiConfig
from kifuwiki.mkdocs_plugin.linked_file import CopiedFile, LinkedFile
from kifuwiki.mkdocs_plugin.old_output import OldOutput
from kifuwiki.mkdocs_plugin.pages import GeneratedPage, stub_markdown
from kifuwiki.mkdocs_plugin.serve_cache import ServeRenderCache
from kifuwiki.render.assets import (
    VIEWER_MARK,
    add_game_assets,
    asset_content,
    link_page_assets,
    shared_assets,
    site_assets,
)
from kifuwiki.render.labels import normalise_language
from kifuwiki.render.site import SitePage
from kifuwiki.sitebuild import BuildSettings, SiteBuild
from kifuwiki.sitebuild.collector import BuildCollector, freeze_at_exit
from kifuwiki.sitebuild.export import exported_files
from kifuwiki.sitebuild.game_indexes import nav_pages
from kifuwiki.sitebuild.keys import display_path
from kifuwiki.sitebuild.site import UrlOf, site_rules, site_rules_warnings

if TYPE_CHECKING:
    # Only ``mkdocs serve`` makes one; importing it (its HTTP server, watchdog, ssl)
    # cost a ``mkdocs build`` ~8 ms that a site without this plugin does not pay.
    from mkdocs.livereload import LiveReloadServer

log = get_plugin_logger(__name__)

SUPERFENCES = "pymdownx.superfences"

#: A source URI that ``Files.get_file_from_path`` would look up as it is: parts that are
#: neither empty nor ``.``, no backslash or colon (a Windows path's), no leading slash.
_NORMAL_URI = re.compile(r"(?:(?!\.(?:/|$))[^/\\:]+/)*(?!\.$)[^/\\:]+")


def file_at(files: Files, uri: str) -> File | None:
    """``files.get_file_from_path(uri)``: for a URI already in normal form (every page
    and file the plan makes), looked up without normalising it through ``PurePath``
    (~5 µs, twice a record in ``on_files``)."""
    if _NORMAL_URI.fullmatch(uri) is not None:
        return files.src_uris.get(uri)
    return files.get_file_from_path(uri)


class KifuwikiPlugin(BasePlugin[KifuwikiConfig]):  # type: ignore[no-untyped-call]
    def __init__(self) -> None:
        # Lives as long as this object: across `mkdocs serve` rebuilds (on_startup).
        self._build = SiteBuild()
        # Generated pages by source URI (pages a hand-written file replaced are not here).
        self._pages: dict[str, SitePage] = {}
        # Record pages still rendering in a worker: their url_of, until on_page_context.
        self._deferred: dict[str, UrlOf] = {}
        # Record pages rendered, until on_post_page: how many viewers their body holds.
        self._viewers_in_body: dict[str, int] = {}
        self._urls: dict[str, str] = {}
        self._records_dir = Path("records")
        self._base = Path()
        self._lang = "ja"
        self._rules: dict[str, Any] | None = None
        # Where the page being rendered keeps its ```kifu blocks (for located warnings).
        self._fence_locator = BlockLocator()
        self._full_content: str | None = None
        self._serving = False
        # The theme's output of unchanged generated pages, across `serve` rebuilds.
        self._serve_cache = ServeRenderCache()
        self._serve_cache_on = False
        self._old_output = OldOutput()
        # What a build keeps to its end, frozen out of the cycle collector's way.
        self._collector = BuildCollector()

    # Defining on_startup keeps this plugin object alive across `mkdocs serve`
    # rebuilds, which is what lets the in-memory record cache skip unchanged files
    # (and the serve cache reuse the theme's output). Per-build state is set in
    # on_config instead.
    def on_startup(self, *, command: str, dirty: bool) -> None:
        self._serving = command == "serve"

    # Early (50): the fence must be registered before MkDocs builds any Markdown
    # instance, and our assets go to the FRONT of extra_css/extra_javascript so
    # the user's own stylesheets and scripts, added later in the list, win.
    @event_priority(50)
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        base = self._base = Path(config.config_file_path or ".").resolve().parent
        records_dir = Path(self.config.records_dir)
        self._records_dir = records_dir if records_dir.is_absolute() else base / records_dir
        if not self._records_dir.is_dir() and records_dir != Path("records"):
            # A site without records (fences only) needs no folder; but a folder the user
            # named and that is missing is a typo that would publish an empty archive.
            log.warning(f"records_dir: no folder at {self._records_dir}; no record pages made")
        theme_language = config.theme.get("language") or config.theme.get("locale")
        self._lang = self.config.language or normalise_language(
            str(theme_language) if theme_language else None
        )
        self._rules = site_rules(self.config.rules)
        for message in site_rules_warnings(self.config.rules):
            log.warning(message)  # a config error: --strict stops the build on it
        custom = self.config.custom_templates
        self._build.configure(
            BuildSettings(
                records_dir=self._records_dir,
                base=base,
                url=self.config.url,
                lang=self._lang,
                rules=self._rules,
                custom_templates=Path(custom) if custom else None,
                jobs=self.config.jobs,
                hide_results=self.config.hide_results,
                nav_pages=nav_pages(config.nav),
            )
        )
        self._register_fence(config)
        self._serve_cache_on = self._serving and self.config.serve_cache
        # Under serve, list pages nothing changed for are kept too (sitebuild/list_pages.py).
        self._build.remember_list_pages = self._serve_cache_on
        css, js = self._asset_uris()
        config.extra_css[0:0] = css
        config.extra_javascript[0:0] = js
        return config

    def _register_fence(self, config: MkDocsConfig) -> None:
        settings: dict[str, Any] = {
            "env": self._build.env,
            "lang": self._lang,
            "rules": self._rules,
            "warn": self._warn_fence,
            "inform": self._inform_fence,
            "locate": self._fence_locator,
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
        # The message names the page (the locator gave the fence its file).
        log.warning(message)

    def _inform_fence(self, message: str) -> None:
        # A block's warnings and notes, at info level as a record file's are.
        log.info(message)

    # Under serve, just before MkDocs empties the site folder for a rebuild: the last
    # build's output moves aside, to be deleted in the background (old_output.py).
    # Every plugin's config is final here and no file is read yet: what the imports and
    # the config made is frozen (sitebuild/collector.py), then a cold build's workers
    # start (forked from this process while it runs one thread, else from a fork
    # server) and get the records to load, while MkDocs lists its own files; on_files
    # collects them.
    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        if self._serve_cache_on:
            self._old_output.move_aside(config.site_dir)
        self._collector.freeze()
        self._build.begin()

    # Default priority (0): after plugins that add Markdown files at 50, and before
    # nav plugins (literate-nav, awesome-pages) that run last and must see our pages.
    # The records whose loading began in on_pre_build are collected here, the first
    # event that can add files, and the site is planned.
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        self._deferred = {}
        self._viewers_in_body = {}
        self._urls = {}
        self._pages = {}
        if self._serve_cache_on:
            self._serve_cache.begin()
        # Pages `kifuwiki pages` exported for another engine (Zensical) sit in the docs
        # folder with links of their own; this build generates them afresh, so they go.
        for uri in exported_files(Path(config.docs_dir)):
            exported = files.get_file_from_path(uri)
            if exported is not None:
                files.remove(exported)
        plan = self._build.prepare().plan
        self._collector.freeze()  # the archive lives to the build's end
        for page in plan.pages:
            if file_at(files, page.src_uri) is not None:
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
            if page.kind == "record":
                # Never in a nav (see the module's docstring), so its title is its own.
                GeneratedPage(page.title, generated, config)
            files.append(generated)
            self._pages[page.src_uri] = page
        for uri, path in site_assets():
            if file_at(files, uri) is None:
                files.append(File.generated(config, uri, content=asset_content(path)))
        # The record files, byte for byte, for the record pages' download links
        # (copied from disk when MkDocs copies the static files: nothing held in memory).
        # Under serve, into a temporary folder rebuilt on every edit: hard links.
        file_class = LinkedFile if self._serve_cache_on else CopiedFile
        for uri, path in self._build.record_files():
            if file_at(files, uri) is None:
                files.append(file_class.generated(config, uri, abs_src_path=str(path)))
        self._report(self._build.records, self._build.skipped)
        return files

    def _report(self, records: list[GameRecord], skipped: list[Diagnostic]) -> None:
        """Log every diagnostic (and every record file not read): errors as warnings
        (``mkdocs build --strict`` fails on them), the rest as info; with the plugin's
        own ``strict``, stop with the first."""
        first_error: Diagnostic | None = None
        errors = 0
        for diagnostics in [skipped, *(record.diagnostics for record in records)]:
            for diagnostic in diagnostics:
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

    # Under serve, after the nav (the env comes right after on_nav) and before any page:
    # the serve cache checks the theme's templates and config against the last build's.
    def on_env(
        self, env: jinja2.Environment, /, *, config: MkDocsConfig, files: Files
    ) -> jinja2.Environment | None:
        if self._serve_cache_on:
            return self._serve_cache.start(config.config_file_path, env)
        return env

    # Tell the fence which page is being rendered (MkDocs renders pages one at a time),
    # so a broken ```kifu block's warning names the page's file and the line in it.
    # The file is read again only if a block on the page has a problem to report:
    # ``markdown`` has lost the front matter's lines, and other plugins may have
    # changed it.
    def on_page_markdown(
        self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str | None:
        file = page.file
        if file.abs_src_path is None or file.generated_by is not None:
            self._fence_locator.start(file.src_uri, None)
        else:
            # Named from the site's folder (docs/page.md), as a record's path is.
            where = display_path(Path(file.abs_src_path), self._base)
            self._fence_locator.start(where, lambda: file.content_string)
        return markdown

    # After Markdown rendered our stub, swap in the real HTML; the search plugin
    # reads page.content later (on_page_context), so comments get indexed. A record
    # page gets its content only then, just before anything reads it: MkDocs renders
    # every page's Markdown before it writes the first, so a body set here would stay
    # in memory with every other record page's (~0.2 MB each) until the writing loop;
    # and a page still rendering in a worker is not waited for meanwhile.
    def on_page_content(
        self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str | None:
        self._fence_locator.start(None, None)
        site_page = self._pages.get(page.file.src_uri)
        if site_page is None:
            return html
        urls = self._urls

        def url_of(src_uri: str) -> str:
            # Memoised for the build: index pages link every game and player, and
            # MkDocs' own lookup normalises the path every time.
            url = urls.get(src_uri)
            if url is None:
                file = file_at(files, src_uri)
                url = urls[src_uri] = file.url if file is not None else src_uri
            return url

        if site_page.kind == "record":
            self._deferred[site_page.src_uri] = url_of
            return html
        return self._page_html(site_page, url_of)

    def _page_html(self, site_page: SitePage, url_of: UrlOf) -> str:
        return self._build.render(site_page, url_of)

    # Search plugins (MkDocs' and Material's) index page.content in on_page_context.
    # A record page repeats every hand at every step; parsing that costs most of a
    # build and bloats the index. So just before them (100) the page holds its
    # search text (a deferred record page is filled in first), and just after them
    # (-100), before the theme renders it, the full page again.
    @event_priority(100)
    def _swap_in_search_text(
        self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        site_page = self._pages.get(page.file.src_uri)
        self._full_content = None
        if site_page is None:
            return context
        deferred = self._deferred.pop(site_page.src_uri, None)
        if deferred is not None:
            page.content = self._page_html(site_page, deferred)
            # A record page's body links its games' assets already (before each game's
            # first viewer): _post_page checks no viewer came from elsewhere.
            self._viewers_in_body[site_page.src_uri] = page.content.count(VIEWER_MARK)
        if page.content is not None:
            text = self._build.search_text(site_page)
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

    # After everyone (-150), the context is what the theme will get: the serve cache
    # compares it with the last build's and, if nothing changed, hands the theme's
    # output over instead of rendering it again.
    @event_priority(-150)
    def _serve_cache_look_up(
        self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        # Only generated pages: kifuwiki knows what goes into them (hand-written pages
        # may carry anything another plugin adds).
        if self._serve_cache_on and page.file.src_uri in self._pages:
            # A TypedDict to MkDocs; themes and plugins put their own keys in it too.
            self._serve_cache.look_up(cast("dict[str, Any]", context), page, nav)
        return context

    on_page_context = CombinedEvent(
        _swap_in_search_text, _restore_full_content, _serve_cache_look_up
    )

    # Before every other plugin (10,000, past MkDocs' "first" of 100): the serve cache
    # keeps the theme's output as it rendered it; plugins after it change it again on
    # every build, a page served from the cache included.
    @event_priority(10_000)
    def _serve_cache_keep(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        if self._serve_cache_on:
            self._serve_cache.keep(output, page)
        return output

    # Last (-100), once every plugin has seen the page: MkDocs writes it next and never
    # reads its content again, but keeps the Page object to the end of the build. A
    # record page's content is the bulk of a site's memory (2,000 records held about
    # 260 MB), so it is let go here and build memory stays flat in the archive's size.
    # The output is final here too, so a game's own assets are linked into it only where
    # one of its viewers is (the fence puts viewers into any page).
    @event_priority(-100)
    def _post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str | None:
        site_page = self._pages.get(page.file.src_uri)
        if site_page is not None and site_page.kind == "record":
            page.content = None
        # Games' own CSS/JS, linked only where one of their viewers is (a record page's
        # body links them already).
        in_body = self._viewers_in_body.pop(page.file.src_uri, None)
        if in_body is None:
            return add_game_assets(output, page.url) if VIEWER_MARK in output else output
        return link_page_assets(output, page.url, in_body)

    on_post_page = CombinedEvent(_serve_cache_keep, _post_page)

    # Every page has been written: the workers have nothing left to do, and what the
    # build froze goes back to the collector (serve's next build may drop it). A page
    # rendered after on_files may have found what its light record did not (a game's
    # view failing); reported here, before MkDocs counts the warnings for --strict.
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        self._build.close()
        self._collector.release()
        if self._serve_cache_on:
            stats = self._serve_cache.stats
            log.debug(
                f"serve cache: {stats.reused} page(s) reused, {stats.rendered} rendered, "
                f"{stats.not_cacheable} not cacheable"
            )
        self._report([], self._build.late_diagnostics)

    # A failed build must not leave workers rendering pages nobody will write, nor its
    # objects frozen.
    def on_build_error(self, *, error: Exception) -> None:
        self._build.close()
        self._collector.release()

    # The process ends (or serve stops): the workers end with it, and the last build's
    # output moved aside is deleted before it goes. What is left is frozen at the
    # interpreter's exit, so that its collections there do not traverse it all.
    def on_shutdown(self) -> None:
        self._build.close()
        self._collector.release()
        freeze_at_exit()
        self._old_output.wait()

    # mkdocs serve watches docs_dir and mkdocs.yml; records live outside docs_dir,
    # so watch them too, or an edited record would not trigger a rebuild.
    def on_serve(
        self, server: LiveReloadServer, /, *, config: MkDocsConfig, builder: Any
    ) -> LiveReloadServer:
        if self._records_dir.is_dir():
            server.watch(str(self._records_dir))
        return server


def _stub(page: SitePage) -> str:
    """The Markdown a generated page starts as: only its title (HTML-escaped, since
    themes print page titles unescaped); on_page_content replaces the body."""
    title = json.dumps(escape(page.title, quote=False), ensure_ascii=False)
    return f"---\ntitle: {title}\n---\n\n{stub_markdown(page.title)}"
