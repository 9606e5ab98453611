"""Selaffesto's domain: cells, cards, weights and the parsed record.

Points are kept in integer tenths everywhere (WF 2.4 is ``24``): the game's weights
have one decimal, and floats would make ``{B:26.7}`` checks flaky.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from kifuwiki.core.recordfile import SourceLine

SIZE = 13
FILES = "abcdefghijklm"
#: The section numbers a card may show: 2-25 without the primes 13, 17, 19, 23.
SNS: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25)
SN_SET = frozenset(SNS)
PLAYERS = ("W", "B")
PLAYER_NAMES = {"W": ("白", "White"), "B": ("黒", "Black")}

Card = tuple[int, int, int, int]
"""The four SNs clockwise from the top: N (toward rank 13), E, S, W."""
Cell = int
"""``row * 13 + col``; row 0 is rank 1 (White's edge), col 0 is file a."""


def wf10(sn: int) -> int:
    """WF (rule 15) in tenths."""
    if sn >= 14:
        return 70
    if sn >= 9:
        return 60
    if sn >= 7:
        return 40
    return {6: 30, 5: 24, 4: 20, 3: 15, 2: 10}[sn]


WF10: tuple[int, ...] = tuple(wf10(n) if n in SN_SET else 0 for n in range(26))
#: ``MATCH[a][b]``: one of a, b divides the other (rule 13).
MATCH: tuple[tuple[bool, ...], ...] = tuple(
    tuple(a in SN_SET and b in SN_SET and (a % b == 0 or b % a == 0) for b in range(26))
    for a in range(26)
)


def fw10(card: Card) -> int:
    """FW (rule 16) in tenths."""
    return WF10[card[0]] + WF10[card[1]] + WF10[card[2]] + WF10[card[3]]


def rotations(card: Card) -> tuple[Card, ...]:
    """The card turned clockwise 0, 1, 2 and 3 quarter turns (duplicates removed)."""
    n, e, s, w = card
    found: list[Card] = []
    for turned in ((n, e, s, w), (w, n, e, s), (s, w, n, e), (e, s, w, n)):
        if turned not in found:
            found.append(turned)
    return tuple(found)


def canonical(card: Card) -> Card:
    """One representative per card up to rotation (cards have no other identity)."""
    return min(rotations(card))


def cell_name(cell: Cell) -> str:
    row, col = divmod(cell, SIZE)
    return f"{FILES[col]}{row + 1}"


def cell_at(col: int, row: int) -> Cell:
    return row * SIZE + col


@lru_cache(maxsize=65_536)  # pages print every card on the board at every step
def card_text(card: Card) -> str:
    return "-".join(str(n) for n in card)


def points_text(tenths: int) -> str:
    """``267`` → ``26.7``, ``300`` → ``30``."""
    whole, tenth = divmod(abs(tenths), 10)
    sign = "-" if tenths < 0 else ""
    return f"{sign}{whole}.{tenth}" if tenth else f"{sign}{whole}"


def other(player: str) -> str:
    return "B" if player == "W" else "W"


@dataclass(slots=True)
class Placement:
    """``cell card [judge]``; a re-placed own LC also names the cell it was lifted from."""

    cell: Cell
    card: Card
    column: int
    judge: str | None = None
    judge_column: int = 0
    lifted_from: Cell | None = None


@dataclass(slots=True)
class BlowOff:
    """``xCELL`` without ``>``: an opponent's LC blown off (or an own LC not re-played)."""

    cell: Cell
    column: int
    owner_draw: Card | None = None
    owner_draw_column: int = 0
    bonus: Card | None = None
    bonus_column: int = 0


@dataclass(slots=True)
class MoveLine:
    """One line of the record: a whole action or a part of one (taking the first hand)."""

    line: int
    player: str
    """``W`` or ``B``; for a line not read, the seat it names, or ``""``."""
    written_player: str
    text: str
    """What follows ``player:``; for a line not read, the whole line as written."""
    taken: list[Card] | None = None
    taken_column: int = 0
    draw: Card | None = None
    draw_column: int = 0
    placements: list[Placement] = field(default_factory=list)
    blow_off: BlowOff | None = None
    passed: bool = False
    check: dict[str, int] | None = None
    check_column: int = 0
    marks: str = ""
    trailing_comment: str = ""
    notes: list[SourceLine] = field(default_factory=list)
    """Comment and bookmark lines written after this line."""
    unread: bool = False
    """A token of the line could not be read (diagnosed): ``fmt`` writes the line as
    written rather than drop what it did not understand."""
    placing: bool = False
    """A cell or a card was written, read or not: the line is an action, not a first
    hand alone, so a placement not read still took the turn (``engine.Engine.line``)."""
    not_read: bool = False
    """The whole line could not be read (SF001, SF002): a step of its own, shown as
    written; whose turn it took the engine works out (``engine.Engine.not_read``)."""
    names_action: bool = False
    """A line not read that names its seat and then a placement or a pass: a whole
    action, so it took that seat's turn (a first hand or a draw alone takes none)."""


@dataclass(slots=True)
class SelaffestoRecord:
    moves: list[MoveLine] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=lambda: {"W": "White", "B": "Black"})
    first: str = "W"
    setup_notes: list[SourceLine] = field(default_factory=list)

    @property
    def bad_lines(self) -> list[tuple[int, str]]:
        """(line, text) of the lines that could not be read: diagnosed, kept as written
        among the moves (``MoveLine.not_read``)."""
        return [(move.line, move.text) for move in self.moves if move.not_read]

    def name(self, player: str) -> str:
        return self.names.get(player, player)
