"""A seat's hand during replay: the cards known to be in it and how many are not known.

A record from one player's view knows only that hand; the others are ``?`` cards that
become known as they are played. Cards written without suits match any suit.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from kifuwiki.cards import BLACK_JOKER, Card
from kifuwiki.games.doudizhu.ranks import RANKS, Counts, rank_of


@dataclass(slots=True)
class HandState:
    known: Counter[Card] = field(default_factory=Counter)
    unknown: int = 0

    @property
    def size(self) -> int:
        return self.known.total() + self.unknown

    def counts(self) -> Counts:
        """The known cards' counts by rank (what a player could play for sure)."""
        counts = [0] * RANKS
        for card, n in self.known.items():
            counts[rank_of(card)] += n
        return tuple(counts)

    def take(self, card: Card) -> bool | None:
        """Remove a played card. True: it was known; False: it was one of the unknown
        cards; None: the hand cannot hold it."""
        known = self.known
        held = known.get(card, 0)
        if held > 1:
            known[card] = held - 1
            return True
        if held == 1:
            dict.__delitem__(known, card)  # Counter's own __delitem__ is Python-level
            return True
        rank_matches = [c for c in self.known if c.rank == card.rank and self.known[c] > 0]
        if card.suit is None and rank_matches:
            # A rank written alone matches a suited card of the hand: the unsuited copy
            # first, else the first suit in display order.
            self._drop(min(rank_matches, key=lambda c: c.sort_key))
            return True
        if card.suit is not None and Card(card.rank) in rank_matches:
            self._drop(Card(card.rank))  # the hand was written without suits
            return True
        if self.unknown > 0:
            self.unknown -= 1
            return False
        return None

    def _drop(self, card: Card) -> None:
        self.known[card] -= 1
        if not self.known[card]:
            del self.known[card]

    def add(self, cards: list[Card], unknown: int) -> None:
        self.known.update(cards)
        self.unknown += unknown

    def snapshot(self) -> tuple[tuple[Card, ...], int]:
        cards = sorted(self.known.elements(), key=_display_key)
        return tuple(cards), self.unknown


def _display_key(card: Card) -> tuple[int, int]:
    rank = rank_of(card)
    return (rank, card.sort_key[1] if card.rank < BLACK_JOKER else 0)


class DeckTally:
    """Every card seen in the game so far, to catch a card dealt twice."""

    __slots__ = ("by_rank", "suited")

    def __init__(self) -> None:
        self.by_rank = [0] * RANKS
        self.suited: Counter[Card] = Counter()

    def see(self, card: Card) -> bool:
        """Count a card; False when the deck cannot hold that many of it."""
        rank = rank_of(card)
        self.by_rank[rank] += 1
        over = self.by_rank[rank] > (1 if rank >= 13 else 4)
        if card.suit is not None:
            self.suited[card] += 1
            over = over or self.suited[card] > 1
        return not over
