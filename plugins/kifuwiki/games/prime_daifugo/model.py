"""The parsed Prime Daifugo record: what the record *says*, before any rule is applied.

Both dialects (the Fandom wiki's spec and the tournaments' standard 数譜) and the
blog variants parse into these types; :mod:`.replay` then applies a rule set to
them. Nothing here judges a move: a play that the judge penalised is a ``Move`` with
a ``penalty`` like any other.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

#: Card ranks in order. ``X`` is a joker, ``?`` a card the record does not name.
RANKS = "A23456789TJQK"
JOKER = "X"
UNKNOWN = "?"
RANK_VALUES: dict[str, int] = {rank: value for value, rank in enumerate(RANKS, start=1)}
SUITS = "dchs"


@dataclass(frozen=True, slots=True)
class Card:
    rank: str
    """``A`` … ``K``, ``X`` (joker) or ``?`` (unknown)."""
    suit: str | None = None
    """``d`` ``c`` ``h`` ``s`` when the record names it (Fandom ``QhKs``)."""

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def is_unknown(self) -> bool:
        return self.rank == UNKNOWN

    @property
    def value(self) -> int | None:
        """Face value (A=1 … K=13); ``None`` for a joker or an unknown card."""
        return RANK_VALUES.get(self.rank)

    def __str__(self) -> str:
        return self.rank + (self.suit or "")


@dataclass(frozen=True, slots=True)
class CardRun:
    """Cards written side by side: one number (``QK`` = 1213), a hand, or drawn cards."""

    cards: tuple[Card, ...]
    column: int = 1
    """1-based column of the first card in its line."""

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def text(self) -> str:
        return "".join(str(card) for card in self.cards)

    @property
    def ranks(self) -> str:
        return "".join(card.rank for card in self.cards)


@dataclass(frozen=True, slots=True)
class Factor:
    """One factor of a composite play: ``base`` or ``base^exponent``, both made of cards."""

    base: CardRun
    exponent: CardRun | None = None
    tower: tuple[CardRun, ...] = ()
    """Further exponents of a chained power, as written: ``3^5^6`` is base ``3``,
    exponent ``5``, tower ``(6,)``. Real records contain such chains (``3^5^6^6^8^8^2A``);
    the parser keeps them faithfully and the rules engine judges them (added by the
    notation engineer; empty for every ordinary factor)."""

    @property
    def cards(self) -> tuple[Card, ...]:
        cards = self.base.cards + (self.exponent.cards if self.exponent else ())
        for run in self.tower:
            cards += run.cards
        return cards


class Action(enum.Enum):
    PLAY = "play"
    """Cards on the field as a number: a prime, a special (57, 1729, lone joker) or a
    claimed prime that the judge penalised."""
    COMPOSITE = "composite"
    """A composite with its factorisation (``KQ=2^5*4A`` / ``2^5*4A=KQ``)."""
    PASS = "pass"  # noqa: S105 - a move, not a password
    TIMEOUT = "timeout"
    """A pass forced by the clock (``%%``, ``T.O.``)."""
    DRAW = "draw"
    """Fandom ``A:D`` on a line of its own: the player drew, the turn goes on."""
    UNKNOWN = "unknown"
    """A line the parser could not read (kept, with an error diagnostic)."""


class Special(enum.Enum):
    GC = "GC"
    """57: Grothendieck cut, the field is flushed."""
    RR = "RR"
    """1729: Ramanujan revolution, the order of strength is reversed."""
    IN = "IN"
    """A lone joker: beats any single card (∞) and flushes."""


@dataclass(frozen=True, slots=True)
class Penalty:
    cards: tuple[Card, ...] | None
    """The cards drawn as a penalty, when the record names them (``?`` for unknown ones)."""
    count: int | None
    """How many cards were drawn, when the record says (``P(3)``, ``,P12``), else
    ``len(cards)``; ``None`` when only the fact of a penalty is known (``(P)``)."""
    column: int = 1


@dataclass(slots=True)
class Move:
    """One record line: a player's turn (or, in Fandom records, a draw of its own)."""

    line: int
    column: int
    """Column of the action text (after ``name:``)."""
    player: str
    """The player key as written on the line."""
    raw: str
    """The action text after ``name:``, as written (marks and footnotes included)."""
    action: Action
    draw: tuple[Card, ...] | None = None
    """Cards drawn before acting: ``D(7)`` → (7,), ``D`` → (?,); ``None`` = no draw written."""
    number: CardRun | None = None
    """The cards put on the field (for a composite: the composite itself)."""
    factors: tuple[Factor, ...] = ()
    """The factorisation written for a composite (cards go to the factor field)."""
    joker_values: tuple[str, ...] = ()
    """Declared joker values, left to right as written: ``K``, ``0``, ``T`` …"""
    tags: tuple[Special, ...] = ()
    """Special plays as written (``[GC]``, ``(RR)``, ``[IN]``); may be inferred by replay."""
    penalty: Penalty | None = None
    out: bool = False
    """``#``: the player went out with this move."""
    flush_mark: bool = False
    """Fandom ``r`` at the end of the line: the field was flushed after this turn."""
    revolution_mark: bool = False
    """Blog ``[R]`` prefix: the writer notes the play was made under revolution."""
    footnotes: tuple[str, ...] = ()
    """Footnote markers like ``[1]`` kept from wiki text."""
    marks: str = ""
    """A person's move mark: ``!``, ``?``, ``!!``, ``??``, ``!?``, ``?!``."""
    number_label: str | None = None
    """A move number written in the record (``1.n:``), kept for round trips."""
    comments: list[str] = field(default_factory=list)
    """Comments (Markdown) on the position after this move."""
    bookmarks: list[str] = field(default_factory=list)
    comment_lines: list[int] = field(default_factory=list)
    note_forms: list[str] = field(default_factory=list)
    """How the comment and bookmark lines were written, in order (:data:`NOTE_FORMS`):
    the writer keeps each line's form and place."""


@dataclass(slots=True)
class Hand:
    """An initial hand as written; ``cards is None`` means unknown (``不明``)."""

    cards: tuple[Card, ...] | None
    line: int
    column: int = 1
    footnotes: tuple[str, ...] = ()
    """Footnote markers written after the hand (Fandom ``A9TJQKX[1]``), kept for round trips."""


#: The forms of a comment or bookmark line (``note_forms``): ``* text`` (a comment),
#: ``*&name`` (a bookmark), ``*&name text`` (a bookmark and a comment on one line).
NOTE_COMMENT, NOTE_BOOKMARK, NOTE_BOOKMARK_COMMENT = "comment", "bookmark", "bookmark comment"
NOTE_FORMS = (NOTE_COMMENT, NOTE_BOOKMARK, NOTE_BOOKMARK_COMMENT)


class Dialect(enum.Enum):
    STANDARD = "standard"
    FANDOM = "fandom"


@dataclass(slots=True)
class ParsedGame:
    """A whole game as written in one record."""

    dialect: Dialect
    players: dict[str, str]
    """Player key (as written on move lines) → display name."""
    order: list[str]
    """Seat order, by keys: player lines / initial hands in the order written."""
    initial_hands: dict[str, Hand]
    moves: list[Move]
    judge: str | None = None
    """素数判定員, when named."""
    judge_inherited: bool = False
    """The judge came from the game "(一試合目)と同じ" names, not from a line of this game:
    the writer does not write it (the note says it)."""
    comments: list[str] = field(default_factory=list)
    """Comments on the whole game (before the first move)."""
    bookmarks: list[str] = field(default_factory=list)
    note_forms: list[str] = field(default_factory=list)
    """How the game's comment and bookmark lines were written, in order (as ``Move``'s)."""
    lead_note_forms: int = 0
    """How many of ``note_forms`` are the lines on top of the game (``lead_comments``)."""
    same_players_as: int | None = None
    """Fandom "(一試合目)と同じ": players copied from that earlier game in the file."""
    header_lines: list[str] = field(default_factory=list)
    """Other header text kept verbatim for the round trip."""
    same_players_line: int | None = None
    """Line of the "(一試合目)と同じ" note, for diagnostics about it."""
    lead_comments: int = 0
    """How many of ``comments`` were written before any other line of the game (a note
    on top of it): the writer keeps them there."""
    lead_bookmarks: int = 0
    """The same for ``bookmarks``."""
    lead_header_lines: int = 0
    """How many of ``header_lines`` came before any player, judge or hand line: the
    writer keeps them above those."""
    declared_players: list[str] = field(default_factory=list)
    """Keys named by player lines in the body (Fandom ``A:Foo``), as opposed to keys
    that only came from front matter or move lines; the writer writes exactly these."""
