"""Card accounting: which cards left a hand, which came from the deck, which are known.

One deck holds four cards of each rank and two jokers. Every card that becomes known
(dealt, drawn by name, played from a hand of unknown cards) is counted in ``seen``; a
rank seen more often than the deck holds means the record and the rules cannot both be
right (PD121). The deck is an unknown top (``deck_unknown`` cards) above a known bottom
(flushed and discarded cards, next-to-draw first).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from operator import add, sub

from kifuwiki.core.diagnostics import DiagnosticBag, counted
from kifuwiki.games.prime_daifugo import codes
from kifuwiki.games.prime_daifugo.model import UNKNOWN, Card, Move
from kifuwiki.games.prime_daifugo.notation_moves import ranks_of
from kifuwiki.games.prime_daifugo.state import (
    CARD_ORDER,
    DECK_LIMITS,
    JOKER_INDEX,
    RANK_INDEX,
    HandState,
    hand_of,
)

#: Plays of up to this many cards leave the hand card by card (cheaper than subtracting
#: counts of all 14 ranks); longer ones by their counts.
_FEW_CARDS = 4

#: (cards in the deck's unknown top, its known bottom).
Deck = tuple[int, str]


class CardLedger:
    """The counts of known cards, and the card moves that must keep them possible."""

    __slots__ = ("bag", "incomplete", "names", "seen")

    def __init__(self, bag: DiagnosticBag, names: list[str], incomplete: list[bool]) -> None:
        self.bag = bag
        self.names = names
        """Display names by seat, for messages."""
        self.incomplete = incomplete
        """By seat: whether the initial hand is unknown (checks on it are approximate)."""
        self.seen = [0] * len(CARD_ORDER)

    def see(
        self, rank: str, line: int, column: int, step: int, count: int = 1, drawn: str = ""
    ) -> None:
        """Cards of ``rank`` became known: check no rank is visible more than the deck holds.

        ``drawn``: the written cards of a draw or penalty that showed them (then the
        cause is named: those cards do not fit the deck)."""
        index = RANK_INDEX.get(rank)
        if index is None:
            return
        self.seen[index] += count
        limit = DECK_LIMITS[index]
        if self.seen[index] > limit:
            what = "jokers" if index == JOKER_INDEX else f"cards of rank {rank}"
            what_ja = "ジョーカー" if index == JOKER_INDEX else f"{rank} のカード"
            cause = f"the written cards {drawn} do not fit the deck: " if drawn else ""
            cause_ja = f"書かれたカード {drawn} は山札と合わない: " if drawn else ""
            self.bag.error(
                codes.TOO_MANY_OF_RANK,
                f"{cause}{self.seen[index]} {what} are known at once; the deck has only {limit}",
                line,
                column,
                step=step,
                once=f"rank-{rank}",
                ja=f"{cause_ja}{what_ja}が同時に {self.seen[index]} 枚見えている"
                f"(デッキには {limit} 枚)",
            )

    def see_hand(self, hand: HandState, line: int, column: int) -> None:
        """A dealt hand became known."""
        seen = list(map(add, self.seen, hand.counts))
        if max(seen[:JOKER_INDEX]) <= 4 and seen[JOKER_INDEX] <= 2:
            self.seen = seen  # the usual deal: no rank seen too often, nothing to say
            return
        for index, count in enumerate(hand.counts):
            if count:
                self.see(CARD_ORDER[index], line, column, 0, count)

    # -- cards leaving a hand ----------------------------------------------------------

    def take(
        self, hand: HandState, ranks: str, seat: int, move: Move, step: int, what: str
    ) -> HandState:
        """``hand`` without ``ranks``; a card it cannot hold is an error (or, for an
        unknown hand, comes out of its unknown cards)."""
        # The usual play: every card is in the hand.
        if len(ranks) <= _FEW_CARDS:
            counts = list(hand.counts)
            for rank in ranks:
                index = RANK_INDEX.get(rank)
                if index is None or not counts[index]:
                    break
                counts[index] -= 1
            else:
                return HandState(tuple(counts), hand.unknown)
        else:
            need = hand_of(ranks)  # the played cards as counts (cached by their text)
            if not need.unknown:
                counts_left = tuple(map(sub, hand.counts, need.counts))
                if min(counts_left) >= 0:
                    return HandState(counts_left, hand.unknown)
        return self._take_unusual(hand, ranks, seat, move, step, what)

    def _take_unusual(
        self, hand: HandState, ranks: str, seat: int, move: Move, step: int, what: str
    ) -> HandState:
        counts = list(hand.counts)
        unknown = hand.unknown
        missing: list[str] = []
        for rank in ranks:
            index = RANK_INDEX.get(rank)
            if index is not None and counts[index] > 0:
                counts[index] -= 1
            elif unknown > 0:
                unknown -= 1
                if index is not None:
                    self.see(rank, move.line, move.column, step)
            elif index is not None:
                missing.append(rank)
        if missing:
            self._missing(hand, missing, seat, move, step, what)
        return HandState(tuple(counts), unknown)

    def _missing(
        self, hand: HandState, missing: list[str], seat: int, move: Move, step: int, what: str
    ) -> None:
        name = self.names[seat]
        if self.incomplete[seat]:
            self.bag.warning(
                codes.INCOMPLETE_HAND,
                f"{name} plays more cards than their (unknown) hand can hold; "
                "hand checks for this record are approximate",
                move.line,
                move.column,
                step=step,
                once="incomplete-hand",
                ja=f"{name} は(不明な)手札より多くのカードを出している。この棋譜の手札の検査は"
                "近似になる",
            )
            return
        cards = codes.quote("".join(missing))
        shown = codes.quote(hand.cards, codes.HAND_QUOTE_LIMIT)
        held = (shown or "empty") + (f" + {hand.unknown} unknown" if hand.unknown else "")
        held_ja = (shown or "なし") + (f" + 不明 {hand.unknown} 枚" if hand.unknown else "")
        verb_ja = "出した" if what == "plays" else "使った"
        self.bag.error(
            codes.CARD_NOT_IN_HAND,
            f"{name} {what} {cards} but does not hold "
            + ("it" if len(missing) == 1 else "them")
            + f" (hand: {held})",
            move.line,
            move.column,
            step=step,
            ja=f"{name} は {cards} を{verb_ja}が、手札にない(手札: {held_ja})",
        )

    def take_back(self, hand: HandState, ranks: str, seat: int, move: Move, step: int) -> HandState:
        """A penalised play: its cards must have been in the hand, and they come back.

        From a hand of unknown cards they come back *known*: the play showed them, so a
        later play of the same cards is not a second sighting of them.
        """
        taken = self.take(hand, ranks, seat, move, step, "plays")
        if not hand.unknown:
            return hand
        back = hand_of(ranks)
        return HandState(tuple(map(add, taken.counts, back.counts)), taken.unknown + back.unknown)

    def implied_draws(
        self, hand: HandState, ranks: str, deck: Deck, move: Move, step: int
    ) -> tuple[HandState, int, str]:
        """In a record that writes no draws, cards the hand lacks were drawn unrecorded."""
        counts = list(hand.counts)
        unknown = hand.unknown
        deck_unknown, bottom = deck
        needed = list(counts)
        for rank in ranks:
            index = RANK_INDEX.get(rank)
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
                    ja="この棋譜にはドローが書かれていない。手札になかったカードは、書かれていない"
                    "ドローで山札から引いたものとみなす",
                )
        return HandState(tuple(counts), hand.unknown), deck_unknown, bottom

    # -- cards coming from the deck ----------------------------------------------------

    def draw(
        self,
        hand: HandState,
        cards: Sequence[Card],
        deck: Deck,
        move: Move,
        step: int,
        column: int,
        who: str,
    ) -> tuple[HandState, int, str, str]:
        """Draw ``cards`` (``?`` = unknown) from the top of the deck.

        Returns the new hand, deck_unknown, bottom, and the drawn cards as now known (in
        the order written).
        """
        deck_unknown, bottom = deck
        ranks = ranks_of(cards)
        if deck_unknown >= len(ranks):
            if UNKNOWN not in ranks:
                return self._draw_known(hand, ranks, deck_unknown, bottom, move, step, column)
        elif (
            bottom
            and len(ranks) - deck_unknown <= len(bottom)
            and not bottom.startswith(ranks[deck_unknown:])
        ):
            # The cards past the unknown top come from the known bottom in deck order,
            # whatever order the recorder wrote them in (some sort them): match them as
            # a multiset, and draw them in deck order.
            order = deck_order(ranks, deck_unknown, bottom)
            if order is None:
                self._not_in_deck(ranks, deck_unknown, bottom, move, step, column)
            elif order != list(range(len(ranks))):
                hand, deck_unknown, bottom, drawn = self._draw_in_order(
                    hand, "".join(ranks[i] for i in order), deck, move, step, column, who
                )
                written = [""] * len(ranks)
                for position, index in enumerate(order):
                    written[index] = drawn[position]
                return hand, deck_unknown, bottom, "".join(written)
        return self._draw_in_order(hand, ranks, deck, move, step, column, who)

    def _not_in_deck(
        self, ranks: str, deck_unknown: int, bottom: str, move: Move, step: int, column: int
    ) -> None:
        """One diagnostic for written cards the deck cannot give: the cause, stated once."""
        from_bottom = bottom[: max(len(ranks) - deck_unknown, 0)]
        top = f"{counted(deck_unknown, 'unknown card')}, then " if deck_unknown else ""
        top_ja = f"不明なカード {deck_unknown} 枚の後に " if deck_unknown else ""
        ranks = codes.quote(ranks)
        self.bag.warning(
            codes.DECK_BOTTOM_MISMATCH,
            f"the written cards {ranks} do not fit the deck: it gives {top}{from_bottom} "
            f"(its known bottom is {bottom}: flushed and discarded cards, in order)",
            move.line,
            column,
            step=step,
            ja=f"書かれたカード {ranks} は山札と合わない: 山札からは {top_ja}{from_bottom} "
            f"が出るはず(既知の山札の底: {bottom}、流れた順)",
        )

    def _draw_in_order(
        self,
        hand: HandState,
        ranks: str,
        deck: Deck,
        move: Move,
        step: int,
        column: int,
        who: str,
    ) -> tuple[HandState, int, str, str]:
        deck_unknown, bottom = deck
        counts = list(hand.counts)
        unknown = hand.unknown
        drawn: list[str] = []
        for rank in ranks:
            if deck_unknown > 0:
                deck_unknown -= 1
                if rank != UNKNOWN:
                    self._see_drawn(rank, move, step, column, ranks)
            elif bottom:
                rank, bottom = self._from_bottom(rank, bottom, move, step, column)
            else:
                self.bag.error(
                    codes.EMPTY_DECK_DRAW,
                    f"{who} draws {rank} but the deck is empty",
                    move.line,
                    column,
                    step=step,
                    once=f"empty-deck-{step}",
                    ja=f"{who} が {rank} を引いているが、山札は空",
                )
                if rank != UNKNOWN:
                    self.see(rank, move.line, column, step)
            index = RANK_INDEX.get(rank)
            if index is None:
                unknown += 1
                self.bag.info(
                    codes.UNKNOWN_CARDS,
                    "some drawn cards are unknown (?); checks that need them are skipped",
                    move.line,
                    column,
                    step=step,
                    once="unknown-cards",
                    ja="引いたカードの一部が不明(?)。それを要する検査は省く",
                )
            else:
                counts[index] += 1
            drawn.append(rank)
        return HandState(tuple(counts), unknown), deck_unknown, bottom, "".join(drawn)

    def _see_drawn(self, rank: str, move: Move, step: int, column: int, drawn: str) -> None:
        seen_at = RANK_INDEX[rank]
        self.seen[seen_at] += 1
        if self.seen[seen_at] > DECK_LIMITS[seen_at]:
            self.seen[seen_at] -= 1
            self.see(rank, move.line, column, step, drawn=drawn)

    def _from_bottom(
        self, rank: str, bottom: str, move: Move, step: int, column: int
    ) -> tuple[str, str]:
        """One card from the known bottom: (the card, the bottom left)."""
        expected = bottom[0]
        if rank in (UNKNOWN, expected):
            return expected, bottom[1:]
        if expected == UNKNOWN:
            # An unknown card went to the bottom (a flushed '?'): the written card says
            # what it was, and is seen for the first time now.
            self._see_drawn(rank, move, step, column, rank)
            return rank, bottom[1:]
        if rank in bottom:
            # The written cards were found to fit as a multiset: here only when they
            # did not (reported once by :meth:`_not_in_deck`), so say nothing more.
            where = bottom.index(rank)
            return rank, bottom[:where] + bottom[where + 1 :]
        self.seen[RANK_INDEX[expected]] -= 1
        self.see(rank, move.line, column, step, drawn=rank)
        return rank, bottom[1:]

    def _draw_known(
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
            index = RANK_INDEX[rank]
            counts[index] += 1
            seen[index] += 1
            if seen[index] > DECK_LIMITS[index]:
                seen[index] -= 1
                self.see(rank, move.line, column, step, drawn=ranks)
        return HandState(tuple(counts), hand.unknown), deck_unknown - len(ranks), bottom, ranks


def deck_order(ranks: str, deck_unknown: int, bottom: str) -> list[int] | None:
    """Positions of ``ranks`` in the order the deck gives them, or ``None`` if it cannot.

    The first ``deck_unknown`` cards come from the unknown top, the rest from ``bottom``
    in order. Written cards are matched as a multiset: the cards the bottom must give
    are taken from the written ones (``?`` stands for any), the others came from the top.
    """
    from_bottom = bottom[: max(len(ranks) - deck_unknown, 0)]
    free = Counter(ranks)
    for rank in from_bottom:
        if free[rank]:
            free[rank] -= 1
        elif free[UNKNOWN]:
            free[UNKNOWN] -= 1
        else:
            return None
    # Written positions of the bottom's cards, in deck order; the others keep theirs.
    used = [False] * len(ranks)
    tail: list[int] = []
    for rank in from_bottom:
        choice = next(
            (i for i, r in enumerate(ranks) if not used[i] and r == rank),
            None,
        )
        if choice is None:
            choice = next(i for i, r in enumerate(ranks) if not used[i] and r == UNKNOWN)
        used[choice] = True
        tail.append(choice)
    head = [i for i in range(len(ranks)) if not used[i]]
    return head + tail
