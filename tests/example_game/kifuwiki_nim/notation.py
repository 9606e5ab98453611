"""Nim's notation: one move per line, ``PLAYER: N`` (take N stones), marks after a space.

Everything else (front matter, comments ``*``, bookmarks ``*&``) is kifuwiki's record
format; this module only reads the TEXT lines kifuwiki hands it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import LineKind, RecordSource
from kifuwiki_nim.codes import BAD_LINE, BAD_PILE

MOVE = re.compile(r"^\s*(?P<player>[^:\s]+)\s*:\s*(?P<take>[0-9]+)(?:\s+(?P<marks>[!?]{1,2}))?\s*$")
DEFAULT_PILE = 21


@dataclass(slots=True)
class Move:
    player: str
    take: int
    line: int
    marks: str = ""
    comments: list[str] = field(default_factory=list)
    bookmarks: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """The comment and bookmark lines as written (``fmt`` keeps them)."""


@dataclass(slots=True)
class NimRecord:
    pile: int
    moves: list[Move]
    opening: Move = field(default_factory=lambda: Move("", 0, 0))
    """Holds the comments and bookmarks before the first move."""


def _pile(source: RecordSource, bag: DiagnosticBag) -> int:
    value = source.meta.get("pile", DEFAULT_PILE)
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 1000:
        return value
    bag.warning(
        BAD_PILE,
        f"'pile: {value}' is not a whole number from 1 to 1000; using {DEFAULT_PILE}",
        1,
        ja=f"'pile: {value}' は 1 から 1000 の整数ではないので {DEFAULT_PILE} とする",
    )
    return DEFAULT_PILE


def parse(source: RecordSource, bag: DiagnosticBag) -> NimRecord:
    """The record's pile and moves; unreadable lines become NM001 errors."""
    record = NimRecord(_pile(source, bag), [])
    for line in source.lines:
        if line.kind is LineKind.TEXT:
            match = MOVE.match(line.text)
            if match is None:
                bag.error(
                    BAD_LINE,
                    f"cannot read '{line.text.strip()}': a move is 'PLAYER: N'",
                    line.number,
                    1,
                    ja=f"'{line.text.strip()}' を読めない。手は「プレイヤー: 個数」と書く",
                )
                continue
            record.moves.append(
                Move(match["player"], int(match["take"]), line.number, match["marks"] or "")
            )
        elif line.kind in (LineKind.COMMENT, LineKind.BOOKMARK):
            owner = record.moves[-1] if record.moves else record.opening
            owner.notes.append(line.text.strip())
            if line.comment:
                owner.comments.append(line.comment)
            if line.kind is LineKind.BOOKMARK:
                owner.bookmarks.append(line.bookmark)
    return record


def write(record: NimRecord) -> str:
    """The canonical text: ``PLAYER: N`` moves, each followed by its notes as written."""
    lines = list(record.opening.notes)
    for move in record.moves:
        lines.append(f"{move.player}: {move.take}" + (f" {move.marks}" if move.marks else ""))
        lines += move.notes
    return "\n".join(lines) + "\n"
