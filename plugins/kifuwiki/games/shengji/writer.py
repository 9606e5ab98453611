"""A 升級 record in canonical text (``kifuwiki fmt``): fmt(fmt(x)) == fmt(x).

Parsed lines are written in one spelling (cards ``SA H10 BJ``, a throw as one token,
one space after the colon); comments, bookmarks, blank lines and unreadable lines are
kept exactly as written.
"""

from __future__ import annotations

from kifuwiki.cardkit.lines import as_written
from kifuwiki.cardkit.writer import token, with_marks, write_items
from kifuwiki.cards import format_cards
from kifuwiki.games.shengji.model import Declare, Kitty, Play, Result, SJRecord
from kifuwiki.games.shengji.notation import Element
from kifuwiki.games.shengji.order import level_name


def play_text(play: Play) -> str:
    if not play.cards:  # unreadable (reported): as written
        return as_written(play.text)
    text = token(play.cards)
    return f"{text}>{token(play.forced)}" if play.forced is not None else text


def event_text(event: Declare | Kitty | Play) -> str:
    """The part after ``N: ``."""
    if isinstance(event, Declare):
        return f"declare {token(event.cards)}"
    if isinstance(event, Kitty):
        verb = "bury" if event.bury else "kitty"
        return f"{verb} ({format_cards(event.cards)})" if event.cards is not None else verb
    return play_text(event)


def _element(element: Element) -> str:
    kind, values = element.kind, element.values
    if kind == "levels":
        return f"levels: NS={level_name(values[0])} EW={level_name(values[1])}"
    if kind == "declarer":
        return f"declarer: {values[0]}"
    if kind == "trump":
        return f"trump: {values[0].value if values[0] is not None else 'none'}"
    if kind == "hand":
        return f"{values[0]}: ({format_cards(values[1])})"
    result: Result = values[0]
    return f"result: {result.points} {result.team}+{result.levels}"


def _item(item: object) -> str | None:
    if isinstance(item, Declare | Kitty | Play):
        return with_marks(f"{item.seat}: {event_text(item)}", item.marks)
    if isinstance(item, Element):
        return _element(item)
    return None


def write(record: SJRecord) -> str:
    return write_items(record.items, _item)


__all__ = ["event_text", "play_text", "token", "write"]
