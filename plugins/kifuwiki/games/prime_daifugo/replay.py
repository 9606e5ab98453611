"""Replay a parsed Prime Daifugo record under a rule set: one immutable state per step.

Step 0 is the deal; then one step per move line. Each step says who moved, what kind of
move it was, which cards went to the field and which left the hand, the exact number,
the factorisation checked, joker values, penalties, flushes (written or inferred) and
machine annotations, and carries the whole :class:`State` after it.

States share what did not change: hands are tuples of per-rank counts and only the
mover's hand is rebuilt, the deck's known bottom and the field pile are strings. That
keeps a replay cheap enough to validate whole archives quickly.

Decisions on the open questions of ``daifugo-rules.md`` §5 (documented in tests):

1. A player who passed may play again later in the same trick; the field flushes when
   the turn comes back to the player of the last valid play (or at once under
   ``flush_on_pass``).
2. Flushed cards go to the bottom of the deck in the order they were played; factor
   cards of a composite go there at once. Draws and penalties take the unknown part of
   the deck first, then the known bottom, so a named draw can be checked against it.
   A penalty draws only what the deck still holds.
3. A joker may stand for a leading 0 (``X3`` with X=0 is 3): accepted with a warning.
4. Going out with GC or RR still applies the effect (RR toggles the revolution shown
   after the game), and going out always flushes the field.
5. A lone joker (IN) beats any single card, under revolution too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import add

from kifuwiki.core.diagnostics import Diagnostic, DiagnosticBag
from kifuwiki.games.prime_daifugo import codes
from kifuwiki.games.prime_daifugo.model import (
    JOKER,
    RANKS,
    UNKNOWN,
    Action,
    Card,
    CardRun,
    Move,
    ParsedGame,
    Special,
)
from kifuwiki.games.prime_daifugo.numbers import (
    check_factorisation,
    is_prime,
    joker_value,
    number_of,
    why_not_prime,
)
from kifuwiki.games.prime_daifugo.rules import STANDARD, RuleSet

#: Ranks in display order; a hand is a tuple of counts in this order.
CARD_ORDER = RANKS + JOKER
_INDEX = {rank: index for index, rank in enumerate(CARD_ORDER)}
_JOKER_INDEX = _INDEX[JOKER]
#: How many cards of each rank one deck holds (jokers: 2).
_LIMITS = tuple(2 if rank == JOKER else 4 for rank in CARD_ORDER)
_NO_CARDS = (0,) * len(CARD_ORDER)
GROTHENDIECK = 57
RAMANUJAN = 1729


# HandState and FieldState, like State and Step below, are never mutated after the
# replay builds them but are not ``frozen``: a frozen dataclass sets each field through
# ``object.__setattr__``, which doubles the cost of the two or three hands a move builds.
@dataclass(slots=True)
class HandState:
    """A hand: known cards as counts per rank (``CARD_ORDER``) plus cards of unknown rank."""

    counts: tuple[int, ...] = _NO_CARDS
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
        index = _INDEX.get(rank)
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


_PASS, _TIMEOUT, _UNKNOWN, _DRAW = Action.PASS, Action.TIMEOUT, Action.UNKNOWN, Action.DRAW
_PLAY = Action.PLAY
_GC, _RR, _IN = Special.GC, Special.RR, Special.IN

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

    @property
    def kind(self) -> str:
        return next((k for k in KIND_ORDER if k in self.kinds), "deal")

    @property
    def play_count(self) -> int:
        return len(self.played)


@dataclass(slots=True)
class Replay:
    game: ParsedGame
    rules: RuleSet
    seats: list[str]
    """Player keys in seat order."""
    steps: list[Step]
    diagnostics: list[Diagnostic]
    first_seat: int | None

    @property
    def final(self) -> State:
        return self.steps[-1].state

    @property
    def ranking(self) -> list[int]:
        """Seats in finishing order; the last player is added once everyone else is out."""
        out = list(self.final.out)
        rest = [seat for seat in range(len(self.seats)) if seat not in out]
        if out and len(rest) == 1:
            out.extend(rest)
        return out


@dataclass(slots=True)
class _Play:
    """What the rules say about cards put on the field."""

    number: int | None
    joker_values: tuple[int, ...]
    """Every declared joker value, left to right as written (number and factors)."""
    factor_cards: str
    factorisation: str
    special: Special | None
    problems: list[tuple[str, str]]
    """Rule violations (code, reason): a correct judge penalises these."""
    checkable: bool
    note: str
    """What a reader is told when the play stands (``1213 is prime``)."""


class _Replayer:
    def __init__(self, game: ParsedGame, rules: RuleSet, bag: DiagnosticBag) -> None:
        self.game = game
        self.rules = rules
        self.bag = bag
        self.seats: list[str] = list(game.order)
        for move in game.moves:
            if move.player not in self.seats and move.action is not Action.UNKNOWN:
                self.seats.append(move.player)
        self.seat_of = {key: seat for seat, key in enumerate(self.seats)}
        self.incomplete = [False] * len(self.seats)
        # Blog records often leave draws out altogether; then a card a player did not
        # hold is taken as an unrecorded draw (one warning) rather than an error.
        self.records_draws = any(m.draw or m.action is Action.DRAW for m in game.moves)
        self.seen = [0] * len(CARD_ORDER)
        self.steps: list[Step] = []
        self.first_seat: int | None = None

    # -- names and small helpers -------------------------------------------------------

    def name(self, seat: int) -> str:
        key = self.seats[seat]
        return self.game.players.get(key) or key

    def next_active(self, seat: int, out: Sequence[int]) -> int | None:
        count = len(self.seats)
        for offset in range(1, count + 1):
            candidate = (seat + offset) % count
            if candidate not in out:
                return candidate
        return None

    def see(self, rank: str, line: int, column: int, step: int, count: int = 1) -> None:
        """Cards of ``rank`` became known: check no rank is visible more than the deck holds."""
        index = _INDEX.get(rank)
        if index is None:
            return
        self.seen[index] += count
        limit = 2 if index == _JOKER_INDEX else 4
        if self.seen[index] > limit:
            what = "jokers" if index == _JOKER_INDEX else f"cards of rank {rank}"
            self.bag.error(
                codes.TOO_MANY_OF_RANK,
                f"{self.seen[index]} {what} are known at once; the deck has only {limit}",
                line,
                column,
                step=step,
                once=f"rank-{rank}",
            )

    # -- the deal ----------------------------------------------------------------------

    def deal(self) -> State:
        rules = self.rules
        known_sizes: list[int] = []
        written: dict[int, str | None] = {}
        for seat, key in enumerate(self.seats):
            hand = self.game.initial_hands.get(key)
            if hand is None or hand.cards is None:
                written[seat] = None
                continue
            text = "".join([card.rank for card in hand.cards])
            written[seat] = text
            known_sizes.append(len(text))
        size = rules.hand_size or (known_sizes[0] if known_sizes else 11)
        hands: list[HandState] = []
        for seat, key in enumerate(self.seats):
            ranks = written[seat]
            hand_line = self.game.initial_hands.get(key)
            line = hand_line.line if hand_line else self.first_line()
            if ranks is None:
                self.incomplete[seat] = True
                self.bag.warning(
                    codes.INCOMPLETE_HAND,
                    f"{self.name(seat)}'s initial hand is unknown; assuming {size} cards and "
                    "skipping the checks that need it",
                    line,
                    step=0,
                    once="incomplete-hand",
                )
                hands.append(HandState(_NO_CARDS, size))
                continue
            if len(ranks) != size:
                self.bag.warning(
                    codes.HAND_SIZE,
                    f"{self.name(seat)}'s initial hand has {len(ranks)} cards; "
                    + (
                        f"the '{rules.name}' rules deal {size}"
                        if rules.hand_size
                        else f"the first hand has {size}"
                    ),
                    line,
                    hand_line.column if hand_line else 1,
                    step=0,
                )
            dealt_hand = hand_of(ranks)
            seen = list(map(add, self.seen, dealt_hand.counts))
            if max(seen[:_JOKER_INDEX]) <= 4 and seen[_JOKER_INDEX] <= 2:
                self.seen = seen  # the usual deal: no rank seen too often, nothing to say
            else:
                for index, count in enumerate(dealt_hand.counts):
                    if count:
                        self.see(
                            CARD_ORDER[index], line, hand_line.column if hand_line else 1, 0, count
                        )
            hands.append(dealt_hand)
        dealt = sum(hand.size for hand in hands)
        deck = rules.deck_size - dealt
        if deck < 0:
            self.bag.error(
                codes.TOO_MANY_OF_RANK,
                f"{dealt} cards are dealt but the deck has only {rules.deck_size}",
                self.first_line(),
                step=0,
            )
            deck = 0
        state = State(tuple(hands), None, "", deck, "", False, None, ())
        self.steps.append(Step(0, None, None, frozenset({"deal"}), state))
        return state

    def first_line(self) -> int:
        lines = [hand.line for hand in self.game.initial_hands.values()]
        lines += [move.line for move in self.game.moves[:1]]
        return min(lines) if lines else 1

    # -- cards moving ------------------------------------------------------------------

    def implied_draws(
        self, hand: HandState, ranks: str, deck: tuple[int, str], move: Move, step: int
    ) -> tuple[HandState, int, str]:
        """In a record that writes no draws, cards the hand lacks were drawn unrecorded."""
        counts = list(hand.counts)
        unknown = hand.unknown
        deck_unknown, bottom = deck
        needed = list(counts)
        for rank in ranks:
            index = _INDEX.get(rank)
            if index is None:
                continue
            if needed[index] > 0:
                needed[index] -= 1
            elif unknown > 0:
                unknown -= 1
            elif deck_unknown > 0 or rank in bottom:
                if deck_unknown > 0:
                    deck_unknown -= 1
                    self.see(rank, move.line, move.column, step)
                else:
                    where = bottom.index(rank)
                    bottom = bottom[:where] + bottom[where + 1 :]
                counts[index] += 1
                self.bag.warning(
                    codes.MISSING_DRAWS,
                    "this record writes no draws; cards a player did not hold are taken as "
                    "unrecorded draws from the deck",
                    move.line,
                    move.column,
                    step=step,
                    once="missing-draws",
                )
        return HandState(tuple(counts), hand.unknown), deck_unknown, bottom

    def take(
        self, hand: HandState, ranks: str, seat: int, move: Move, step: int, what: str
    ) -> HandState:
        """``hand`` without ``ranks``; a card it cannot hold is an error (or, for an
        unknown hand, comes out of its unknown cards)."""
        counts = list(hand.counts)
        for rank in ranks:
            index = _INDEX.get(rank)
            if index is None or not counts[index]:
                break
            counts[index] -= 1
        else:  # the usual play: every card is in the hand
            return HandState(tuple(counts), hand.unknown)
        counts = list(hand.counts)
        unknown = hand.unknown
        missing: list[str] = []
        for rank in ranks:
            index = _INDEX.get(rank)
            if index is not None and counts[index] > 0:
                counts[index] -= 1
            elif unknown > 0:
                unknown -= 1
                if index is not None:
                    self.see(rank, move.line, move.column, step)
            elif index is not None:
                missing.append(rank)
        if missing:
            if self.incomplete[seat]:
                self.bag.warning(
                    codes.INCOMPLETE_HAND,
                    f"{self.name(seat)} plays more cards than their (unknown) hand can hold; "
                    "hand checks for this record are approximate",
                    move.line,
                    move.column,
                    step=step,
                    once="incomplete-hand",
                )
            else:
                self.bag.error(
                    codes.CARD_NOT_IN_HAND,
                    f"{self.name(seat)} {what} {''.join(missing)} but does not hold "
                    + ("it" if len(missing) == 1 else "them")
                    + f" (hand: {hand.cards or 'empty'}"
                    + (f" + {hand.unknown} unknown" if hand.unknown else "")
                    + ")",
                    move.line,
                    move.column,
                    step=step,
                )
        return HandState(tuple(counts), unknown)

    def draw(
        self,
        hand: HandState,
        cards: Sequence[Card],
        state_deck: tuple[int, str],
        move: Move,
        step: int,
        column: int,
    ) -> tuple[HandState, int, str, str]:
        """Draw ``cards`` (``?`` = unknown) from the top of the deck.

        Returns the new hand, deck_unknown, bottom, and the drawn cards as now known.
        """
        deck_unknown, bottom = state_deck
        if deck_unknown >= len(cards):
            ranks = "".join([card.rank for card in cards])
            if UNKNOWN not in ranks:
                return self.draw_known(hand, ranks, deck_unknown, bottom, move, step, column)
        counts = list(hand.counts)
        unknown = hand.unknown
        drawn: list[str] = []
        for card in cards:
            rank = card.rank
            if deck_unknown > 0:
                deck_unknown -= 1
                if rank != UNKNOWN:
                    seen_at = _INDEX[rank]
                    self.seen[seen_at] += 1
                    if self.seen[seen_at] > _LIMITS[seen_at]:
                        self.seen[seen_at] -= 1
                        self.see(rank, move.line, column, step)
            elif bottom:
                expected = bottom[0]
                if rank in (UNKNOWN, expected):
                    rank = expected
                    bottom = bottom[1:]
                elif rank in bottom:
                    self.bag.warning(
                        codes.DECK_BOTTOM_MISMATCH,
                        f"drew {rank}, but the deck's known bottom has {expected} next "
                        f"(bottom: {bottom}); the flush order may differ from the record's",
                        move.line,
                        column,
                        step=step,
                        once="bottom-order",
                    )
                    where = bottom.index(rank)
                    bottom = bottom[:where] + bottom[where + 1 :]
                else:
                    self.bag.warning(
                        codes.DECK_BOTTOM_MISMATCH,
                        f"drew {rank}, but only {bottom} is left in the deck",
                        move.line,
                        column,
                        step=step,
                    )
                    self.seen[_INDEX[expected]] -= 1
                    self.see(rank, move.line, column, step)
                    bottom = bottom[1:]
            else:
                self.bag.error(
                    codes.EMPTY_DECK_DRAW,
                    f"{self.name(self.seat_of[move.player])} draws {rank} but the deck is empty",
                    move.line,
                    column,
                    step=step,
                    once=f"empty-deck-{step}",
                )
                if rank != UNKNOWN:
                    self.see(rank, move.line, column, step)
            index = _INDEX.get(rank)
            if index is None:
                unknown += 1
                self.bag.info(
                    codes.UNKNOWN_CARDS,
                    "some drawn cards are unknown (?); checks that need them are skipped",
                    move.line,
                    column,
                    step=step,
                    once="unknown-cards",
                )
            else:
                counts[index] += 1
            drawn.append(rank)
        return HandState(tuple(counts), unknown), deck_unknown, bottom, "".join(drawn)

    def draw_known(
        self,
        hand: HandState,
        ranks: str,
        deck_unknown: int,
        bottom: str,
        move: Move,
        step: int,
        column: int,
    ) -> tuple[HandState, int, str, str]:
        """:meth:`draw` of named cards from the deck's unknown part (the usual draw)."""
        counts = list(hand.counts)
        seen = self.seen
        for rank in ranks:
            index = _INDEX[rank]
            counts[index] += 1
            seen[index] += 1
            if seen[index] > _LIMITS[index]:
                seen[index] -= 1
                self.see(rank, move.line, column, step)
        return HandState(tuple(counts), hand.unknown), deck_unknown - len(ranks), bottom, ranks

    # -- judging a play ----------------------------------------------------------------

    def joker_values(
        self, move: Move, step: int, runs: list[tuple[CardRun, str]]
    ) -> dict[int, tuple[int, ...]] | None:
        """Declared joker values assigned to the move's card runs, left to right as written.

        ``runs`` are (run, its ranks); keys of the result are ``id`` of each run. ``None``
        if a joker lacks a value.
        """
        runs = sorted(runs, key=_column)
        values: list[int] = []
        for text in move.joker_values:
            value = joker_value(text)
            if value is None:
                continue  # the parser reported it
            if not self.rules.joker_min <= value <= self.rules.joker_max:
                self.bag.error(
                    codes.JOKER_VALUE_RANGE,
                    f"joker value {text} is outside {self.rules.joker_min}–"
                    f"{self.rules.joker_max} (the '{self.rules.name}' rules)",
                    move.line,
                    move.column,
                    step=step,
                )
            values.append(value)
        needed = sum(ranks.count(JOKER) for _, ranks in runs)
        lone_joker = (
            self.rules.infinity_joker
            and move.action is Action.PLAY
            and len(runs) == 1
            and runs[0][1] == JOKER
        )
        if lone_joker and not values:
            needed = 0
        if len(values) > needed:
            self.bag.warning(
                codes.JOKER_VALUE_EXTRA,
                f"{len(values)} joker values are declared for {needed} joker(s)",
                move.line,
                move.column,
                step=step,
            )
        assigned: dict[int, tuple[int, ...]] = {}
        position = 0
        for run, ranks in runs:
            jokers = ranks.count(JOKER)
            if lone_joker and not move.joker_values:
                jokers = 0
            assigned[id(run)] = tuple(values[position : position + jokers])
            position += jokers
        if position > len(values):
            self.bag.error(
                codes.JOKER_VALUE_MISSING,
                f"{needed} joker(s) played but {len(values)} value(s) declared "
                "(write |X=K for each joker, left to right)",
                move.line,
                move.column,
                step=step,
            )
            return None
        return assigned

    def judge(self, move: Move, state: State, step: int, ranks: str) -> _Play:
        if (
            move.action is _PLAY
            and not move.factors
            and not move.joker_values
            and not move.tags
            and JOKER not in ranks
            and UNKNOWN not in ranks
        ):
            plain = self.judge_plain(state, ranks)
            if plain is not None:
                return plain
        run = move.number
        assert run is not None  # callers only judge moves with cards
        rules = self.rules
        problems: list[tuple[str, str]] = []
        # Each factor as its chain of runs (base, exponent, tower) and their ranks.
        chains: list[tuple[list[CardRun], list[str]]] = []
        factor_cards = ""
        if move.factors:
            for factor in move.factors:
                chain = [factor.base]
                if factor.exponent is not None:
                    chain.append(factor.exponent)
                chain.extend(factor.tower)
                chains.append((chain, [link.ranks for link in chain]))
            factor_cards = "".join("".join(chain_ranks) for _, chain_ranks in chains)
        assigned: dict[int, tuple[int, ...]] | None = _NO_JOKERS
        if move.joker_values or JOKER in ranks or JOKER in factor_cards:
            runs = [(run, ranks)]
            for chain, chain_ranks in chains:
                runs.extend(zip(chain, chain_ranks, strict=True))
            assigned = self.joker_values(move, step, runs)
        checkable = assigned is not None and UNKNOWN not in ranks
        if len(ranks) + len(factor_cards) > rules.deck_size:
            # Impossible with one deck; and no primality test on a number of that size.
            self.bag.error(
                codes.TOO_MANY_OF_RANK,
                f"a play of {len(ranks) + len(factor_cards)} cards, but the deck has only "
                f"{rules.deck_size}",
                move.line,
                move.column,
                step=step,
            )
            checkable = False
        jokers = assigned.get(id(run), ()) if assigned is not None else ()
        special: Special | None = None
        number: int | None = None
        factorisation = ""
        note = ""
        composite = move.action is Action.COMPOSITE
        if ranks == JOKER and not jokers and not composite and rules.infinity_joker:
            special = Special.IN
            note = "lone joker (∞): beats any single card and flushes the field"
        elif checkable:
            number = number_of(ranks, jokers)
            if number is None:
                checkable = False
            elif ranks[0] == JOKER and jokers and jokers[0] == 0 and len(ranks) > 1:
                self.bag.warning(
                    codes.JOKER_LEADING_ZERO,
                    f"the joker leads {ranks} as 0, so {len(ranks)} cards make {number}",
                    move.line,
                    run.column,
                    step=step,
                )
        field = state.field
        if field is not None:
            if len(ranks) != field.count:
                problems.append(
                    (
                        codes.WRONG_COUNT,
                        f"{len(ranks)} card(s) on a field of {field.count}",
                    )
                )
            elif special is Special.IN:
                pass
            elif number is not None and field.number is not None:
                if state.revolution and number >= field.number:
                    problems.append(
                        (codes.NOT_STRONGER, f"{number} is not below {field.number} (revolution)")
                    )
                elif not state.revolution and number <= field.number:
                    problems.append((codes.NOT_STRONGER, f"{number} does not beat {field.number}"))
        if composite:
            if not rules.composites:
                problems.append((codes.COMPOSITES_OFF, "composite plays are not allowed"))
            elif number == GROTHENDIECK and not rules.composite_57:
                problems.append(
                    (
                        codes.COMPOSITES_OFF,
                        f"57 may only be played as a prime ('{rules.name}' rules)",
                    )
                )
            pairs: list[tuple[int, int | None]] = []
            shown: list[str] = []
            low_exponent = False
            cap = number.bit_length() + 1 if number is not None else 1
            for chain, chain_ranks in chains:
                values = [
                    number_of(link_ranks, assigned.get(id(link), ()))
                    if assigned is not None
                    else None
                    for link, link_ranks in zip(chain, chain_ranks, strict=True)
                ]
                if any(value is None for value in values):
                    checkable = False
                    break
                known = [value for value in values if value is not None]
                low_exponent = low_exponent or any(value < 2 for value in known[1:])
                pairs.append((known[0], power_chain(known[1:], cap) if len(known) > 1 else None))
                shown.append("^".join(str(value) for value in known))
            if checkable and number is not None:
                factorisation = " × ".join(shown)
                reason = check_factorisation(number, pairs)
                if reason is None and low_exponent:
                    reason = "an exponent below 2 is not allowed"
                if reason is None and is_prime(number):
                    reason = f"{number} is prime, not composite"
                if reason is None and not rules.exponents and any(e for _, e in pairs):
                    reason = "exponents are not allowed"
                if reason is not None:
                    problems.append(
                        (codes.BAD_FACTORISATION_ACCEPTED, f"{number} = {factorisation}: {reason}")
                    )
                else:
                    note = f"{number} = {factorisation} ✓ (factor cards discarded)"
            tags = set(move.tags)
            if number in (GROTHENDIECK, RAMANUJAN) and (Special.GC in tags or Special.RR in tags):
                self.bag.warning(
                    codes.SPECIAL_AS_COMPOSITE,
                    f"{number} played as a composite has no special effect",
                    move.line,
                    move.column,
                    step=step,
                )
        elif number is not None:
            if number == GROTHENDIECK and len(ranks) == 2 and rules.grothendieck_cut:
                special = Special.GC
                note = "57: Grothendieck cut, field flushed"
            elif number == RAMANUJAN and len(ranks) == 4 and rules.ramanujan_revolution:
                special = Special.RR
                note = "1729: Ramanujan revolution, " + (
                    "order back to normal" if state.revolution else "order of strength reversed"
                )
            elif is_prime(number):
                note = f"{number} is prime"
            else:
                problems.append((codes.NOT_PRIME_ACCEPTED, why_not_prime(number)))
        for tag in move.tags:
            if tag is not special and not composite:
                self.bag.error(
                    codes.TAG_MISMATCH,
                    f"[{tag.value}] is written, but {ranks}"
                    + (f" = {number}" if number is not None else "")
                    + f" is not {_TAG_MEANING[tag]}",
                    move.line,
                    move.column,
                    step=step,
                )
        if not checkable and special is None:
            self.bag.info(
                codes.UNCHECKABLE_PLAY,
                f"{ranks} contains unknown cards or jokers without value; it is not checked",
                move.line,
                move.column,
                step=step,
            )
        declared = (
            tuple(value for value in map(joker_value, move.joker_values) if value is not None)
            if move.joker_values
            else ()
        )
        return _Play(
            number, declared, factor_cards, factorisation, special, problems, checkable, note
        )

    def judge_plain(self, state: State, ranks: str) -> _Play | None:
        """:meth:`judge` for most moves: a number of known cards, without jokers, factors
        or tags (which need none of its diagnostics); ``None`` for anything else."""
        rules = self.rules
        if len(ranks) > rules.deck_size:
            return None
        number = number_of(ranks)
        if number is None:
            return None
        problems: list[tuple[str, str]] = []
        field = state.field
        if field is not None:
            if len(ranks) != len(field.cards):
                problems.append(
                    (codes.WRONG_COUNT, f"{len(ranks)} card(s) on a field of {field.count}")
                )
            elif field.number is not None:
                if state.revolution:
                    if number >= field.number:
                        problems.append(
                            (
                                codes.NOT_STRONGER,
                                f"{number} is not below {field.number} (revolution)",
                            )
                        )
                elif number <= field.number:
                    problems.append((codes.NOT_STRONGER, f"{number} does not beat {field.number}"))
        special: Special | None = None
        if number == GROTHENDIECK and len(ranks) == 2 and rules.grothendieck_cut:
            special = _GC
            note = "57: Grothendieck cut, field flushed"
        elif number == RAMANUJAN and len(ranks) == 4 and rules.ramanujan_revolution:
            special = _RR
            note = "1729: Ramanujan revolution, " + (
                "order back to normal" if state.revolution else "order of strength reversed"
            )
        elif is_prime(number):
            note = f"{number} is prime"
        else:
            note = ""
            problems.append((codes.NOT_PRIME_ACCEPTED, why_not_prime(number)))
        return _Play(number, (), "", "", special, problems, True, note)

    # -- one move ----------------------------------------------------------------------

    def step(self, move: Move, state: State, previous: Step, last: bool = False) -> State:
        index = len(self.steps)
        seat = self.seat_of.get(move.player)
        if seat is None:
            self.bag.warning(
                codes.UNREADABLE_SKIPPED,
                f"the move of unknown player '{move.player}' is skipped",
                move.line,
                move.column,
                step=index,
            )
            self.steps.append(Step(index, move, None, frozenset({"unreadable"}), state))
            return state
        if self.first_seat is None:
            self.first_seat = seat
        if state.to_move is None and state.out:
            self.bag.error(
                codes.AFTER_GAME_END,
                "the game is over (every player but one has gone out), yet moves follow",
                move.line,
                move.column,
                step=index,
                once="after-end",
            )
        elif state.to_move is not None and seat != state.to_move:
            self.bag.error(
                codes.OUT_OF_TURN,
                f"it is {self.name(state.to_move)}'s turn, not {self.name(seat)}'s",
                move.line,
                move.column,
                step=index,
            )
        kinds: set[str] = set()
        annotations: list[str] = []
        hand = state.hands[seat]
        deck_unknown, bottom = state.deck_unknown, state.bottom
        drawn = ""
        if move.draw:
            same_turn = (
                previous.seat == seat
                and previous.move is not None
                and previous.move.action is _DRAW
            )
            draws = len(move.draw) + (len(previous.drawn) if same_turn else 0)
            if draws > self.rules.max_draws_per_turn:
                self.bag.warning(
                    codes.TOO_MANY_DRAWS,
                    f"{self.name(seat)} draws {draws} cards in one turn; the rules allow "
                    f"{self.rules.max_draws_per_turn}",
                    move.line,
                    move.column,
                    step=index,
                )
            hand, deck_unknown, bottom, drawn = self.draw(
                hand, move.draw, (deck_unknown, bottom), move, index, move.column
            )
            kinds.add("draw")
        field, pile, revolution, out = state.field, state.pile, state.revolution, state.out
        to_move: int | None = seat
        flushed = False
        played = ""
        consumed = 0
        number: int | None = None
        jokers: tuple[int, ...] = ()
        factor_cards = ""
        factorisation = ""
        penalty_drawn = ""
        valid: bool | None = None
        action = move.action
        penalised = move.penalty is not None
        ends_turn = True

        if action is _DRAW:
            ends_turn = False
        # Enum members are compared by identity: `in (…)` and dict lookups on them cost
        # microseconds each in Python 3.11, on every move.
        elif action is _PASS or action is _TIMEOUT or action is _UNKNOWN or move.number is None:
            kinds.add(
                "pass" if action is _PASS else "timeout" if action is _TIMEOUT else "unreadable"
            )
            if action is _UNKNOWN or (
                move.number is None and action is not _PASS and action is not _TIMEOUT
            ):
                self.bag.warning(
                    codes.UNREADABLE_SKIPPED,
                    "this move could not be read; it is treated as a pass",
                    move.line,
                    move.column,
                    step=index,
                )
            if penalised:
                self.bag.error(
                    codes.PENALTY_WITHOUT_PLAY,
                    "a penalty is written on a move that put no cards on the field",
                    move.line,
                    move.column,
                    step=index,
                )
        else:
            run = move.number
            played = "".join([card.rank for card in run.cards])
            judged = self.judge(move, state, index, played)
            number, jokers = judged.number, judged.joker_values
            factor_cards, factorisation = judged.factor_cards, judged.factorisation
            kinds.add("lead" if field is None else "follow")
            consumed = len(played) + len(factor_cards)
            if not self.records_draws:
                hand, deck_unknown, bottom = self.implied_draws(
                    hand, played + factor_cards, (deck_unknown, bottom), move, index
                )
            if action is Action.COMPOSITE:
                kinds.add("composite")
            valid = (not judged.problems) if judged.checkable or judged.special else None
            if judged.problems and valid is None:
                valid = False
            if penalised:
                kinds.add("penalty")
                # The cards must have been in the hand, and they come back to it.
                self.take(hand, played + factor_cards, seat, move, index, "plays")
                reason = judged.problems[0][1] if judged.problems else "no rule broken"
                if valid is True:
                    self.bag.error(
                        codes.VALID_PLAY_PENALISED,
                        f"{judged.note or played} — yet the play was penalised",
                        move.line,
                        move.column,
                        step=index,
                    )
                    annotations.append(f"{judged.note}, yet penalised")
                hand, deck_unknown, bottom, penalty_drawn, size_text = self.penalty(
                    move, hand, (deck_unknown, bottom), len(played), len(factor_cards), index
                )
                if valid is not True:
                    annotations.append(f"{reason} → penalty {size_text}")
            else:
                if judged.problems:
                    for code, reason in judged.problems:
                        self.bag.error(
                            code,
                            f"{reason}, but the play was not penalised",
                            move.line,
                            move.column,
                            step=index,
                        )
                    annotations.append(
                        "judge missed: "
                        + "; ".join(_as_fact(reason) for _, reason in judged.problems)
                        + " was accepted"
                    )
                elif judged.note:
                    annotations.append(judged.note)
                hand = self.take(hand, played + factor_cards, seat, move, index, "plays")
                bottom += factor_cards
                field = FieldState(played, number, seat, factorisation)
                pile += played
                if judged.special is _RR:
                    kinds.add("RR")
                    revolution = not revolution
                elif judged.special is _GC or judged.special is _IN:
                    kinds.add("GC" if judged.special is _GC else "IN")
                    bottom += pile
                    pile, field, flushed = "", None, True
        # Going out (or an adjudicated end written as # after a penalty).
        # A valid play that empties a fully known hand goes out (with or without #).
        emptied = bool(played and not penalised and not self.incomplete[seat] and hand.size == 0)
        if move.out:
            left = 0 if self.incomplete[seat] and not penalised else hand.size
            if left and last:
                # Tournament games stopped by the clock are adjudicated, and the record
                # marks the declared winner with # on its last line (2 of 448 corpus games).
                self.bag.warning(
                    codes.ADJUDICATED_END,
                    f"the game ends with # but {self.name(seat)} still holds {left} card(s); "
                    f"read as an adjudicated end (time limit) with {self.name(seat)} declared "
                    "the winner",
                    move.line,
                    move.column,
                    step=index,
                )
            elif left:
                self.bag.error(
                    codes.OUT_WITH_CARDS,
                    f"# is written but {self.name(seat)} still holds {hand.size} card(s): "
                    f"{hand.cards}"
                    + (f" + {hand.unknown} unknown" if hand.unknown else "")
                    + ", and the game goes on",
                    move.line,
                    move.column,
                    step=index,
                )
            if self.incomplete[seat] and not penalised:
                hand = HandState(hand.counts, 0)
        elif emptied:
            self.bag.error(
                codes.EMPTY_WITHOUT_OUT,
                f"{self.name(seat)} has no cards left, but the move has no #",
                move.line,
                move.column,
                step=index,
            )
        goes_out = move.out or emptied
        hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
        if goes_out and seat not in out:
            kinds.add("out")
            out = (*out, seat)
            annotations.append(f"{self.name(seat)} goes out")
            if pile:
                bottom += pile
            pile, field, flushed = "", None, True
            to_move = self.next_active(seat, out)
            if to_move is not None and to_move == self.next_active(to_move, out):
                to_move = None  # only one player left: the game is over
        elif ends_turn and "GC" not in kinds and "IN" not in kinds:
            to_move = self.next_active(seat, out)
            stands = played and not penalised
            if (
                not stands
                and field is not None
                and (self.rules.flush_on_pass or to_move == field.owner)
            ):
                bottom += pile
                leader = field.owner if field.owner not in out else to_move
                if leader is not None:
                    annotations.append(f"field flushed; {self.name(leader)} leads")
                pile, field, flushed = "", None, True
        if move.flush_mark and not flushed:
            self.bag.warning(
                codes.FLUSH_MARK,
                "the move is marked as flushing the field (r), but the field did not flush here",
                move.line,
                move.column,
                step=index,
            )
        if move.revolution_mark and not state.revolution:
            self.bag.warning(
                codes.REVOLUTION_MARK,
                "the move is marked [R] (under revolution), but no revolution is on",
                move.line,
                move.column,
                step=index,
            )
        new_state = State(hands, field, pile, deck_unknown, bottom, revolution, to_move, out)
        self.steps.append(
            Step(
                index,
                move,
                seat,
                frozenset(kinds),
                new_state,
                drawn,
                played,
                factor_cards,
                consumed,
                number,
                jokers,
                factorisation,
                penalty_drawn,
                valid,
                flushed,
                tuple(annotations),
            )
        )
        return new_state

    def penalty(
        self,
        move: Move,
        hand: HandState,
        deck: tuple[int, str],
        number_cards: int,
        factor_cards: int,
        step: int,
    ) -> tuple[HandState, int, str, str, str]:
        penalty = move.penalty
        assert penalty is not None  # only called for penalised moves
        full = self.rules.penalty_size(number_cards, factor_cards)
        available = deck[0] + len(deck[1])
        expected = min(full, available)
        written = penalty.count if penalty.count is not None else None
        if written is None and penalty.cards is not None:
            written = len(penalty.cards)
        if written is not None and written != expected:
            why = f"{number_cards} played" + (
                f" + {factor_cards} factor cards" if factor_cards else ""
            )
            self.bag.error(
                codes.PENALTY_SIZE,
                f"the penalty is {written} card(s), but {why} make a penalty of {full}"
                + (f" and the deck holds {available}" if available < full else "")
                + f", so {expected}",
                move.line,
                penalty.column,
                step=step,
            )
        cards: Sequence[Card]
        if penalty.cards is not None:
            cards = penalty.cards
        else:
            cards = [Card(UNKNOWN)] * (written if written is not None else expected)
        hand, deck_unknown, bottom, drawn = self.draw(hand, cards, deck, move, step, penalty.column)
        return hand, deck_unknown, bottom, drawn, str(len(cards))


_NO_JOKERS: dict[int, tuple[int, ...]] = {}


def _as_fact(reason: str) -> str:
    """``1001 = 7 × 11 × 13 is not prime`` → ``1001 = 7 × 11 × 13`` (for "… was accepted")."""
    return reason.removesuffix(", so it is not prime").removesuffix(" is not prime")


def _column(run: tuple[CardRun, str]) -> int:
    return run[0].column


def power_chain(exponents: Sequence[int], cap: int) -> int:
    """A tower of exponents read right to left (``2^2^3`` → 2^8), capped at ``cap + 1``.

    The cap keeps ``3^5^6^6^8^8`` from being computed: anything above ``cap`` (the bit
    length of the number it should make) is already too large to be right.
    """
    value = exponents[-1]
    for base in reversed(exponents[:-1]):
        if value > cap or (base > 1 and (base.bit_length() - 1) * value > cap):
            return cap + 1
        value = base**value
    return min(value, cap + 1)


_TAG_MEANING = {
    Special.GC: "57 (two cards)",
    Special.RR: "1729 (four cards)",
    Special.IN: "a lone joker",
}


def replay(game: ParsedGame, rules: RuleSet = STANDARD) -> Replay:
    """Replay ``game`` under ``rules``: one step per move, diagnostics collected."""
    bag = DiagnosticBag()
    replayer = _Replayer(game, rules, bag)
    state = replayer.deal()
    final = len(game.moves) - 1
    for number, move in enumerate(game.moves):
        state = replayer.step(move, state, replayer.steps[-1], number == final)
    return Replay(game, rules, replayer.seats, replayer.steps, bag.items, replayer.first_seat)
