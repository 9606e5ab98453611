"""Replay: the parsed record through the rules, one method per rule (like Catan's ``_Engine``).

Each action line is one step, and so is a line among them that could not be read
(cardkit.unread). The engine never stops at a broken rule: it reports it (which rule,
where, what would have been legal) and carries on as the record says, so one wrong line
does not hide the rest of the game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from kifuwiki.cardkit import unread
from kifuwiki.cards import Card
from kifuwiki.core.diagnostics import DiagnosticBag, counted
from kifuwiki.games.doudizhu.combos import Combo, Kind, follow_reading, lead_reading, readings
from kifuwiki.games.doudizhu.hands import DeckTally, HandState
from kifuwiki.games.doudizhu.model import (
    Action,
    Bid,
    DdzRecord,
    Hand,
    Kitty,
    Pass,
    Play,
    Score,
    Unreadable,
)
from kifuwiki.games.doudizhu.notation import did_you_mean
from kifuwiki.games.doudizhu.ranks import RANK_TEXT, Counts, cards_counts, rank_of, ranks_text

HAND_SIZE = 17
KITTY_SIZE = 3


@dataclass(slots=True)
class Step:
    """The game after one action line (index 0: after the deal)."""

    index: int
    action: Action | Unreadable | None
    """The step's line: ``None`` for the deal; an :class:`Unreadable` line among the
    turns is a step of its own (cardkit.unread)."""
    seat: str | None = None
    """The seat whose turn the step took (for a line not read that names no seat, the
    one whose turn the lines after it say it took; ``None``: none)."""
    combo: Combo | None = None
    """The reading of this step's play."""
    cards: Counts | None = None
    table: Combo | None = None
    """The last play of the current trick, after this step (None: the next player leads)."""
    table_seat: str | None = None
    landlord: str | None = None
    bid: int = 0
    multiplier: int = 1
    trick_over: bool = False
    """This pass was the second in a row: the table is cleared."""
    out: bool = False
    hands: dict[str, tuple[tuple[Card, ...], int]] | None = None
    kitty: tuple[tuple[Card, ...], int] | None = None
    kitty_taken: bool = False
    """The landlord has taken the bottom cards (they are face up)."""
    to_move: str | None = None
    table_unknown: bool = False
    """A play not read is on the table, after this step: what beats it is not known."""
    unsure: frozenset[str] = frozenset()
    """Seats with a play not read, after this step: their hands hold cards they played."""
    bid_not_read: bool = False
    """The step is a bid not read (no card is played; its value is not known)."""


@dataclass(slots=True)
class Outcome:
    landlord: str | None = None
    bid: int = 0
    winner: str | None = None
    """The seat that went out first."""
    landlord_won: bool | None = None
    redeal: bool = False
    bombs: dict[str, int] = field(default_factory=dict)
    rockets: dict[str, int] = field(default_factory=dict)
    spring: bool = False
    anti_spring: bool = False
    unit: int = 0
    score: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class Replay:
    record: DdzRecord
    steps: list[Step]
    outcome: Outcome


class _Engine:
    def __init__(self, record: DdzRecord, bag: DiagnosticBag, keep_states: bool) -> None:
        self.record = record
        self.options = record.options
        self.bag = bag
        self.keep = keep_states
        self.seats = record.seats
        self.hands = {seat: HandState() for seat in self.seats}
        self.kitty: Kitty | None = None
        self.kitty_short = 0
        self.dealt_twice = 0
        """Cards of the deal one too many (DZ107) not yet matched by a card played that
        the deal lacks (:meth:`_mistyped_in_deal`)."""
        self.dealt: list[int] = []
        """How many of each rank the deal holds (the deck tally after the deal)."""
        """How many cards the bottom cards lack (DZ108): not known, but the landlord's."""
        self.kitty_taken = False
        self.kitty_seen = False
        """Whether the replay has passed the bottom cards' line."""
        self.deck = DeckTally()
        self.outcome = Outcome()
        self.bids: list[Bid] = []
        self.highest_bid = 0
        self.doubling = 1
        """The bombs' and rockets' product so far."""
        self.bidding_over = False
        self.slipped: str | None = None
        self.bidding_slip: tuple[int, int] | None = None
        """Where a bid was out of turn or too low (DZ100, DZ101): the landlord the bidding
        made may not be the one the plays say (:meth:`_landlord_as_played`)."""
        self.landlord_guessed = False
        """The landlord is the first to play, not the bidding's (DZ204)."""
        """The seat whose turn it was when the last bid, play or pass was out of turn
        (DZ100)."""
        self.unread_bids: dict[int, int] = {}
        """The bids not read (their place in :attr:`bids`, taken as no bid) → their step."""
        self.undecided: Bid | None = None
        """A bid not read that may have won the bidding: the landlord is the one the
        later lines imply (:meth:`_landlord_from_play`), the bid's value is not known."""
        self.landlord: str | None = None
        self.table: Combo | None = None
        self.table_seat: str | None = None
        self.to_move: str | None = None
        self.passes = 0
        self.plays = dict.fromkeys(self.seats, 0)
        self.over = False
        self.unknown_table = False
        """A play that could not be read is on the table: what beats it is unknown."""
        self.unsure: set[str] = set()
        self.miscounted: set[str] = set()
        """Seats that played a card they did not hold (DZ103): their hands hold a card
        the record says they played, so '#' and the end are taken as written."""
        """Seats with a play that could not be read: their hands are not what they hold."""
        self.position = 0
        """The current line's place among :attr:`turns`."""
        self.played = False
        """Whether a play line has been met (read; a line not read after it is no bid)."""
        self.last_player: str | None = None
        """The seat of the last play, read or not."""
        self.actions = record.actions
        self.turns = record.turns
        self.has_bids = any(isinstance(a, Bid) for a in self.actions)
        self.has_kitty = any(isinstance(a, Kitty) for a in self.actions)
        self.steps: list[Step] = []
        self.index = 0

    # --- deal -----------------------------------------------------------------
    def deal(self) -> None:
        """Rule: 17 cards to each seat, 3 bottom cards; no card twice."""
        dealt = self.record.hands
        for item in self.record.items:
            if isinstance(item, Hand) and dealt.get(item.seat) is not item:
                self._error(
                    item.line,
                    1,
                    "DZ005",
                    f"{item.seat}'s hand is written twice; the first one counts",
                    f"{item.seat} の手札が2回書かれています。最初のものを使います",
                )
        kitties = [item for item in self.record.items if isinstance(item, Kitty)]
        for extra in kitties[1:]:
            self._error(
                extra.line,
                1,
                "DZ005",
                "the bottom cards are written twice; the first line counts",
                "底札が2回書かれています。最初の行を使います",
            )
        for seat in self.seats:
            hand = dealt.get(seat)
            if hand is None:
                self.hands[seat].unknown = HAND_SIZE
                continue
            size = HAND_SIZE
            if self._holds_kitty(seat, hand):
                size = HAND_SIZE + KITTY_SIZE
                self.kitty_taken = True  # the hand was written with the bottom cards in it
            short = self._check_size(hand.line, hand.cards, hand.unknown, size, seat)
            self._see(hand.cards, hand.columns, hand.line)
            self.hands[seat].add(hand.cards, hand.unknown + short)
            if len(hand.cards) + hand.unknown > size:
                self.miscounted.add(seat)  # a card too many: its '#' is taken as written
        if kitties:
            self.kitty = kitties[0]
            self.kitty_short = self._check_size(
                self.kitty.line, self.kitty.cards, self.kitty.unknown, KITTY_SIZE, None
            )
            self._see(self.kitty.cards, self.kitty.columns, self.kitty.line)
        self.dealt = list(self.deck.by_rank)
        if not self.has_bids:
            self._landlord_from_front_matter()
        self._record(None)

    def _mistyped_in_deal(self, card: Card) -> bool:
        """Whether a card played that its seat does not hold is the deal's card written
        twice (DZ107) mistyped: the deal lacks one of its rank. That card's error is the
        one said (review18: C's J written Q in the hand was DZ107, then "C does not
        hold J" at its play, in a variation too); the hand is taken as written wrong."""
        rank = rank_of(card)
        if not self.dealt_twice or not self.dealt or self.dealt[rank] >= (1 if rank >= 13 else 4):
            return False
        self.dealt_twice -= 1
        self.dealt[rank] += 1
        return True

    def _holds_kitty(self, seat: str, hand: Hand) -> bool:
        """A log without bottom cards (rlcard-showdown) writes the landlord's 20 cards."""
        return (
            not any(isinstance(item, Kitty) for item in self.record.items)
            and not self.has_bids
            and seat == self.record.landlord
            and len(hand.cards) + hand.unknown == HAND_SIZE + KITTY_SIZE
        )

    def _check_size(
        self, line: int, cards: list[Card], unknown: int, size: int, seat: str | None
    ) -> int:
        """How many cards the hand or the bottom cards lack (its error is said): they
        are taken as cards not known, so playing them is no second error (review18: a
        card left out of a hand was "not held" at each play of it; of the bottom cards,
        the landlord went out a card early and the next line came "after the end")."""
        count = len(cards) + unknown
        if count == size:
            return 0
        what, what_ja = (
            (f"{seat}'s hand", f"{seat} の手札") if seat else ("the bottom cards", "底札")
        )
        self._error(
            line,
            1,
            "DZ108",
            f"{what} {'has' if seat else 'have'} {counted(count, 'card')}; "
            f"{'it' if seat else 'they'} should have {size}",
            f"{what_ja}が {count} 枚です。{size} 枚のはずです",
        )
        return max(size - count, 0)

    def _see(self, cards: list[Card], columns: list[int], line: int) -> None:
        for card, column in zip(cards, columns, strict=True):
            if not self.deck.see(card):
                self.dealt_twice += 1
                self._error(
                    line,
                    column,
                    "DZ107",
                    f"{card} appears more often than the deck holds it (dealt twice?)",
                    f"{card} がデッキの枚数より多く出ています (二重に配られた?)",
                )

    def _landlord_from_front_matter(self) -> None:
        landlord = self.record.landlord
        if landlord is None:
            return
        if landlord not in self.seats:
            self._error(
                1,
                1,
                "DZ006",
                f"'landlord: {landlord}' is not one of the seats",
                f"'landlord: {landlord}' は席にありません",
            )
            return
        self._make_landlord(landlord, self.record.base_bid)

    # --- bidding ----------------------------------------------------------------
    def bid(self, action: Bid) -> None:
        """Rule: bids go round in seat order; each bid beats the highest; a 3 ends it."""
        if self.over:
            self._after_end(action.line)
        elif self.bidding_over:
            self.bidding_slip = (action.line, action.column)
            self._error(
                action.line,
                action.column,
                "DZ101",
                "the bidding is over: no more bids",
                "競りは終わっています: これ以上は競れません",
            )
        else:
            self._check_bid_turn(action)
            highest = max((b.value for b in self.bids), default=0)
            if action.value and action.value <= highest:
                self.bidding_slip = (action.line, action.column)
                self._error(
                    action.line,
                    action.column,
                    "DZ101",
                    f"a bid of {action.value} does not beat the highest bid ({highest}); "
                    "bid higher or pass",
                    f"{action.value} は最高値 {highest} を超えません。より高く競るかパスします",
                )
            self.bids.append(action)
            self.highest_bid = max(self.highest_bid, action.value)
            self._close_bidding()
        self._record(action, seat=action.seat)

    def _check_bid_turn(self, action: Bid) -> None:
        if not self.bids:
            return
        expected = self._next(self.bids[-1].seat)
        if action.seat == expected or action.seat == self._after_slip():
            self.slipped = None
            return
        self._wrong_turn(action.line, action.column, action.seat, expected)
        self.slipped = expected
        self.bidding_slip = (action.line, action.column)

    def _after_slip(self) -> str | None:
        """After a bid (or a play) out of turn (DZ100), the seat after the one whose turn
        it was: a bid by that seat is in turn too. One slip, one error: the wrong seat letter
        (``C:bid1`` for ``B:bid1``) and the next bid going on in seat order, or a seat
        left out and the next bid going on from the written one (review18 (b))."""
        return self._next(self.slipped) if self.slipped is not None else None

    def _close_bidding(self) -> None:
        values = [b.value for b in self.bids]
        highest = max(values)
        if highest == 3:
            done = True
        elif self.options.bidding == "once":
            done = len(self.bids) >= 3
        else:
            done = (highest > 0 and len(values) >= 3 and values[-2:] == [0, 0]) or values == [
                0,
                0,
                0,
            ]
        if done and self.options.bidding != "once" and self.unread_bids and self._bid_follows():
            # A bid not read is taken as no bid; going round, that guess may close the
            # bidding early: a bid after it says the bidding went on (else DZ101 "the
            # bidding is over" would be the guess's error, not the record's).
            done = highest == 3
        if not done:
            return
        self.bidding_over = True
        if self._undecided():
            return  # the landlord is the one the plays imply (_landlord_from_play)
        if highest == 0:
            self._redeal()
            return
        winner = max(self.bids, key=lambda b: b.value)  # the first to reach the highest value
        self._make_landlord(winner.seat, highest)

    def _bid_follows(self) -> bool:
        """Whether the next line among the turns (the bottom cards aside) is a bid."""
        later = (t for t in self.turns[self.position + 1 :] if not isinstance(t, Kitty))
        return isinstance(next(later, None), Bid)

    def _redeal(self) -> None:
        last = self.bids[-1]
        self.bag.info(
            "DZ202",
            "every player passed: the cards are dealt again",
            last.line,
            last.column,
            ja="全員が競りませんでした: 配り直しです",
        )
        self.over = True
        self.outcome.redeal = True

    def _undecided(self) -> bool:
        """Whether a bid not read (taken as no bid) may have been the winning one: no bid
        read after it is one (a bid after it beats it, so it did not win)."""
        for place in self.unread_bids:
            if all(b.value == 0 for b in self.bids[place + 1 :]):
                self.undecided = self.bids[place]
                return True
        return False

    def _landlord_from_play(self, action: Play | Pass) -> None:
        """The bidding had a bid not read that may have won it: the landlord is the
        front matter's ``landlord:``, else the first to play; said once (DZ203)."""
        unread_bid = self.undecided
        assert unread_bid is not None
        named = self.record.landlord
        seat = named if named in self.seats else action.seat
        assert seat is not None
        why = "the front matter's 'landlord'" if named in self.seats else "the first to play"
        why_ja = "フロントマターの 'landlord'" if named in self.seats else "最初に出した人"
        self.bag.info(
            "DZ203",
            f"the bid not read may have won the bidding: {seat} ({why}) is taken as the "
            "landlord, and the score is not checked (the bid is not known)",
            unread_bid.line,
            unread_bid.column,
            step=self.unread_bids[self.bids.index(unread_bid)],
            ja=f"読めない競りが最高値だったかもしれません: {seat} ({why_ja}) を地主とみなし、"
            "得点は検査しません (競りの値がわからないため)",
        )
        # Their own bid when it was read; at least one above the bids read otherwise.
        read = [b.value for b in self.bids if b.seat == seat and b is not unread_bid]
        self._make_landlord(seat, max(read, default=0) or self.highest_bid + 1)

    def _make_landlord(self, seat: str, bid: int) -> None:
        self.landlord = seat
        self.outcome.landlord = seat
        self.outcome.bid = bid
        self.bidding_over = True
        self.to_move = seat
        self.slipped = None  # a bid out of turn says nothing of the plays' order
        # The landlord takes the bottom cards now, unless their line is still to come.
        shown = self.kitty is not None and (self.kitty_seen or not self.has_bids)
        if shown or not self.has_kitty:
            self._take_kitty()

    def _take_kitty(self) -> None:
        """Rule: the landlord takes the three bottom cards (20 cards)."""
        if self.kitty_taken or self.landlord is None:
            return
        self.kitty_taken = True
        if self.kitty is None:
            self.hands[self.landlord].unknown += KITTY_SIZE
        else:
            self.hands[self.landlord].add(self.kitty.cards, self.kitty.unknown + self.kitty_short)
            if len(self.kitty.cards) + self.kitty.unknown > KITTY_SIZE:
                self.miscounted.add(self.landlord)

    def kitty_line(self, action: Kitty) -> None:
        """The bottom cards shown: they go to the landlord if one is known."""
        if action is not self.kitty:
            self._record(action)  # a second kitty line: reported in deal()
            return
        self.kitty_seen = True
        if self.landlord is not None and any(self.plays.values()):
            self._error(
                action.line,
                1,
                "DZ115",
                "the bottom cards come before the first play",
                "底札は最初の出札より前に書きます",
            )
        elif self.landlord is not None:
            self._take_kitty()
        self._record(action)

    # --- play -------------------------------------------------------------------
    def play(self, action: Play) -> None:
        if self.over:
            self._after_end(action.line)
            self._record(action, seat=action.seat)
            return
        self.played = True
        self._ensure_landlord(action)
        self._check_play_turn(action.seat, action.line, action.column)
        if self._five_for_pass(action):
            return
        counts = cards_counts(action.cards)
        hand = self.hands[action.seat]
        held = Counter(hand.known), hand.unknown
        self._take_cards(action)
        combo = self._read(action, counts)
        if combo is not None:
            self._count_bombs(action.seat, combo)
            self.table, self.table_seat = combo, action.seat
            self.unknown_table = False
        else:
            # No combination (DZ104): the cards written are not the ones played (a card
            # mistyped). As a play not read, it is on the table, unknown, and the hand
            # keeps its cards, not sure: else the passes after it were "the leader may
            # not pass" and a card it took "not held" later (review18: four errors).
            hand.known, hand.unknown = held
            self.unsure.add(action.seat)
            self.table, self.table_seat, self.unknown_table = None, action.seat, True
        self.passes = 0
        self.plays[action.seat] += 1
        self.last_player = action.seat
        out = self.hands[action.seat].size == 0
        if action.out and action.seat in self.unsure | self.miscounted:
            out = True  # its hand still holds the cards of the play that was not read
        self._check_out_mark(action, out)
        if action.out and not out and self._last_turn():
            # DZ110 is said (a card left out of an earlier play); the record ends here,
            # as written: not also "no spring" and "the record ends before anyone went
            # out" (review18: three reports for one card left out).
            out = True
        self.to_move = self._next(action.seat)
        if out:
            self._finish(action.seat)
        self._check_claims(action, combo)
        self._record(action, seat=action.seat, combo=combo, cards=counts, out=out)

    def _landlord_as_played(self, action: Play) -> None:
        """The bidding had an error (a bid out of turn or too low: a seat letter or a
        value mistyped) and made a seat the landlord that does not play first: the one
        that plays is (with the bottom cards), said once (DZ204), the score not checked.
        Else every play of the game was out of turn or "not held" (review18: eight
        errors for ``B:bid2`` written for ``C:bid2``)."""
        old, seat = self.landlord, action.seat
        assert old is not None and self.bidding_slip is not None
        self.bag.info(
            "DZ204",
            f"the bidding made {old} the landlord, but {seat} plays first: {seat} is taken "
            "as the landlord, as the plays say, and the score is not checked",
            # At the bid: a variation's first play does not say it again.
            *self.bidding_slip,
            step=self.index,
            ja=f"競りでは {old} が地主ですが、最初に出したのは {seat} です: 出札のとおり {seat} を"
            "地主とみなし、得点は検査しません",
        )
        if self.kitty_taken:
            given, unknown = (
                (self.kitty.cards, self.kitty.unknown + self.kitty_short)
                if self.kitty
                else ([], KITTY_SIZE)
            )
            for card in given:
                self.hands[old].take(card)
            self.hands[old].unknown = max(self.hands[old].unknown - unknown, 0)
            self.hands[seat].add(list(given), unknown)
        self.landlord = self.outcome.landlord = seat
        self.to_move = seat
        self.landlord_guessed = True

    def _five_for_pass(self, action: Play) -> bool:
        """``A:5`` where ``A:%`` was meant (the same key, shifted): a single 5 that does
        not beat the play on the table is its DZ105, suggesting the pass, and is taken as
        the pass. Else the 5 was the table, the next plays did not beat it, and the
        spring and the score were wrong (review18: four errors for one key)."""
        table = self.table
        if (
            [str(card) for card in action.cards] != ["5"]
            or action.split is not None
            or action.out
            or action.claims
            or table is None
            or self.unknown_table
        ):
            return False
        if follow_reading(readings(cards_counts(action.cards), self.options), table):
            return False
        need, need_ja = _what_beats(table)
        hint, hint_ja = did_you_mean(f"{action.seat}:%", "(a pass: % is shift-5)", "(パス)")
        self._error(
            action.line,
            action.column,
            "DZ105",
            f"5 does not beat the {table.kind.value} on the table; legal: {need}, or pass{hint}",
            f"5 は場の{table.kind.ja}に勝ちません。出せるのは{need_ja}、またはパスです{hint_ja}",
        )
        self._passed(action)
        return True

    def _last_turn(self) -> bool:
        """Whether the current line is the last one among the turns (the bottom cards
        aside)."""
        return all(isinstance(t, Kitty) for t in self.turns[self.position + 1 :])

    def _ensure_landlord(self, action: Play | Pass) -> None:
        if self.landlord is not None:
            if (
                self.bidding_slip is not None
                and isinstance(action, Play)
                and action.seat != self.landlord
                and not (any(self.plays.values()) or self.passes or self.unsure)
            ):
                self._landlord_as_played(action)
            return
        if self.undecided is None and self.has_bids and not self.bidding_over and self._undecided():
            # A bid not read may have closed the bidding (a 3; or, going round, the
            # raise that the passes after it closed): a play says it did, and by whom
            # the plays say, not "a play before the bidding ended" (a guess's error).
            self.bidding_over = True
        if self.undecided is not None:
            self._landlord_from_play(action)
            return
        if self.has_bids and not self.bidding_over:
            self._error(
                action.line,
                action.column,
                "DZ102",
                "a play before the bidding ended",
                "競りが終わる前の出札です",
            )
        else:
            self.bag.warning(
                "DZ201",
                f"no bids and no 'landlord' in the front matter: {action.seat} "
                "is taken as the landlord",
                action.line,
                action.column,
                ja="競りもフロントマターの 'landlord' もありません: "
                f"{action.seat} を地主とみなします",
            )
        self._make_landlord(
            action.seat, max((b.value for b in self.bids), default=self.record.base_bid) or 1
        )

    def _check_play_turn(self, seat: str, line: int, column: int) -> None:
        """Rule: play goes round in seat order from the landlord. After a play or a pass
        out of turn, the seat after the one whose turn it was is in turn too (the seat
        letter was the slip: ``B:%`` for ``A:%``, then ``B:%``), as in the bidding."""
        expected = self.to_move
        if expected is None or seat == expected or seat == self._after_slip():
            self.slipped = None
            return
        self._wrong_turn(line, column, seat, expected)
        self.slipped = expected

    def _take_cards(self, action: Play) -> None:
        """Rule: a player plays only cards they hold (one report per play, at the first
        card missing)."""
        hand = self.hands[action.seat]
        missing: list[tuple[Card, int]] = []
        for card, column in zip(action.cards, action.columns, strict=True):
            held = hand.take(card)
            if held is None and self._mistyped_in_deal(card):
                self.miscounted.add(action.seat)  # it holds the card written instead
            elif held is None:
                missing.append((card, column))
            elif held is False and not self.deck.see(card):
                self._error(
                    action.line,
                    column,
                    "DZ107",
                    f"{card} appears more often than the deck holds it (dealt twice?)",
                    f"{card} がデッキの枚数より多く出ています (二重に配られた?)",
                )
        if missing:
            self.miscounted.add(action.seat)
            cards = " ".join(str(card) for card, _ in missing)
            self._error(
                action.line,
                missing[0][1],
                "DZ103",
                f"{action.seat} does not hold {cards}",
                f"{action.seat} は {cards} を持っていません",
            )

    def _read(self, action: Play, counts: Counts) -> Combo | None:
        """Rule: the cards form a combination, and it beats the one on the table."""
        options = readings(counts, self.options)
        if action.split is not None:
            main = cards_counts(action.cards[: action.split])
            split_options = [c for c in options if c.main_counts == main]
            if options and not split_options:
                self._error(
                    action.line,
                    action.column,
                    "DZ111",
                    "the cards before '+' are not the main part of any reading of this play",
                    "'+' の前のカードは、この出札のどの読み方の主札にもなりません",
                )
            options = split_options or options
        if not options:
            self._error(
                action.line,
                action.column,
                "DZ104",
                f"{ranks_text(counts)} is no combination{self._rule_hint(counts)}",
                f"{ranks_text(counts)} は役になりません{self._rule_hint(counts, ja=True)}",
            )
            return None
        if self.table is None or self.unknown_table:
            return lead_reading(options)
        combo = follow_reading(options, self.table)
        if combo is None:
            need, need_ja = _what_beats(self.table)
            self._error(
                action.line,
                action.column,
                "DZ105",
                f"{ranks_text(counts)} does not beat the {self.table.kind.value} on the table; "
                f"legal: {need}, or pass",
                f"{ranks_text(counts)} は場の{self.table.kind.ja}に勝ちません。"
                f"出せるのは{need_ja}、またはパスです",
            )
            return lead_reading(options)
        return combo

    def _rule_hint(self, counts: Counts, ja: bool = False) -> str:
        """Which rule option forbids the play, when one does."""
        from dataclasses import replace

        loose = replace(
            self.options, four_with_two=True, kickers_distinct=False, rocket_as_kickers=True
        )
        if not readings(counts, loose):
            return ""
        if ja:
            return " (このルールではキッカーの組み方が許されません)"
        return " (these rules do not allow kickers like these)"

    def _count_bombs(self, seat: str, combo: Combo) -> None:
        """Rule: each bomb and the rocket multiply the score."""
        if combo.kind is Kind.BOMB:
            self.outcome.bombs[seat] = self.outcome.bombs.get(seat, 0) + 1
            self.doubling *= self.options.bomb
        elif combo.kind is Kind.ROCKET:
            self.outcome.rockets[seat] = self.outcome.rockets.get(seat, 0) + 1
            self.doubling *= self.options.rocket

    def _check_out_mark(self, action: Play, out: bool) -> None:
        if action.out and not out:
            left = self.hands[action.seat].size
            self._error(
                action.line,
                action.column,
                "DZ110",
                f"'#' marks going out, but {action.seat} still holds {counted(left, 'card')}",
                f"'#' は上がりの印ですが、{action.seat} にはまだ {left} 枚あります",
            )

    def _check_claims(self, action: Play, combo: Combo | None) -> None:
        truth = {
            "bomb": combo is not None and combo.kind is Kind.BOMB,
            "rocket": combo is not None and combo.kind is Kind.ROCKET,
            # A line not read may have been a pass as well as a play: a spring is
            # then not known to be none.
            "spring": self.outcome.spring or self.outcome.anti_spring or bool(self.unsure),
        }
        for claim in action.claims:
            if not truth[claim]:
                self._error(
                    action.line,
                    action.column,
                    "DZ114",
                    f"[{claim}] is written, but this play is no {claim}",
                    f"[{claim}] と書かれていますが、この出札は {claim} ではありません",
                )

    def pass_(self, action: Pass) -> None:
        """Rule: the leader may not pass; after two passes the last player to play leads."""
        if self.over:
            self._after_end(action.line)
            self._record(action, seat=action.seat)
            return
        self._ensure_landlord(action)
        self._check_play_turn(action.seat, action.line, action.column)
        if self.table is None and not self.unknown_table:
            self._error(
                action.line,
                action.column,
                "DZ106",
                f"{action.seat} leads and may not pass",
                f"{action.seat} が親 (リード) なのでパスできません",
            )
        self._passed(action)

    def _passed(self, action: Pass | Play) -> None:
        """A pass's turn: after two passes the last player to play leads."""
        self.passes += 1
        trick_over = self.passes >= 2 and (self.table is not None or self.unknown_table)
        self.to_move = self._next(action.seat)
        if trick_over:
            self.to_move = self.table_seat
            self.table = None
            self.table_seat = None
            self.unknown_table = False
            self.passes = 0
        self._record(action, seat=action.seat, trick_over=trick_over)

    def unread(self, line: Unreadable, position: int) -> None:
        """A line among the turns that could not be read (its error is said): a step of
        its own, shown as written. A play naming its seat takes that seat's turn; a line
        naming no seat (or a seat that is none) takes the turn of the seat whose turn it
        is when the lines after it say so (cardkit.unread), so one typo is one error."""
        if self._is_bid(line):
            self.unread_bid(line, position)
            return
        self._suggest_spelling(line, line.play_spelling)
        seat = line.seat or (self.to_move if self._took_turn(position) else None)
        if seat:
            self.unread_play(seat)
        self._record(line, seat=seat or None)

    def _is_bid(self, line: Unreadable) -> bool:
        """Whether a line not read is a bid: the record has bids and their turns are
        still open, and the line says ``bid`` or, without its colon, opens with a seat
        (``B 1``) before any play. Only a bid can come then (a play there is "before the
        bidding ended", DZ102), so a line naming a seat is that turn's bid: read as a
        play, it took no bidding turn and every bid and play after it was out of place
        (review16: four errors for one typo)."""
        if not self.has_bids or self.bidding_over or self.over:
            return False
        return line.bid or (line.seat_first and not self.played)

    def unread_bid(self, line: Unreadable, position: int) -> None:
        """A bid not read (its error is said): it takes a bidding turn, as no bid, so
        the bids after it are in turn (it took no turn, and the next bid was out of turn,
        the plays "before the bidding ended"). Its seat is the one written on it when
        that is a seat (out of turn, DZ100, as a read bid is); else the seat whose turn
        it was: for the first bid, the seat before the next bid's."""
        if self.bids:
            seat = self._next(self.bids[-1].seat)
        else:
            later = self.turns[position + 1 :]
            following = next((t.seat for t in later if isinstance(t, Bid)), None)
            seat = self.seats[self.seats.index(following) - 1] if following else self.seats[0]
        written = line.written_seat
        if written in self.seats:
            if self.bids and written not in (seat, self._after_slip()):
                column = len(line.text) - len(line.text.lstrip()) + 1  # the seat letter's
                self._wrong_turn(line.line, column, written, seat)
                self.slipped = seat
                self.bidding_slip = (line.line, column)
            else:
                self.slipped = None
            seat = written
        else:
            self.slipped = None  # it took the turn after the last bid's seat
        self.unread_bids[len(self.bids)] = self.index
        self.bids.append(Bid(line.line, line.text, line.marks, seat=seat, value=0))
        self._suggest_spelling(line, line.spelling, bid=True)
        self._close_bidding()
        self._record(line, seat=seat, bid_not_read=True)

    def _suggest_spelling(self, line: Unreadable, spelling: str, bid: bool = False) -> None:
        """The line's error (the notation's DZ001) ends with the line as it is written
        (``B 1``: "did you mean 'B:bid1'?"; ``C 3 3``: "'C:3 3'?"). Said here, not by the
        notation: only the bidding being open and no play read yet make ``B 3`` a bid,
        not a play."""
        if not spelling:
            return
        no_bid = bid and spelling.endswith("-")
        hint, hint_ja = did_you_mean(spelling, *(("(no bid)", "(競らない)") if no_bid else ()))
        items = self.bag.items
        for place, said in enumerate(items):
            if said.code == "DZ001" and said.line == line.line:
                items[place] = replace(
                    said, message=said.message + hint, message_ja=said.message_ja + hint_ja
                )
                return

    def _took_turn(self, position: int) -> bool:
        """Whether the line at ``position`` among the turns, naming no seat, took the
        turn of the seat to move: the next line naming a seat is the seat after it. In
        the bidding, before the landlord is known or after the end it takes none."""
        expected = self.to_move
        if expected is None or self.landlord is None or self.over:
            return False
        later = self.turns[position + 1 :]
        following = next((t.seat for t in later if not isinstance(t, Kitty) and t.seat), None)
        return unread.took_turn(expected, self._next(expected), following, over=False)

    def unread_play(self, seat: str) -> None:
        """A play that could not be read (its error is said): it takes its seat's turn
        and is on the table, unknown, so the lines after it are checked in turn; the
        seat's hand is no longer sure (review13 R13-2: one typo gave a wrong-turn error,
        a "leader may not pass" error, a false "still holds cards" and "no spring")."""
        if self.over or self.landlord is None:
            return
        self.to_move = self._next(seat)
        self.table, self.table_seat, self.unknown_table = None, seat, True
        self.passes = 0
        self.plays[seat] += 1
        self.last_player = seat
        self.unsure.add(seat)

    # --- the end ------------------------------------------------------------------
    def _finish(self, seat: str) -> None:
        """Rule: the game ends when a player goes out; spring and the score."""
        self.over = True
        outcome = self.outcome
        outcome.winner = seat
        landlord = self.landlord
        outcome.landlord_won = seat == landlord
        peasants = [s for s in self.seats if s != landlord]
        opts = self.options
        if outcome.landlord_won:
            outcome.spring = opts.spring > 1 and all(self.plays[p] == 0 for p in peasants)
        elif landlord is not None:
            outcome.anti_spring = opts.spring > 1 and opts.anti_spring and self.plays[landlord] == 1
        bombs = sum(outcome.bombs.values())
        rockets = sum(outcome.rockets.values())
        unit = max(outcome.bid, 1) * opts.bomb**bombs * opts.rocket**rockets
        if outcome.spring or outcome.anti_spring:
            unit *= opts.spring
        outcome.unit = unit
        sign = 1 if outcome.landlord_won else -1
        outcome.score = {
            s: (2 * sign * unit if s == landlord else -sign * unit) for s in self.seats
        }

    def score_line(self, score: Score) -> None:
        """Rule: written totals add up to zero and agree with the rules' score."""
        total = sum(score.values.values())
        computed = self.outcome.score
        # A play not read may have been a bomb, a bid not read the winning one: the
        # unit is not known.
        known = bool(computed) and not (
            self.unsure or self.undecided is not None or self.landlord_guessed
        )
        wrong = {s: v for s, v in score.values.items() if computed.get(s) != v}
        if total != 0:
            # One value mistyped (C +9) is this error, not also DZ113: it names the
            # rules' value for it.
            seat = next(iter(wrong)) if known and len(wrong) == 1 else None
            said = f" (the rules give {seat} {computed[seat]:+d})" if seat else ""
            said_ja = f" (ルールでは {seat} {computed[seat]:+d})" if seat else ""
            self._error(
                score.line,
                1,
                "DZ112",
                f"the scores add up to {total:+d}, not 0{said}",
                f"得点の合計が 0 でなく {total:+d} です{said_ja}",
            )
            if seat:
                return
        if not known:
            return
        if wrong or set(score.values) != set(computed):
            expected = ", ".join(f"{s} {computed[s]:+d}" for s in self.seats)
            outcome = self.outcome
            why = f"bid {outcome.bid} × 2^bombs… = unit {outcome.unit}"
            self._error(
                score.line,
                1,
                "DZ113",
                f"the rules give {expected} ({why})",
                f"ルールによる得点は {expected} です (単位 {outcome.unit})",
            )

    def _after_end(self, line: int) -> None:
        self._error(
            line,
            1,
            "DZ109",
            "the game is over: this action comes after the end",
            "ゲームは終わっています: この行動は終了後です",
            once="after-end",
        )

    # --- helpers ----------------------------------------------------------------
    def _next(self, seat: str) -> str:
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

    def _wrong_turn(self, line: int, column: int, seat: str, expected: str) -> None:
        self._error(
            line,
            column,
            "DZ100",
            f"it is {expected}'s turn, not {seat}'s",
            f"{seat} ではなく {expected} の番です",
        )

    def _error(
        self, line: int, column: int, code: str, message: str, ja: str, once: str | None = None
    ) -> None:
        self.bag.error(code, message, line, column, step=self.index, ja=ja, once=once)

    def _record(
        self,
        action: Action | Unreadable | None,
        *,
        seat: str | None = None,
        combo: Combo | None = None,
        cards: Counts | None = None,
        out: bool = False,
        trick_over: bool = False,
        bid_not_read: bool = False,
    ) -> None:
        bid = self.outcome.bid or self.highest_bid
        step = Step(
            self.index,
            action,
            seat,
            combo,
            cards,
            self.table,
            self.table_seat,
            self.landlord,
            bid,
            max(bid, 1) * self.doubling,
            trick_over,
            out,
            to_move=self.to_move,
            kitty_taken=self.kitty_taken,
            table_unknown=self.unknown_table,
            unsure=frozenset(self.unsure),
            bid_not_read=bid_not_read,
        )
        if self.keep:
            step.hands = {s: self.hands[s].snapshot() for s in self.seats}
            if self.kitty is not None:
                step.kitty = (tuple(self.kitty.cards), self.kitty.unknown)
        self.steps.append(step)
        self.index += 1

    def run(self) -> Replay:
        self.deal()
        for position, action in enumerate(self.turns):
            self.position = position
            if isinstance(action, Unreadable):
                self.unread(action, position)
            elif isinstance(action, Bid):
                self.bid(action)
            elif isinstance(action, Play):
                self.play(action)
            elif isinstance(action, Pass):
                self.pass_(action)
            else:
                self.kitty_line(action)
        for item in self.record.items:
            if isinstance(item, Score):
                self.score_line(item)
        if self.undecided is not None and self.landlord is None and not self.highest_bid:
            self._redeal()  # no play after bids read as passes: every player passed
        # The last play, not read, or by a seat with one not read, may have gone out:
        # its hand still holds the cards of that play (one typo, one error).
        if not self.over and self.last_player not in self.unsure | self.miscounted:
            line = self.record.items[-1].line if self.record.items else 1
            self.bag.warning(
                "DZ200",
                "the record ends before anyone went out",
                line,
                ja="誰も上がらないまま記録が終わっています",
            )
        return Replay(self.record, self.steps, self.outcome)


def _of_size(table: Combo) -> str:
    """ " of 5 cards" for a play whose kind does not fix its size; "" for one that does."""
    fixed = table.kind in (Kind.SINGLE, Kind.PAIR, Kind.TRIO, Kind.TRIO_SINGLE, Kind.TRIO_PAIR)
    return "" if fixed else f" of {counted(table.size, 'card')}"


def _what_beats(table: Combo) -> tuple[str, str]:
    if table.kind is Kind.ROCKET:
        return "nothing (the rocket is the highest play)", "なし (ロケットが最強です)"
    if table.kind is Kind.BOMB:
        return (
            f"a bomb higher than {RANK_TEXT[table.main]} or the rocket",
            f"{RANK_TEXT[table.main]} より上の爆弾かロケット",
        )
    return (
        # A single, pair or trio says its size; a straight or plane needs it (review13
        # R13-14: "a single of 1 cards").
        f"a {table.kind.value}{_of_size(table)} higher than {RANK_TEXT[table.main]}, "
        "a bomb or the rocket",
        f"{RANK_TEXT[table.main]} より上の{table.size}枚の{table.kind.ja}、爆弾かロケット",
    )


def replay(record: DdzRecord, bag: DiagnosticBag, keep_states: bool = False) -> Replay:
    if len(record.seats) != 3:
        return Replay(record, [Step(0, None)], Outcome())
    return _Engine(record, bag, keep_states).run()
