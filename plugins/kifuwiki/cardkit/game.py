"""What a card game's ``GAME`` object (its package ``__init__``) repeats: the text lines
``detect`` looks at, and the game's own data behind a ``GameRecord``."""

from __future__ import annotations

from typing import TypeVar

from kifuwiki.core.recordfile import LineKind, RecordSource
from kifuwiki.games.base import GameRecord

D = TypeVar("D")


def text_lines(source: RecordSource) -> list[str]:
    """The record's text lines (no comments, bookmarks or blanks), for ``detect``."""
    return [line.text for line in source.lines if line.kind is LineKind.TEXT]


def data_of(record: GameRecord, kind: type[D], game_name: str) -> D:
    """``record.data`` as the game's own ``kind``; a ``TypeError`` naming the game when
    another game's record was passed (a programming error, not bad input)."""
    data = record.data
    if not isinstance(data, kind):
        raise TypeError(f"not a {game_name} record")
    return data
