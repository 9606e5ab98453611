"""Write an archive's pages into a docs folder, for site generators that run no plugins.

``kifuwiki pages`` uses this: every generated page (records, game indexes, players,
events, the report) becomes a Markdown file with a title in its front matter and the
page's HTML as its body, next to the viewer's assets. Zensical, or any static site
engine that reads Markdown with raw HTML, then builds the site with no kifuwiki code.

Incremental: a file whose content did not change is not written again (its
modification time stays, so an engine's own incremental build skips it), and unchanged
records are not even parsed (the :class:`SiteBuild` disk cache). A manifest in the
folder lists what kifuwiki wrote, so pages of deleted records are removed, and a file
someone wrote by hand is never overwritten.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from kifuwiki.render.assets import VIEWER_MARK, add_game_assets, asset_content, site_assets
from kifuwiki.render.site import SitePage, SourceRelativeUrls, page_url
from kifuwiki.sitebuild.site import SiteBuild, UrlOf

#: What kifuwiki wrote into the docs folder last time (relative paths, JSON).
MANIFEST = ".kifuwiki-pages.json"


@dataclass(slots=True)
class ExportResult:
    written: list[str] = field(default_factory=list)
    """Files created or changed."""
    unchanged: int = 0
    removed: list[str] = field(default_factory=list)
    """Files of an earlier export whose page no longer exists."""
    kept: list[str] = field(default_factory=list)
    """Files someone else wrote, left alone (their page is not generated)."""


def page_markdown(page: SitePage, html: str) -> str:
    """A generated page as a Markdown file: its title (escaped, since themes print
    titles unescaped) in front matter, then the page's HTML as one raw block."""
    title = json.dumps(escape(page.title, quote=False), ensure_ascii=False)
    return f"---\ntitle: {title}\n---\n\n{html.strip()}\n"


def export_pages(
    build: SiteBuild, docs_dir: Path, *, source_relative_links: bool = True
) -> ExportResult:
    """Prepare ``build`` (configured already) and write its pages into ``docs_dir``.

    ``source_relative_links``: write links relative to each page's Markdown source
    folder, the way Zensical resolves them; ``False``: relative to the page's URL, the
    way a browser resolves them on a MkDocs-built site.
    """
    url_of: UrlOf = SourceRelativeUrls() if source_relative_links else page_url
    previous = _read_manifest(docs_dir)
    result = ExportResult()
    generated: list[str] = []
    try:
        for page in build.prepare().plan.pages:
            if _hand_written(docs_dir, page.src_uri, previous):
                result.kept.append(page.src_uri)
                continue
            html = build.render(page, url_of)
            # A game's own CSS/JS, where one of its viewers is (a record page's body
            # links them already).
            if page.kind != "record" and VIEWER_MARK in html:
                html = add_game_assets(html, _link_base(url_of, page.src_uri))
            text = page_markdown(page, html)
            _put(docs_dir, page.src_uri, text.encode("utf-8"), result)
            generated.append(page.src_uri)
    finally:
        build.close()
    # The record files themselves, byte for byte, for the pages' download links.
    for uri, path in build.record_files():
        if not _hand_written(docs_dir, uri, previous):
            _put(docs_dir, uri, path.read_bytes(), result)
            generated.append(uri)
    for uri, path in site_assets():
        if not _hand_written(docs_dir, uri, previous):
            _put(docs_dir, uri, asset_content(path), result)
            generated.append(uri)
    for uri in sorted(previous - set(generated)):
        stale = docs_dir / uri
        if stale.is_file():
            stale.unlink()
            result.removed.append(uri)
    manifest = json.dumps(sorted(generated), ensure_ascii=False, indent=0) + "\n"
    _put(docs_dir, MANIFEST, manifest.encode("utf-8"), ExportResult())
    return result


def _link_base(url_of: UrlOf, src_uri: str) -> str:
    """The URL the page's relative links are measured from (see SourceRelativeUrls)."""
    if isinstance(url_of, SourceRelativeUrls):
        return url_of.link_base(src_uri)
    return url_of(src_uri)


def exported_files(docs_dir: Path) -> set[str]:
    """What an earlier ``kifuwiki pages`` wrote into ``docs_dir`` (the manifest too): a
    front end that generates the pages itself (the MkDocs plugin) leaves these out."""
    found = _read_manifest(docs_dir)
    return found | {MANIFEST} if found else found


def _read_manifest(docs_dir: Path) -> set[str]:
    try:
        entries = json.loads((docs_dir / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    if not isinstance(entries, list):
        return set()
    # Only plain relative paths: a manifest edited to name ../../x must not delete it.
    return {
        entry
        for entry in entries
        if isinstance(entry, str) and not entry.startswith("/") and ".." not in entry.split("/")
    }


def _hand_written(docs_dir: Path, uri: str, previous: set[str]) -> bool:
    return uri not in previous and (docs_dir / uri).exists()


def _put(docs_dir: Path, uri: str, data: bytes, result: ExportResult) -> None:
    target = docs_dir / uri
    try:
        if target.read_bytes() == data:
            result.unchanged += 1
            return
    except OSError:
        pass
    _write(target, data)
    result.written.append(uri)


def _write(path: Path, data: bytes) -> None:
    """Through a temporary file and a rename: a site engine watching the folder never
    reads half a page."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        Path(tmp_name).replace(path)
    except BaseException:
        with contextlib.suppress(OSError):
            Path(tmp_name).unlink()
        raise
