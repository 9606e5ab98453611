"""The domain of a ポンジャン session: the tile set, the actions of each hand, the record."""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass, field

from kifuwiki.core.recordfile import SourceLine

HAND_SIZE = 8
"""Tiles held between turns; a draw makes 9."""
WIN_SIZE = 9
SET_SIZE = 3
SETS_TO_WIN = 3


@dataclass(frozen=True, slots=True)
class TileSet:
    """Which tiles exist and how many of each (products differ, so a record may say)."""

    copies: dict[str, int]
    """Every tile name (kinds and wild tiles) → copies in the set, in display order."""
    wild: frozenset[str]
    """Tile names that stand in for any tile."""
    rank: dict[str, int] = field(init=False, repr=False, compare=False)
    """Tile name → its place in ``copies`` (sorting hands is the engine's hot path)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "rank", {name: i for i, name in enumerate(self.copies)})

    @property
    def kinds(self) -> list[str]:
        return [name for name in self.copies if name not in self.wild]

    @property
    def size(self) -> int:
        return sum(self.copies.values())

    @property
    def compact(self) -> bool:
        """Every tile name is one character, so ``11234567`` can be read tile by tile."""
        return all(len(name) == 1 for name in self.copies)

    def order(self, tile: str) -> int:
        return self.rank.get(tile, len(self.rank))

    def sort(self, tiles: list[str]) -> list[str]:
        return sorted(tiles, key=self.order)


DEFAULT_TILES = TileSet(
    copies={**{str(n): 8 for n in range(1, 10)}, "W": 8},
    wild=frozenset({"W"}),
)
"""9 kinds × 8 copies + 8 wild tiles = 80, the size of the common boxed sets."""


class Verb(enum.Enum):
    DRAW = "draw"
    DISCARD = "discard"
    RIICHI = "riichi"
    RON = "ron"
    TSUMO = "tsumo"
    EXHAUSTED = "exhausted"


@dataclass(frozen=True, slots=True)
class Action:
    """One action line: ``A 引 5``, ``A 捨 3``, ``A リーチ 3``, ``B ロン``, ``A ツモ``, ``流局``."""

    verb: Verb
    seat: str | None
    """``None`` only for an exhaustive draw."""
    tile: str | None
    """The tile drawn or discarded; ``None`` when the record does not show it (``?``)."""
    line: int
    column: int
    text: str
    revealed: tuple[str, ...] = ()
    """The winner's 9 tiles when the win line shows them (``[333 555 77W]``)."""
    yaku: tuple[str, ...] = ()
    """Extra hands (役) from the score table written on the win line (``+三色``)."""
    marks: str = ""
    notes: list[SourceLine] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class ChipLine:
    """A payment line (``精算 A+30 B-10 …``) or a totals line (``計 A130 B90 …``)."""

    totals: bool
    values: dict[str, int]
    line: int
    text: str
    notes: list[SourceLine] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Unread:
    """A line that could not be read: kept (the writer writes it back), never replayed."""

    line: int
    text: str
    notes: list[SourceLine] = field(default_factory=list)
    seat: str | None = None
    """The seat the line opens with, where it reads as ``seat verb …`` (``A リーチx 5``):
    that seat may have declared riichi in it (the engine's PJ107 and PJ111)."""


Item = Action | ChipLine | Unread


@dataclass(slots=True)
class Hand:
    """One hand (局) of the session, from its heading to its payments."""

    number: int
    dealer: str | None
    line: int
    text: str
    starting: dict[str, tuple[list[str], int]] = field(default_factory=dict)
    """Seat → (tiles, line) of the starting hands the record shows."""
    items: list[Item] = field(default_factory=list)
    notes: list[SourceLine] = field(default_factory=list)
    """Comments after the heading and the starting hands."""
    read: bool = True
    """``False`` for a heading read loosely after its error (``第2曲 親 B``): written back
    as it was written, not corrected."""


@dataclass(slots=True)
class PonjanRecord:
    players: dict[str, str]
    """Seat key → display name."""
    order: list[str]
    """Seats in turn order (clockwise)."""
    tiles: TileSet
    start_chips: int
    hands: list[Hand]
    preamble: list[SourceLine] = field(default_factory=list)
    """Comments (and unreadable lines) before the first hand."""

    def name(self, seat: str) -> str:
        return self.players.get(seat, seat)


def sets_needed(tiles: Counter[str], wild: frozenset[str]) -> int:
    """How many sets of three the non-wild tiles need (each kind fills its own sets)."""
    return sum(-(-count // SET_SIZE) for tile, count in tiles.items() if tile not in wild)


def is_win(tiles: Counter[str], wild: frozenset[str]) -> bool:
    """9 tiles that are three sets of three identical tiles, wild tiles filling gaps.

    Each kind with ``c`` tiles needs ``ceil(c / 3)`` sets and ``3·ceil(c / 3) − c`` wild
    tiles to complete them; the wild tiles left over then always make whole sets, so the
    hand wins exactly when the kinds need at most three sets.
    """
    return sum(tiles.values()) == WIN_SIZE and sets_needed(tiles, wild) <= SETS_TO_WIN


def is_ready(tiles: Counter[str], wild: frozenset[str]) -> bool:
    """8 tiles one tile from a win (テンパイ): a copy of a short kind (or a wild tile)
    completes them exactly when their kinds need at most three sets."""
    return sum(tiles.values()) == HAND_SIZE and sets_needed(tiles, wild) <= SETS_TO_WIN
