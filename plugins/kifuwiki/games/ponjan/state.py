"""What the engine knows of a hand in play: each seat's tiles (some may be hidden),
discards, riichi and chips, and the snapshot one step shows."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from kifuwiki.games.ponjan.model import TileSet

NOT_DRAWN = "-"
"""``Seat.drawn`` when the seat holds no freshly drawn tile."""


@dataclass(slots=True)
class Seat:
    known: Counter[str] = field(default_factory=Counter)
    hidden: int = 0
    """Tiles the record does not show (no starting hand, ``?`` draws)."""
    drawn: str | None = NOT_DRAWN
    """The tile just drawn (``None``: drawn but hidden; ``NOT_DRAWN``: none)."""
    discards: list[tuple[str | None, bool]] = field(default_factory=list)
    """(tile, riichi declared with it) in order; ``None`` for a hidden tile."""
    riichi: bool = False
    counted: Counter[str] = field(default_factory=Counter)
    """Tiles counted (PJ103) while known that a hidden discard made hidden: not counted
    again when they come to light."""
    unsure: bool = False
    """An error said what the seat holds is wrong somewhere (``_Engine.blur``): its tiles
    are shown as tracked, but not checked again this hand."""

    @property
    def size(self) -> int:
        return sum(self.known.values()) + self.hidden

    @property
    def has_drawn(self) -> bool:
        return self.drawn != NOT_DRAWN


@dataclass(frozen=True, slots=True)
class SeatView:
    tiles: tuple[str, ...]
    """Known tiles, sorted, without the drawn tile."""
    hidden: int
    drawn: str | None
    """The drawn tile (``?`` when hidden), ``None`` when there is none."""
    discards: tuple[tuple[str, bool], ...]
    riichi: bool
    chips: int


@dataclass(frozen=True, slots=True)
class Snapshot:
    hand: int
    """Number of the hand in play (0 before the first)."""
    dealer: str | None
    wall: int
    seats: dict[str, SeatView]
    to_move: str | None
    ended: str | None
    """``ron`` / ``tsumo`` / ``exhausted`` once the hand has ended."""
    winner: str | None = None


def seat_view(seat: Seat, chips: int, tiles: TileSet) -> SeatView:
    held = Counter(seat.known)
    drawn: str | None = None
    if seat.drawn is None:
        drawn = "?"
    elif seat.drawn != NOT_DRAWN:
        drawn = seat.drawn
        if held[seat.drawn] > 0:
            held[seat.drawn] -= 1
    hidden = seat.hidden - (1 if seat.drawn is None else 0)
    return SeatView(
        tiles=tuple(tiles.sort(list(held.elements()))),
        hidden=max(hidden, 0),
        drawn=drawn,
        discards=tuple((tile or "?", riichi) for tile, riichi in seat.discards),
        riichi=seat.riichi,
        chips=chips,
    )
