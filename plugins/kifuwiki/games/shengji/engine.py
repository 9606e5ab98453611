"""Replay of a 升級 record: one method per rule, one snapshot per line.

Step 0 is the deal; every declaration, kitty line, burial and card play is one step.
The trump order is fixed when the first card is played (from the last standing
declaration, or the ``trump:`` line). Diagnostics say which rule a line breaks and what
would have been legal; the replay always goes on, taking the record's word.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import islice

from kifuwiki.cardkit import unread
from kifuwiki.cardkit.hands import note_hands_left_out
from kifuwiki.cards import BLACK_JOKER, Card, Suit
from kifuwiki.core.diagnostics import DiagnosticBag, counted
from kifuwiki.games.shengji.model import (
    SEATS,
    Declare,
    Event,
    Kitty,
    Play,
    SJRecord,
    other_team,
    team_of,
)
from kifuwiki.games.shengji.order import TRUMP, Trumps, high, level_name
from kifuwiki.games.shengji.rules import Direction, LevelChange, RuleSet, UndeclaredTrump
from kifuwiki.games.shengji.shapes import (
    Component,
    can_beat,
    decompose,
    longest_run,
    match_value,
    pair_count,
    smallest,
)


def points(cards: tuple[Card, ...] | list[Card]) -> int:
    """5s count 5, 10s and Ks count 10."""
    return sum(5 if c.rank == 5 else 10 if c.rank in (10, 13) else 0 for c in cards)


def glyphs(cards: tuple[Card, ...] | list[Card]) -> str:
    return "".join(c.glyph() for c in cards)


def turned_up_trump(kitty: Sequence[Card], level: int) -> Suit | None:
    """The seed's trump when nobody declares: the kitty turned up in order; the first
    level card names the suit, else the highest card (jokers aside), the first of equals.
    ``None`` only when the kitty holds nothing but jokers."""
    for card in kitty:
        if not card.joker and high(card.rank) == level:
            return card.suit
    best: Card | None = None
    for card in kitty:
        if not card.joker and (best is None or high(card.rank) > high(best.rank)):
            best = card
    return best.suit if best is not None else None


def seat_order(direction: Direction) -> tuple[str, ...]:
    return ("N", "W", "S", "E") if direction is Direction.COUNTER_CLOCKWISE else SEATS


def play_power(
    lead: Sequence[Component], suit: str, cards: Sequence[Card], trumps: Trumps
) -> tuple[int, int] | None:
    """How strong a play is against the lead: (1 for trumps, position of what answers the
    lead's largest component); ``None`` when it cannot win (another suit, or the shape
    not matched: a ruff wins only with the lead's shape)."""
    classes = {trumps.suit_of(c) for c in cards}
    if len(classes) != 1:
        return None
    cls = classes.pop()
    if cls not in (suit, TRUMP):
        return None
    value = match_value(lead, cards, trumps)
    if value is None:
        return None
    return (1 if cls == TRUMP else 0, value)


def trick_winner(
    lead: Sequence[Component],
    suit: str,
    plays: Sequence[tuple[str, Sequence[Card]]],
    trumps: Trumps,
) -> tuple[str, tuple[int, int] | None]:
    """The seat whose play is strongest; the first of equal plays wins."""
    best: tuple[int, int] | None = None
    winner = plays[0][0]
    for seat, cards in plays:
        power = play_power(lead, suit, cards, trumps)
        if power is not None and (best is None or power > best):
            best, winner = power, seat
    return winner, best


@dataclass(frozen=True, slots=True)
class TrickEnd:
    """A completed trick."""

    number: int
    leader: str
    winner: str
    points: int
    ruff: bool
    throw: bool
    last: bool
    plays: tuple[tuple[str, tuple[Card, ...]], ...]


@dataclass(frozen=True, slots=True)
class Snapshot:
    hands: tuple[tuple[Card, ...] | None, ...]
    """By seat N E S W; ``None`` when unknown."""
    trick: tuple[tuple[str, tuple[Card, ...]], ...]
    trick_number: int
    team_points: tuple[int, int]
    """Points captured so far by NS and EW."""
    attackers_points: int
    trumps: Trumps | None
    kitty: tuple[Card, ...] | None
    """The buried cards, once the last trick is played (revealed at the end)."""


@dataclass(frozen=True, slots=True)
class Step:
    index: int
    event: Event | None
    snapshot: Snapshot
    annotations: tuple[tuple[str, str], ...]
    tags: frozenset[str]
    """``ruff``, ``throw``, ``last-trick``, ``trick``, ``declare``."""
    trick_end: TrickEnd | None = None
    seat: str = ""
    """The seat whose turn a play took: its own, or for a line that could not be read and
    names no seat, the one whose turn it was (``""``: none, cardkit.unread)."""


@dataclass(slots=True)
class Replay:
    rules: RuleSet
    declarer: str
    trumps: Trumps
    """The trump order played (or the declared one, when no card was played)."""
    steps: list[Step]
    tricks: list[TrickEnd]
    attackers: str
    points: int
    kitty_bonus: int
    penalties: int
    complete: bool
    change: LevelChange | None
    levels_before: dict[str, int]
    levels_after: dict[str, int]
    winners: str | None
    """The team that goes up, once the deal is complete."""
    stats: dict[str, Counter[str]] = field(default_factory=dict)


@dataclass(slots=True)
class _Trick:
    leader: str
    plays: list[tuple[str, Play]] = field(default_factory=list)
    lead: list[Component] = field(default_factory=list)
    suit: str = ""


class _Engine:
    def __init__(self, record: SJRecord, rules: RuleSet, bag: DiagnosticBag) -> None:
        self.record, self.rules, self.bag = record, rules, bag
        self.order = seat_order(rules.direction)
        self.declarer = self.find_declarer()
        self.attackers = other_team(team_of(self.declarer))
        self.level = record.levels[team_of(self.declarer)]
        self.hands: dict[str, list[Card] | None] = {
            s: list(record.hands[s].cards) if s in record.hands else None for s in SEATS
        }
        self.seen: Counter[Card] = Counter()
        self.declarations: list[Declare] = []
        self.trumps: Trumps | None = None
        self.buried: tuple[Card, ...] | None = () if rules.kitty_size == 0 else None
        self.kitty_cards: tuple[Card, ...] | None = None
        """The kitty as taken (in the order it was turned up), when the record shows it."""
        self.kitty_taken = False
        self.open_lead = False
        """The last trick's winner is unknown (it held a play that could not be read)."""
        self.unsure = False
        """A play could not be read: the points, and so the result, are not known."""
        self.unsure_seats: set[str] = set()
        """Seats with a play that could not be read: their hands hold cards played."""
        self.trick: _Trick | None = None
        self.tricks: list[TrickEnd] = []
        self.played: Counter[str] = Counter()
        self.team_points = {"NS": 0, "EW": 0}
        self.penalties = 0
        self.kitty_bonus = 0
        self.steps: list[Step] = []
        self.notes: list[tuple[str, str]] = []
        self.at = 0
        """The position in the record's events of the one being replayed."""
        self.seat = ""
        """The seat whose turn that event took."""
        self.tags: set[str] = set()
        self.trick_end: TrickEnd | None = None
        self.stats: dict[str, Counter[str]] = {s: Counter() for s in SEATS}

    # -- the deal ------------------------------------------------------------------------
    def find_declarer(self) -> str:
        """The declarer line, else the first to declare, else who takes the kitty."""
        if self.record.declarer:
            return self.record.declarer
        for event in self.record.events:
            if isinstance(event, Declare | Kitty):
                return event.seat
        self.bag.error(
            "SJ012",
            "no declarer: write a line 'declarer: N' after the front matter (or the "
            "declarations); N is assumed",
            self.record.first_line,
            ja="庄家がわかりません。フロントマターの後に「declarer: N」の行を書きます"
            " (N とみなします)",
        )
        return "N"

    def check_hand_sizes(self) -> None:
        for seat, hand in self.record.hands.items():
            if len(hand.cards) != self.rules.hand_size:
                self.bag.error(
                    "SJ010",
                    f"{seat}'s hand has {counted(len(hand.cards), 'card')}, "
                    f"not {self.rules.hand_size}",
                    hand.line,
                    ja=f"{seat} の手札は{len(hand.cards)}枚です ({self.rules.hand_size}枚のはず)",
                )

    def check_deal_copies(self) -> None:
        """The dealt hands hold each card at most as often as the decks do."""
        for hand in self.record.hands.values():
            for card, column in zip(hand.cards, hand.columns, strict=True):
                self.count(card, hand.line, column)

    def count(self, card: Card, line: int, column: int) -> None:
        self.seen[card] += 1
        if self.seen[card] > self.rules.decks:
            copies = (
                "both copies of it are"
                if self.rules.decks == 2
                else "its one copy is"
                if self.rules.decks == 1
                else f"all {self.rules.decks} copies of it are"
            )
            self.bag.error(
                "SJ105",
                f"{card.glyph()} again: {copies} already in play",
                line,
                column,
                ja=f"{card.glyph()} がまた出ています。すでに{self.rules.decks}枚とも出ています",
            )

    # -- declarations and the kitty -------------------------------------------------------
    def declaration_strength(self, event: Declare) -> int:
        """1 a level card, 2 a pair of them, 3 small jokers, 4 big jokers; 0 not valid."""
        cards = event.cards
        if len(cards) not in (1, 2) or len(set(cards)) != 1:
            return 0
        card = cards[0]
        if card.joker:
            if len(cards) != 2:
                return 0
            return 3 if card.rank == BLACK_JOKER else 4
        return len(cards) if high(card.rank) == self.level else 0

    def declare(self, event: Declare) -> None:
        strength = self.declaration_strength(event)
        if strength == 0:
            self.bag.error(
                "SJ111",
                f"{glyphs(event.cards)} cannot declare: show a {level_name(self.level)}, "
                f"a pair of them, or a joker pair",
                event.line,
                event.column,
                ja=f"{glyphs(event.cards)} では宣言できません: {level_name(self.level)} 1枚、"
                "その対子、ジョーカーの対子のどれかです",
            )
            return
        if self.kitty_taken and not self.rules.redeclare_after_kitty:
            self.bag.error(
                "SJ113",
                "a declaration after the kitty: only the 炒地皮 rule "
                "(redeclare_after_kitty) allows it",
                event.line,
                event.column,
                ja="底札の後の宣言は炒地皮のルール (redeclare_after_kitty) のときだけです",
            )
        self.check_owns(event.seat, event.cards, event.line, event.column, remove=False)
        if self.declarations:
            last = self.declarations[-1]
            if not self.rules.over_declare:
                self.bag.error(
                    "SJ112",
                    f"{last.seat} declared first: under these rules the first declaration stands",
                    event.line,
                    event.column,
                    ja=f"{last.seat} が先に宣言しました。このルールでは最初の宣言が有効です",
                )
                return
            if strength <= self.declaration_strength(last):
                self.bag.error(
                    "SJ112",
                    f"{glyphs(event.cards)} does not override {glyphs(last.cards)}: "
                    "a pair beats a single, small jokers a pair, big jokers small jokers",
                    event.line,
                    event.column,
                    ja=f"{glyphs(event.cards)} では {glyphs(last.cards)} に反主できません",
                )
                return
        self.declarations.append(event)
        self.tags.add("declare")
        suit = self.declared_suit()
        shown = suit.glyph if suit else "no trump"
        self.notes.append((f"declares: {shown}", f"宣言: {suit.glyph if suit else '无主'}"))
        if self.trumps is not None:
            self.trumps = Trumps(self.level, suit, self.rules.permanent_twos)

    def declared_suit(self) -> Suit | None:
        if not self.declarations:
            return None
        card = self.declarations[-1].cards[0]
        return None if card.joker else card.suit

    def check_declarer(self, event: Kitty) -> None:
        if event.seat != self.declarer:
            self.bag.error(
                "SJ114",
                f"only the declarer ({self.declarer}) takes and buries the kitty",
                event.line,
                event.column,
                ja=f"底札を取って埋めるのは庄家 ({self.declarer}) だけです",
            )

    def kitty(self, event: Kitty) -> None:
        self.check_declarer(event)
        size = self.rules.kitty_size
        if event.cards is not None and len(event.cards) != size:
            self.bag.error(
                "SJ011",
                f"the kitty holds {counted(size, 'card')}, not {len(event.cards)}",
                event.line,
                event.column,
                ja=f"底札は{size}枚です ({len(event.cards)}枚ではありません)",
            )
        if event.bury:
            self.bury(event)
            return
        self.kitty_taken = True
        if self.kitty_cards is None:
            self.kitty_cards = event.cards
            self.note_turned_up()
        hand = self.hands[event.seat]
        if event.cards is None:
            self.hands[event.seat] = None  # the hand is no longer known
        else:
            for card in event.cards:
                if hand is not None:
                    self.count(card, event.line, event.column)
            if hand is not None:
                hand += event.cards
        self.notes.append(("takes the kitty", "底札を取る"))

    def kitty_names_trumps(self) -> bool:
        """Rule (seed): nobody declared, so the kitty turned up names the trump suit."""
        return (
            not self.declarations
            and self.rules.undeclared is UndeclaredTrump.KITTY
            and self.kitty_cards is not None
        )

    def note_turned_up(self) -> None:
        if not self.kitty_names_trumps():
            return
        assert self.kitty_cards is not None
        suit = turned_up_trump(self.kitty_cards, self.level)
        shown = suit.glyph if suit else "no trump"
        self.notes.append(
            (
                f"nobody declared: the kitty turned up names {shown} trumps",
                f"宣言なし: 底札をめくって切り札は {suit.glyph if suit else '无主'}",
            )
        )

    def bury(self, event: Kitty) -> None:
        self.kitty_taken = True
        self.buried = event.cards
        if event.cards is not None:
            self.check_owns(event.seat, event.cards, event.line, event.column, remove=True)
        self.notes.append(("buries the kitty", "底札を埋める"))

    def check_owns(
        self, seat: str, cards: tuple[Card, ...], line: int, column: int, *, remove: bool
    ) -> None:
        """The cards are in the seat's known hand (and leave it when ``remove``)."""
        hand = self.hands[seat]
        if hand is None:
            return
        left = list(hand)
        for card in cards:
            if card in left:
                left.remove(card)
            else:
                self.bag.error(
                    "SJ103",
                    f"{card.glyph()} is not in {seat}'s hand",
                    line,
                    column,
                    ja=f"{card.glyph()} は {seat} の手札にありません",
                )
        if remove:
            self.hands[seat] = left

    # -- tricks ----------------------------------------------------------------------------
    def fix_trumps(self) -> Trumps:
        """The trump order, fixed at the first card: declarations, else the trump line."""
        if self.trumps is not None:
            return self.trumps
        suit = self.declared_suit()
        line = self.record.trump
        if self.kitty_names_trumps():
            assert self.kitty_cards is not None
            suit = turned_up_trump(self.kitty_cards, self.level)
            if line is not None and line[0] != suit:
                turned = suit.glyph if suit else "no trump"
                written = line[0].glyph if line[0] else "none"
                self.bag.error(
                    "SJ118",
                    f"nobody declared, so the kitty turned up names the trumps ({turned}), "
                    f"not the trump line ({written}); the kitty stands",
                    line[1],
                    ja=f"宣言がないので底札をめくって切り札が決まります ({turned})。"
                    f"切り札の行 ({written}) ではありません。底札を採ります",
                )
        elif line is not None:
            if self.declarations and line[0] != suit:
                self.bag.error(
                    "SJ117",
                    "the trump line names another suit than the declarations; "
                    "the declarations stand",
                    line[1],
                    ja="切り札の行が宣言と違うスートです。宣言を採ります",
                )
            elif not self.declarations:
                suit = line[0]
        self.trumps = Trumps(self.level, suit, self.rules.permanent_twos)
        return self.trumps

    def next_seat(self, seat: str) -> str:
        return self.order[(self.order.index(seat) + 1) % 4]

    def check_turn(self, play: Play, trick: _Trick) -> str:
        """The leader is the declarer first, then each trick's winner; then seat order.
        After a trick with a play that could not be read its winner is unknown: whoever
        the record says leads, leads. Returns the seat the play is taken as by: the one
        whose turn it was when the cards are in its hand and not in the seat written's
        (the seat letter was the slip: ``N: CA`` for ``E: CA`` gave the trick to N, and
        every later lead was out of turn), else the seat written."""
        if self.open_lead and not trick.plays:
            trick.leader = play.seat
            self.open_lead = False
            return play.seat
        expected = trick.leader
        for _ in trick.plays:
            expected = self.next_seat(expected)
        if play.seat == expected:
            return play.seat
        role = "lead" if not trick.plays else "play"
        if self.holds_only(expected, play.seat, play.cards):
            self.bag.error(
                "SJ104",
                f"it is {expected}'s turn to {role}, not {play.seat}'s; "
                f"the cards are in {expected}'s hand: taken as {expected}'s play",
                play.line,
                ja=f"{'リード' if not trick.plays else 'プレイ'}するのは {expected} です"
                f" ({play.seat} ではありません)。カードは {expected} の手札にあるので、"
                f"{expected} のプレイとします",
            )
            return expected
        skipped = self.skipped_seats(expected, play.seat, trick)
        if skipped:
            self.bag.error(
                "SJ104",
                f"it is {expected}'s turn to {role}, not {play.seat}'s; "
                f"a play seems left out: the trick's winner is not known",
                play.line,
                ja=f"{'リード' if not trick.plays else 'プレイ'}するのは {expected} です"
                f" ({play.seat} ではありません)。プレイが抜けているようです。"
                "トリックの勝者はわかりません",
            )
            for seat in skipped:  # each takes its turn, its cards not known (one slip)
                self.unread_play(replace(play, seat=seat, cards=(), forced=None), trick)
            return play.seat
        self.bag.error(
            "SJ104",
            f"it is {expected}'s turn to {role}, not {play.seat}'s",
            play.line,
            ja=f"{'リード' if not trick.plays else 'プレイ'}するのは {expected} です"
            f" ({play.seat} ではありません)",
        )
        return play.seat

    def skipped_seats(self, expected: str, written: str, trick: _Trick) -> list[str]:
        """The seats between ``expected`` and ``written`` when ``written`` is still to
        play in this trick: their plays were left out (a line dropped gave a wrong turn at
        every later play, and revokes)."""
        seats: list[str] = []
        seat = expected
        while seat != written and len(trick.plays) + len(seats) < 3:
            seats.append(seat)
            seat = self.next_seat(seat)
        return seats if seat == written else []

    def repeats(self, play: Play) -> bool:
        """The play is the line before it again, out of turn (a line written twice)."""
        before = self.record.events[self.at - 1] if self.at else None
        return (
            isinstance(before, Play)
            and (before.seat, before.cards) == (play.seat, play.cards)
            and bool(play.cards)
        )

    def holds_only(self, seat: str, written: str, cards: tuple[Card, ...]) -> bool:
        """``cards`` are all in ``seat``'s known hand and not all in ``written``'s."""
        mine, theirs = self.hands[seat], self.hands[written]
        if not cards or mine is None or theirs is None or seat in self.unsure_seats:
            return False

        def holds(hand: list[Card]) -> bool:
            return not Counter(cards) - Counter(hand)

        return holds(mine) and not holds(theirs)

    def take(self, play: Play) -> None:
        """The cards leave the hand (or are counted, when the hand is not known)."""
        hand = self.hands[play.seat]
        if hand is None:
            for card in play.played:
                self.count(card, play.line, play.column)
            return
        if play.forced is None:
            self.check_owns(play.seat, play.cards, play.line, play.column, remove=True)
            return
        self.check_owns(play.seat, play.cards, play.line, play.column, remove=False)
        left = list(hand)  # a failed throw: every card shown was held; the forced ones go
        for card in play.forced:
            if card in left:
                left.remove(card)
        self.hands[play.seat] = left

    def check_lead(self, play: Play, trumps: Trumps) -> list[Component]:
        """A lead is of one suit class; several components make a throw."""
        classes = {trumps.suit_of(c) for c in play.cards}
        if len(classes) > 1:
            self.bag.error(
                "SJ115",
                f"{glyphs(play.cards)} mixes suits: a lead is of one suit (trumps count as one)",
                play.line,
                play.column,
                ja=f"{glyphs(play.cards)} は複数のスートです。"
                "リードは一つのスート (切り札は一つ) で",
            )
        components = decompose(play.cards, trumps)
        if len(components) > 1:
            self.check_throw(play, components, trumps)
        if play.forced is not None and len(components) <= 1:
            self.bag.error(
                "SJ109",
                "only a throw can fail; this lead is a single combination",
                play.line,
                play.forced_column,
                ja="失敗できるのは甩牌だけです。このリードは一つの組です",
            )
        return decompose(play.played, trumps) if play.forced is not None else components

    def check_throw(self, play: Play, components: list[Component], trumps: Trumps) -> None:
        """A throw stands only if no opponent can beat any component; else the smallest
        failing component is played, and the side pays the penalty."""
        self.tags.add("throw")
        self.stats[play.seat]["throws"] += 1
        if not self.rules.throws:
            self.bag.error(
                "SJ116",
                "these rules allow no throws: lead one single, pair or tractor",
                play.line,
                play.column,
                ja="このルールでは甩牌はできません。1枚・対子・拖拉机のどれかでリードします",
            )
        suit = trumps.suit_of(play.cards[0])
        opponents = [s for s in SEATS if team_of(s) != team_of(play.seat)]
        failing: list[tuple[Component, str]] = []
        # A seat with a play not read holds cards it has played: what it could beat with
        # is not known (one typo, one error).
        known = all(self.hands[s] is not None and s not in self.unsure_seats for s in opponents)
        for component in components:
            for seat in opponents:
                hand = self.hands[seat] or []
                held = [c for c in hand if trumps.suit_of(c) == suit]
                if can_beat(component, held, trumps):
                    failing.append((component, seat))
                    break
        if play.forced is not None:
            self.failed_throw(play, components, [c for c, _ in failing], known)
        elif failing and known:
            component, seat = failing[0]
            must = smallest([c for c, _ in failing])
            self.bag.error(
                "SJ106",
                f"the throw fails: {seat} can beat {glyphs(component.cards)}; "
                f"write {glyphs(play.cards)}>{glyphs(must.cards)}",
                play.line,
                play.column,
                ja=f"甩牌は失敗です: {seat} が {glyphs(component.cards)} を上回れます。"
                f"{glyphs(play.cards)}>{glyphs(must.cards)} と書きます",
            )

    def failed_throw(
        self, play: Play, components: list[Component], failing: list[Component], known: bool
    ) -> None:
        forced = Counter(play.forced or ())
        self.tags.add("failed-throw")
        self.stats[play.seat]["failed throws"] += 1
        penalty = self.rules.throw_penalty
        self.penalties += -penalty if team_of(play.seat) == self.attackers else penalty
        self.notes.append((f"failed throw (penalty {penalty})", f"甩牌失敗 (罰点 {penalty})"))
        if not known:
            return
        if not failing:
            self.bag.error(
                "SJ107",
                "no opponent can beat any part of this throw: it stands as thrown",
                play.line,
                play.forced_column,
                ja="相手はこの甩牌のどの組も上回れません。甩牌は成立します",
            )
            return
        must = smallest(failing)
        if Counter(must.cards) != forced:
            self.bag.error(
                "SJ109",
                f"a failed throw plays its smallest failing component: {glyphs(must.cards)}",
                play.line,
                play.forced_column,
                ja=f"失敗した甩牌では最小の失敗した組 {glyphs(must.cards)} を出します",
            )

    def check_follow(self, play: Play, trick: _Trick, trumps: Trumps) -> None:
        """Follow the led suit class with as many cards as held; match its pairs and tractor."""
        if not trick.lead:  # the lead could not be read: nothing to follow
            return
        lead_cards = [c for comp in trick.lead for c in comp.cards]
        if len(play.cards) != len(lead_cards):
            self.bag.error(
                "SJ108",
                f"the lead has {counted(len(lead_cards), 'card')}; "
                f"a follow plays as many, not {len(play.cards)}",
                play.line,
                play.column,
                ja=f"リードは{len(lead_cards)}枚です。"
                f"同じ枚数を出します ({len(play.cards)}枚ではありません)",
            )
            return
        hand = self.hands[play.seat]
        if hand is None:
            return
        held = [c for c in hand if trumps.suit_of(c) == trick.suit]
        in_suit = [c for c in play.cards if trumps.suit_of(c) == trick.suit]
        need = min(len(held), len(lead_cards))
        suit_name = "trumps" if trick.suit == TRUMP else Suit(trick.suit).glyph
        if len(in_suit) < need:
            self.bag.error(
                "SJ101",
                f"revoke: {play.seat} holds {len(held)} {suit_name} and must play {need} of them",
                play.line,
                play.column,
                ja=f"リボーク: {play.seat} は {suit_name} を{len(held)}枚持っていて、"
                f"{need}枚出さなければなりません",
            )
            return
        self.check_shape(play, trick, held, in_suit, trumps)

    def check_shape(
        self, play: Play, trick: _Trick, held: list[Card], in_suit: list[Card], trumps: Trumps
    ) -> None:
        lead_pairs = sum(c.pairs for c in trick.lead)
        need_pairs = min(lead_pairs, pair_count(held), len(in_suit) // 2)
        tractor = max((c.pairs for c in trick.lead), default=0)
        need_run = tractor if tractor >= 2 and longest_run(held, trumps) >= tractor else 0
        if pair_count(in_suit) < need_pairs or (
            need_run and longest_run(in_suit, trumps) < need_run
        ):
            what = (
                f"a tractor of {need_run} pairs"
                if need_run and longest_run(in_suit, trumps) < need_run
                else f"{need_pairs} pair(s)"
            )
            self.bag.error(
                "SJ102",
                f"shape not matched: {play.seat} holds {what} in the led suit and must play them",
                play.line,
                play.column,
                ja=f"形が合っていません: {play.seat} はリードのスートで"
                "対子・拖拉机を持っていて、出さなければなりません",
            )

    def seat_to_play(self, trick: _Trick) -> str:
        seat = trick.leader
        for _ in trick.plays:
            seat = self.next_seat(seat)
        return seat

    def following(self) -> list[str]:
        """The seats of the next two plays after this event that name one."""
        later = (e.seat for e in self.record.events[self.at + 1 :] if isinstance(e, Play))
        return list(islice((seat for seat in later if seat), 2))

    def plays_next(self) -> bool:
        """The event after this one is a card play (this one is not among the deal's)."""
        later = self.record.events[self.at + 1 : self.at + 2]
        return bool(later) and isinstance(later[0], Play)

    def took_turn(self, trick: _Trick) -> bool:
        """Whether a play naming no seat took the turn of the seat whose turn it is: what
        the plays after it say (cardkit.unread). As a trick's last play, the next play by
        that same seat says it won the trick and leads when the seat after it follows
        (else the line took no turn, and that seat plays the trick's last card)."""
        seat = self.seat_to_play(trick)
        later = self.following()
        if len(trick.plays) == 3 and later[:1] == [seat]:
            return later[1:2] == [self.next_seat(seat)]
        after = self.next_seat(seat) if len(trick.plays) < 3 else None
        over = not trick.plays and all(self.played[s] >= self.rules.hand_size for s in SEATS)
        return unread.took_turn(seat, after, later[0] if later else None, over)

    def unread_play(self, play: Play, trick: _Trick) -> None:
        """A play that could not be read (its error is said) takes its seat's turn and
        as many cards as the trick's others (:meth:`finish_trick` counts them); the seat's
        hand still holds those cards, so what it must follow with is no longer checked, and
        the trick's winner and points are not known either (review13
        R13-2: one typo gave dozens of wrong-turn and revoke errors, and a false "the
        record ends before every card is played")."""
        trick.plays.append((play.seat, play))
        self.unsure_seats.add(play.seat)
        self.unsure = True

    def finish_trick(self, trick: _Trick, trumps: Trumps) -> None:
        """The highest play wins (the first among equals); its side takes the points.
        With a play that could not be read, neither is known: the next lead is whoever
        the record says, and the points are not counted (nor the result checked)."""
        if any(not play.played for _, play in trick.plays):
            size = max(len(play.played) for _, play in trick.plays)
            for seat, play in trick.plays:
                if not play.played:  # as many cards as the others played (their size)
                    self.played[seat] += size
            self.open_lead = True
            # The winner is not known: the leader is written, the record says who leads.
            self.close_trick(trick, trick.leader, 0, False)
            self.notes[-1] = (
                "the trick's winner is not known (a play could not be read)",
                "読めない出札があるため、トリックの勝者はわかりません",
            )
            return
        plays = [(seat, play.played) for seat, play in trick.plays]
        winner, best = trick_winner(trick.lead, trick.suit, plays, trumps)
        cards = [c for _, p in trick.plays for c in p.played]
        gained = points(cards)
        self.team_points[team_of(winner)] += gained
        ruff = trick.suit != TRUMP and best is not None and best[0] == 1
        if ruff:
            self.flag_play(trick, winner, "ruff")
            self.stats[winner]["ruffs"] += 1
        self.stats[winner]["tricks"] += 1
        self.stats[winner]["points"] += gained
        if self.close_trick(trick, winner, gained, ruff):
            self.score_kitty(trick, winner)

    def close_trick(self, trick: _Trick, winner: str, gained: int, ruff: bool) -> bool:
        """Take the trick down, won by ``winner``; the next one starts. True when it was
        the last trick."""
        last = all(self.played[s] >= self.rules.hand_size for s in SEATS)
        end = TrickEnd(
            len(self.tricks) + 1,
            trick.leader,
            winner,
            gained,
            ruff,
            len(trick.lead) > 1,
            last,
            tuple((s, p.played) for s, p in trick.plays),
        )
        self.tricks.append(end)
        self.trick_end = end
        self.notes.append(
            (f"{winner} wins the trick (+{gained})", f"{winner} がトリックを取る (+{gained})")
        )
        if last:
            self.tags.add("last-trick")
        self.trick = _Trick(winner)
        return last

    def note_unknown_hands(self) -> None:
        """SJ203: a hand left out while the others' are written (cardkit.hands)."""
        left_out = [seat for seat in SEATS if self.hands[seat] is None]
        plays = (e.line for e in self.record.events if isinstance(e, Play) and e.seat in left_out)
        note_hands_left_out(self.bag, "SJ203", SEATS, left_out, next(plays, None))

    def flag_play(self, trick: _Trick, seat: str, tag: str) -> None:
        """Tag the step of ``seat``'s play in ``trick``: the play that ruffed, not the
        trick's last card (review13 R13-8: the badge and the R key went to the card
        after the ruff). That step is this one, or one already taken down."""
        play = next(p for s, p in trick.plays if s == seat)
        for at in range(len(self.steps) - 1, max(len(self.steps) - len(trick.plays), 0) - 1, -1):
            event = self.steps[at].event  # the written play, or the one its seat fixed
            if event is play or (isinstance(event, Play) and event.line == play.line):
                step = self.steps[at]
                self.steps[at] = replace(step, tags=step.tags | {tag})
                return
        self.tags.add(tag)

    def score_kitty(self, trick: _Trick, winner: str) -> None:
        """The attackers winning the last trick add the kitty's points, multiplied."""
        if self.buried is None:
            self.bag.warning(
                "SJ202",
                "the buried cards are not known: the kitty's points are not counted",
                trick.plays[-1][1].line,
                ja="埋めたカードがわかりません。底札の点数は数えません",
            )
            return
        if team_of(winner) != self.attackers:
            return
        factor = self.rules.kitty_factor(max((c.pairs for c in trick.lead), default=0))
        self.kitty_bonus = points(self.buried) * factor
        self.notes.append(
            (
                f"kitty {points(self.buried)} × {factor} to the attackers",
                f"底札 {points(self.buried)} × {factor} は攻め側へ",
            )
        )

    def play(self, play: Play) -> None:
        if not play.seat and self.trick is None and not self.plays_next():
            return  # a line among the deal's that could not be read: no turn, no trumps
        trumps = self.fix_trumps()
        if self.trick is None:
            self.trick = _Trick(self.declarer)
        trick = self.trick
        if not play.seat:  # a seat that is none (reported): the one whose turn it is
            if not self.took_turn(trick):
                return  # a line among the plays that took no turn: nothing happens
            play = replace(play, seat=self.seat_to_play(trick))
        if self.repeats(play) and play.seat != self.seat_to_play(trick) and not self.open_lead:
            self.bag.error(
                "SJ104",
                f"{play.seat}'s play is written twice: the second one takes no turn",
                play.line,
                ja=f"{play.seat} のプレイが2回書かれています。2回目は手番になりません",
            )
            return
        seat = self.check_turn(play, trick)
        if seat != play.seat:  # the seat letter was the slip: the play is the holder's
            play = replace(play, seat=seat)
        self.seat = play.seat
        if not play.cards:  # unreadable (reported): it takes its seat's turn, nothing more
            self.unread_play(play, trick)
            if len(trick.plays) == 4:
                self.finish_trick(trick, trumps)
            return
        if not trick.plays:
            trick.lead = self.check_lead(play, trumps)
            trick.suit = trumps.suit_of(play.played[0])
            self.stats[play.seat]["leads"] += 1
        elif play.seat not in self.unsure_seats:
            self.check_follow(play, trick, trumps)
        self.take(play)
        self.played[play.seat] += len(play.played)
        trick.plays.append((play.seat, play))
        if len(trick.plays) == 4:
            self.finish_trick(trick, trumps)

    # -- the end -------------------------------------------------------------------------------
    def attackers_points(self) -> int:
        return self.team_points[self.attackers] + self.kitty_bonus + self.penalties

    def level_change(self) -> tuple[LevelChange | None, dict[str, int], str | None]:
        levels = dict(self.record.levels)
        if not self.tricks or not self.tricks[-1].last:
            line = self.record.events[-1].line if self.record.events else self.record.first_line
            self.bag.warning(
                "SJ201",
                "the record ends before every card is played: no level change is worked out",
                line,
                ja="すべてのカードが出る前に記録が終わっています。レベルの変化は計算しません",
            )
            return None, levels, None
        if self.unsure:
            return None, levels, None  # the points are not known: nothing to work out
        change = self.rules.level_change(self.attackers_points())
        team = self.attackers if change.attackers_win else team_of(self.declarer)
        levels[team] = (
            min(levels[team] + change.levels, 14)
            if self.rules.ace_compulsory
            else levels[team] + change.levels
        )
        return change, levels, team

    def check_result(self, change: LevelChange | None, team: str | None) -> None:
        result = self.record.result
        if result is None or change is None:
            return
        actual = self.attackers_points()
        if (result.points, result.team, result.levels) != (actual, team, change.levels):
            self.bag.error(
                "SJ110",
                f"the tricks give {actual} {team}+{change.levels}, not "
                f"{result.points} {result.team}+{result.levels}",
                result.line,
                ja=f"トリックからは {actual} {team}+{change.levels} です "
                f"({result.points} {result.team}+{result.levels} ではありません)",
            )

    def snapshot(self) -> Snapshot:
        last = bool(self.tricks) and self.tricks[-1].last
        return Snapshot(
            tuple(tuple(h) if h is not None else None for h in (self.hands[s] for s in SEATS)),
            tuple((s, p.played) for s, p in self.trick.plays) if self.trick else (),
            len(self.tricks) + (1 if self.trick and self.trick.plays else 0),
            (self.team_points["NS"], self.team_points["EW"]),
            self.attackers_points(),
            self.trumps,
            self.buried if last else None,
        )

    def event(self, event: Event) -> None:
        self.notes, self.tags, self.trick_end, self.seat = [], set(), None, event.seat
        if isinstance(event, Declare):
            self.declare(event)
        elif isinstance(event, Kitty):
            self.kitty(event)
        else:
            self.play(event)
        self.steps.append(
            Step(
                len(self.steps),
                event,
                self.snapshot(),
                tuple(self.notes),
                frozenset(self.tags),
                self.trick_end,
                self.seat,
            )
        )

    def run(self) -> Replay:
        self.check_hand_sizes()
        self.note_unknown_hands()
        self.check_deal_copies()
        self.steps.append(Step(0, None, self.snapshot(), (), frozenset()))
        for at, event in enumerate(self.record.events):
            self.at = at
            self.event(event)
        change, after, team = self.level_change()
        self.check_result(change, team)
        return Replay(
            rules=self.rules,
            declarer=self.declarer,
            trumps=self.trumps
            or Trumps(self.level, self.declared_suit(), self.rules.permanent_twos),
            steps=self.steps,
            tricks=self.tricks,
            attackers=self.attackers,
            points=self.attackers_points(),
            kitty_bonus=self.kitty_bonus,
            penalties=self.penalties,
            complete=change is not None,
            change=change,
            levels_before=dict(self.record.levels),
            levels_after=after,
            winners=team,
            stats=self.stats,
        )


def replay(record: SJRecord, rules: RuleSet, bag: DiagnosticBag) -> Replay:
    return _Engine(record, rules, bag).run()


__all__ = ["Replay", "Snapshot", "Step", "TrickEnd", "points", "replay", "seat_order"]
