"""A 撿紅點 record in canonical text (``kifuwiki fmt``): fmt(fmt(x)) == fmt(x).

Parsed lines are written in one spelling (cards as ``H5``, ``x`` for a capture, ``^`` for
the flip, one space after the colon); comments, bookmarks, blank lines and lines that
could not be read are kept exactly as they were written.
"""

from __future__ import annotations

from kifuwiki.cardkit.lines import as_written
from kifuwiki.cardkit.writer import with_marks, write_items
from kifuwiki.cards import Card, format_cards
from kifuwiki.games.jianhongdian.model import JHRecord, Match, Turn
from kifuwiki.games.jianhongdian.notation import Element


def match_text(match: Match) -> str:
    return f"{match.card}x{match.taken}" if match.taken else str(match.card)


def turn_text(turn: Turn) -> str:
    """The move part of a turn line: ``H5xD5 ^C9xSA`` (as written when unreadable)."""
    if turn.play is None:
        return as_written(turn.text)
    text = match_text(turn.play)
    if turn.flip is not None:
        text += f" ^{match_text(turn.flip)}"
    return text


def _element(element: Element) -> str:
    if element.kind == "hand":
        return f"{element.player}: ({format_cards(element.values)})"
    if element.kind == "seats":
        return "seats: " + " ".join(element.values)
    if element.kind == "result":
        return "result: " + " ".join(f"{who} {points}" for who, points in element.values)
    cards: tuple[Card, ...] = element.values
    if element.kind == "stock":
        return f"stock: ({format_cards(cards)})"
    return f"table: {format_cards(cards)}"


def _item(item: object) -> str | None:
    if isinstance(item, Turn):
        return with_marks(f"{item.player}: {turn_text(item)}", item.marks)
    if isinstance(item, Element):
        return _element(item)
    return None


def write(record: JHRecord) -> str:
    return write_items(record.items, _item)
