"""A log sheet's body before its cells are read: shared by the line and table layouts."""

from __future__ import annotations

from dataclasses import dataclass, field

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import SourceLine
from kifuwiki.games.catan.model import Closing, Item, Turn, Unreadable


@dataclass(frozen=True, slots=True)
class TurnText:
    """One turn cell before it is read: from a line ``12 W: …`` or a table row's cell."""

    line: SourceLine
    number: int
    player: str
    player_column: int
    cell: str
    cell_column: int


@dataclass(slots=True)
class Body:
    """What the body's lines say, before any cell is read."""

    items: list[Item] = field(default_factory=list)
    setup_notes: list[SourceLine] = field(default_factory=list)
    turns: list[TurnText] = field(default_factory=list)
    closed: bool = False

    def note(self, line: SourceLine) -> None:
        (self.items[-1].notes if self.items else self.setup_notes).append(line)

    def close(self, item: Closing, line: SourceLine, column: int, bag: DiagnosticBag) -> None:
        if any(isinstance(i, Closing) and i.kind is item.kind for i in self.items):
            bag.error(
                "CT109",
                f"a second '{item.label}' line",
                line.number,
                column,
                ja=f"「{item.label}」の行が2つあります",
            )
            self.items.append(Unreadable(line.number, line.text.strip()))
        else:
            self.items.append(item)
        self.closed = True

    def turn(self, text: TurnText, bag: DiagnosticBag) -> None:
        if self.closed:
            bag.error(
                "CT122",
                "a turn after the closing lines",
                text.line.number,
                text.player_column,
                ja="締めの行（追加点・合計）の後に手番があります",
            )
        self.turns.append(text)
        self.items.append(Turn(0, text.player, text.line.number, 0, (), None, (), ""))
