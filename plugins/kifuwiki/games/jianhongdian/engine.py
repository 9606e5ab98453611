"""Replay of a 撿紅點 record: one method per rule, one snapshot per turn.

The deal is step 0 (the four face-up cards, the hands when known); every turn (a played
card, then a flipped stock card) is one step. Diagnostics say which rule a line breaks
and what would have been legal; the replay always goes on, taking the record's word.
"""

from __future__ import annotations

from dataclasses import dataclass

from kifuwiki.cardkit import unread
from kifuwiki.cardkit.hands import note_hands_left_out
from kifuwiki.cards import Card, standard_deck
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.games.jianhongdian.model import JHRecord, Match, Turn
from kifuwiki.games.jianhongdian.rules import RuleSet

DECK_SIZE = 52
TABLE_SIZE = 4
DEALT = 24
"""Cards dealt to the players in all: 12, 8 or 6 each for 2, 3 or 4 players."""
#: Ranks counted by the "three counters face up" redeal condition: 5, 10, J, Q, K.
COUNTER_RANKS = frozenset({5, 10, 11, 12, 13})


def captures(card: Card, other: Card) -> bool:
    """The capture rule: A-9 take a card that sums with them to 10, 10-K the same rank."""
    if card.rank >= 10 or other.rank >= 10:
        return card.rank == other.rank
    return card.rank + other.rank == 10


@dataclass(frozen=True, slots=True)
class Snapshot:
    table: tuple[Card, ...]
    hands: tuple[tuple[Card, ...] | None, ...]
    """By seat; ``None`` when the record does not give the hand."""
    piles: tuple[tuple[Card, ...], ...]
    scores: tuple[int, ...]
    stock: int


@dataclass(frozen=True, slots=True)
class Note:
    """What one half of a turn did (described in words only when a page asks)."""

    card: Card
    taken: Card | None
    gained: int
    flipped: bool

    def describe(self) -> tuple[str, str]:
        """(English, Japanese)."""
        verb, verb_ja = ("flips", "めくって") if self.flipped else ("plays", "出して")
        card = self.card.glyph()
        if self.taken is None:
            return f"{verb} {card}, left on the table", f"{card} を{verb_ja}場に置く"
        taken = self.taken.glyph()
        return (
            f"{verb} {card}, takes {taken} (+{self.gained})",
            f"{card} を{verb_ja}{taken} を取る (+{self.gained})",
        )


@dataclass(frozen=True, slots=True)
class Step:
    index: int
    turn: Turn | None
    snapshot: Snapshot
    gained: int
    notes: tuple[Note, ...]
    seat: str = ""
    """The seat whose turn the step took (``""``: the deal, or an unread line that took
    no turn)."""

    @property
    def annotations(self) -> tuple[tuple[str, str], ...]:
        """(English, Japanese) pairs."""
        return tuple(note.describe() for note in self.notes)


@dataclass(slots=True)
class Replay:
    seats: list[str]
    rules: RuleSet
    steps: list[Step]
    scores: dict[str, int]
    target: int
    winner: str | None
    ranking: list[str]
    complete: bool
    redeal: list[str]


class _Engine:
    def __init__(self, record: JHRecord, rules: RuleSet, bag: DiagnosticBag) -> None:
        self.record, self.rules, self.bag = record, rules, bag
        self.seats = list(record.seats)
        n = len(self.seats)
        self.table: list[Card] = list(record.table.cards) if record.table else []
        self.table_known = record.table is not None
        self.hands: list[list[Card] | None] = [
            list(record.hands[s].cards) if s in record.hands else None for s in self.seats
        ]
        self.stock: list[Card] | None = list(record.stock.cards) if record.stock else None
        self.stock_left = DECK_SIZE - TABLE_SIZE - DEALT
        self.piles: list[list[Card]] = [[] for _ in range(n)]
        self.scores = [0] * n
        self.seen: set[Card] = set()
        self.steps: list[Step] = []
        self.notes: list[Note] = []
        self.taken = 0
        """Turns taken so far (a line that could not be read may take none)."""
        self.maybe_down: set[Card] | None = set()
        """Cards a turn that could not be read may have put on the table (``None``: any
        card): one taken later is not "not on the table" (one typo, one error)."""
        self.maybe_gone: set[Card] = set()
        """Table cards such a turn may have taken: no capture of them is forced."""
        self.unsure: set[int] = set()
        self.written_twice: set[Card] = set()
        """Cards the deal writes twice (JH107): one of the two is likely a slip for a card
        it leaves out (``left_out``), so that card may come where one of them lay."""
        self.left_out: set[Card] = set()
        """Seats with a turn that could not be read: their hands hold a card too many."""

    # -- the deal ---------------------------------------------------------------------
    def check_players(self) -> bool:
        n = len(self.seats)
        if 2 <= n <= 4:
            return True
        self.bag.error(
            "JH007",
            f"撿紅點 is played by 2 to 4 players, this record has {n}",
            self.record.first_line,
            ja=f"撿紅點は2〜4人で遊びます。この記録は{n}人です",
        )
        return False

    def check_table(self) -> None:
        if self.record.table is None:
            self.bag.error(
                "JH008",
                "the four face-up cards are missing (table: H5 C9 DK S3); captures are not checked",
                self.record.first_line,
                ja="表向きの4枚 (table: H5 C9 DK S3) がありません。取りは検査しません",
            )

    def note_unknown_hands(self) -> None:
        """JH203: a hand left out while the others' are written (cardkit.hands)."""
        left_out = [s for s, hand in zip(self.seats, self.hands, strict=True) if hand is None]
        line = next((t.line for t in self.record.turns if t.player in left_out), None)
        note_hands_left_out(self.bag, "JH203", self.seats, left_out, line)

    def check_hand_sizes(self) -> None:
        size = DEALT // len(self.seats)
        for seat in self.seats:
            hand = self.record.hands.get(seat)
            if hand is not None and len(hand.cards) != size:
                self.bag.error(
                    "JH009",
                    f"{seat}'s hand has {len(hand.cards)} cards; "
                    f"with {len(self.seats)} players each gets {size}",
                    hand.line,
                    ja=f"{seat} の手札は{len(hand.cards)}枚です。"
                    f"{len(self.seats)}人なら{size}枚ずつです",
                )

    def check_deal_duplicates(self) -> None:
        """Every card written in the deal (table, hands, stock) is a different card."""
        lines = [self.record.table, self.record.stock, *self.record.hands.values()]
        for cards in lines:
            if cards is None:
                continue
            for card, column in zip(cards.cards, cards.columns, strict=True):
                if card in self.seen:
                    self.duplicate(card, cards.line, column)
                    self.written_twice.add(card)
                self.seen.add(card)
        if None not in lines and None not in self.hands and self.written_twice:
            # The whole deal is written: the cards it leaves out are known.
            self.left_out = set(standard_deck(jokers=False)) - self.seen

    def duplicate(self, card: Card, line: int, column: int) -> None:
        self.bag.error(
            "JH107",
            f"{card.glyph()} appears twice; one deck holds it once",
            line,
            column,
            ja=f"{card.glyph()} が二度出てきます。1組には1枚しかありません",
        )

    def redeal_reasons(self) -> list[str]:
        """The redeal conditions (rule options) the four face-up cards meet."""
        if self.record.table is None:
            return []
        ranks = [card.rank for card in self.record.table.cards]
        reasons: list[tuple[str, str]] = []  # (English, Japanese: review13 R13-5)
        if self.rules.redeal_three_counters and sum(r in COUNTER_RANKS for r in ranks) >= 3:
            reasons.append(("three counters (5 10 J Q K) face up", "点札 (5 10 J Q K) が3枚表向き"))
        if self.rules.redeal_three_of_a_rank and max(ranks.count(r) for r in ranks) >= 3:
            reasons.append(("three cards of one rank face up", "同じランクの札が3枚表向き"))
        for reason, reason_ja in reasons:
            self.bag.warning(
                "JH201",
                f"the rules redeal this deal: {reason}",
                self.record.table.line,
                ja=f"ルールではこの配りは配り直しです: {reason_ja}",
            )
        return [reason for reason, _ in reasons]

    # -- a turn -----------------------------------------------------------------------
    def check_order(self, turn: Turn, index: int) -> int:
        """The dealer (first seat) plays first, then the seats in order; the seat played."""
        expected = self.seats[index % len(self.seats)]
        if turn.player not in self.seats:
            self.bag.error(
                "JH005",
                f"{turn.player} is not in the seat order ({' '.join(self.seats)})",
                turn.line,
                ja=f"{turn.player} は席順 ({' '.join(self.seats)}) にいません",
            )
        elif turn.player != expected:
            self.bag.error(
                "JH101",
                f"it is {expected}'s turn, not {turn.player}'s",
                turn.line,
                ja=f"{expected} の手番です ({turn.player} ではありません)",
            )
        if index >= DEALT:
            self.bag.error(
                "JH110",
                "every hand is already empty: the game is over",
                turn.line,
                ja="全員の手札はもう空です。ゲームは終わっています",
            )
        return (
            self.seats.index(turn.player) if turn.player in self.seats else index % len(self.seats)
        )

    def repeats(self, turn: Turn, position: int) -> bool:
        """A turn out of order that repeats the turn before it, card for card: the line
        written twice. One error, and it takes no turn (the turns after it are in order)."""
        if position == 0:
            return False
        before = self.record.turns[position - 1]
        expected = self.seats[self.taken % len(self.seats)]
        if turn.player == expected or not _same(turn, before):
            return False
        self.bag.error(
            "JH101",
            f"it is {expected}'s turn, not {turn.player}'s: this line repeats the one before",
            turn.line,
            ja=f"{expected} の手番です ({turn.player} ではありません)。"
            "この行は前の行の繰り返しです",
        )
        return True

    def left_out_before(self, turn: Turn, play: Match) -> None:
        """A turn by the seat after the one whose turn it was, with a card of its own
        hand that the seat due does not hold: that seat's turn was left out. One error,
        and the turn left out is taken unseen, so the turns after it are in order."""
        n = len(self.seats)
        due = self.taken % n
        if turn.player not in self.seats or self.taken >= DEALT:
            return
        seat = self.seats.index(turn.player)
        written, expected = self.hands[seat], self.hands[due]
        if (
            seat != (due + 1) % n
            or written is None
            or expected is None
            or play.card not in written
            or play.card in expected
        ):
            return
        who = self.seats[due]
        self.bag.error(
            "JH101",
            f"it is {who}'s turn, not {turn.player}'s: a turn of {who} seems left out"
            " before this line",
            turn.line,
            ja=f"{who} の手番です ({turn.player} ではありません)。"
            f"この行の前の {who} の手番が抜けているようです",
        )
        self.taken += 1
        self.put_down_unseen(due)

    def slip_of_seat(self, seat: int, play: Match) -> int:
        """The seat that played: out of order (JH101, already reported) with a card not
        in the written seat's hand but in the hand of the seat whose turn it was, the
        letter is the slip, and that seat played (one typo, one error: no JH102, and the
        points go where the cards say)."""
        expected = self.taken % len(self.seats)
        written, due = self.hands[seat], self.hands[expected]
        if (
            seat != expected
            and written is not None
            and due is not None
            and play.card not in written
            and play.card in due
        ):
            return expected
        return seat

    def take_from_hand(self, seat: int, match: Match, line: int) -> bool:
        """Take the played card from the hand; ``False`` when it is not there (JH102)."""
        hand = self.hands[seat]
        if hand is None:
            self.account(match.card, line, match.column)
        elif match.card in hand:
            hand.remove(match.card)
        elif slip := self.slip_in_deal(match.card, hand):
            hand.remove(slip)
        else:
            self.mistyped(match.card, set(hand))
            self.bag.error(
                "JH102",
                f"{match.card.glyph()} is not in {self.seats[seat]}'s hand",
                line,
                match.column,
                ja=f"{match.card.glyph()} は {self.seats[seat]} の手札にありません",
            )
            return False
        return True

    def mistyped(self, written: Card, real: set[Card]) -> None:
        """A card written where the deal says one of ``real`` lay (JH102, JH108): most
        likely a slip of the pen. The replay takes the record's word, but the real card
        taken later is not "not on the table", and no capture of the written card is
        forced (one typo, one error)."""
        if self.maybe_down is not None:
            self.maybe_down |= real
        self.maybe_gone.add(written)

    def slip_in_deal(self, card: Card, where: list[Card]) -> Card | None:
        """A card the deal left out, coming where the deal wrote a card twice (JH107,
        already reported): the card written there is the slip, and ``card`` stood in its
        place (one typo, one error). The card written twice it stood for, or ``None``."""
        if card not in self.left_out:
            return None
        slip = next((c for c in where if c in self.written_twice), None)
        if slip is not None:
            self.left_out.discard(card)
            self.written_twice.discard(slip)
        return slip

    def account(self, card: Card, line: int, column: int) -> None:
        """A card whose place the record did not give before: it must be a new one."""
        if card in self.seen:
            self.duplicate(card, line, column)
        self.seen.add(card)

    def take_from_stock(self, match: Match | None, turn: Turn) -> bool:
        """Flip the stock's top; ``False`` when the record's flip is not it (JH108)."""
        if match is None:
            if self.stock_left > 0:
                self.bag.error(
                    "JH109",
                    "the turn has no flip (^card), but the stock still holds cards",
                    turn.line,
                    ja="めくり (^カード) がありませんが、山札はまだ残っています",
                )
            return True
        if self.stock_left <= 0:
            self.bag.error(
                "JH109",
                "a flip from an empty stock",
                turn.line,
                match.column,
                ja="空の山札からめくっています",
            )
        self.stock_left -= 1
        if self.stock is None:
            self.account(match.card, turn.line, match.column)
            return True
        top = self.stock.pop(0) if self.stock else None
        if top is not None and top != match.card and self.slip_in_deal(match.card, [top]):
            return True
        if top != match.card:
            if top is not None:
                self.mistyped(match.card, {top})
            shown = top.glyph() if top else "nothing"
            self.bag.error(
                "JH108",
                f"the stock's top card is {shown}, not {match.card.glyph()}",
                turn.line,
                match.column,
                ja=f"山札の一番上は {shown} です ({match.card.glyph()} ではありません)",
            )
            return False
        return True

    def candidates(self, card: Card) -> list[Card]:
        """The table cards ``card`` could capture (of those surely still there)."""
        return [o for o in self.table if captures(card, o) and o not in self.maybe_gone]

    def check_capture(self, match: Match, line: int) -> None:
        """The capture rule, and that the captured card lies on the table."""
        taken = match.taken
        if taken is None:
            return
        if not captures(match.card, taken):
            need = "the same rank" if match.card.rank >= 10 else f"a {10 - match.card.rank}"
            self.bag.error(
                "JH104",
                f"{match.card.glyph()} cannot take {taken.glyph()}: it takes {need}",
                line,
                match.taken_column,
                ja=f"{match.card.glyph()} で {taken.glyph()} は取れません"
                " (取れるのは合計10か同じランク)",
            )
        maybe = self.maybe_down is None or taken in self.maybe_down
        if self.table_known and taken not in self.table and not maybe:
            on_table = " ".join(c.glyph() for c in self.table) or "nothing"
            self.bag.error(
                "JH103",
                f"{taken.glyph()} is not on the table (the table: {on_table})",
                line,
                match.taken_column,
                ja=f"{taken.glyph()} は場にありません (場: {on_table})",
            )

    def check_forced(self, match: Match, line: int, flipped: bool) -> None:
        """A card that could capture but was left on the table, where the rules forbid it."""
        if match.taken is not None:
            return
        forced = self.rules.flip_must_capture if flipped else self.rules.forced_capture
        possible = self.candidates(match.card) if forced else []
        if not possible:
            return
        options = " or ".join(c.glyph() for c in possible)
        if flipped:
            self.bag.error(
                "JH106",
                f"the flipped {match.card.glyph()} must take {options}",
                line,
                match.column,
                ja=f"めくった {match.card.glyph()} は {options} を取らなければなりません",
            )
        else:
            self.bag.error(
                "JH105",
                f"{match.card.glyph()} can take {options}: the rules force the capture",
                line,
                match.column,
                ja=f"{match.card.glyph()} は {options} を取れます。このルールでは取りが必須です",
            )

    def check_hand_capture(self, seat: int, match: Match, line: int) -> None:
        """Rule (seed, ``hand_must_capture``): a card is laid on the table only when no
        card in the hand can capture. The played card itself is JH105's when
        ``forced_capture`` is on, so it is not reported twice."""
        hand = self.hands[seat]
        if (
            match.taken is not None
            or not self.rules.hand_must_capture
            or not self.table_known
            or hand is None
            or match.card not in hand  # JH102's: the card really played is not known
            or seat in self.unsure
        ):
            return
        skip = match.card if self.rules.forced_capture else None
        for card in hand:
            possible = self.candidates(card) if card != skip else []
            if possible:
                options = " or ".join(c.glyph() for c in possible)
                who = self.seats[seat]
                self.bag.error(
                    "JH112",
                    f"{who} lays {match.card.glyph()} on the table, but {card.glyph()} in the "
                    f"hand can take {options}: a card is laid only when none can capture",
                    line,
                    match.column,
                    ja=f"{who} は {match.card.glyph()} を場に置きましたが、手札の "
                    f"{card.glyph()} で {options} を取れます。どの手札でも取れないときだけ"
                    "場に置けます",
                )
                return

    def put_down(self, seat: int, match: Match, line: int, flipped: bool, sure: bool = True) -> int:
        """Capture or lay the card on the table; the points the seat gained. A card
        already reported as not the one the deal gives (``sure`` false) is not told it
        had to capture: the real card may not have."""
        self.check_capture(match, line)
        if sure:
            self.check_forced(match, line, flipped)
        taken = match.taken
        if taken is None:
            self.table.append(match.card)
            self.notes.append(Note(match.card, None, 0, flipped))
            return 0
        if taken in self.table:
            self.table.remove(taken)
        if not self.table_known:
            self.account(taken, line, match.taken_column)
        gained = self.score(match.card) + self.score(taken)
        self.piles[seat] += [match.card, taken]
        self.scores[seat] += gained
        self.notes.append(Note(match.card, taken, gained, flipped))
        return gained

    def score(self, card: Card) -> int:
        return self.rules.points(card)

    def following(self, position: int) -> str | None:
        """The seat of the next turn after ``position`` that names one of the seats."""
        later = self.record.turns[position + 1 :]
        return next((t.player for t in later if t.player in self.seats), None)

    def unread(self, turn: Turn, position: int) -> None:
        """A line that could not be read (already reported): a step of its own, with the
        position before it. It takes its seat's turn, or, naming none, the turn the next
        turn says it took (cardkit.unread); a turn taken flips the stock's top unseen, so
        the flips after it are still checked against the stock."""
        n = len(self.seats)
        seat = ""
        if turn.player:
            seat = self.seats[self.check_order(turn, self.taken)]
        elif unread.took_turn(
            self.seats[self.taken % n],
            self.seats[(self.taken + 1) % n],
            self.following(position),
            self.taken >= DEALT,
        ):
            seat = self.seats[self.taken % n]
        if seat:
            self.taken += 1
            self.put_down_unseen(self.seats.index(seat))
        self.steps.append(Step(position + 1, turn, self.snapshot(), 0, (), seat))

    def put_down_unseen(self, seat: int) -> None:
        """What a turn that could not be read did, as far as it is known: one of the
        seat's cards and the stock's top went down, taking what they took."""
        hand = self.hands[seat]
        down = set(hand) if hand is not None else None
        if self.stock_left > 0:
            self.stock_left -= 1
            if not self.stock:
                down = None  # a flip the record does not give
            elif down is not None:
                down.add(self.stock.pop(0))
            else:
                self.stock.pop(0)
        self.unsure.add(seat)
        self.maybe_gone |= set(self.table)
        if self.maybe_down is None or down is None:
            self.maybe_down = None
        else:
            self.maybe_down |= down

    def turn(self, turn: Turn, position: int) -> None:
        """The turn at ``position`` among the record's turn lines: step ``position + 1``."""
        self.notes = []
        if turn.play is None:
            self.unread(turn, position)
            return
        if self.repeats(turn, position):
            self.steps.append(Step(position + 1, turn, self.snapshot(), 0, ()))
            return
        self.left_out_before(turn, turn.play)
        seat = self.slip_of_seat(self.check_order(turn, self.taken), turn.play)
        self.taken += 1
        self.check_hand_capture(seat, turn.play, turn.line)
        sure = self.take_from_hand(seat, turn.play, turn.line)
        gained = self.put_down(seat, turn.play, turn.line, flipped=False, sure=sure)
        sure = self.take_from_stock(turn.flip, turn)
        if turn.flip is not None:
            gained += self.put_down(seat, turn.flip, turn.line, flipped=True, sure=sure)
        step = Step(
            position + 1, turn, self.snapshot(), gained, tuple(self.notes), self.seats[seat]
        )
        self.steps.append(step)

    def snapshot(self) -> Snapshot:
        return Snapshot(
            tuple(self.table),
            tuple(tuple(h) if h is not None else None for h in self.hands),
            tuple(tuple(p) for p in self.piles),
            tuple(self.scores),
            self.stock_left,
        )

    # -- the end ------------------------------------------------------------------------
    def check_complete(self) -> bool:
        played = self.taken
        if played >= DEALT:
            return True
        line = self.record.turns[-1].line if self.record.turns else self.record.first_line
        self.bag.warning(
            "JH202",
            f"the record ends after {played} of {DEALT} turns: no winner is named",
            line,
            ja=f"記録は{DEALT}手番中{played}手番で終わっています。勝者は決めません",
        )
        return False

    def check_result(self) -> None:
        result = self.record.result
        if result is None or self.unsure:  # a turn not read scored what is not known
            return
        scores = dict(zip(self.seats, self.scores, strict=True))
        for who, points in result.items():
            if scores.get(who) != points:
                actual = scores.get(who)
                shown = "is not a player" if actual is None else f"has {actual}"
                self.bag.error(
                    "JH111",
                    f"the result gives {who} {points} points, but {who} {shown}",
                    self.record.result_line,
                    ja=f"結果では {who} は{points}点ですが、"
                    + ("競技者ではありません" if actual is None else f"実際は{actual}点です"),
                )

    def run(self) -> Replay:
        ok = self.check_players()
        self.check_table()
        reasons: list[str] = []
        if ok:
            self.check_hand_sizes()
            self.note_unknown_hands()
            self.check_deal_duplicates()
            reasons = self.redeal_reasons()
        self.steps.append(Step(0, None, self.snapshot(), 0, ()))
        if ok:
            for position, turn in enumerate(self.record.turns):
                self.turn(turn, position)
        complete = ok and self.check_complete()
        self.check_result()
        scores = dict(zip(self.seats, self.scores, strict=True))
        ranking = sorted(self.seats, key=lambda s: -scores[s]) if complete else []
        top = [s for s in ranking if scores[s] == scores[ranking[0]]] if ranking else []
        winner = top[0] if len(top) == 1 else None
        return Replay(
            seats=self.seats,
            rules=self.rules,
            steps=self.steps,
            scores=scores,
            target=self.rules.target_for(len(self.seats)),
            winner=winner,
            ranking=ranking,
            complete=complete,
            redeal=reasons,
        )


def _same(turn: Turn, other: Turn) -> bool:
    """The same seat playing and flipping the same cards, taking the same ones."""

    def cards(match: Match | None) -> tuple[Card | None, Card | None]:
        return (match.card, match.taken) if match else (None, None)

    return (
        turn.player == other.player
        and other.play is not None
        and cards(turn.play) == cards(other.play)
        and cards(turn.flip) == cards(other.flip)
    )


def replay(record: JHRecord, rules: RuleSet, bag: DiagnosticBag) -> Replay:
    return _Engine(record, rules, bag).run()
