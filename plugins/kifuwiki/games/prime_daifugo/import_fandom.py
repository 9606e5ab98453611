"""``kifuwiki import fandom``: Fandom (MediaWiki) article HTML → Prime Daifugo records.

The article is read by the game-neutral :mod:`kifuwiki.importers.article` (cleaning,
then headings and text blocks); this module finds the games in it:

1. :func:`split_games` groups record lines into candidate games (一試合目, 二試合目 …,
   or a record block under an ordinary heading), keeps wiki prose inside a game as
   comments and lines it cannot read as ``[import-review]`` comments.
2. :func:`import_page` turns the real games into :class:`ImportedRecord` objects and
   reports the rest: notation examples are fragments (IM011), not games.

The command itself (pages, titles, categories, the polite HTTP client) is the shared
:func:`kifuwiki.importers.wiki.wiki_command`; :data:`IMPORTER` is what the game offers
through ``GameModule.importers``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import click

from kifuwiki.core.recordfile import kanji_heading, kanji_number
from kifuwiki.games.prime_daifugo import GAME_ID
from kifuwiki.importers.article import (
    Block,
    Event,
    Heading,
    Line,
    Page,
    encoding_issues,
    page_events,
    source_issues,
)
from kifuwiki.importers.article import warn as _warn
from kifuwiki.importers.issues import ImportIssue
from kifuwiki.importers.output import ImportedRecord, comment_lines, slugify
from kifuwiki.importers.run import CommandImporter

LICENSE = "CC BY-SA 3.0"

_GAME_NO = r"(?:[一二三四五六七八九十百]+|[0-9]+)試合目"
_GAME_HEADING = re.compile(rf"^[(\[【]?\s*(?P<no>{_GAME_NO})\s*[)\]】]?(?:\s|$|[:(])")
_SAME_AS = re.compile(rf"(?:^|[(\s:は])[(]?(?P<ref>{_GAME_NO}|前試合)[)]?\s*と同じ")
_RECORD_LINE = re.compile(r"^(?P<key>[^\s:*#|(\[][^\s:]{0,23})\s?:\s?(?P<value>\S.*)$")
_PROSE_PUNCTUATION = re.compile(r"[。、「」『』？！]")
_HAND_VALUE = re.compile(r"^\([0-9A-Za-z?]*\)$")


# --- 1. Games --------------------------------------------------------------------------


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


# --- 2. Records ------------------------------------------------------------------------


@dataclass(slots=True)
class PageImport:
    page: Page
    records: list[ImportedRecord]
    issues: list[ImportIssue]
    fragments: int = 0


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
    result = PageImport(page, [], [*encoding_issues(page), *source_issues(page)])
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
        }
        if page.url:
            meta["source"] = page.url
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


HELP = (
    "Import Fandom wiki pages: page URLs, titles (with --wiki), saved .html/.json pages or "
    "folders of them, or whole categories."
)


def command() -> click.Command:
    """``kifuwiki import fandom``: the shared wiki command over :func:`import_page`."""
    from kifuwiki.importers.wiki import wiki_command

    return wiki_command("fandom", HELP, import_page)


IMPORTER = CommandImporter("fandom", HELP, command)
"""What the game offers (``GameModule.importers``)."""
