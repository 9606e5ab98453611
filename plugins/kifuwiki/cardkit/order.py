"""Card order helpers: ace-high ranks, a cheap identity key, display sorting.

:mod:`kifuwiki.cards` numbers ranks A = 1 … K = 13. Most trick-taking and climbing
games rank the ace high; :func:`high` gives that number (A = 14) and
:func:`rank_name` its name. :func:`card_key` is an integer equal exactly for identical
cards, for tight loops that compare or count cards (hashing a ``Card`` runs Python
code). :func:`sort_by_suit` groups cards by suit in a chosen suit order, each suit by
a rank key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from kifuwiki.cards import Card, Suit

#: Ranks high-ace style: 2 … 10, J 11, Q 12, K 13, A 14.
HIGH_RANKS = tuple(range(2, 15))
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}

#: Suit → a small number, keyed by the member's ``id``: hashing an enum member runs
#: Python code, and a replay asks for the suit of every card many times.
SUIT_INDEX = {id(suit): i for i, suit in enumerate(Suit)}
SUIT_LETTER = {id(suit): suit.value for suit in Suit}


def high(rank: int) -> int:
    """A card's rank with the ace high (A = 14)."""
    return 14 if rank == 1 else rank


def rank_name(rank: int) -> str:
    """An ace-high rank's name: ``2`` … ``10``, ``J``, ``Q``, ``K``, ``A``."""
    return RANK_NAMES.get(rank, str(rank))


def card_key(card: Card) -> int:
    """A cheap integer that is equal exactly for identical cards (rank and suit)."""
    return card.rank * 8 + SUIT_INDEX.get(id(card.suit), 4)


def sort_by_suit(
    cards: Iterable[Card], suit_order: Mapping[str, int], rank_key: Callable[[Card], int]
) -> list[Card]:
    """Cards grouped by suit (``suit_order`` by letter; no suit, e.g. jokers, last), each
    suit low to high by ``rank_key``."""
    last = len(suit_order)

    def key(card: Card) -> tuple[int, int]:
        suit = card.suit.value if card.suit else ""
        return (suit_order.get(suit, last), rank_key(card))

    return sorted(cards, key=key)
