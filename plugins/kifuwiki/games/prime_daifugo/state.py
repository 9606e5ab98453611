"""What a Prime Daifugo replay produces: hands, the field, the position after each step.

States share what did not change: hands are tuples of per-rank counts and only the
mover's hand is rebuilt, the deck's known bottom and the field pile are strings. That
keeps a replay cheap enough to validate whole archives quickly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from kifuwiki.core.diagnostics import Diagnostic
from kifuwiki.games.prime_daifugo.model import JOKER, RANKS, Move, ParsedGame
from kifuwiki.games.prime_daifugo.rules import RuleSet

CARD_ORDER = RANKS + JOKER
RANK_INDEX = {rank: index for index, rank in enumerate(CARD_ORDER)}
JOKER_INDEX = RANK_INDEX[JOKER]
#: How many cards of each rank one deck holds (jokers: 2).
DECK_LIMITS = tuple(2 if rank == JOKER else 4 for rank in CARD_ORDER)
NO_CARDS = (0,) * len(CARD_ORDER)
GROTHENDIECK = 57
RAMANUJAN = 1729


# HandState and FieldState, like State and Step below, are never mutated after the
# replay builds them but are not ``frozen``: a frozen dataclass sets each field through
# ``object.__setattr__``, which doubles the cost of the two or three hands a move builds.
@dataclass(slots=True)
class HandState:
    """A hand: known cards as counts per rank (``CARD_ORDER``) plus cards of unknown rank."""

    counts: tuple[int, ...] = NO_CARDS
    unknown: int = 0

    @property
    def size(self) -> int:
        return sum(self.counts) + self.unknown

    @property
    def cards(self) -> str:
        """Known cards in rank order (``A23…K`` then ``X``)."""
        return "".join(rank * n for rank, n in zip(CARD_ORDER, self.counts, strict=True) if n)


#: Hands by their ranks: dealt hands repeat across an archive's records (and a
#: HandState is immutable). Bounded so that no input can make it grow without limit.
_HAND_CACHE: dict[str, HandState] = {}
_HAND_CACHE_LIMIT = 16_384


def hand_of(ranks: str) -> HandState:
    """A hand from card ranks (``QT338`` …); ``?`` counts as an unknown card."""
    cached = _HAND_CACHE.get(ranks)
    if cached is not None:
        return cached
    if len(_HAND_CACHE) >= _HAND_CACHE_LIMIT:
        _HAND_CACHE.clear()
    hand = _HAND_CACHE[ranks] = _count_ranks(ranks)
    return hand


def _count_ranks(ranks: str) -> HandState:
    counts = [0] * len(CARD_ORDER)
    unknown = 0
    for rank in ranks:
        index = RANK_INDEX.get(rank)
        if index is None:
            unknown += 1
        else:
            counts[index] += 1
    return HandState(tuple(counts), unknown)


@dataclass(slots=True)
class FieldState:
    """The number on the field: the last valid play of this trick."""

    cards: str
    """Its cards as played (``X25``)."""
    number: int | None
    """Its value (``None`` when it holds unknown cards)."""
    owner: int
    """Seat of the player who put it there."""
    factors: str = ""
    """For a composite: the factorisation that was checked (``5^3``)."""
    jokers: tuple[int, ...] = ()
    """The values its jokers stand for, left to right (empty for a lone joker, ∞)."""

    @property
    def count(self) -> int:
        return len(self.cards)


# State and Step are never mutated after the replay builds them, but they are not
# ``frozen``: a frozen dataclass sets each field through ``object.__setattr__``, which
# doubles the cost of building the one State and one Step a replay makes per move.
@dataclass(slots=True)
class State:
    hands: tuple[HandState, ...]
    field: FieldState | None
    pile: str
    """Cards played to the field in this trick, in order: they go to the deck's bottom."""
    deck_unknown: int
    """Cards in the deck whose identity the record does not reveal (they are on top)."""
    bottom: str
    """The known bottom of the deck, next-to-draw first (flushed and discarded cards)."""
    revolution: bool
    to_move: int | None
    """Seat whose turn it is; ``None`` before the first move and after the game."""
    out: tuple[int, ...]
    """Seats in the order they went out."""

    @property
    def deck(self) -> int:
        return self.deck_unknown + len(self.bottom)


#: Kinds, most telling first: the first a step has is its :attr:`Step.kind`.
KIND_ORDER = (
    "penalty",
    "out",
    "GC",
    "RR",
    "IN",
    "composite",
    "lead",
    "follow",
    "timeout",
    "pass",
    "draw",
    "unreadable",
    "deal",
)


@dataclass(slots=True)
class Step:
    index: int
    move: Move | None
    """The move line (``None`` for the deal)."""
    seat: int | None
    kinds: frozenset[str]
    state: State
    """The position after this step."""
    drawn: str = ""
    """Cards drawn before acting (``?`` for unknown ones)."""
    played: str = ""
    """Cards put on the field (for a composite: the composite's cards)."""
    factor_cards: str = ""
    consumed: int = 0
    """Cards put down: the number plus a composite's factor cards (for a penalised play
    they come back to the hand with the penalty)."""
    number: int | None = None
    joker_values: tuple[int, ...] = ()
    factorisation: str = ""
    """The composite's factorisation as checked (``2^5 × 41``)."""
    penalty_drawn: str = ""
    valid: bool | None = None
    """For a play: whether the rules allow it (``None``: cannot tell, unknown cards)."""
    flushed: bool = False
    annotations: tuple[str, ...] = ()
    played_jokers: tuple[int, ...] = ()
    """The values of the jokers in :attr:`played` (the number, not its factors)."""

    @property
    def kind(self) -> str:
        return next((k for k in KIND_ORDER if k in self.kinds), "deal")

    @property
    def play_count(self) -> int:
        return len(self.played)


class _MadeStep(Protocol):
    """A step as the replay keeps it: a :class:`Step`, or what becomes one."""

    def as_step(self) -> Step: ...


class Replay:
    """A replayed game: its diagnostics, its final position, and one :class:`Step` per
    step. The steps are built on first reading: ``kifuwiki validate`` reads only the
    diagnostics and the outcome, a record page every step."""

    __slots__ = ("_made", "_steps", "diagnostics", "final", "first_seat", "game", "rules", "seats")

    def __init__(
        self,
        game: ParsedGame,
        rules: RuleSet,
        seats: list[str],
        diagnostics: list[Diagnostic],
        first_seat: int | None,
        final: State,
        steps: Sequence[Step | _MadeStep],
    ) -> None:
        self.game = game
        self.rules = rules
        self.seats = seats
        """Player keys in seat order."""
        self.diagnostics = diagnostics
        self.first_seat = first_seat
        self.final = final
        """The position after the last step."""
        self._made = steps
        self._steps: list[Step] | None = None

    @property
    def steps(self) -> list[Step]:
        if self._steps is None:
            self._steps = [s if isinstance(s, Step) else s.as_step() for s in self._made]
            self._made = ()
        return self._steps

    @property
    def ranking(self) -> list[int]:
        """Seats in finishing order; the last player is added once everyone else is out."""
        out = list(self.final.out)
        rest = [seat for seat in range(len(self.seats)) if seat not in out]
        if out and len(rest) == 1:
            out.extend(rest)
        return out
