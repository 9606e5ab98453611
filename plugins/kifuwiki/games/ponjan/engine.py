"""The rules engine: replay a session action by action, one snapshot per step.

Step 0 is the session before the first hand; then every hand heading, action, payment
and totals line is a step. What the record shows is checked; what it hides (``?`` tiles,
hands without a starting line) is never guessed: checks that need the hidden tiles are
skipped, and a hidden tile the record later shows (a discard, a win's revealed tiles) is
counted from then on.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from kifuwiki.core.diagnostics import DiagnosticBag, counted
from kifuwiki.games.ponjan.model import (
    HAND_SIZE,
    WIN_SIZE,
    Action,
    ChipLine,
    Hand,
    Item,
    PonjanRecord,
    Unread,
    Verb,
    is_ready,
    is_win,
)
from kifuwiki.games.ponjan.payments import Win, describe, expected_payments
from kifuwiki.games.ponjan.rules import DealerKeeps, PonjanRules
from kifuwiki.games.ponjan.state import NOT_DRAWN, Seat, SeatView, Snapshot, seat_view


@dataclass(frozen=True, slots=True)
class StepResult:
    index: int
    item: Hand | Action | ChipLine | Unread | None
    """``None`` for step 0; a :class:`Hand` for its heading; an :class:`Unread` line is a
    step of its own, shown as written, with the position before it (cardkit.unread)."""
    snapshot: Snapshot | None
    """``None`` when replayed only to validate (``replay(…, snapshots=False)``)."""
    annotations: tuple[tuple[str, str], ...] = ()
    """Machine annotations as (Japanese, English)."""
    payments: dict[str, int] = field(default_factory=dict)

    @property
    def position(self) -> Snapshot:
        """The snapshot; only a replay with ``snapshots=True`` (the view's) has them."""
        if self.snapshot is None:
            raise ValueError("this replay was run without snapshots")
        return self.snapshot


@dataclass(slots=True)
class HandResult:
    number: int
    dealer: str | None
    ended: str | None
    winner: str | None
    payments: dict[str, int]
    value: int = 0
    or_payments: dict[str, int] = field(default_factory=dict)
    """The payments had the winner declared riichi in a line not read (PJ111 takes
    either)."""


@dataclass(slots=True)
class Replay:
    record: PonjanRecord
    rules: PonjanRules
    steps: list[StepResult]
    hands: list[HandResult]
    chips: dict[str, int]
    """Chip totals after the last step."""
    history: list[dict[str, int]]
    """Chip totals after each hand (the first entry: the start)."""


class _Engine:
    def __init__(
        self, record: PonjanRecord, rules: PonjanRules, bag: DiagnosticBag, *, snapshots: bool
    ) -> None:
        self.record = record
        self.snapshots = snapshots
        self.rules = rules
        self.bag = bag
        self.order = record.order
        start = rules.start_chips if rules.start_chips is not None else record.start_chips
        self.chips: dict[str, int] = dict.fromkeys(self.order, start)
        self.history: list[dict[str, int]] = [dict(self.chips)]
        self.hands: list[HandResult] = []
        self.seats: dict[str, Seat] = {seat: Seat() for seat in self.order}
        self.hand: Hand | None = None
        self.result: HandResult | None = None
        self.wall = 0
        self.to_move: str | None = None
        self.last_discard: tuple[str, str | None] | None = None
        self.seen: Counter[str] = Counter()
        self.over: set[str] = set()
        self.paid = False
        self.totalled = False
        """The hand's totals line (計) came: a payment line after it is out of order."""
        self.pay_line: int | None = None
        """The line of the hand's payment line, once one was taken."""
        self.acted = False
        """The hand had an action (a line not read before it was no riichi)."""
        self.rules_chips: dict[str, int] | None = None
        """After a payment line with an error: the totals had it paid as the rules say."""
        self.unpaid_warning: tuple[str, str, int, int] | None = None
        """PJ201 (message, Japanese, line, step), said when the hand closes."""
        self.step = 0
        self.notes: list[tuple[str, str]] = []
        self.lost = False
        """An unreadable line came before this action: what it did is unknown, so the
        next action resynchronises instead of reporting the gap again (see ``resync``)."""
        self.lost_at = (1, 0)
        """The (line, step) of the last line not read."""
        self.end_not_read = False
        """The hand's last action was not read (its error is said) and nothing ended the
        hand: that line may have been its win, so its end and payments (with no payment
        line, the next totals) are taken as written (PJ204, said once) instead of "never
        ended", "payments before the end" and wrong running totals (one typo, one error)."""
        self.chips_not_known = False
        """A hand whose end was not read closed with no payment line: what it paid is not
        known (who won is not), so the next totals line (計) is taken as written, not
        checked against running totals that lack it (one typo, one error)."""
        self.maybe_riichi: set[str] = set()
        """Seats not in riichi with a line not read this hand (``A リーチx 5``): that line
        may have been their riichi, so "only a player in riichi may ron" (PJ107) is not
        said, and their payments may count riichi or not (one typo, one error)."""
        self.views: dict[str, SeatView] = {}
        """Each seat's last view; only seats an action touched are rebuilt (``dirty``)."""
        self.dirty: set[str] = set(self.order)

    # -- helpers ----------------------------------------------------------------

    def error(self, code: str, message: str, ja: str, line: int, column: int = 1) -> None:
        self.bag.error(code, message, line, column, step=self.step, ja=ja)

    def note(self, ja: str, en: str) -> None:
        self.notes.append((ja, en))

    def name(self, seat: str | None) -> str:
        return self.record.name(seat) if seat else "—"

    def next_seat(self, seat: str) -> str:
        return self.order[(self.order.index(seat) + 1) % len(self.order)]

    def snapshot(self) -> Snapshot:
        result = self.result
        return Snapshot(
            hand=self.hand.number if self.hand else 0,
            dealer=result.dealer if result else None,
            wall=self.wall,
            seats=self.seat_views(),
            to_move=self.to_move if result is None or result.ended is None else None,
            ended=result.ended if result else None,
            winner=result.winner if result else None,
        )

    def seat_views(self) -> dict[str, SeatView]:
        for seat in self.dirty:
            self.views[seat] = seat_view(self.seats[seat], self.chips[seat], self.record.tiles)
        self.dirty.clear()
        return dict(self.views)

    def show(self, tiles: list[str], line: int) -> bool:
        """Tiles become visible: more copies than the set has is PJ103 (once per tile).
        ``True`` when one is more than the set has (said or not)."""
        over = False
        for tile in tiles:
            self.seen[tile] += 1
            limit = self.record.tiles.copies.get(tile, 0)
            over |= self.seen[tile] > limit
            if self.seen[tile] > limit and tile not in self.over:
                self.over.add(tile)
                self.error(
                    "PJ103",
                    f"this is copy {self.seen[tile]} of tile {tile} in this hand; "
                    f"the set has {limit}",
                    f"この局で牌 {tile} が{self.seen[tile]}枚目です。牌セットには{limit}枚",
                    line,
                )
        return over

    def blur(self, seat: str) -> None:
        """After an error about what the seat holds (PJ102, PJ103 on its draw, PJ105,
        PJ106, PJ107's tile): its tiles as tracked are wrong somewhere (a tile mistyped,
        here or in an earlier draw). They are still shown as written, but the checks that
        need them (ready, the tile drawn, held, the win's shape) are not made again this
        hand: one typo, one error, not "not ready" and then "not three sets" at the win."""
        self.seats[seat].unsure = True

    def show_from_hidden(self, held: Seat, tiles: list[str], line: int) -> None:
        """Tiles of the seat's hidden ones come to light: those counted when they were
        known (before a discard not read hid the hand) are not counted again, which said
        "copy 7 of tile 3" (PJ103) on every later discard of a tile the seat was dealt."""
        new = []
        for tile in tiles:
            if held.counted[tile] > 0:
                held.counted[tile] -= 1
            else:
                new.append(tile)
        self.show(new, line)

    def ended(self) -> bool:
        return self.result is not None and self.result.ended is not None

    # -- the deal and the dealer ---------------------------------------------------

    def expected_dealer(self) -> str | None:
        if not self.hands:
            return None
        last = self.hands[-1]
        if last.dealer is None:
            return None
        keeps = self.rules.dealer_keeps is DealerKeeps.WIN and last.winner == last.dealer
        return last.dealer if keeps else self.next_seat(last.dealer)

    def finish_hand(self) -> None:
        """Close the hand in play: warn when it never ended or was never paid."""
        hand, result = self.hand, self.result
        if hand is None or result is None:
            return
        if result.ended is None and self.lost:
            self.unread_end(paid=self.paid)
            self.chips_not_known |= not self.paid
        elif result.ended is None:
            self.bag.warning(
                "PJ202",
                f"hand {hand.number} never ended: no win and no exhaustive draw (流局)",
                hand.line,
                step=self.step,
                ja=f"第{hand.number}局は終わっていません (アガリも流局もない)",
            )
        self.settle_unpaid()
        if self.unpaid_warning is not None:
            message, ja, line, step = self.unpaid_warning
            self.bag.warning("PJ201", message, line, step=step, ja=ja)
            self.unpaid_warning = None
        self.hands.append(result)
        self.history.append(dict(self.chips))

    def unread_end(self, *, paid: bool, totals: int | None = None) -> None:
        """The hand did not end, and the last line of its play was not read: it may have
        been the win (``A ロソ 6``, ``B ツモ!``). Said once a hand, at that line, with what
        is taken as written: the payment line, or with none (``paid`` false) the next
        totals line, what the hand paid not being known. ``totals``: the line of the
        hand's own totals, which came before any payment line (one may still follow it,
        so the note does not say none follows)."""
        hand = self.hand
        assert hand is not None
        if self.end_not_read:
            return
        self.end_not_read = True
        lost = f"hand {hand.number}: a line that may have ended it was not read (see its error)"
        lost_ja = f"第{hand.number}局: 局を終えたかもしれない行が読めません (エラーを参照)"
        if paid:
            message = f"{lost}, so its end and payments are taken as written"
            ja = f"{lost_ja}。局の終わりと精算は書かれたとおりとみなします"
        elif totals is not None:
            message = (
                f"{lost} and no payment line comes before its chip totals (line {totals}), so "
                "its end is taken as written and what it paid is not known: those chip "
                "totals are taken as written"
            )
            ja = (
                f"{lost_ja}。合計 ({totals}行目) の前に精算の行がありません。局の終わりは"
                "書かれたとおりとみなし、精算はわからないため、その合計を書かれたとおりとみなします"
            )
        else:
            message = (
                f"{lost} and no payment line follows, so its end is taken as written and "
                "what it paid is not known: the next chip totals are taken as written"
            )
            ja = (
                f"{lost_ja}。精算の行もありません。局の終わりは書かれたとおりとみなし、"
                "精算はわからないため、次のチップの合計を書かれたとおりとみなします"
            )
        self.bag.info("PJ204", message, self.lost_at[0], step=self.lost_at[1], ja=ja)

    def settle_unpaid(self) -> None:
        """A win whose payment line is missing: warn once, and move the chips as the rules
        say, so the running totals stay right."""
        hand, result = self.hand, self.result
        if hand is None or result is None or result.winner is None or self.paid:
            return
        if self.lost:
            # A line after the win was not read (``精算 A-16 D+24 C-8``, ``清算 …``): it may
            # have been the payment line, so "ended without its payment line" (PJ201) is
            # not said; the note says how the chips moved (one typo, one error).
            self.lost = False
            self.bag.info(
                "PJ205",
                f"hand {hand.number}: a line after its win was not read (see its error) and "
                "may have been its payments; the chips move as the rules say: "
                f"{describe(result.payments, self.order)}",
                self.lost_at[0],
                step=self.lost_at[1],
                ja=f"第{hand.number}局: アガリの後の行が読めません (エラーを参照)。精算の行"
                "だったかもしれません。ルールどおりに動かします: "
                f"{describe(result.payments, self.order)}",
            )
        else:
            # Said when the hand closes: a payment line after the totals (out of order,
            # PJ115) is a payment line, so "ended without" is then not said.
            self.unpaid_warning = (
                f"hand {hand.number} ended without its payment line; the chips move as "
                f"the rules say: {describe(result.payments, self.order)}",
                f"第{hand.number}局に精算の行がありません。ルールどおりに動かします: "
                f"{describe(result.payments, self.order)}",
                hand.line,
                self.step,
            )
        for seat, chips in result.payments.items():
            self.chips[seat] += chips
        self.paid = True

    def deal(self, hand: Hand) -> None:
        """A hand heading: check the dealer, deal 8 tiles to every seat, fill the wall."""
        self.finish_hand()
        expected = None if self.end_not_read else self.expected_dealer()
        # Who won the hand not read is not known, nor so who deals now.
        self.end_not_read = self.lost = False
        self.maybe_riichi = set()
        if expected is not None and hand.dealer is not None and hand.dealer != expected:
            rule = (
                "the dealer keeps the deal after winning"
                if self.rules.dealer_keeps is DealerKeeps.WIN
                else "the deal passes to the next seat after every hand"
            )
            self.error(
                "PJ114",
                f"hand {hand.number} is dealt by {hand.dealer}, but {expected} deals it ({rule})",
                f"第{hand.number}局の親は {expected} です ({hand.dealer} ではありません)",
                hand.line,
            )
        self.hand = hand
        # A dealer not read (``親 Q``, PJ002) is the one the deal passes to, or, in the
        # first hand, the first seat to act: not the winner, which made every win a
        # dealer's win (PJ111 ×1.5) and left the next hand's dealer unchecked.
        dealer = hand.dealer if hand.dealer is not None else expected
        self.result = HandResult(hand.number, dealer, None, None, {})
        self.seats = {seat: Seat(hidden=HAND_SIZE) for seat in self.order}
        self.dirty.update(self.order)
        self.seen = Counter()
        self.over = set()
        self.paid = False
        self.totalled = False
        self.pay_line = None
        self.acted = False
        self.rules_chips = None
        self.last_discard = None
        self.wall = self.record.tiles.size - HAND_SIZE * len(self.order)
        self.to_move = dealer
        for seat, (tiles, line) in hand.starting.items():
            if len(tiles) != HAND_SIZE:
                self.error(
                    "PJ118",
                    f"{seat}'s starting hand has {counted(len(tiles), 'tile')}; "
                    "every seat starts with 8",
                    f"{seat} の配牌が{len(tiles)}枚です。配牌は8枚です",
                    line,
                )
            self.seats[seat] = Seat(known=Counter(tiles))
            self.show(tiles, line)
        dealer = self.name(self.result.dealer)
        self.note(f"第{hand.number}局 親 {dealer}", f"hand {hand.number}, {dealer} deals")

    # -- turns ------------------------------------------------------------------

    def resync(self, action: Action, seat: str | None) -> None:
        """After an unreadable line, assume it was whatever makes ``action`` possible:
        another seat's pending discard (a hidden tile) or this seat's draw. ``seat`` is
        ``None`` for an exhaustive draw (流局), which comes after the last discard."""
        for other, held in self.seats.items():
            if other != seat and held.has_drawn:
                self.take(action, other, None)
                held.drawn = NOT_DRAWN
                held.discards.append((None, False))
                self.dirty.add(other)
                # The discard a ron takes: "cannot ron now" (PJ107) was said on the ron
                # after a discard not read, and its payments were PJ111.
                self.last_discard = (other, None)
                self.to_move = self.next_seat(other)
        if seat is None:
            return
        held = self.seats[seat]
        if action.verb in (Verb.DISCARD, Verb.RIICHI, Verb.TSUMO) and not held.has_drawn:
            held.hidden += 1
            held.drawn = None
            self.wall = max(self.wall - 1, 0)
        self.to_move = seat

    def check_turn(self, action: Action, seat: str) -> None:
        if self.to_move is not None and seat != self.to_move:
            self.error(
                "PJ100",
                f"it is {self.to_move}'s turn to draw, not {seat}'s (turns go "
                f"{' → '.join(self.order)} from the dealer)",
                f"ツモの番は {self.to_move} です ({seat} ではありません)",
                action.line,
            )
        self.to_move = seat

    def draw(self, action: Action, seat: str) -> None:
        held = self.seats[seat]
        if held.has_drawn:
            self.error(
                "PJ101",
                f"{seat} already holds 9 tiles: discard before drawing again",
                f"{seat} はすでに9枚持っています。打牌してからツモります",
                action.line,
            )
            return
        self.check_turn(action, seat)
        if self.wall <= self.rules.dead_wall:
            self.error(
                "PJ110",
                "the wall is empty: the hand ends with an exhaustive draw (流局)",
                "山がありません。流局です",
                action.line,
            )
        self.wall = max(self.wall - 1, 0)
        if action.tile is None:
            held.hidden += 1
            held.drawn = None
        else:
            held.known[action.tile] += 1
            held.drawn = action.tile
            if self.show([action.tile], action.line):
                # A copy beyond the set (PJ103): the tile drawn is mistyped, so what the
                # seat holds is not known ("not ready" and "not a win" followed).
                self.blur(seat)

    def take(self, action: Action, seat: str, tile: str | None) -> bool:
        """Take ``tile`` out of the seat's tiles; PJ102 (and ``False``) when not held."""
        held = self.seats[seat]
        # In riichi the tile thrown is the tile drawn: when that draw was hidden, the
        # discard comes out of the hidden tiles, not the known ones. Not the riichi
        # discard itself, chosen from the hand (a draw not read before it made it
        # "copy 7 of tile 1" (PJ103) and left the tile in the hand, so "not ready", PJ105).
        hidden_draw = held.drawn is None and held.riichi and action.verb is not Verb.RIICHI
        if tile is None:  # a hidden discard: which tile left is unknown from now on
            if held.hidden == 0:
                held.hidden = sum(held.known.values())
                held.counted += held.known
                held.known.clear()
            held.hidden -= 1
            return True
        if held.known[tile] > 0 and not (hidden_draw and held.hidden > 0):
            held.known[tile] -= 1
            held.known += Counter()  # drop zero counts
            return True
        if held.hidden > 0:
            held.hidden -= 1
            self.show_from_hidden(held, [tile], action.line)
            return True
        if held.unsure:
            return True  # what it holds is not known (``blur``): the tile left
        holds = " ".join(self.record.tiles.sort(list(held.known.elements())))
        self.error(
            "PJ102",
            f"{seat} discards {tile} but does not hold it (holds {holds or 'nothing'})",
            f"{seat} は {tile} を持っていません (手牌: {holds or 'なし'})",
            action.line,
        )
        return False

    def discard(self, action: Action, seat: str) -> None:
        held = self.seats[seat]
        riichi = action.verb is Verb.RIICHI
        if not held.has_drawn:
            self.error(
                "PJ101",
                f"{seat} holds 8 tiles and must draw before discarding",
                f"{seat} は8枚です。打牌の前にツモります",
                action.line,
            )
            self.check_turn(action, seat)
            held.hidden += 1  # the draw the record left out, so the hand size stays right
            held.drawn = None
            self.wall = max(self.wall - 1, 0)
        elif seat != self.to_move:
            self.check_turn(action, seat)
        if not self.check_not_won(action, seat):
            self.blur(seat)  # a mistyped draw that wins: not also PJ106 on the same line
        thrown = action.tile
        if held.riichi and not held.unsure and not self.after_riichi(action, seat):
            # "must discard the tile drawn" (PJ106) is the line's error, not also "does
            # not hold it" (PJ102) for the tile written, nor, on a ron naming the tile
            # drawn, "the last discard is …" (PJ107): which of the two left is not known.
            self.blur(seat)
            thrown = None
        if riichi:
            self.declare_riichi(action, seat)
        if not self.take(action, seat, action.tile):
            self.blur(seat)
            # The tile written is not held: which tile left is not known, so a ron that
            # names it is not "the last discard is …" (PJ107) as well.
            thrown = None
        if riichi:
            self.check_ready(action, seat)
        held.drawn = NOT_DRAWN
        held.discards.append((action.tile, riichi))
        self.last_discard = (seat, thrown)
        self.to_move = self.next_seat(seat)
        if riichi:
            self.note(f"{self.name(seat)} リーチ", f"{self.name(seat)} declares riichi")

    def check_not_won(self, action: Action, seat: str) -> bool:
        """Rule (seed, ``tsumo_compulsory``): nine tiles that are three sets win at once;
        only a hand that does not win discards. ``False`` after PJ120."""
        held = self.seats[seat]
        if not self.rules.tsumo_compulsory or not held.has_drawn or held.hidden or held.unsure:
            return True
        if is_win(held.known, self.record.tiles.wild):
            tiles = " ".join(self.record.tiles.sort(list(held.known.elements())))
            self.error(
                "PJ120",
                f"{seat}'s nine tiles {tiles} are three sets: the hand is won there (ツモ), "
                "a winning hand does not discard",
                f"{seat} の9枚 {tiles} は3組そろっています。そこでアガリ (ツモ) で、"
                "アガリの形から牌は捨てません",
                action.line,
                action.column,
            )
            return False
        return True

    # -- riichi -----------------------------------------------------------------

    def declare_riichi(self, action: Action, seat: str) -> None:
        held = self.seats[seat]
        if held.riichi:
            self.error(
                "PJ116",
                f"{seat} is already in riichi; riichi is declared once per hand",
                f"{seat} はすでにリーチしています",
                action.line,
            )
        held.riichi = True

    def after_riichi(self, action: Action, seat: str) -> bool:
        """After riichi the drawn tile is discarded unless it wins (then: tsumo).
        ``False`` after PJ106."""
        held = self.seats[seat]
        if not self.rules.riichi_discards_drawn or held.drawn is None:
            return True
        if action.tile is not None and action.tile != held.drawn:
            self.error(
                "PJ106",
                f"{seat} is in riichi and must discard the tile just drawn ({held.drawn}), "
                f"not {action.tile}",
                f"{seat} はリーチ中なので、ツモった {held.drawn} を捨てます "
                f"({action.tile} ではなく)",
                action.line,
            )
            return False
        return True

    def check_ready(self, action: Action, seat: str) -> None:
        held = self.seats[seat]
        if not self.rules.riichi_needs_ready or held.hidden or held.unsure:
            return
        if not is_ready(held.known, self.record.tiles.wild):
            tiles = " ".join(self.record.tiles.sort(list(held.known.elements())))
            self.error(
                "PJ105",
                f"riichi needs a hand one tile from three sets; {seat} keeps {tiles}",
                f"リーチはあと1枚でアガリの形のときだけです。{seat} の手牌: {tiles}",
                action.line,
            )
            self.blur(seat)

    # -- wins -------------------------------------------------------------------

    def winning_tiles(self, action: Action, seat: str, extra: str | None) -> Counter[str] | None:
        """The winner's 9 tiles when they are known (tracked or revealed)."""
        held = self.seats[seat]
        tracked = Counter(held.known)
        if extra is not None:
            tracked[extra] += 1
        hidden = held.hidden + (1 if action.verb is Verb.RON and extra is None else 0)
        if not action.revealed:
            return tracked if hidden == 0 and not held.unsure else None
        revealed = Counter(action.revealed)
        differ = (hidden == 0 and revealed != tracked) or tracked - revealed
        if differ and not held.unsure:
            shown = " ".join(self.record.tiles.sort(list(tracked.elements())))
            self.error(
                "PJ117",
                f"the revealed tiles differ from what {seat} holds ({shown}"
                + (f" + {hidden} hidden)" if hidden else ")"),
                f"公開牌が {seat} の手牌 ({shown}) と違います",
                action.line,
            )
        else:
            self.show_from_hidden(held, list((revealed - tracked).elements()), action.line)
            # From now on the winner's tiles are known: the page shows them all.
            held.known = Counter(revealed)
            held.hidden = 0
            held.drawn = NOT_DRAWN
        return revealed

    def check_shape(self, action: Action, seat: str, tiles: Counter[str] | None) -> None:
        if tiles is None:
            return
        if not is_win(tiles, self.record.tiles.wild):
            shown = " ".join(self.record.tiles.sort(list(tiles.elements())))
            self.error(
                "PJ104",
                f"{seat}'s tiles {shown} are not three sets of three identical tiles "
                f"({counted(sum(tiles.values()), 'tile')}; wild tiles fill gaps)",
                f"{seat} の {shown} は同じ牌3枚の組3つではありません",
                action.line,
            )

    def score(self, action: Action, seat: str) -> tuple[str, ...]:
        names = ["base"]
        if self.seats[seat].riichi and "riichi" in self.rules.scores:
            names.append("riichi")
        if action.verb is Verb.TSUMO and "tsumo" in self.rules.scores:
            names.append("tsumo")
        for yaku in action.yaku:
            if yaku not in self.rules.scores:
                known = ", ".join(self.rules.scores)
                self.error(
                    "PJ010",
                    f"'{yaku}' is not in the score table ({known})",
                    f"'{yaku}' は点数表にありません ({known})",
                    action.line,
                )
            else:
                names.append(yaku)
        return tuple(names)

    def win(self, action: Action, seat: str, discarder: str | None) -> None:
        hand, result = self.hand, self.result
        assert hand is not None and result is not None
        hands = self.score(action, seat)
        dealer = result.dealer or seat
        details = Win(seat, dealer, tuple(self.order), discarder is None, discarder, hands)
        result.ended = "tsumo" if discarder is None else "ron"
        result.winner = seat
        result.payments = expected_payments(details, self.rules)
        result.value = result.payments[seat]
        if seat in self.maybe_riichi and "riichi" in self.rules.scores and "riichi" not in hands:
            riichi = Win(
                seat, dealer, tuple(self.order), discarder is None, discarder, (*hands, "riichi")
            )
            result.or_payments = expected_payments(riichi, self.rules)
        who = self.name(seat)
        if discarder is None:
            self.note(f"{who} ツモ ({result.value}点)", f"{who} wins by tsumo ({result.value})")
        else:
            self.note(
                f"{who} ロン ({self.name(discarder)} から {result.value}点)",
                f"{who} wins by ron on {self.name(discarder)}'s discard ({result.value})",
            )

    def ron(self, action: Action, seat: str) -> None:
        last = self.last_discard
        if last is None or last[0] == seat or any(s.has_drawn for s in self.seats.values()):
            self.error(
                "PJ107",
                f"{seat} cannot ron now: ron takes another player's discard, right after it",
                f"{seat} は今ロンできません (ロンは他人の捨てた直後の牌で)",
                action.line,
            )
            tile = action.tile
            discarder = last[0] if last else None
        else:
            discarder, tile = last
            riichi = self.seats[seat].riichi or seat in self.maybe_riichi
            if self.rules.ron_requires_riichi and not riichi:
                self.error(
                    "PJ107",
                    f"{seat} is not in riichi, and only a player in riichi may ron",
                    f"{seat} はリーチしていません。ロンできるのはリーチした人だけです",
                    action.line,
                )
            if action.tile is not None and tile is not None and action.tile != tile:
                self.error(
                    "PJ107",
                    f"the last discard is {tile}, not {action.tile}",
                    f"最後の捨て牌は {tile} です ({action.tile} ではありません)",
                    action.line,
                )
                # Which of the two was mistyped is not known: the win's shape is not
                # checked on either ("not three sets", PJ104, followed).
                self.blur(seat)
            tile = tile if tile is not None else action.tile
        self.check_shape(action, seat, self.winning_tiles(action, seat, tile))
        if tile is not None:  # the winner shows 9 tiles, the one won on set apart
            held = self.seats[seat]
            if sum(held.known.values()) + held.hidden < WIN_SIZE:
                held.known[tile] += 1
            held.drawn = tile
        self.win(action, seat, discarder if discarder != seat else None)

    def tsumo(self, action: Action, seat: str) -> None:
        if not self.seats[seat].has_drawn:
            self.error(
                "PJ108",
                f"{seat} has not drawn: a tsumo wins with the tile just drawn",
                f"{seat} はツモっていません。ツモアガリはツモった牌で",
                action.line,
            )
        self.check_shape(action, seat, self.winning_tiles(action, seat, None))
        self.win(action, seat, None)

    def exhausted(self, action: Action) -> None:
        assert self.result is not None
        holding = [seat for seat, held in self.seats.items() if held.has_drawn]
        if self.wall > self.rules.dead_wall:
            self.error(
                "PJ109",
                f"the wall still has {counted(self.wall, 'tile')}: the hand is exhausted only when "
                "the last tile was drawn and discarded",
                f"山にまだ{self.wall}枚あります。流局は最後の牌が捨てられたときだけです",
                action.line,
            )
        elif holding:
            self.error(
                "PJ109",
                f"{holding[0]} has drawn the last tile: a win (ツモ) or a discard comes "
                "before the exhaustive draw",
                f"{holding[0]} が最後の牌をツモっています。流局の前にツモアガリか打牌です",
                action.line,
            )
        self.result.ended = "exhausted"
        self.note("流局 (チップの移動なし)", "exhaustive draw: no chips change hands")

    # -- chips ------------------------------------------------------------------

    def pay(self, line: ChipLine) -> None:
        result = self.result
        assert result is not None
        if result.ended is None and self.lost and not self.paid:
            self.unread_end(paid=True)
            self.chips.update({s: self.chips[s] + line.values.get(s, 0) for s in self.order})
            self.paid = True
            self.pay_line = line.line
            return
        if result.ended is None or self.paid:
            # Said by what came before, not by ``ended`` alone: a hand whose end was not
            # read (PJ204) is taken as ended once paid, so a payment line after its
            # payments or its totals is out of order, not "before the end" (the note says
            # the end is taken as written).
            if not self.paid:
                message = "payments come once per hand, after its win or exhaustive draw (流局)"
                ja = "精算は局の終わり (アガリか流局) の後に一度だけ書きます"
            elif self.totalled and self.pay_line is None:
                message = "this hand's payments come before its chip totals (計), not after"
                ja = "精算は局の合計 (計) の前に書きます"
                self.unpaid_warning = None  # it has a payment line, out of order
            else:
                message = "this hand was already paid; write its payments on one line"
                ja = "この局の精算はもう書かれています。精算は1行に書きます"
                if self.pay_line is not None:
                    message += f" (its payments: line {self.pay_line})"
                    ja += f" (精算: {self.pay_line}行目)"
            self.error("PJ115", message, ja, line.line)
            return
        written = {seat: line.values.get(seat, 0) for seat in self.order}
        wrong_win = result.winner is not None and written not in (
            result.payments,
            result.or_payments,
        )
        if wrong_win:
            # A payment line with a typo: the totals after it that follow the rules'
            # payments are right (they were "the running totals are …", PJ112).
            self.rules_chips = {s: self.chips[s] + result.payments[s] for s in self.order}
        if result.ended == "exhausted":
            if any(written.values()):
                self.rules_chips = dict(self.chips)  # an exhausted wall pays nothing
                self.error(
                    "PJ119",
                    "an exhausted wall pays nothing: no chips change hands after 流局",
                    "流局ではチップは動きません",
                    line.line,
                )
        elif sum(line.values.values()) != 0:
            # One error for the line: what the payments should be is said here too, not
            # as a PJ111 of its own.
            should = ""
            should_ja = ""
            if wrong_win:
                should = f"; they should be {describe(result.payments, self.order)}"
                should_ja = f"。精算は {describe(result.payments, self.order)} のはずです"
            self.error(
                "PJ113",
                f"payments add up to {sum(line.values.values()):+d}, not 0: every chip one "
                f"seat gets another pays{should}",
                f"精算の合計が{sum(line.values.values()):+d}です (0 になるはず){should_ja}",
                line.line,
            )
        elif wrong_win:
            payments = describe(result.payments, self.order)
            why, why_ja = self.payment_reason()  # in Japanese too (review13 R13-15)
            self.error(
                "PJ111",
                f"the payments should be {payments} ({why})",
                f"精算は {payments} のはずです ({why_ja})",
                line.line,
            )
        for seat, chips in written.items():
            self.chips[seat] += chips
        self.paid = True
        self.pay_line = line.line

    def payment_reason(self) -> tuple[str, str]:
        """Why the payments are what they are, in English and Japanese."""
        result = self.result
        assert result is not None and self.hand is not None
        by_dealer = result.winner == result.dealer
        dealer, dealer_ja = (" (dealer ×1.5)", " (親は ×1.5)") if by_dealer else ("", "")
        value = result.value
        if result.ended == "ron":
            return (
                f"ron: the discarder pays the {value}{dealer} alone",
                f"ロン: 放銃した人が {value}{dealer_ja} を一人で払う",
            )
        return (
            f"tsumo: the others split {value}{dealer}, the dealer paying double",
            f"ツモ: ほかの人が {value}{dealer_ja} を分けて払い、親は倍を払う",
        )

    def totals(self, line: ChipLine) -> None:
        result = self.result
        if result is not None:
            self.totalled = True
        if result is not None and result.ended is None and self.lost and not self.paid:
            # The hand's last line was not read and no payment line came before its
            # totals: that line may have been the win, paid as these totals say.
            self.unread_end(paid=False, totals=line.line)
            self.chips_not_known = True
            self.paid = True  # these totals stand for what it paid
        self.settle_unpaid()
        if self.chips_not_known and set(line.values) == set(self.order):
            self.chips_not_known = False
            self.chips.update(line.values)
            return
        wrong = {s: v for s, v in line.values.items() if self.chips.get(s) != v}
        rules_chips, self.rules_chips = self.rules_chips, None
        if wrong and line.values == rules_chips:  # the payment line's error is said
            self.chips.update(rules_chips)
            return
        if wrong or set(line.values) != set(self.order):
            running = " ".join(f"{seat} {self.chips[seat]}" for seat in self.order)
            self.error(
                "PJ112",
                f"the running chip totals are {running}",
                f"チップの累計は {running} です",
                line.line,
            )
            # Totals that still add up to the session's chips (the record followed
            # other payments than it wrote) are where the record goes on from: reported
            # once, not on every totals line after. A typo that breaks the sum is not.
            if set(line.values) == set(self.order) and sum(line.values.values()) == sum(
                self.history[0].values()
            ):
                self.chips.update(line.values)

    # -- one item ---------------------------------------------------------------

    def item(self, item: Item) -> None:
        if isinstance(item, ChipLine):
            self.totals(item) if item.totals else self.pay(item)
            return
        if isinstance(item, Unread):
            return
        seat = item.seat
        self.acted = True
        if seat is not None and self.result is not None and self.result.dealer is None:
            self.result.dealer = seat  # the dealer acts first (see ``deal``)
        if seat is not None:
            self.dirty.add(seat)
        if self.lost:
            self.resync(item, seat)
        self.lost = False
        if self.ended():
            self.error(
                "PJ115",
                "the hand has ended: write the payments, then the next hand's heading",
                "この局は終わっています。精算と次の局の見出しを書きます",
                item.line,
            )
            return
        if item.verb is Verb.EXHAUSTED or seat is None:
            self.exhausted(item)
        elif item.verb is Verb.DRAW:
            self.draw(item, seat)
        elif item.verb in (Verb.DISCARD, Verb.RIICHI):
            self.discard(item, seat)
        elif item.verb is Verb.RON:
            self.ron(item, seat)
        else:
            self.tsumo(item, seat)

    def run(self) -> list[StepResult]:
        steps = [StepResult(0, None, self.snapshot() if self.snapshots else None)]
        for hand in self.record.hands:
            self.step += 1
            self.deal(hand)
            steps.append(self.flush(hand))
            for item in hand.items:
                self.step += 1
                if isinstance(item, Unread):
                    # A step of its own, nothing it says applied; the next action
                    # resynchronises (one typo, one error).
                    self.lost = True
                    self.lost_at = (item.line, self.step)
                    # Before the hand's first action (``A 配 1112…``) it cannot have been
                    # a riichi: riichi comes after a draw.
                    if item.seat in self.seats and self.acted:
                        self.maybe_riichi.add(item.seat)
                    elif self.acted:  # ``b リーチ 4``: whose line is not read; a riichi
                        # is declared by the seat holding a drawn tile
                        self.maybe_riichi.update(
                            s for s, held in self.seats.items() if held.has_drawn
                        )
                    steps.append(self.flush(item))
                    continue
                before = dict(self.chips)
                self.item(item)
                moved = {
                    s: self.chips[s] - before[s] for s in self.order if self.chips[s] != before[s]
                }
                self.dirty.update(moved)
                steps.append(self.flush(item, moved))
        self.finish_hand()
        return steps

    def flush(
        self, item: Hand | Action | ChipLine | Unread, moved: dict[str, int] | None = None
    ) -> StepResult:
        notes, self.notes = tuple(self.notes), []
        snapshot = self.snapshot() if self.snapshots else None
        return StepResult(self.step, item, snapshot, notes, moved or {})


def replay(
    record: PonjanRecord, rules: PonjanRules, bag: DiagnosticBag, *, snapshots: bool = True
) -> Replay:
    """Replay a session. Validating needs no snapshots (a third of the time goes into
    them); the view replays again with them."""
    engine = _Engine(record, rules, bag, snapshots=snapshots)
    steps = engine.run()
    return Replay(record, rules, steps, engine.hands, dict(engine.chips), engine.history)


__all__ = ["WIN_SIZE", "HandResult", "Replay", "StepResult", "replay"]
