"""Playing cards shared by every card game: ranks, suits, jokers, one or more decks.

Games differ in how cards rank (Dou Dizhu: 3 … A, 2, jokers; Shengji: by the trump
order of the hand), so this module knows only what a card *is* and how people write it.
Orders belong to each game.

Written forms read by :func:`parse_card` (case-insensitive, full-width folded):

* rank alone: ``3``, ``10`` / ``T``, ``J``, ``Q``, ``K``, ``A`` (a card of unknown suit);
* suit then rank: ``H3``, ``S10``, ``DT``, ``♥3``, ``♠A``;
* rank then suit: ``3h``, ``10s``, ``Kd``, ``3♥``;
* jokers: ``BJ`` / ``JB`` (black, small) and ``RJ`` / ``JR`` (red, big), also
  ``小王`` / ``大王``. (``SJ`` is the jack of spades, not the small joker.)

:func:`tokens` splits a written run of cards with or without spaces (``H3 S3``,
``H3S3``, ``3 3 3 4``, ``3334``, ``10JQKA``).
"""

from __future__ import annotations

import enum
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass


class Suit(enum.Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Members are singletons compared by identity: the identity hash (in C) is right, and
    # Enum's own (by name, in Python) made every hashed Card cost a Python call.
    __hash__ = object.__hash__

    @property
    def red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def glyph(self) -> str:
        return _SUIT_GLYPHS[self]


_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}
_SUIT_GLYPHS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_GLYPH_SUITS = {glyph: suit for suit, glyph in _SUIT_GLYPHS.items()} | {
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}

#: Ranks as numbers: A = 1, 2 … 10, J = 11, Q = 12, K = 13; jokers use these two.
BLACK_JOKER = 14
RED_JOKER = 15

_RANK_NAMES = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K", BLACK_JOKER: "BJ", RED_JOKER: "RJ"}
_RANK_WORDS = {
    "A": 1,
    "T": 10,
    "10": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    **{str(n): n for n in range(2, 10)},
}
_JOKER_WORDS = {
    "BJ": BLACK_JOKER,
    "JB": BLACK_JOKER,
    "小王": BLACK_JOKER,
    "RJ": RED_JOKER,
    "JR": RED_JOKER,
    "大王": RED_JOKER,
}


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``suit`` is ``None`` for a joker or for a card written without its suit."""

    rank: int
    suit: Suit | None = None

    @property
    def joker(self) -> bool:
        return self.rank >= BLACK_JOKER

    @property
    def red(self) -> bool:
        """Red for scoring games: hearts, diamonds and the red joker."""
        if self.rank == RED_JOKER:
            return True
        return self.suit is not None and self.suit.red

    @property
    def sort_key(self) -> tuple[int, int]:
        """Rank, then suit in S H D C order (no suit first): a stable display order."""
        return (self.rank, -1 if self.suit is None else _SUIT_ORDER[self.suit])

    @property
    def rank_text(self) -> str:
        return _RANK_NAMES.get(self.rank, str(self.rank))

    def __str__(self) -> str:
        """Canonical written form: ``H10``, ``SA``, ``7`` (no suit), ``BJ``."""
        if self.joker or self.suit is None:
            return self.rank_text
        return f"{self.suit.value}{self.rank_text}"

    def glyph(self) -> str:
        """Display form with a suit glyph: ``♥10``, ``♠A``, ``7``, ``BJ``."""
        if self.joker or self.suit is None:
            return self.rank_text
        return f"{self.suit.glyph}{self.rank_text}"


class CardSyntaxError(ValueError):
    """A written card that is not a card; ``column`` is 0-based within the text."""

    def __init__(self, message: str, column: int = 0) -> None:
        super().__init__(message)
        self.column = column


def fold(text: str) -> str:
    """Full-width letters and digits to ASCII, upper case (``Ｈ１０`` → ``H10``)."""
    return unicodedata.normalize("NFKC", text).upper()


_SUIT_LETTERS = "SHDC"
_GLYPHS = "".join(_GLYPH_SUITS)
_TOKEN = re.compile(
    rf"(?P<joker>BJ|JB|RJ|JR|小王|大王)"
    rf"|(?P<suit1>[{_SUIT_LETTERS}{_GLYPHS}])(?P<rank1>10|[2-9TJQKA])"
    rf"|(?P<rank2>10|[2-9TJQKA])(?P<suit2>[{_SUIT_LETTERS}{_GLYPHS}])?"
)


def _suit(letter: str) -> Suit:
    return _GLYPH_SUITS.get(letter) or Suit(letter)


def _from_match(m: re.Match[str]) -> Card:
    if m["joker"]:
        return Card(_JOKER_WORDS[m["joker"]])
    if m["suit1"]:
        return Card(_RANK_WORDS[m["rank1"]], _suit(m["suit1"]))
    suit = m["suit2"]
    return Card(_RANK_WORDS[m["rank2"]], _suit(suit) if suit else None)


def parse_card(text: str) -> Card:
    """One written card; raises :class:`CardSyntaxError` for anything else."""
    folded = fold(text.strip())
    m = _TOKEN.fullmatch(folded)
    if m is None:
        raise CardSyntaxError(f"{text.strip()!r} is not a card", 0)
    return _from_match(m)


def tokens(text: str, aliases: Mapping[str, Card] | None = None) -> list[tuple[Card, int]]:
    """Every card in a written run, with its 0-based column in ``text``.

    Spaces and commas between cards are optional. Raises :class:`CardSyntaxError`
    at the first character that starts no card. Folding keeps one character per
    character for the scripts people write cards in, so columns stay true.

    ``aliases`` adds a game's own words for cards (upper case, e.g. RLCard's ``B`` and
    ``R`` for the jokers). They are tried only where no standard form matches, so they
    never change how a standard form reads (``BJ`` stays the black joker).
    """
    folded = fold(text)
    if len(folded) != len(text):  # a ligature expanded: fall back to per-char folding
        folded = "".join(fold(ch)[:1] or " " for ch in text)
    cards: list[tuple[Card, int]] = []
    pos = 0
    while pos < len(folded):
        ch = folded[pos]
        if ch in " ,、\t":
            pos += 1
            continue
        m = _TOKEN.match(folded, pos)
        if m is not None:
            cards.append((_from_match(m), pos))
            pos = m.end()
            continue
        alias = _alias_at(folded, pos, aliases or {})
        if alias is None:
            raise CardSyntaxError(f"{text[pos:].split()[0]!r} is not a card", pos)
        cards.append((alias[0], pos))
        pos += len(alias[1])
    return cards


def _alias_at(folded: str, pos: int, aliases: Mapping[str, Card]) -> tuple[Card, str] | None:
    """The card and word of the longest alias written at ``pos``, if any."""
    found = [word for word in aliases if folded.startswith(word, pos)]
    if not found:
        return None
    word = max(found, key=len)
    return aliases[word], word


def parse_cards(text: str, aliases: Mapping[str, Card] | None = None) -> list[Card]:
    """The cards of a written run (see :func:`tokens`)."""
    return [card for card, _ in tokens(text, aliases)]


def format_cards(cards: Iterable[Card], sep: str = " ") -> str:
    return sep.join(str(card) for card in cards)


def standard_deck(decks: int = 1, jokers: bool = True) -> Counter[Card]:
    """Every card of ``decks`` full 52-card decks (plus two jokers each), as a multiset."""
    deck: Counter[Card] = Counter()
    for suit in Suit:
        for rank in range(1, 14):
            deck[Card(rank, suit)] += decks
    if jokers:
        deck[Card(BLACK_JOKER)] += decks
        deck[Card(RED_JOKER)] += decks
    return deck


def too_many(cards: Iterable[Card], decks: int = 1, jokers: bool = True) -> list[Card]:
    """Cards written more often than ``decks`` decks hold (a card dealt twice).

    Cards without a suit are counted against their rank's total (4 per deck).
    """
    deck = standard_deck(decks, jokers)
    suited: Counter[Card] = Counter()
    by_rank: Counter[int] = Counter()
    for card in cards:
        by_rank[card.rank] += 1
        if card.suit is not None:
            suited[card] += 1
    over = [card for card, n in suited.items() if n > deck[card]]
    for rank, n in by_rank.items():
        limit = (4 if rank < BLACK_JOKER else 1) * decks if (jokers or rank < 14) else 0
        if n > limit:
            over.append(Card(rank))
    return sorted(over, key=lambda card: card.sort_key)
