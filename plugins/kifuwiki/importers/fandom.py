"""Fandom (MediaWiki) article HTML → Prime Daifugo record files.

The steps, each a small pure function:

1. :func:`article_root` finds the article (``div.mw-parser-output``) and :func:`clean`
   strips what is not article text: edit links, the table of contents, navboxes,
   infoboxes, scripts, comments. Footnote markers are replaced by placeholders whose
   notes end up as comments beside the record line that carried them.
2. :func:`page_events` walks the article into a flat list of headings and text blocks
   (``<pre>``, ``<p>`` with ``<br>``, list items, table rows), accepting both heading
   forms (``h2 > span.mw-headline`` and ``div.mw-heading > h2``).
3. :func:`split_games` groups record lines into candidate games (一試合目, 二試合目 …,
   or a record block under an ordinary heading), keeps wiki prose inside a game as
   comments and lines it cannot read as ``[import-review]`` comments.
4. :func:`import_page` turns the real games into :class:`ImportedRecord` objects and
   reports the rest: notation examples are fragments (IM011), not games.

Records are plain text, so no markup from the page survives: every piece of text is
taken with ``get_text`` and later rendered by the publishing side with escaping and
the safe Markdown subset.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from bs4 import BeautifulSoup, Tag
from bs4.element import Comment, NavigableString

from kifuwiki.core.diagnostics import Severity
from kifuwiki.core.recordfile import kanji_heading, kanji_number
from kifuwiki.importers.issues import ImportIssue
from kifuwiki.importers.output import ImportedRecord, comment_lines, slugify
from kifuwiki.importers.text import normalise

GAME_ID = "prime-daifugo"
LICENSE = "CC BY-SA 3.0"

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

_GAME_NO = r"(?:[一二三四五六七八九十百]+|[0-9]+)試合目"
_GAME_HEADING = re.compile(rf"^[(\[【]?\s*(?P<no>{_GAME_NO})\s*[)\]】]?(?:\s|$|[:(])")
_SAME_AS = re.compile(rf"(?:^|[(\s:は])[(]?(?P<ref>{_GAME_NO}|前試合)[)]?\s*と同じ")
_RECORD_LINE = re.compile(r"^(?P<key>[^\s:*#|(\[][^\s:]{0,23})\s?:\s?(?P<value>\S.*)$")
_PROSE_PUNCTUATION = re.compile(r"[。、「」『』？！]")
_HAND_VALUE = re.compile(r"^\([0-9A-Za-z?]*\)$")


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
        _warn(
            page,
            "IM005",
            f"the saved page is encoded as {page.encoding}, not UTF-8; it was read as "
            f"{page.encoding} and the records are written in UTF-8",
            f"保存されたページの文字コードが UTF-8 ではなく {page.encoding} です。"
            f"{page.encoding} として読み、棋譜は UTF-8 で書きます",
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


# --- 3. Games --------------------------------------------------------------------------


def is_record_line(text: str) -> bool:
    """``key:value`` with a short key and a value that reads as notation or a name."""
    match = _RECORD_LINE.match(text)
    if match is None:
        return False
    value = match.group("value")
    if _PROSE_PUNCTUATION.search(text) or len(value) > 80:
        return False
    return len(value.split()) <= 3


def canonical_record_line(text: str) -> str:
    """``A : 223`` → ``A:223`` (no spaces around the colon that ends the player)."""
    match = _RECORD_LINE.match(text)
    return f"{match['key']}:{match['value']}" if match else text


def is_hand_line(text: str) -> bool:
    match = _RECORD_LINE.match(text)
    if match is None:
        return False
    return match.group("key").endswith("初期") or bool(_HAND_VALUE.match(match.group("value")))


def _game_number(text: str) -> int:
    digits = text.removesuffix("試合目")
    return int(digits) if digits.isdigit() else kanji_number(digits)


@dataclass(slots=True)
class Item:
    kind: str
    """``record``, ``review``, ``prose``, ``same-as`` or ``heading``."""
    line: Line


@dataclass(slots=True)
class Candidate:
    """Lines that may be one game: the text under a 試合目 heading, or a record block."""

    heading: str | None
    number: int | None
    level: int | None
    section: str
    items: list[Item] = field(default_factory=list)

    @property
    def record_lines(self) -> list[str]:
        return [item.line.text for item in self.items if item.kind == "record"]

    def players_part(self) -> list[Line]:
        """Record lines before the first initial hand: the player (and judge) lines."""
        lines: list[Line] = []
        for item in self.items:
            if item.kind != "record":
                continue
            if is_hand_line(item.line.text):
                break
            lines.append(item.line)
        return lines

    def why_not_a_game(self) -> str | None:
        """``None`` for a whole game; else why the lines are a fragment."""
        records = self.record_lines
        hands = [text for text in records if is_hand_line(text)]
        first_hand = records.index(hands[0]) if hands else len(records)
        moves = [text for text in records[first_hand:] if not is_hand_line(text)]
        has_same_as = any(item.kind == "same-as" for item in self.items)
        if hands and moves:
            return None
        movers = {text.split(":", 1)[0] for text in records}
        if len(movers) >= 2 and any(text.rstrip(" !?").endswith("#") for text in records):
            return None  # no initial hands, but a game played to the end
        if not hands and not has_same_as:
            return "no initial hands (X初期:… or name:(…)) and nobody goes out"
        return "initial hands but no moves"


def _is_record_block(block: Block) -> bool:
    texts = [line.text for line in block.lines if line.text]
    records = sum(1 for text in texts if is_record_line(text))
    return records > 0 and records * 2 >= len(texts)


def split_games(events: list[Event]) -> list[Candidate]:
    """Group the page's record lines into candidate games, in page order.

    A game starts at a 試合目 heading (or line), or at the first record block of a
    section; it ends at the next game or at a heading of its own level or higher.
    Prose and sub-headings inside a game are kept (as comments); prose of the section
    before its record block is kept as a comment on the game.
    """
    candidates: list[Candidate] = []
    current: Candidate | None = None
    section, section_level = "", 0
    pending: list[Line] = []

    def start(heading: str | None, number: int | None) -> Candidate:
        level = section_level or None
        candidate = Candidate(heading, number, level, section)
        candidate.items.extend(Item("prose", line) for line in pending)
        pending.clear()
        candidates.append(candidate)
        return candidate

    for event in events:
        if isinstance(event, Heading):
            pending.clear()
            match = _GAME_HEADING.match(event.title)
            if match:
                section, section_level = event.title, event.level
                current = start(match.group("no"), _game_number(match.group("no")))
            elif current is not None and current.level is not None and event.level > current.level:
                current.items.append(Item("heading", Line(event.title)))
            else:
                current = None
                section, section_level = event.title, event.level
            continue
        record_block = _is_record_block(event)
        for line in event.lines:
            text = line.text
            if not text:
                continue
            heading_match = _GAME_HEADING.match(text)
            if heading_match and len(text) <= len(heading_match.group(0)) + 1:
                pending.clear()
                current = start(heading_match.group("no"), _game_number(heading_match.group("no")))
                continue
            if record_block or (current is not None and _SAME_AS.search(text)):
                if current is None:
                    current = start(None, None)
                if _SAME_AS.search(text):
                    current.items.append(Item("same-as", line))
                elif line.header:
                    current.items.append(Item("prose", line))
                elif is_record_line(text):
                    record = Line(canonical_record_line(text), line.notes)
                    current.items.append(Item("record", record))
                else:
                    current.items.append(Item("review", line))
            elif current is not None:
                current.items.append(Item("prose", line))
            elif section_level:
                pending.append(line)
    return candidates


# --- 4. Records ------------------------------------------------------------------------


@dataclass(slots=True)
class PageImport:
    page: Page
    records: list[ImportedRecord]
    issues: list[ImportIssue]
    fragments: int = 0


def _warn(page: Page, code: str, message: str, ja: str) -> ImportIssue:
    return ImportIssue(Severity.WARNING, code, message, page.url or page.title, message_ja=ja)


def _resolve_same_as(
    item: Item, games: list[Candidate], index: int
) -> tuple[list[Line] | None, str, str]:
    """The players a 'same as game N' line copies, or ``None`` with why (English, Japanese)."""
    match = _SAME_AS.search(item.line.text)
    ref = match.group("ref") if match else "前試合"
    if ref == "前試合":
        source = games[index - 1] if index > 0 else None
    else:
        number = _game_number(ref)
        source = next((g for g in games[:index] if g.number == number), None)
        if source is None and 0 < number <= index:
            source = games[number - 1]
    if source is None:
        return (
            None,
            f"'{item.line.text}' refers to a game that is not earlier on the page",
            f"「{item.line.text}」はこのページのそれより前にない対局を指しています",
        )
    players = source.players_part()
    if not players:
        return (
            None,
            f"'{item.line.text}': that game names no players to copy",
            f"「{item.line.text}」: その対局には写せるプレイヤーが書かれていません",
        )
    return players, "", ""


def import_page(page: Page) -> PageImport:
    """Turn one article into records (one per game) and report everything left out."""
    label = page.url or page.title
    events, found_body = page_events(page.html)
    result = PageImport(page, [], encoding_issues(page))
    if not found_body:
        result.issues.append(
            _warn(
                page,
                "IM014",
                "no div.mw-parser-output in the page; read the whole page",
                "ページに div.mw-parser-output がないため、ページ全体を読みました",
            )
        )
    candidates = split_games(events)
    games: list[Candidate] = []
    for candidate in candidates:
        if not candidate.record_lines and not any(i.kind == "same-as" for i in candidate.items):
            if candidate.heading is not None:
                result.issues.append(
                    _warn(
                        page,
                        "IM010",
                        f"section '{candidate.heading}' holds no record lines",
                        f"節「{candidate.heading}」に棋譜の行がありません",
                    )
                )
            continue
        reason = candidate.why_not_a_game()
        if reason is not None:
            result.fragments += 1
            first = candidate.record_lines[0] if candidate.record_lines else ""
            where = candidate.heading or candidate.section or "the top of the page"
            result.issues.append(
                _warn(
                    page,
                    "IM011",
                    f"the block in '{where}' starting '{first}' is a notation example, "
                    f"not a game ({reason}); not imported",
                    f"「{where}」の「{first}」で始まるブロックは対局ではなく記法の例です"
                    f"（{reason}）。取り込みませんでした",
                )
            )
            continue
        games.append(candidate)
    if not games:
        if not result.fragments:
            result.issues.append(
                _warn(
                    page,
                    "IM010",
                    "no game record was found on this page",
                    "このページに棋譜が見つかりませんでした",
                )
            )
        return result

    slug = slugify(page.title)
    for index, game in enumerate(games):
        several = len(games) > 1
        heading = game.heading or kanji_heading(index + 1)
        meta: dict[str, object] = {
            "game": GAME_ID,
            "title": f"{page.title} {heading}" if several else page.title,
            "source": page.url,
        }
        if page.revision is not None:
            meta["revision"] = page.revision
        meta["license"] = LICENSE
        record = ImportedRecord(
            game=GAME_ID,
            slug=f"{slug}-{index + 1}" if several else slug,
            meta=meta,
            page=label,
        )
        for item in game.items:
            if item.kind == "record":
                record.add(item.line.text)
            elif item.kind == "review":
                record.review(
                    item.line.text,
                    "IM012",
                    f"'{item.line.text}' in '{game.heading or game.section}' is not a record "
                    "line; kept as a comment for review",
                    f"「{game.heading or game.section}」の「{item.line.text}」は"
                    "棋譜の行ではありません。確認用のコメントとして残しました",
                )
            elif item.kind == "same-as":
                players, problem, problem_ja = _resolve_same_as(item, games, index)
                if players is None:
                    record.review(item.line.text, "IM013", problem, problem_ja)
                else:
                    record.body.extend(comment_lines(item.line.text))
                    record.body.extend(line.text for line in players)
            elif item.kind == "heading":
                record.body.extend(comment_lines(f"【{item.line.text}】"))
            else:
                record.body.extend(comment_lines(item.line.text))
            # A footnote's text follows the line that carried its marker.
            for note in item.line.notes:
                record.body.extend(comment_lines(f"[注] {note}"))
        result.records.append(record)
    return result
