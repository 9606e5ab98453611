"""Dou Dizhu's rank order over the shared card model: 3 < 4 < … < A < 2 < small < big joker.

Combinations work on *counts*: a tuple of 15 numbers, how many cards of each rank
(index 0 = 3 … 11 = A, 12 = 2, 13 = small joker, 14 = big joker). Suits never matter
to the rules, so they stay on the :class:`~kifuwiki.cards.Card` objects of the record.
"""

from __future__ import annotations

from collections.abc import Iterable

from kifuwiki.cards import BLACK_JOKER, RED_JOKER, Card

RANKS = 15
#: The highest rank a chain (straight, pair straight, plane) may reach: the ace.
ACE = 11
TWO = 12
SMALL_JOKER = 13
BIG_JOKER = 14
#: Written rank letters, in rank order (``X``/``D`` are DouZero's joker letters; the
#: notation writes ``BJ``/``RJ`` because ``D3`` reads as the three of diamonds).
RANK_TEXT = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ")
#: The letter each rank has in RLCard's strings (``T`` = 10, ``B``/``R`` = jokers).
RLCARD_LETTERS = "3456789TJQKA2BR"

Counts = tuple[int, ...]
EMPTY: Counts = (0,) * RANKS


def rank_of(card: Card) -> int:
    """The Dou Dizhu rank index of a card (``Card(1)`` the ace → 11)."""
    if card.rank == BLACK_JOKER:
        return SMALL_JOKER
    if card.rank == RED_JOKER:
        return BIG_JOKER
    if card.rank == 1:
        return ACE
    if card.rank == 2:
        return TWO
    return card.rank - 3


def card_of(rank: int) -> Card:
    """A card of the given rank index, without a suit."""
    if rank == SMALL_JOKER:
        return Card(BLACK_JOKER)
    if rank == BIG_JOKER:
        return Card(RED_JOKER)
    if rank == ACE:
        return Card(1)
    if rank == TWO:
        return Card(2)
    return Card(rank + 3)


def counts_of(ranks: Iterable[int]) -> Counts:
    counts = [0] * RANKS
    for rank in ranks:
        counts[rank] += 1
    return tuple(counts)


def cards_counts(cards: Iterable[Card]) -> Counts:
    return counts_of(rank_of(card) for card in cards)


def ranks_text(counts: Counts, sep: str = " ") -> str:
    """``3 3 3 4`` for the counts of three 3s and a 4, in rank order."""
    return sep.join(RANK_TEXT[rank] for rank in range(RANKS) for _ in range(counts[rank]))


def add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def subtract(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def contains(hand: Counts, play: Counts) -> bool:
    return all(h >= p for h, p in zip(hand, play, strict=True))
