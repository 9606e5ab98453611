"""MediaWiki article HTML → headings and text blocks: what every wiki importer reads.

The steps, each a small pure function, game-neutral (a game's importer turns the blocks
into its records, e.g. Prime Daifugo's ``kifuwiki import fandom``):

1. :func:`article_root` finds the article (``div.mw-parser-output``) and :func:`clean`
   strips what is not article text: edit links, the table of contents, navboxes,
   infoboxes, scripts, comments. Footnote markers are replaced by placeholders whose
   notes end up as comments beside the record line that carried them.
2. :func:`page_events` walks the article into a flat list of headings and text blocks
   (``<pre>``, ``<p>`` with ``<br>``, list items, table rows), accepting both heading
   forms (``h2 > span.mw-headline`` and ``div.mw-heading > h2``).

Records are plain text, so no markup from the page survives: every piece of text is
taken with ``get_text`` and later rendered by the publishing side with escaping and
the safe Markdown subset.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from bs4 import BeautifulSoup, Tag
from bs4.element import Comment, NavigableString

from kifuwiki.core.diagnostics import Severity
from kifuwiki.importers.issues import ImportIssue
from kifuwiki.importers.text import normalise

#: Elements that are never article text (one selector list, so a wiki's own noise is one
#: more entry here, not more code).
NOISE_SELECTORS = (
    "script, style, noscript, template, iframe, object, embed, form, input, button, "
    "link, meta, svg, img, figure, audio, video, "
    ".mw-editsection, .mw-editsection-like, #toc, .toc, #mw-toc-heading, "
    ".navbox, .printfooter, .catlinks, aside.portable-infobox, .wds-tabs__wrapper, "
    "div.fluid.hidden, p.mw-empty-elt, .mw-cite-backlink, .noprint, .wikia-gallery, "
    "mw\\:editsection"
)
_REFERENCE_LISTS = "div.mw-references-wrap, ol.references, div.references, div.reflist"
_CONTAINER_TAGS = frozenset(
    ("div", "section", "article", "main", "center", "blockquote", "header", "footer", "details")
)
_HEADING_TAGS = frozenset(f"h{n}" for n in range(1, 7))
_BLOCK_TAGS = (
    _CONTAINER_TAGS | _HEADING_TAGS | {"p", "pre", "ul", "ol", "dl", "table", "aside", "hr"}
)

#: Footnote placeholders: private-use characters cannot occur in record notation.
_NOTE_OPEN, _NOTE_CLOSE = "\ue000", "\ue001"
_NOTE_MARK = re.compile(f"{_NOTE_OPEN}(\\d+){_NOTE_CLOSE}")
_EDIT_LINK = re.compile(
    r"\s*(?:\[\s*\]|\[?\s*(?:編集|ソースを編集|edit|Edit|Sign in to edit)\s*\]?)\s*$"
)


@dataclass(frozen=True, slots=True)
class Page:
    """An article as fetched: the HTML of its body and where it came from."""

    title: str
    url: str
    revision: int | None
    html: str
    encoding: str | None = None
    """The saved file's encoding when it was not UTF-8 (Shift_JIS, EUC-JP …)."""


def encoding_issues(page: Page) -> list[ImportIssue]:
    """One warning when a saved page was not UTF-8, naming the encoding it was read in."""
    if page.encoding is None:
        return []
    return [
        warn(
            page,
            "IM005",
            f"the saved page is encoded as {page.encoding}, not UTF-8; it was read as "
            f"{page.encoding} and the records are written in UTF-8",
            f"保存されたページの文字コードが UTF-8 ではなく {page.encoding} です。"
            f"{page.encoding} として読み、棋譜は UTF-8 で書きます",
        )
    ]


def source_issues(page: Page) -> list[ImportIssue]:
    """One warning when a saved page gives no address of its own: its records are
    written without ``source`` (never the file's path on this machine)."""
    if page.url:
        return []
    return [
        warn(
            page,
            "IM006",
            "the saved page names no address of its own (no canonical link), so its records "
            "get no 'source'; pass --source URL to record where it came from",
            "保存されたページに自身のアドレス (canonical リンク) がないため、棋譜に source を"
            "書きません。出典を残すには --source URL を付けてください",
        )
    ]


@dataclass(frozen=True, slots=True)
class Line:
    text: str
    notes: tuple[str, ...] = ()
    """Footnotes the line carried, as text."""
    header: bool = False
    """A table's header row: prose, never record text."""


@dataclass(frozen=True, slots=True)
class Heading:
    level: int
    title: str


@dataclass(frozen=True, slots=True)
class Block:
    kind: str
    """``pre``, ``p``, ``list``, ``table`` or ``text``."""
    lines: tuple[Line, ...]


Event = Heading | Block


# --- 1. Cleaning -------------------------------------------------------------------------


def parse_html(html: str) -> BeautifulSoup:
    # One fixed parser: trees differ between parsers, and lxml is fast and lenient.
    return BeautifulSoup(html, "lxml")


def article_root(soup: BeautifulSoup) -> tuple[Tag, bool]:
    """The article body, and whether it was the real ``div.mw-parser-output``."""
    root = soup.select_one("div.mw-parser-output")
    if root is not None:
        return root, True
    fallback = soup.select_one("#mw-content-text") or soup.body or soup
    return fallback, False


def clean(root: Tag) -> list[str]:
    """Strip non-article elements in place; return the footnote texts by placeholder index."""
    for comment in root.find_all(string=lambda s: isinstance(s, Comment)):
        comment.extract()
    for element in root.select(NOISE_SELECTORS):
        element.decompose()
    notes_by_id: dict[str, str] = {}
    for item in root.select("ol.references > li[id]"):
        text_holder = item.select_one(".reference-text") or item
        notes_by_id[str(item["id"])] = normalise(" ".join(text_holder.get_text(" ").split()))
    notes: list[str] = []
    for marker in root.select("sup.reference"):
        link = marker.find("a", href=True)
        target = str(link["href"]).lstrip("#") if isinstance(link, Tag) else ""
        if target in notes_by_id:
            notes.append(notes_by_id[target])
            marker.replace_with(NavigableString(f"{_NOTE_OPEN}{len(notes) - 1}{_NOTE_CLOSE}"))
        else:
            marker.decompose()
    for element in root.select(_REFERENCE_LISTS):
        element.decompose()
    for br in root.find_all("br"):
        br.replace_with(NavigableString("\n"))
    return notes


# --- 2. Walking ------------------------------------------------------------------------


def _classes(tag: Tag) -> list[str]:
    value = tag.get("class")
    return list(value) if isinstance(value, list) else ([value] if value else [])


def _heading_of(tag: Tag) -> Heading | None:
    """A heading in either form, with its edit link removed; ``None`` for other tags."""
    inner: Tag | None = None
    if tag.name in _HEADING_TAGS:
        inner = tag
    elif tag.name == "div" and "mw-heading" in _classes(tag):
        found = tag.find(list(_HEADING_TAGS))
        inner = found if isinstance(found, Tag) else None
    if inner is None or inner.name is None:
        return None
    headline = inner.select_one(".mw-headline")
    text = (headline or inner).get_text(" ")
    title = _EDIT_LINK.sub("", normalise(" ".join(text.split())))
    title = _NOTE_MARK.sub("", title)
    return Heading(int(inner.name[1]), title)


def _line(raw: str, notes: list[str]) -> Line:
    found = tuple(notes[int(n)] for n in _NOTE_MARK.findall(raw) if int(n) < len(notes))
    return Line(normalise(_NOTE_MARK.sub("", raw)), found)


def text_lines(text: str, notes: list[str]) -> tuple[Line, ...]:
    parts = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return tuple(_line(part, notes) for part in parts)


def _own_text(item: Tag, owner: str) -> str:
    """Text of a list item or cell without the text of lists/tables nested in it."""
    pieces: list[str] = []
    for string in item.find_all(string=True):
        if string.find_parent(owner) is item:
            pieces.append(str(string))
    return "".join(pieces)


def _list_lines(tag: Tag, notes: list[str]) -> tuple[Line, ...]:
    lines: list[Line] = []
    for item in tag.find_all(["li", "dt", "dd"]):
        owner = item.name or "li"
        lines.extend(text_lines(_own_text(item, owner), notes))
    return tuple(lines)


def _table_lines(table: Tag, notes: list[str]) -> tuple[Line, ...]:
    """One line per row: ``player | move`` rows become ``player:move``; a header row is prose."""
    lines: list[Line] = []
    for row in table.find_all("tr"):
        if row.find_parent("table") is not table:
            continue
        cells = [
            cell for cell in row.find_all(["th", "td"], recursive=False) if isinstance(cell, Tag)
        ]
        texts = [text_lines(cell.get_text(), notes) for cell in cells]
        filled = [[line for line in cell if line.text] for cell in texts]
        non_empty = [cell for cell in filled if cell]
        if not non_empty:
            continue
        if all(cell.name == "th" for cell in cells):
            text = " | ".join(" ".join(x.text for x in c) for c in non_empty)
            lines.append(Line(text, header=True))
            continue
        if (
            len(non_empty) == 2
            and len(non_empty[0]) == 1
            and len(non_empty[1]) == 1
            and ":" not in non_empty[0][0].text
        ):
            key, value = non_empty[0][0], non_empty[1][0]
            lines.append(Line(f"{key.text}:{value.text}", key.notes + value.notes))
            continue
        for cell_lines in non_empty:
            lines.extend(cell_lines)
    return tuple(lines)


def _walk(node: Tag, notes: list[str]) -> Iterator[Event]:
    inline: list[str] = []

    def flush() -> Iterator[Event]:
        text = "".join(inline)
        inline.clear()
        if text.strip():
            yield Block("text", text_lines(text, notes))

    for child in node.children:
        if isinstance(child, Comment):
            continue
        if isinstance(child, NavigableString):
            inline.append(str(child))
            continue
        if not isinstance(child, Tag):
            continue
        name = child.name
        if name not in _BLOCK_TAGS:
            inline.append(child.get_text())
            continue
        yield from flush()
        heading = _heading_of(child)
        if heading is not None:
            yield heading
        elif name == "pre":
            yield Block("pre", text_lines(child.get_text(), notes))
        elif name == "p":
            yield Block("p", text_lines(child.get_text(), notes))
        elif name in ("ul", "ol", "dl"):
            yield Block("list", _list_lines(child, notes))
        elif name == "table":
            yield Block("table", _table_lines(child, notes))
        elif name in _CONTAINER_TAGS or name == "aside":
            # Parsoid <section> wrappers, highlight divs, collapsible content: flatten.
            yield from _walk(child, notes)
    yield from flush()


def page_events(html: str) -> tuple[list[Event], bool]:
    """The article as headings and blocks, and whether ``div.mw-parser-output`` was found."""
    soup = parse_html(html)
    root, found = article_root(soup)
    notes = clean(root)
    return list(_walk(root, notes)), found


def warn(page: Page, code: str, message: str, ja: str) -> ImportIssue:
    """A warning about ``page`` (its URL, else its title), in English and Japanese."""
    return ImportIssue(Severity.WARNING, code, message, page.url or page.title, message_ja=ja)
