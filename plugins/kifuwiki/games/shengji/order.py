"""The trump order of one 升級 deal: which cards are trumps and how every card ranks.

High to low in trumps: big joker, small joker, the level rank in the trump suit, the
level rank in the other suits (equal to one another), [with permanent twos (常主): the
2 of the trump suit, then the other 2s], then A K Q … of the trump suit without the level
rank. Plain suits run A K Q … 2 without the level rank (and without 2s when they are
permanent trumps). With no trump suit (无主) only jokers and level cards are trumps.

``position`` numbers each suit's ranks consecutively after those removals, so "pairs of
consecutive rank" (a tractor) is "pairs at consecutive positions" everywhere, the trump
order included (♥A♥A ♠2♠2 is a tractor when ♥ is trump and 2 the level). Cards that
rank equally (the off-suit level cards) share one position.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kifuwiki.cardkit.order import HIGH_RANKS, SUIT_LETTER, card_key, high, rank_name
from kifuwiki.cards import BLACK_JOKER, RED_JOKER, Card, Suit

__all__ = ["HIGH_RANKS", "TRUMP", "Trumps", "card_key", "high", "level_name"]

TRUMP = "T"
"""The suit class of every trump."""

# The ace-high ranks, card keys and suit tables are the card kit's (other games rank
# the same way); ``level_name`` is the kit's rank name under this game's word.
level_name = rank_name


@dataclass(frozen=True, slots=True)
class Trumps:
    level: int
    """The level rank (2 … 14), high-ace style."""
    suit: Suit | None
    """The trump suit; ``None`` for no trump (无主)."""
    permanent_twos: bool = False
    _plain: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    _trump: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    _level_rank: int = field(default=0, compare=False, repr=False)
    """The level as a card rank (A = 1)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_level_rank", 1 if self.level == 14 else self.level)
        skip = {self.level} | ({2} if self.permanent_twos else set())
        ranks = [r for r in HIGH_RANKS if r not in skip]
        self._plain.update({r: i for i, r in enumerate(ranks)})
        top = len(ranks) if self.suit is not None else 0
        twos = self.permanent_twos and self.level != 2
        if twos:  # off-suit 2s, then the trump suit's 2
            self._trump[-2] = top
            self._trump[-1] = top + 1 if self.suit is not None else top
            top = self._trump[-1] + 1
        self._trump[-4] = top  # level rank, other suits
        self._trump[-3] = top + 1 if self.suit is not None else top  # level rank, trump suit
        self._trump[BLACK_JOKER] = self._trump[-3] + 1
        self._trump[RED_JOKER] = self._trump[-3] + 2

    def is_trump(self, card: Card) -> bool:
        if card.joker or high(card.rank) == self.level:
            return True
        if self.permanent_twos and card.rank == 2:
            return True
        return self.suit is not None and card.suit is self.suit

    def suit_of(self, card: Card) -> str:
        """``T`` for a trump, else the suit letter (written out for speed)."""
        rank = card.rank
        if rank >= BLACK_JOKER or rank == self._level_rank:
            return TRUMP
        if rank == 2 and self.permanent_twos:
            return TRUMP
        suit = card.suit
        if suit is None or suit is self.suit:
            return TRUMP
        return SUIT_LETTER[id(suit)]

    def position(self, card: Card) -> int:
        """Rank within the card's suit class; higher beats lower, equal ties."""
        if card.joker:
            return self._trump[card.rank]
        rank = high(card.rank)
        on_suit = self.suit is not None and card.suit is self.suit
        if rank == self.level:
            return self._trump[-3 if on_suit else -4]
        if self.permanent_twos and rank == 2:
            return self._trump[-1 if on_suit else -2]
        return self._plain[rank]

    def key(self, card: Card) -> tuple[int, int]:
        """A sort key: trumps above plain cards, then position."""
        return (1 if self.is_trump(card) else 0, self.position(card))

    def describe(self) -> tuple[str, str]:
        """(English, Japanese) for page headers: "♥ trumps, level 5"."""
        name = level_name(self.level)
        if self.suit is None:
            return f"no trump, level {name}", f"切り札スートなし (无主)、レベル {name}"
        return f"{self.suit.glyph} trumps, level {name}", f"切り札 {self.suit.glyph}、レベル {name}"
