"""The archive's pages: where each one lives, and links between them.

A :class:`SitePlan` gives every page a source URI (``records/prime-daifugo/g1.md``,
as if it were a Markdown file in the docs folder) and a title. URLs are derived the
way MkDocs derives them, so the plan works under MkDocs and anywhere else.

Slugs keep Unicode (Japanese names stay readable in the address bar) and replace
only what breaks a path or URL, so a page's address depends on its name alone and
stays stable as the archive grows.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
import secrets
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import PurePosixPath
from typing import Literal, Protocol
from urllib.parse import quote

from markupsafe import escape

from kifuwiki.games.base import GameRecord, RecordView
from kifuwiki.render.environment import game_name
from kifuwiki.render.labels import t

PageKind = Literal["home", "index", "record", "player", "players", "event", "events", "report"]

#: Characters that break a path, a URL or a file name on some system.
_UNSAFE = re.compile(r"[\s/\\?#%&:*\"'<>|\[\]{}^`~=+;,@!$()]+")
_RESERVED = {"", ".", "..", "index", "assets"}


@lru_cache(maxsize=16_384)
def slugify(text: str) -> str:
    """A path-safe, URL-safe slug that keeps Unicode letters (``金剛戦 第1期`` → ``金剛戦-第1期``).

    Never empty and never a reserved name (``index``, ``..``): those get a short hash
    of the original text, so the result is still a pure function of the name.
    """
    normal = unicodedata.normalize("NFKC", text)
    normal = "".join(ch for ch in normal if unicodedata.category(ch)[0] != "C")
    slug = _UNSAFE.sub("-", normal).strip("-.").lower()
    slug = re.sub(r"-{2,}", "-", slug)[:80].strip("-.")
    if slug in _RESERVED:
        slug = f"{slug or 'page'}-{short_hash(text)}".lstrip(".-")
    return slug


def short_hash(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=3).hexdigest()


def page_url(src_uri: str, use_directory_urls: bool = True) -> str:
    """The site-root-relative URL MkDocs gives a page at ``src_uri`` (percent-encoded)."""
    path = PurePosixPath(src_uri)
    stem = path.stem
    parent = "" if str(path.parent) == "." else f"{path.parent}/"
    if stem in ("index", "README"):
        url = parent
    elif use_directory_urls:
        url = f"{parent}{stem}/"
    else:
        url = f"{parent}{stem}.html"
    return quote(url)


def relpath(path: str, start: str) -> str:
    """:func:`posixpath.relpath` of two absolute paths, without its normalising where
    there is nothing to normalise (no ``//``, no ``.`` or ``..`` segment): each record
    page links about nine pages, and every (target, page) pair is new, so a build of
    2,000 records called ``posixpath.relpath`` ~30,000 times (~0.4 s)."""
    if "//" in path or "//" in start or "/." in path or "/." in start:
        return posixpath.relpath(path, start)
    start_parts = [part for part in start.split("/") if part]
    path_parts = [part for part in path.split("/") if part]
    common = 0
    for a, b in zip(start_parts, path_parts, strict=False):
        if a != b:
            break
        common += 1
    rel = [".."] * (len(start_parts) - common) + path_parts[common:]
    return "/".join(rel) if rel else "."


@lru_cache(maxsize=65_536)
def relative_url(target: str, here: str) -> str:
    """``target`` (site-root-relative) as seen from the page at URL ``here``."""
    here_dir = here if here.endswith("/") or not here else posixpath.dirname(here) + "/"
    target_path, _, fragment = target.partition("#")
    rel = relpath("/" + target_path, "/" + here_dir)
    if (not target_path or target_path.endswith("/")) and not rel.endswith("/"):
        rel += "/"
    return rel + (f"#{fragment}" if fragment else "")


def record_key(record: GameRecord) -> str:
    """Identity of one game in the archive: its file and its index in that file."""
    return f"{record.path or record.title}#{record.index}"


def meta_text(record: GameRecord, key: str) -> str:
    """A front-matter value as plain text ('' when absent)."""
    value = record.meta.get(key)
    if value is None:
        return ""
    return str(value).strip()


@dataclass(frozen=True, slots=True)
class SitePage:
    src_uri: str
    kind: PageKind
    title: str
    key: str = ""
    """The record key, player name, event name or game id this page is about."""
    game: str = ""


@dataclass(slots=True)
class SitePlan:
    """Every archive page, and which page shows which record, player or event."""

    prefix: str
    pages: list[SitePage] = field(default_factory=list)
    records: dict[str, SitePage] = field(default_factory=dict)
    players: dict[str, SitePage] = field(default_factory=dict)
    events: dict[str, SitePage] = field(default_factory=dict)
    indexes: dict[str, SitePage] = field(default_factory=dict)
    special: dict[str, SitePage] = field(default_factory=dict)
    """``home``, ``players``, ``events``, ``report``."""
    files: dict[str, str] = field(default_factory=dict)
    """A record file's path (``record.path``) → where the file itself is copied in the
    site (its pages' download link), next to its pages' sources."""

    @classmethod
    def build(
        cls,
        views: Iterable[RecordView],
        prefix: str = "records/",
        records_root: str | None = None,
        lang: str = "ja",
        games: Iterable[str] = (),
    ) -> SitePlan:
        """Plan every page; ``games`` get an index page even with no records yet, so
        a nav that names them does not break while an archive is being started."""
        prefix = normalise_prefix(prefix)
        plan = cls(prefix=prefix)
        taken: set[str] = set()

        def add(page: SitePage) -> SitePage:
            uri = page.src_uri
            if uri in taken:  # two names with the same slug: both stay, one gets a hash
                base = uri.removesuffix(".md")
                uri = f"{base}-{short_hash(page.kind + page.key)}.md"
                page = SitePage(uri, page.kind, page.title, page.key, page.game)
            taken.add(uri)
            plan.pages.append(page)
            return page

        plan.special["home"] = add(SitePage(f"{prefix}index.md", "home", t("records_home", lang)))
        plan.special["report"] = add(SitePage(f"{prefix}report.md", "report", t("report", lang)))
        plan.special["players"] = add(
            SitePage(f"{prefix}players/index.md", "players", t("player_pages", lang))
        )
        plan.special["events"] = add(
            SitePage(f"{prefix}events/index.md", "events", t("event_pages", lang))
        )
        view_list = list(views)
        for game in sorted({v.record.game for v in view_list} | set(games)):
            title = f"{game_name(game, lang)} {t('game_index', lang)}"
            plan.indexes[game] = add(
                SitePage(f"{prefix}{slugify(game)}/index.md", "index", title, game, game)
            )
        for view in view_list:
            record = view.record
            uri = f"{prefix}{slugify(record.game)}/{record_slug(record, records_root)}.md"
            plan.records[record_key(record)] = add(
                SitePage(uri, "record", record.title, record_key(record), record.game)
            )
            if record.path and record.path not in plan.files:
                plan.add_file(record, records_root, taken)
        for name in sorted({p.name for v in view_list for p in v.players}):
            plan.players[name] = add(
                SitePage(f"{prefix}players/{slugify(name)}.md", "player", name, name)
            )
        for event in sorted({meta_text(v.record, "event") for v in view_list} - {""}):
            plan.events[event] = add(
                SitePage(f"{prefix}events/{slugify(event)}.md", "event", event, event)
            )
        return plan

    def record_page(self, record: GameRecord) -> SitePage | None:
        return self.records.get(record_key(record))

    def add_file(self, record: GameRecord, records_root: str | None, taken: set[str]) -> None:
        """Give ``record``'s file its place: ``<prefix><game>/<slug>.kifu``, or with a
        hash of its path when another file's name slugified the same. ``taken``: the
        addresses given so far (a set, not a scan of ``files``: once per record file)."""
        slug = record_slug(record, records_root, numbered=False)
        uri = f"{self.prefix}{slugify(record.game)}/{slug}.kifu"
        if uri in taken:
            uri = f"{uri.removesuffix('.kifu')}-{short_hash(record.path or '')}.kifu"
        taken.add(uri)
        self.files[record.path or ""] = uri


def normalise_prefix(prefix: str) -> str:
    """``records`` / ``/records/`` → ``records/``; empty means the site root."""
    parts = [slugify(part) for part in prefix.strip().strip("/").split("/") if part.strip()]
    return "".join(f"{part}/" for part in parts)


def record_slug(
    record: GameRecord, records_root: str | None = None, *, numbered: bool = True
) -> str:
    """A record page's path below its game folder, from the record file's own path.

    ``records/prime-daifugo/2024/kongo.kifu`` → ``2024/kongo``; the second game in a
    file gets ``-2``. The game's folder name is dropped (the game id is already in
    the URL).
    """
    parts = _slug_parts((record.path or slugify(record.title) or "record").replace("\\", "/"))
    if records_root:
        root = _root_parts(records_root)
        if tuple(parts[: len(root)]) == root:
            parts = parts[len(root) :]
    if len(parts) > 1 and parts[0] == record.game:
        parts = parts[1:]
    slugs = [slugify(part) for part in parts] or ["record"]
    if numbered and record.source.count > 1:
        slugs[-1] = f"{slugs[-1]}-{record.index}"
    return "/".join(slugs)


#: A relative POSIX path that ``PurePosixPath`` would split as it is: no empty part, no
#: ``.`` part, no leading slash (a record's path below the site: ``records/g/a.kifu``).
_PLAIN_PATH = re.compile(r"(?:(?!\.(?:/|$))[^/]+/)*(?!\.$)[^/]+")


def _slug_parts(text: str) -> list[str]:
    """The parts of the path ``text`` with a ``.kifu`` suffix dropped, as
    ``PurePosixPath`` gives them; a plain path is split directly (twice a record in
    every build's plan, where the path objects cost more than the rest of the plan)."""
    if _PLAIN_PATH.fullmatch(text) is None:
        path = PurePosixPath(text)
        return list(path.with_suffix("").parts) if path.suffix == ".kifu" else list(path.parts)
    parts = text.split("/")
    name = parts[-1]
    dot = name.rfind(".")
    if 0 < dot < len(name) - 1 and name[dot:] == ".kifu":
        parts[-1] = name[:dot]
    return parts


@lru_cache(maxsize=64)
def _root_parts(records_root: str) -> tuple[str, ...]:
    return PurePosixPath(records_root.replace("\\", "/")).parts


@dataclass(frozen=True, slots=True)
class PageLinks:
    """Links from one page (``here``) to the other pages of a :class:`SitePlan`.

    ``url_of`` maps a page's source URI to its site-root-relative URL; the MkDocs
    plugin passes the URLs MkDocs computed, anything else can use :func:`page_url`.
    Every method returns ``None`` when there is no such page (a record shown on its
    own, outside an archive), and templates then print plain text.
    """

    plan: SitePlan | None = None
    here: str = ""
    url_of: Callable[[str], str] = page_url
    # Where links are measured from (``here``'s URL, or its link base), found on the
    # first link: a list page makes ~5,000 links from the same place.
    _base: str | None = field(default=None, init=False, repr=False, compare=False)

    def to(self, page: SitePage | None, fragment: str = "") -> str | None:
        if page is None or self.plan is None:
            return None
        return self._relative(self.url_of(page.src_uri) + (f"#{fragment}" if fragment else ""))

    def file(self, path: str) -> str | None:
        """The record file at ``path`` as copied into the site (``None``: not copied)."""
        uri = self.plan.files.get(path) if self.plan is not None else None
        # A copied file's URL is its path, under every front end (no page URL scheme).
        return self._relative(quote(uri)) if uri is not None else None

    def asset(self, uri: str) -> str:
        """A site asset's ``href`` (``assets/kifuwiki/<game>/x.css``), escaped for an
        attribute, as :func:`kifuwiki.render.assets.asset_tags` writes it."""
        return str(escape(self._relative(uri)))

    def _relative(self, target: str) -> str:
        base = self._base
        if base is None:
            link_base = getattr(self.url_of, "link_base", None)
            if link_base is not None:  # see SourceRelativeUrls
                base = link_base(self.here)
            else:
                base = self.url_of(self.here) if self.here else ""
            object.__setattr__(self, "_base", base)  # frozen: set once, like a cache
        return relative_url(target, base)

    def record(self, record: GameRecord, fragment: str = "") -> str | None:
        return self.to(self.plan.record_page(record) if self.plan else None, fragment)

    def player(self, name: str) -> str | None:
        return self.to(self.plan.players.get(name) if self.plan else None)

    def event(self, name: str) -> str | None:
        return self.to(self.plan.events.get(name) if self.plan else None)

    def index(self, game: str) -> str | None:
        return self.to(self.plan.indexes.get(game) if self.plan else None)

    def special(self, name: str) -> str | None:
        return self.to(self.plan.special.get(name) if self.plan else None)


NO_LINKS = PageLinks()


@dataclass(frozen=True, slots=True)
class SourceRelativeUrls:
    """Page URLs as MkDocs makes them, for links written relative to the page's
    *source folder* instead of its URL.

    Zensical resolves a relative link in a page's raw HTML against the Markdown source
    (``records/g/a.md`` → folder ``records/g/``), not against the page's URL
    (``records/g/a/``), so ``../../events/x/`` from a record page would point one folder
    too high. Pass this as ``url_of``; :class:`PageLinks` then measures from
    :meth:`link_base`.
    """

    use_directory_urls: bool = True

    def __call__(self, src_uri: str) -> str:
        return page_url(src_uri, self.use_directory_urls)

    def link_base(self, here: str) -> str:
        folder = posixpath.dirname(here)
        return quote(f"{folder}/") if folder else ""


class Links(Protocol):
    """What page templates call to link to other archive pages."""

    def record(self, record: GameRecord, fragment: str = "") -> str | None: ...
    def player(self, name: str) -> str | None: ...
    def event(self, name: str) -> str | None: ...
    def index(self, game: str) -> str | None: ...
    def special(self, name: str) -> str | None: ...
    def file(self, path: str) -> str | None: ...


LinkTarget = tuple[str, str, str]
"""(kind, key, fragment): ``("player", "あかり", "")``, ``("record", "a.kifu#1", "m3")``."""


@dataclass(slots=True)
class DeferredLinks:
    """Links written as placeholders, resolved once the whole archive is planned.

    A record page can then be rendered (in a worker process, or once for the disk
    cache) before the site's plan exists: the plan depends on every record, but a
    record page only names its players, event, game index and the archive's special
    pages, all of which the plan always has. :func:`resolve_links` puts the real
    relative URLs in. The nonce is random, so text a person wrote can never collide
    with a placeholder.
    """

    nonce: str = field(default_factory=lambda: secrets.token_hex(6))
    targets: list[LinkTarget] = field(default_factory=list)

    def _token(self, kind: str, key: str, fragment: str = "") -> str:
        self.targets.append((kind, key, fragment))
        return f"kwlink-{self.nonce}-{len(self.targets) - 1}"

    def record(self, record: GameRecord, fragment: str = "") -> str | None:
        return self._token("record", record_key(record), fragment)

    def player(self, name: str) -> str | None:
        return self._token("player", name)

    def event(self, name: str) -> str | None:
        return self._token("event", name)

    def index(self, game: str) -> str | None:
        return self._token("index", game)

    def special(self, name: str) -> str | None:
        return self._token("special", name)

    def file(self, path: str) -> str | None:
        return self._token("file", path)

    def asset(self, uri: str) -> str:
        return self._token("asset", uri)


#: Any placeholder a :class:`DeferredLinks` can write (its nonce is hex): one pattern,
#: compiled once, instead of one per page with the page's nonce in it.
_PLACEHOLDER = re.compile(r"kwlink-([0-9a-f]+)-([0-9]+)")


def resolve_links(html: str, nonce: str, targets: list[LinkTarget], links: PageLinks) -> str:
    """Replace the placeholders a :class:`DeferredLinks` wrote with ``links``' URLs."""
    if not targets:
        return html
    plan = links.plan
    tables = (
        {}
        if plan is None
        else {
            "record": plan.records,
            "player": plan.players,
            "event": plan.events,
            "index": plan.indexes,
            "special": plan.special,
        }
    )

    def url(match: re.Match[str]) -> str:
        if match.group(1) != nonce:  # another nonce's, or text that looks like one
            return match.group(0)
        number = int(match.group(2))
        if number >= len(targets) or plan is None:
            return match.group(0)
        kind, key, fragment = targets[number]
        if kind == "file":
            return links.file(key) or "#"
        if kind == "asset":
            return links.asset(key)
        # Every target a record page names has a page in the plan (see DeferredLinks);
        # '#' keeps the markup valid should a custom template ask for something else.
        return links.to(tables.get(kind, {}).get(key), fragment) or "#"

    return _PLACEHOLDER.sub(url, html)
