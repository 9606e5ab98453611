"""Static files: the shared viewer script and stylesheet, and each game's own assets.

The shared files (``templates/assets/``) go on every page. A game's files (its
package's ``assets/`` folder, see :mod:`kifuwiki.games.base`) are copied to
``assets/kifuwiki/<game id>/`` and linked only from pages that show one of its
records: :func:`add_game_assets` puts the links just before the page's first viewer of
that game, inside the content, so themes that swap page content without reloading
(Material's instant navigation) load them too.

The sources stay readable; a site gets them minified (:func:`asset_content`): the budget
of what a page downloads is measured on what is served. A script may ship a prebuilt
minified copy beside it, ``<name>.js.min``, whose first line names the source it was made
from (``// sha256:<hex>``, :func:`prebuilt_header`); the built-in scripts do
(``scripts/minify-assets`` writes them with local names shortened, which is too slow to
do at every build: ~0.1 s for the viewer's script). A copy made from another source (the
script was edited since) is ignored, and that script, like every stylesheet and a script
with no copy, is minified as the site is built by rjsmin or rcssmin, which only drop
comments and whitespace.
"""

from __future__ import annotations

import functools
import hashlib
import posixpath
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import rcssmin
import rjsmin
from markupsafe import escape

from kifuwiki.games import all_games, get_game, normalise_game_id
from kifuwiki.render.resources import assets_dir
from kifuwiki.render.site import relpath

#: Where the assets land in a built site.
ASSETS_URI = "assets/kifuwiki"
ASSET_SUFFIXES = (".css", ".js")
#: The suffix of a script's prebuilt minified copy (not an asset itself: never listed).
PREBUILT_SUFFIX = ".min"

#: What every viewer's opening tag contains (a cheap test before the regular expression).
VIEWER_MARK = " data-kw-game="
_VIEWER_START = '<section class="kw-viewer"'
_VIEWER = re.compile(re.escape(_VIEWER_START) + r'[^>]*? data-kw-game="([^"]+)"')


def _files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix in ASSET_SUFFIXES)


def shared_assets() -> list[tuple[str, Path]]:
    """(site URI, file) of the shared viewer assets, loaded on every page."""
    return [(f"{ASSETS_URI}/{path.name}", path) for path in _files(assets_dir())]


def game_assets(game_id: str) -> list[tuple[str, Path]]:
    """(site URI, file) of one game's own assets (none for an unknown game).

    Every page with a viewer asks (:func:`add_game_assets`): the folder's listing is
    remembered while the folder's modification time stays (one ``stat`` a page instead
    of a listing and a ``stat`` per file); a file added or removed changes it."""
    known = normalise_game_id(game_id)
    if known is None:
        return []
    folder = get_game(known).package_dir / "assets"
    try:
        changed = folder.stat().st_mtime_ns
    except OSError:
        return []
    return list(_listed_assets(known, folder, changed))


@functools.lru_cache(maxsize=64)
def _listed_assets(known: str, folder: Path, changed: int) -> tuple[tuple[str, Path], ...]:
    del changed  # the cache key: a folder whose entries changed is listed again
    return tuple((f"{ASSETS_URI}/{known}/{path.name}", path) for path in _files(folder))


def site_assets() -> list[tuple[str, Path]]:
    """Every asset a site needs: the shared ones, then every game's."""
    found = shared_assets()
    for game in all_games():
        found.extend(game_assets(game.id))
    return found


def games_fingerprint() -> str:
    """Every game's id, version and package files (name, size, modification time), so
    a page cache never serves a page made by an older game, built in or plug-in."""
    digest = hashlib.blake2b(digest_size=8)
    for game in all_games():
        digest.update(f"{game.id}:{game.version};".encode())
        folder = game.package_dir
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            # Not __pycache__: it changes when a module is first imported, mid-build.
            if path.is_file() and "__pycache__" not in path.parts:
                stat = path.stat()
                name = path.relative_to(folder).as_posix()
                digest.update(f"{name}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    return digest.hexdigest()


def asset_tags(game_id: str, page_url: str = "") -> str:
    """``<link>``/``<script>`` tags for a game's assets, relative to the page at
    ``page_url`` (a site-relative URL such as ``records/catan/x/``)."""
    here = posixpath.dirname("/" + page_url) if not page_url.endswith("/") else "/" + page_url
    return _tags(game_id, lambda uri: escape(relpath("/" + uri, here)))


def _tags(game_id: str, href_of: Callable[[str], str]) -> str:
    """:func:`asset_tags` with each asset's ``href`` given by ``href_of(uri)``."""
    tags = []
    for uri, path in game_assets(game_id):
        href = href_of(uri)
        if path.suffix == ".css":
            tags.append(f'<link rel="stylesheet" href="{href}" data-kw-asset="{escape(game_id)}">')
        else:
            tags.append(f'<script src="{href}" defer data-kw-asset="{escape(game_id)}"></script>')
    return "".join(tags)


def viewer_tags(html: str) -> Iterator[re.Match[str]]:
    """What ``_VIEWER.finditer(html)`` finds, found faster: ``str.find`` jumps to each
    place the pattern's fixed start occurs (a page is ~100 KB of the theme's markup
    with a ``<`` every few characters, where the pattern would be tried), and the
    pattern is tried there only; after a match the search goes on from its end."""
    start = 0
    while True:
        at = html.find(_VIEWER_START, start)
        if at < 0:
            return
        match = _VIEWER.match(html, at)
        if match is None:
            start = at + 1
        else:
            yield match
            start = match.end()


def add_game_assets(html: str, page_url: str) -> str:
    """``html`` with each game's assets linked before the first viewer of that game."""
    return _insert_tags(html, lambda game_id: asset_tags(game_id, page_url))


def link_game_assets(html: str, href_of: Callable[[str], str]) -> str:
    """:func:`add_game_assets` with each asset's ``href`` given by ``href_of(uri)`` (a
    link placeholder: a record page links its games' assets in its own body, written by
    a worker, so the building process need not look for its viewers in the theme's
    output; :func:`unlink_game_assets` undoes it)."""
    return _insert_tags(html, lambda game_id: _tags(game_id, href_of))


def unlink_game_assets(html: str, page_url: str) -> str:
    """``html`` without the tags :func:`link_game_assets` put before a viewer (their
    links filled in for the page at ``page_url``): what :func:`add_game_assets` is to be
    given when the page holds a viewer that its body did not."""
    for game_id in {match.group(1) for match in viewer_tags(html)}:
        tags = asset_tags(game_id, page_url)
        if tags:
            html = html.replace(f"{tags}\n{_VIEWER_START}", _VIEWER_START, 1)
    return html


def link_page_assets(html: str, page_url: str, viewers_in_body: int | None = None) -> str:
    """A page's HTML (the theme's output) with each game's assets linked before the
    first viewer of that game: :func:`add_game_assets`. ``viewers_in_body``: the page's
    body linked its games' assets itself (:func:`link_game_assets`) and holds this many
    viewer marks; when the page holds no more, it is returned as it is (no search for
    viewers in the theme's markup), else the body's links are taken out and the page
    goes the general way. (The theme puts the body inside an element, as every theme
    does: a viewer's tag cannot begin outside the body and end inside it.)"""
    if viewers_in_body is not None:
        if html.count(VIEWER_MARK) == viewers_in_body:
            return html
        html = unlink_game_assets(html, page_url)
    return add_game_assets(html, page_url) if VIEWER_MARK in html else html


def _insert_tags(html: str, tags_of: Callable[[str], str]) -> str:
    first: dict[str, int] = {}
    for match in viewer_tags(html):
        first.setdefault(match.group(1), match.start())
    if not first:
        return html
    for game_id, at in sorted(first.items(), key=lambda item: -item[1]):
        tags = tags_of(game_id)
        if not tags:
            continue
        if html.find(_VIEWER_START) == at:
            # The same text as the slices below; str.replace builds it without the
            # two slices, which for a page of ~100 KB cost ~0.2 ms (measured).
            html = html.replace(_VIEWER_START, f"{tags}\n{_VIEWER_START}", 1)
        else:
            html = f"{html[:at]}{tags}\n{html[at:]}"
    return html


def asset_content(path: Path) -> bytes:
    """The bytes a site serves for the asset at ``path``: its prebuilt copy when that was
    made from this source, else the source minified (kept while the files are
    unchanged, so ``mkdocs serve`` picks up an edit)."""
    stat = path.stat()
    try:
        copy = path.with_name(path.name + PREBUILT_SUFFIX).stat().st_mtime_ns
    except OSError:
        copy = 0
    return _minified(path, stat.st_mtime_ns, stat.st_size, copy)


def prebuilt_header(source: bytes) -> bytes:
    """The first line of a prebuilt copy made from ``source`` (without its newline)."""
    return b"// sha256:" + hashlib.sha256(source).hexdigest().encode("ascii")


def prebuilt_copy(path: Path, source: bytes) -> bytes | None:
    """The prebuilt minified copy of the script at ``path`` made from ``source``, or
    ``None`` (no copy, or one made from another source)."""
    try:
        packed = path.with_name(path.name + PREBUILT_SUFFIX).read_bytes()
    except OSError:
        return None
    header, newline, body = packed.partition(b"\n")
    return body if newline and header == prebuilt_header(source) else None


@functools.lru_cache(maxsize=64)
def _minified(path: Path, mtime_ns: int, size: int, copy_mtime_ns: int) -> bytes:
    del mtime_ns, size, copy_mtime_ns  # the cache key: a changed file is minified again
    source = path.read_bytes()
    if path.suffix == ".js":
        prebuilt = prebuilt_copy(path, source)
        if prebuilt is not None:
            return prebuilt
        # /*! … */ comments (licences) stay, as minifiers' convention has it.
        text: str = rjsmin.jsmin(source.decode("utf-8"), keep_bang_comments=True)
        return text.encode("utf-8")
    if path.suffix == ".css":
        text = rcssmin.cssmin(source.decode("utf-8"), keep_bang_comments=True)
        return text.encode("utf-8")
    return source


def page_asset_files(game_ids: list[str]) -> list[Path]:
    """Every asset file a page showing ``game_ids`` downloads (the size budget's input)."""
    files = [path for _, path in shared_assets()]
    for game_id in game_ids:
        files += [path for _, path in game_assets(game_id)]
    return files
