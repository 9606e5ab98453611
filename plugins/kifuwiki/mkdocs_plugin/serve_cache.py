"""Under ``mkdocs serve``: the theme's output of generated pages whose inputs did not change.

Why: after one edited record, a rebuild runs MkDocs' whole page loop again, and every
record page goes through the theme (Material's ``main.html``: the header, the nav, the
footer, the scripts), about 0.7 ms a page, for pages that come out byte for byte as
before. Record pages already come from the record cache; this keeps the theme's part.

How, within MkDocs' own events (``mkdocs>=1.6,<2``):

* MkDocs loads a page's template (``main.html`` unless its meta names another) before
  ``on_page_context`` and renders it right after. So in ``serve`` the theme's loader
  gives ``main.html`` as a small wrapper: it prints the kept output when
  :meth:`look_up` put one into the context, and otherwise extends the theme's real
  ``main.html`` (under another name) and so renders exactly what it renders (it
  defines no block). Pages and templates see nothing else changed.
* Last in ``on_page_context`` (:meth:`look_up`), the page has every input the theme
  reads: its content, title, table of contents, meta, URLs, neighbours; the site its
  nav, config and other plugins' context. Their key is compared with the last build's.
* First in ``on_post_page`` (:meth:`keep`), before any other plugin changes it, the
  theme's output is kept as what comes before and after the page's content (the
  content itself is in the record cache already; the part around it is about 15 KB).

What the key holds, and so what it trusts: the text of ``mkdocs.yml`` (every option a
template reads, including the plugins', comes from it; ``serve`` reloads it on change);
every theme template the builds loaded, by file and modification time (checked before
each build: any change empties the cache); the nav and every page's URL and title; the
page's own URL, title, meta, table of contents, neighbours, parents and content (its
length and a 64-bit keyed hash: two different contents collide with odds of 1 in 2⁶⁴);
and every other key in the template context when it is plain data (otherwise the page
is not cached). ``build_date_utc`` changes on every build, so it is not in the key;
instead the theme gets it as a :class:`_WatchedDatetime`, and a page whose rendering
read it (the ``mkdocs`` theme prints it on the home page) is never kept. Only pages
kifuwiki generates are cached: a hand-written page goes through the theme every time.

MkDocs also makes a new Jinja environment for every build, which compiles every theme
template again (about 0.3 s for Material's); the environment gets a
:class:`_CompiledTemplates` kept across builds, Jinja's own bytecode cache (it checks
each template's source), emptied with the rest when ``mkdocs.yml`` changes (which may
change the environment's extensions, such as the theme's translations).

``serve_cache: false`` in the plugin's options turns it off.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Hashable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup
from mkdocs.structure.nav import Link, Navigation, Section
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import TableOfContents

PAGE_TEMPLATE = "main.html"
"""The template MkDocs renders a page with unless its meta names another."""
THEME_PAGE_TEMPLATE = "kifuwiki-serve-cache/main.html"
"""The theme's real ``main.html``, under the name the wrapper extends."""
CACHED = "kifuwiki_cached_output"
_WRAPPER_SOURCE = (
    "{%- if " + CACHED + " is defined -%}{{ " + CACHED + " }}"
    '{%- else -%}{%- extends "' + THEME_PAGE_TEMPLATE + '" -%}{%- endif -%}'
)

# What MkDocs itself puts into every page's context (mkdocs.commands.build.get_context);
# anything else came from a plugin and goes into the key.
_MKDOCS_CONTEXT = frozenset(
    {
        "nav",
        "pages",
        "base_url",
        "extra_css",
        "extra_javascript",
        "mkdocs_version",
        "build_date_utc",
        "config",
        "page",
    }
)
_PLAIN_LEAVES = (str, int, float, bool, type(None), datetime.date, datetime.time)


class _NotPlain(Exception):
    """A value the key cannot hold faithfully (an object with a changing repr)."""


def _plain(value: object) -> Hashable:
    """``value`` as nested tuples of plain data, or :class:`_NotPlain`."""
    if isinstance(value, _PLAIN_LEAVES):
        return (type(value).__name__, value)
    if isinstance(value, Mapping):
        return ("map", tuple(sorted((str(k), _plain(v)) for k, v in value.items())))
    if isinstance(value, list | tuple | set | frozenset):
        items = [_plain(item) for item in value]
        if isinstance(value, set | frozenset):
            items.sort(key=repr)
        return ("seq", tuple(items))
    raise _NotPlain(type(value).__name__)


def _toc_key(toc: TableOfContents | list[Any]) -> Hashable:
    return tuple((item.title, item.url, item.level, _toc_key(item.children)) for item in toc)


def _link_key(item: Any) -> Hashable:
    """A neighbour or parent: a page (URL and title) or a section (title only)."""
    return None if item is None else (getattr(item, "url", None), item.title)


def _nav_key(items: list[Any]) -> Hashable:
    key: list[Hashable] = []
    for item in items:
        if isinstance(item, Section):
            key.append(("section", item.title, _nav_key(item.children)))
        elif isinstance(item, Link):
            key.append(("link", item.title, item.url))
        elif isinstance(item, Page):
            key.append(("page", item.title, item.url, _safe_plain(item.meta)))
        else:
            key.append((type(item).__name__, repr(item)))
    return tuple(key)


def _safe_plain(value: object) -> Hashable:
    try:
        return _plain(value)
    except _NotPlain:
        # Unique every time: with a nav page's meta the key cannot hold, the site's key
        # never matches the last build's, and no page is served from the cache.
        return ("object", object())


class _RecordingLoader(jinja2.BaseLoader):
    """The theme's loader with the wrapper as ``main.html``, noting every template it
    loads.

    Jinja asks the loader only on a template's first use in an environment, and MkDocs
    makes a new environment for each build, so every template a build renders is seen.
    """

    def __init__(self, inner: jinja2.BaseLoader, seen: dict[str, tuple[str, int]]) -> None:
        self._inner = inner
        self._seen = seen

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        if template == PAGE_TEMPLATE:
            return _WRAPPER_SOURCE, None, lambda: True
        if template == THEME_PAGE_TEMPLATE:
            template = PAGE_TEMPLATE
        source, filename, uptodate = self._inner.get_source(environment, template)
        self._seen[template] = (filename or "", _mtime(filename))
        return source, filename, uptodate

    def list_templates(self) -> list[str]:
        return [*self._inner.list_templates(), THEME_PAGE_TEMPLATE]


def _mtime(filename: str | None) -> int:
    if not filename:
        return -1
    try:
        return Path(filename).stat().st_mtime_ns
    except OSError:
        return -1


class _WatchedDatetime(datetime.datetime):
    """``build_date_utc`` as the theme gets it: the same date, which notes being read
    (printed, formatted, tested for equality or any attribute looked up)."""

    read = False

    @classmethod
    def of(cls, date: datetime.datetime) -> _WatchedDatetime:
        return cls(
            date.year,
            date.month,
            date.day,
            date.hour,
            date.minute,
            date.second,
            date.microsecond,
            date.tzinfo,
            fold=date.fold,
        )

    def _note(self) -> None:
        _WatchedDatetime.read = True

    def __getattribute__(self, name: str) -> Any:
        if name not in ("_note", "__class__"):
            object.__getattribute__(self, "_note")()
        return super().__getattribute__(name)

    def __str__(self) -> str:
        self._note()
        return super().__str__()

    def __format__(self, spec: str) -> str:
        self._note()
        return super().__format__(spec)

    def __eq__(self, other: object) -> bool:
        self._note()
        return super().__eq__(other)

    __hash__ = datetime.datetime.__hash__


class _CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates in memory, for Jinja (which checks each one's source)."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self._code.clear()


@dataclass(frozen=True, slots=True)
class _Entry:
    key: Hashable
    before: str
    after: str


@dataclass(slots=True)
class ServeStats:
    """How the last build used the cache (for the log and the tests)."""

    reused: int = 0
    rendered: int = 0
    not_cacheable: int = 0


class ServeRenderCache:
    """The theme's output of generated pages, kept across ``mkdocs serve`` rebuilds.

    Lives on the plugin object, which MkDocs keeps for the whole ``serve`` session."""

    def __init__(self) -> None:
        self._entries: dict[str, _Entry] = {}
        # Every template any build loaded → (file, modification time) when loaded.
        self._templates: dict[str, tuple[str, int]] = {}
        self._loader: _RecordingLoader | None = None
        self._config_text = b""
        self._site_key: Hashable = None
        self._last_site_key: Hashable = None
        self._pending: dict[str, Hashable] = {}
        # Shared strings: the part after the content is the same on most pages.
        self._interned: dict[str, str] = {}
        self._compiled = _CompiledTemplates()
        self.stats = ServeStats()

    # -- before the pages -------------------------------------------------------------

    def begin(self) -> None:
        """A build begins (``on_files``, before any page is read)."""
        self._loader = None
        self._site_key = None
        self._pending = {}
        self.stats = ServeStats()

    def start(self, config_file: str | None, env: jinja2.Environment) -> jinja2.Environment:
        """Every page is read, none written yet (``on_env``): drop what the theme or the
        config changed, then route the environment's loads through the recording loader."""
        config_text = _read(config_file)
        if config_text != self._config_text or self._theme_changed(env):
            self._entries.clear()
            self._templates.clear()
            self._interned.clear()
            self._compiled.clear()
        self._config_text = config_text
        env.bytecode_cache = self._compiled
        assert env.loader is not None
        self._loader = _RecordingLoader(env.loader, self._templates)
        env.loader = self._loader
        return env

    def _theme_changed(self, env: jinja2.Environment) -> bool:
        """Whether a template the last builds loaded now resolves to another file or a
        changed one (an edited override, a new file in ``custom_dir``, another theme)."""
        if env.loader is None:
            return True
        for name, (filename, mtime) in self._templates.items():
            try:
                _, now_filename, _ = env.loader.get_source(env, name)
            except jinja2.TemplateNotFound:
                return True
            if (now_filename or "") != filename or _mtime(now_filename) != mtime:
                return True
        return False

    def look_up(self, context: MutableMapping[str, Any], page: Page, nav: Navigation) -> None:
        """Last in ``on_page_context``: serve the kept output when nothing it came from
        changed; otherwise let the page's template render, to be kept afterwards."""
        uri = page.file.src_uri
        if self._loader is None or page.meta.get("template", PAGE_TEMPLATE) != PAGE_TEMPLATE:
            return  # on_env did not run, or another template: rendered as usual
        key = self._key(context, page, nav)
        date = context.get("build_date_utc")
        if isinstance(date, datetime.datetime):
            context["build_date_utc"] = _WatchedDatetime.of(date)
        _WatchedDatetime.read = False
        if key is None:
            self.stats.not_cacheable += 1
            self._entries.pop(uri, None)
            return
        entry = self._entries.get(uri)
        if entry is not None and entry.key == key:
            # The theme's own output of this very content, kept by keep(): markup already.
            kept = entry.before + (page.content or "") + entry.after
            context[CACHED] = Markup(kept)  # noqa: S704 - the theme's output
            self.stats.reused += 1
            return
        self._pending[uri] = key
        self.stats.rendered += 1

    def keep(self, output: str, page: Page) -> None:
        """First in ``on_post_page``: keep what the theme put around the content."""
        key = self._pending.pop(page.file.src_uri, None)
        if key is None:
            return
        if _WatchedDatetime.read:
            # The theme printed the build's date on this page: it changes every build.
            self.stats.not_cacheable += 1
            self.stats.rendered -= 1
            self._entries.pop(page.file.src_uri, None)
            return
        around = split_around(output, page.content or "")
        if around is None:
            # Not exactly once, verbatim: the theme changed the content; never guess.
            self._entries.pop(page.file.src_uri, None)
            return
        before, after = around
        self._entries[page.file.src_uri] = _Entry(key, self._intern(before), self._intern(after))

    def _intern(self, text: str) -> str:
        return self._interned.setdefault(text, text)

    # -- the key ----------------------------------------------------------------------

    def _key(self, context: Mapping[str, Any], page: Page, nav: Navigation) -> Hashable | None:
        if self._site_key is None:
            files = context.get("pages") or []
            site_key = (
                _nav_key(nav.items),
                tuple((f.src_uri, f.url, getattr(f.page, "title", None)) for f in files),
            )
            # The last build's object when equal: then every page's key compares it by
            # identity, not item by item (thousands of pages, each listing them all).
            if site_key == self._last_site_key:
                site_key = self._last_site_key
            self._site_key = self._last_site_key = site_key
        try:
            extra = _plain({k: v for k, v in context.items() if k not in _MKDOCS_CONTEXT})
            meta = _plain(page.meta)
        except _NotPlain:
            return None
        content = page.content or ""
        return (
            self._site_key,
            context.get("base_url"),
            tuple(map(str, context.get("extra_css") or ())),
            tuple(map(str, context.get("extra_javascript") or ())),
            page.url,
            page.title,
            page.canonical_url,
            page.edit_url,
            page.is_homepage,
            str(page.file.inclusion),
            meta,
            _toc_key(page.toc),
            _link_key(page.previous_page),
            _link_key(page.next_page),
            tuple(_link_key(parent) for parent in page.ancestors),
            len(content),
            hash(content),
            extra,
        )


_PROBE = 256
_CANDIDATES = 16


def split_around(output: str, content: str) -> tuple[str, str] | None:
    """``(before, after)`` with ``output == before + content + after``, if ``content`` is
    in ``output`` exactly once; else ``None``.

    A record page's content is most of the output (150 KB of 160), and ``str.find`` of
    all of it costs 0.13 ms, twice to prove it unique. So its first 256 characters are
    looked for instead, and where they are found, the rest is compared in place (every
    occurrence of the content starts with an occurrence of those characters). Text that
    repeats its own start many times (``aaaa…``) would make that slow: after 16 places
    tried, the whole content is looked for the usual way."""
    if not content:
        return None
    occurrences = _occurrences(output, content)
    start = next(occurrences, -1)
    if start < 0 or next(occurrences, -1) >= 0:
        return None
    return output[:start], output[start + len(content) :]


def _occurrences(output: str, content: str) -> Iterator[int]:
    """Where ``content`` starts in ``output``, in order (overlapping ones included)."""
    probe = content[:_PROBE]
    tried = 0
    at = output.find(probe)
    while at >= 0 and tried < _CANDIDATES:
        if output.startswith(content, at):
            yield at
        tried += 1
        at = output.find(probe, at + 1)
    while at >= 0:  # many places start like the content: the general search
        at = output.find(content, at)
        if at < 0:
            return
        yield at
        at += 1


def _read(path: str | None) -> bytes:
    if not path:
        return b""
    try:
        return Path(path).read_bytes()
    except OSError:
        return b""
