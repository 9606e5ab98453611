"""``kifuwiki fmt`` plumbing of card games: one canonical line per parsed line.

A writer walks the record's items (what :func:`kifuwiki.cardkit.lines.walk` kept):
moves and elements are written in one spelling; every other line (comments, bookmarks,
blank lines, lines that could not be read) is written back exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from kifuwiki.cards import Card
from kifuwiki.core.recordfile import SourceLine


def token(cards: Iterable[Card]) -> str:
    """Cards as one space-free token: ``SASKSK``."""
    return "".join(str(c) for c in cards)


def with_marks(text: str, marks: str) -> str:
    """A move line with the person's marks after one space (``N: SA !?``)."""
    return f"{text} {marks}" if marks else text


def finish(lines: list[str]) -> str:
    """The body text: trailing blank lines dropped, one final newline."""
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines) + "\n"


def write_items(items: Iterable[object], written: Callable[[object], str | None]) -> str:
    """The canonical body: ``written(item)`` for each parsed item (``None``: not one of
    the game's, so a kept line is written as it was; anything else is skipped)."""
    out: list[str] = []
    for item in items:
        text = written(item)
        if text is not None:
            out.append(text)
        elif isinstance(item, SourceLine):
            out.append(item.text)
    return finish(out)


def note_lines(notes: Iterable[SourceLine]) -> list[str]:
    """Comment and bookmark lines as written, without the indentation around them."""
    return [line.text.strip() for line in notes]
