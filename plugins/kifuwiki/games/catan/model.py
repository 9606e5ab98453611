"""The parsed Catan log sheet: what the record *says*, before any rule is applied.

A log sheet has one line per player turn, ``turn player: before | dice | after``.
:mod:`.notation` reads it into these types, :mod:`.replay` applies the rules to
them and :mod:`.writer` writes them back. Nothing here judges a turn.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from kifuwiki.core.recordfile import SourceLine

#: Resource letters of the log sheet (ore is ``S`` for stone: ``O`` looks like zero).
RESOURCES = "GBSWT"
#: Terrain letters of a hex reference: the resources' lands plus ``D`` for the desert.
TERRAINS = RESOURCES + "D"
RESOURCE_NAMES: dict[str, tuple[str, str]] = {
    "G": ("麦", "grain"),
    "B": ("土", "brick"),
    "S": ("鉄", "ore"),
    "W": ("羊", "wool"),
    "T": ("木", "lumber"),
    "D": ("砂漠", "desert"),
}


class Build(enum.Enum):
    ROAD = "R"
    SETTLEMENT = "S"
    CITY = "C"
    DEVELOPMENT = "D"
    """Buying a development card (the log shows the purchase, never which card)."""


class Card(enum.Enum):
    KNIGHT = "knight"
    ROAD_BUILDING = "road_building"
    MONOPOLY = "monopoly"
    DISCOVERY = "discovery"
    """Year of Plenty (発見 / Erfindung)."""


#: Letters of each card set, as the seed's legend lists them.
CARD_LETTERS: dict[str, dict[Card, str]] = {
    "de": {
        Card.KNIGHT: "R",
        Card.ROAD_BUILDING: "S",
        Card.MONOPOLY: "M",
        Card.DISCOVERY: "E",
    },
    "en": {
        Card.KNIGHT: "K",
        Card.ROAD_BUILDING: "R",
        Card.MONOPOLY: "M",
        Card.DISCOVERY: "D",
    },
}

#: The base game's development deck, VP cards aside (they are never played).
DECK: dict[Card, int] = {
    Card.KNIGHT: 14,
    Card.ROAD_BUILDING: 2,
    Card.MONOPOLY: 2,
    Card.DISCOVERY: 2,
}
DECK_SIZE = 25
VP_CARDS = 5
PIECE_LIMITS: dict[Build, int] = {Build.ROAD: 15, Build.SETTLEMENT: 5, Build.CITY: 4}
WINNING_POINTS = 10


@dataclass(frozen=True, slots=True)
class HexRef:
    """One land hex: terrain letter, number token and an optional identifier (``S4n``).

    The desert has no number: ``D`` (or ``Dx`` if a board names it).
    """

    terrain: str
    number: int | None
    ident: str = ""
    column: int = 1

    @property
    def text(self) -> str:
        return f"{self.terrain}{self.number if self.number is not None else ''}{self.ident}"

    @property
    def key(self) -> str:
        """Terrain and number without the identifier: what may repeat on a board."""
        return f"{self.terrain}{self.number if self.number is not None else ''}"


@dataclass(frozen=True, slots=True)
class Robbery:
    """Where the robber went and whom it stole from (``T8(R)``; no victim: ``T8``)."""

    hex: HexRef
    victim: str | None = None
    victim_column: int = 1

    @property
    def text(self) -> str:
        return self.hex.text + (f"({self.victim})" if self.victim is not None else "")


@dataclass(frozen=True, slots=True)
class Action:
    """One build (``R``, ``S``, ``C``, ``D``) or one development card played (``[R+]-S4n(B)``)."""

    column: int
    build: Build | None = None
    card: Card | None = None
    resources: tuple[str, ...] = ()
    """Monopoly's resource or Discovery's two resources, when written."""
    robbery: Robbery | None = None
    takes: bool = False
    """``+``: this action takes Longest Road (a road) or Largest Army (a knight)."""
    place: str | None = None
    """Where a road, settlement or city stands (``S@T6/W12/G8``), when the record says."""
    place_column: int = 1

    @property
    def is_card(self) -> bool:
        return self.card is not None


@dataclass(frozen=True, slots=True)
class Dice:
    value: int
    column: int
    robbery: Robbery | None = None


@dataclass(slots=True)
class Turn:
    """One player's turn: one line of the log sheet."""

    number: int
    player: str
    line: int
    player_column: int
    before: tuple[Action, ...]
    dice: Dice | None
    after: tuple[Action, ...]
    text: str
    """The cell as written (after ``player:``)."""
    marks: str = ""
    notes: list[SourceLine] = field(default_factory=list)
    """Comment and bookmark lines that follow the turn."""
    clean: bool = True
    """False when the cell had notation errors: the writer then keeps it as written."""

    @property
    def actions(self) -> tuple[Action, ...]:
        return self.before + self.after


@dataclass(slots=True)
class Omission:
    """``...`` / ``(中略)``: turns the recorder left out."""

    line: int
    text: str
    notes: list[SourceLine] = field(default_factory=list)


class ClosingKind(enum.Enum):
    BONUS = "bonus"
    """追加点: points the turn cells do not show (VP cards …)."""
    TOTAL = "total"
    """合計: each player's final score."""


@dataclass(slots=True)
class Closing:
    """A closing line: ``追加点: Y 1`` or ``合計: B 5, Y 5, R 7, W 11``."""

    kind: ClosingKind
    label: str
    """The keyword as written (``追加点``, ``bonus``, ``合計``, ``total``)."""
    values: dict[str, int]
    line: int
    notes: list[SourceLine] = field(default_factory=list)
    text: str | None = None
    """The line as written when an entry of it could not be read: ``fmt`` keeps it whole
    rather than writing only the entries it read."""


@dataclass(slots=True)
class Unreadable:
    """A line the parser could not read (already reported): kept so ``fmt`` loses nothing."""

    line: int
    text: str
    notes: list[SourceLine] = field(default_factory=list)
    maybe_turn: bool = False
    """A line among the turns (CT100) that starts with a number or has a '|', or a
    table's row (CT124) with a number first or text in a player's column: it may be a
    turn written wrong, and whether it took one the replay works out
    (``replay._Engine.not_read``). A stray note or a second closing line takes none."""
    row: bool = False
    """A table's row: it took the rest of its round (a row is a round), not one turn."""


Item = Turn | Omission | Closing | Unreadable


@dataclass(frozen=True, slots=True)
class BoardHex:
    ref: HexRef
    row: int
    """0 … 4 from the top (rows of 3, 4, 5, 4, 3 hexes)."""
    col: int


@dataclass(frozen=True, slots=True)
class StartSettlement:
    """A setup settlement on the board, at the corner the named land hexes share."""

    player: str
    hexes: tuple[str, ...]
    """Board names of the hexes around the corner (``T6/W12/G8``; two on the coast)."""
    x: float
    y: float

    @property
    def text(self) -> str:
        return "/".join(self.hexes)


@dataclass(frozen=True, slots=True)
class StartRoad:
    """A setup road (front matter ``start``: ``R@G8/S5``), between two corners."""

    player: str
    text: str
    ends: tuple[tuple[float, float], tuple[float, float]]


@dataclass(frozen=True, slots=True)
class Board:
    hexes: tuple[BoardHex, ...]
    harbours: tuple[str, ...] = ()
    """Clockwise from the top-left: ``3`` for 3:1 or a resource letter for 2:1."""
    start: tuple[StartSettlement, ...] = ()
    """Starting settlements, when the record gives them (front matter ``start``)."""
    start_roads: tuple[StartRoad, ...] = ()
    """Setup roads, when ``start`` gives them (``R@G8/S5``)."""

    def find(self, ref: HexRef) -> list[BoardHex]:
        """The board hexes a reference may mean (several when it lacks an identifier)."""
        return [
            h
            for h in self.hexes
            if h.ref.key == ref.key and (not ref.ident or h.ref.ident == ref.ident)
        ]

    @property
    def desert(self) -> BoardHex | None:
        return next((h for h in self.hexes if h.ref.terrain == "D"), None)


@dataclass(slots=True)
class CatanRecord:
    players: dict[str, str]
    """Player letter → display name."""
    order: list[str]
    """Seat order (player letters)."""
    card_set: str
    """``de`` or ``en``: the letters the writer uses for cards."""
    board: Board | None
    items: list[Item]
    setup_notes: list[SourceLine] = field(default_factory=list)
    """Comments and bookmarks before the first turn (they belong to the setup step)."""
    layout: str = "lines"
    """``lines`` (``12 W: 4 | R``) or ``table`` (one row per turn, one column per player)."""

    @property
    def turns(self) -> list[Turn]:
        return [item for item in self.items if isinstance(item, Turn)]

    def closing(self, kind: ClosingKind) -> Closing | None:
        return next(
            (item for item in self.items if isinstance(item, Closing) and item.kind is kind),
            None,
        )

    @property
    def has_omissions(self) -> bool:
        return any(isinstance(item, Omission) for item in self.items)

    def name(self, key: str) -> str:
        return self.players.get(key, key)
