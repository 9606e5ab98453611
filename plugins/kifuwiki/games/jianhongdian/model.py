"""The domain of a 撿紅點 record: what a line says, before any rule is applied."""

from __future__ import annotations

from dataclasses import dataclass, field

from kifuwiki.cards import Card
from kifuwiki.core.recordfile import SourceLine


@dataclass(frozen=True, slots=True)
class Match:
    """One half of a turn: the card put down (played or flipped) and what it took."""

    card: Card
    taken: Card | None
    column: int
    """1-based column of the card in its line."""
    taken_column: int = 0


@dataclass(frozen=True, slots=True)
class Turn:
    player: str
    """The seat as written; ``""`` for a line among the turns without one (no colon)."""
    play: Match | None
    """``None`` for a turn line that could not be read: a step of its own, that takes
    its seat's turn, or the turn the lines after it say it took (cardkit.unread), so one
    typo does not put every later turn out of order."""
    flip: Match | None
    line: int
    column: int
    marks: str = ""
    text: str = ""
    """The line as written (for unreadable turns)."""


@dataclass(frozen=True, slots=True)
class CardsLine:
    """``table: …``, ``stock: …`` or ``A: (…)``: a list of cards with their columns."""

    cards: tuple[Card, ...]
    line: int
    columns: tuple[int, ...]


@dataclass(slots=True)
class JHRecord:
    seats: list[str] = field(default_factory=list)
    seats_declared: bool = False
    names: dict[str, str] = field(default_factory=dict)
    table: CardsLine | None = None
    hands: dict[str, CardsLine] = field(default_factory=dict)
    stock: CardsLine | None = None
    turns: list[Turn] = field(default_factory=list)
    result: dict[str, int] | None = None
    result_line: int = 0
    items: list[object] = field(default_factory=list)
    """Every body line in order: a parsed element, or the SourceLine kept verbatim
    (comments, bookmarks, blank lines, lines that could not be read)."""
    notes: dict[int, list[SourceLine]] = field(default_factory=dict)
    """Step index → the comment and bookmark lines after it (0: before any turn)."""
    first_line: int = 1

    def name(self, key: str) -> str:
        return self.names.get(key, key)
