"""The rules engine: replay a log sheet turn by turn, one snapshot per step.

What the log shows is checked; what it cannot show (resources in hand, positions
without a board, which card was bought) is never guessed. Counts the engine derives
are *exact* until the first omitted turn; after it they are lower bounds (roads,
cities, knights, cards) or unknown (settlements on the board), and the checks that
need exact counts are skipped, with one CT224 warning saying so.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from kifuwiki.cardkit import unread
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.games.catan.model import (
    DECK,
    DECK_SIZE,
    PIECE_LIMITS,
    VP_CARDS,
    WINNING_POINTS,
    Action,
    Build,
    Card,
    CatanRecord,
    ClosingKind,
    HexRef,
    Item,
    Omission,
    Robbery,
    Turn,
    Unreadable,
)
from kifuwiki.games.catan.pieces import Layout, Pieces

CARD_NAMES: dict[Card, tuple[str, str]] = {
    Card.KNIGHT: ("騎士", "knight"),
    Card.ROAD_BUILDING: ("街道建設", "Road Building"),
    Card.MONOPOLY: ("独占", "Monopoly"),
    Card.DISCOVERY: ("発見", "Discovery"),
}
BUILD_NAMES: dict[Build, tuple[str, str, str]] = {
    Build.ROAD: ("街道", "road", "roads"),
    Build.SETTLEMENT: ("開拓地", "settlement", "settlements"),
    Build.CITY: ("都市", "city", "cities"),
    Build.DEVELOPMENT: ("発展カード", "development card", "development cards"),
}


@dataclass(frozen=True, slots=True)
class Tally:
    """One player's pieces and cards after a step (setup: 2 settlements, 2 roads)."""

    roads: int = 2
    settlements: int = 2
    cities: int = 0
    bought: int = 0
    knights: int = 0
    road_building: int = 0
    monopoly: int = 0
    discovery: int = 0
    roads_built: int = 0
    settlements_built: int = 0
    cities_built: int = 0
    lr_taken: int = 0
    la_taken: int = 0

    @property
    def played(self) -> int:
        return self.knights + self.road_building + self.monopoly + self.discovery

    def played_of(self, card: Card) -> int:
        return int(getattr(self, card.value if card is not Card.KNIGHT else "knights"))


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The game after one step: every player's tally, holders, robber, points."""

    tallies: dict[str, Tally]
    lr_holder: str | None
    la_holder: str | None
    robber: str | None
    """The robber's hex as last written; ``None`` when an omission hides it."""
    exact: bool
    """False after omitted turns: counts are lower bounds, settlements unknown."""
    vp: dict[str, int]
    """Points the log shows (buildings, LR, LA); a lower bound when not exact."""
    layout: Layout = field(default_factory=Layout)
    """The pieces whose places the record gives (starting placements, ``S@…`` builds)."""


@dataclass(frozen=True, slots=True)
class StepResult:
    index: int
    turn: Turn | None
    """``None`` for the setup step."""
    snapshot: Snapshot
    annotations: tuple[tuple[str, str], ...] = ()
    """Machine annotations as (Japanese, English)."""
    omitted_before: bool = False
    took: frozenset[str] = frozenset()
    """``LR`` / ``LA`` taken in this step."""
    rolled: int | None = None
    not_read: bool = False
    """A line that could not be read and took a turn: ``turn`` is that seat's turn,
    with nothing in it and the line as written for its text."""
    row: bool = False
    """A table's row not read: it took the rest of its round, ``turn.player``'s turn on."""


#: What a turn not read says under its notation (Japanese, English).
NOT_READ = (
    "読めない行です (エラーを参照): この手番の内容は数えていません",
    "not read (see its error): nothing in this turn is counted",
)
#: The same for a table's row not read: it took several turns (the rest of its round).
NOT_READ_ROW = (
    "読めない行です (エラーを参照): この行の手番の内容は数えていません",
    "not read (see its error): nothing in the turns of this row is counted",
)


@dataclass(slots=True)
class Replay:
    record: CatanRecord
    steps: list[StepResult]
    totals: dict[str, int] | None
    bonus: dict[str, int]
    winner: str | None
    ranking: list[str]
    complete: bool
    """No omitted turns: every count is exact."""
    dice: list[int] = field(default_factory=list)


def _points(t: Tally, key: str, lr: str | None, la: str | None) -> int:
    return t.settlements + 2 * t.cities + (2 if lr == key else 0) + (2 if la == key else 0)


class _Engine:
    def __init__(self, record: CatanRecord, bag: DiagnosticBag) -> None:
        self.record = record
        self.bag = bag
        self.tallies: dict[str, Tally] = {key: Tally() for key in record.order}
        self.lr: str | None = None
        self.la: str | None = None
        desert = record.board.desert if record.board else None
        self.robber: str | None = desert.ref.text if desert else "D"
        self.exact = True
        self.last: tuple[int, int] | None = None
        """(turn number, seat) of the last turn line."""
        self.after_omission = False
        self.game_over_at: Turn | None = None
        self.deck_played: dict[Card, int] = dict.fromkeys(DECK, 0)
        self.deck_bought = 0
        self.pieces = Pieces(record.board, bag)
        self.said_omission = False
        self.id_forms: dict[str, set[str]] = {}
        """Terrain+number → identifiers written (``""`` for none), to spot CT223."""

    # -- helpers --------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        vp = {k: _points(t, k, self.lr, self.la) for k, t in self.tallies.items()}
        if not self.exact:
            # Lower bound: the 2 setup settlements, +1 per settlement or city seen.
            vp = {
                k: 2
                + t.settlements_built
                + t.cities_built
                + (2 if self.lr == k else 0)
                + (2 if self.la == k else 0)
                for k, t in self.tallies.items()
            }
        return Snapshot(
            dict(self.tallies),
            self.lr,
            self.la,
            self.robber,
            self.exact,
            vp,
            self.pieces.layout(),
        )

    def name(self, key: str | None) -> str:
        return self.record.name(key) if key else "—"

    # -- turn order -------------------------------------------------------------

    def expected(self) -> tuple[int, int]:
        """(turn number, seat) of the turn after the last one, in seat order."""
        if self.last is None:
            return (1, 0)
        number, last_seat = self.last
        return (
            (number + 1, 0) if last_seat == len(self.record.order) - 1 else (number, last_seat + 1)
        )

    def check_order(self, turn: Turn, step: int) -> None:
        order = self.record.order
        if turn.player not in order:
            # Already reported (CT101). Most likely a slip of the pen for whoever's seat
            # this is: let it take that seat, so correct later turns are not out of order.
            if self.last is not None and not self.after_omission and order:
                self.last = self.expected()
            return
        seat = order.index(turn.player)
        here = (turn.number, seat)
        if self.after_omission or (self.last is None and not self.exact):
            if self.last is not None and here <= self.last:
                self.bag.error(
                    "CT201",
                    f"turn {turn.number} {turn.player} comes after turn {self.last[0]} "
                    f"{order[self.last[1]]}; turns must go forwards",
                    turn.line,
                    1,
                    step=step,
                    ja=(
                        f"{turn.number} {turn.player} の手番が {self.last[0]} "
                        f"{order[self.last[1]]} の後にあります。手番は先に進むだけです"
                    ),
                )
        else:
            expected = self.expected()
            if here != expected:
                code = "CT201" if self.last is not None and here <= self.last else "CT200"
                self.bag.error(
                    code,
                    f"expected turn {expected[0]} {order[expected[1]]} (seat order "
                    f"{' → '.join(order)}), not turn {turn.number} {turn.player}; "
                    "mark left-out turns with '...' or '(中略)'",
                    turn.line,
                    1,
                    step=step,
                    ja=(
                        f"{turn.number} {turn.player} ではなく {expected[0]} {order[expected[1]]} "
                        f"の手番のはずです（席順 {' → '.join(order)}）"
                        "。省いた手番は「...」か「(中略)」で示してください"
                    ),
                )
        self.last = here
        self.after_omission = False

    # -- robber -----------------------------------------------------------------

    def move_robber(
        self, turn: Turn, robbery: Robbery, step: int, notes: list[tuple[str, str]]
    ) -> None:
        ref = robbery.hex
        self.check_hex(ref, turn, step)
        target = self.resolve(ref)
        if self.robber is not None and target == self.robber:
            self.bag.error(
                "CT202",
                f"the robber is already on {ref.text}; it must move to another hex",
                turn.line,
                ref.column,
                step=step,
                ja=f"泥棒はすでに {ref.text} にいます。別の土地へ動かさなければなりません",
            )
        if robbery.victim is not None and robbery.victim == turn.player:
            self.bag.error(
                "CT203",
                f"{turn.player} cannot steal from themselves; the victim must be another player",
                turn.line,
                robbery.victim_column,
                step=step,
                ja=f"{turn.player} は自分からは奪えません。被害者は別のプレイヤーです",
            )
        self.robber = target
        if robbery.victim:
            victim = self.name(robbery.victim)
            notes.append(
                (
                    f"泥棒を{ref.text}へ、{victim}から1枚奪う",
                    f"robber to {ref.text}, steals from {victim}",
                )
            )
        else:
            notes.append(
                (f"泥棒を{ref.text}へ (奪うカードなし)", f"robber to {ref.text}, no steal")
            )

    def resolve(self, ref: HexRef) -> str:
        """The hex the robber stands on, by the board's name for it when there is one."""
        board = self.record.board
        if board is not None:
            found = board.find(ref)
            if len(found) == 1:
                return found[0].ref.text
        return ref.text

    def check_hex(self, ref: HexRef, turn: Turn, step: int) -> None:
        board = self.record.board
        if board is None:
            forms = self.id_forms.setdefault(ref.key, set())
            forms.add(ref.ident)
            if "" in forms and len(forms) > 1:
                self.bag.warning(
                    "CT223",
                    f"{ref.key} is written both with and without an identifier; if there are "
                    f"two {ref.key} hexes, write the identifier every time",
                    turn.line,
                    ref.column,
                    step=step,
                    once=f"CT223:{ref.key}",
                    ja=(
                        f"{ref.key} が識別子つきと識別子なしの両方で書かれています。"
                        f"{ref.key} が2つあるなら毎回識別子を書いてください"
                    ),
                )
            return
        found = board.find(ref)
        if not found:
            self.bag.error(
                "CT221",
                f"there is no {ref.text} hex on this record's board",
                turn.line,
                ref.column,
                step=step,
                ja=f"この棋譜の盤面に {ref.text} はありません",
            )
        elif len(found) > 1:
            idents = ", ".join(h.ref.text for h in found)
            self.bag.error(
                "CT222",
                f"the board has {len(found)} {ref.key} hexes ({idents}); say which one",
                turn.line,
                ref.column,
                step=step,
                ja=(
                    f"盤面には {ref.key} が {len(found)} "
                    f"個あります（{idents}）。どれか書いてください"
                ),
            )

    # -- one action --------------------------------------------------------------

    def play_card(
        self,
        turn: Turn,
        action: Action,
        card: Card,
        state: _TurnState,
        step: int,
    ) -> None:
        key = turn.player
        tally = self.tallies[key]
        label_ja, label_en = CARD_NAMES[card]
        state.cards_played += 1
        if state.cards_played == 2:
            self.bag.error(
                "CT204",
                "only one development card may be played per turn",
                turn.line,
                action.column,
                step=step,
                ja="発展カードは1手番に1枚しか使えません",
            )
        if self.exact and tally.played + 1 > state.bought_before:
            self.bag.error(
                "CT205",
                f"{key} plays a development card but has bought only {state.bought_before} "
                f"before this turn and played {tally.played} (a card bought this turn "
                "cannot be played)",
                turn.line,
                action.column,
                step=step,
                ja=(
                    f"{key} は発展カードを使っていますが、"
                    f"この手番より前に買ったのは {state.bought_before} "
                    f"枚で、{tally.played} 枚を使用済みです（この手番に買ったカードは使えません）"
                ),
            )
        self.deck_played[card] += 1
        if self.deck_played[card] > DECK[card]:
            self.bag.error(
                "CT206",
                f"this is {card_count(self.deck_played[card], label_en)} played in the game; "
                f"the deck holds only {DECK[card]}",
                turn.line,
                action.column,
                step=step,
                ja=(
                    f"この{label_ja}カードはゲームで {self.deck_played[card]} "
                    f"枚目です。山札には {DECK[card]} 枚しかありません"
                ),
            )
        field_name = "knights" if card is Card.KNIGHT else card.value
        tally = replace(tally, **{field_name: getattr(tally, field_name) + 1})
        self.tallies[key] = tally
        extra_en = ""
        if action.resources:
            extra_en = " (" + " ".join(action.resources) + ")"
        state.notes.append((f"{label_ja}カードを使用{extra_en}", f"plays {label_en}{extra_en}"))
        if card is Card.KNIGHT and action.robbery is not None:
            self.move_robber(turn, action.robbery, step, state.notes)
        if card is Card.KNIGHT:
            self.largest_army(turn, action, step, state)
        elif card is Card.ROAD_BUILDING:
            state.free_roads = 2
            state.road_building_at = action
            state.road_building_roads = 0
            if action.takes:
                self.longest_road(turn, action, step, state)
        elif action.takes:
            self.bag.error(
                "CT121",
                f"'+' marks taking Longest Road or Largest Army; {label_en} takes neither",
                turn.line,
                action.column,
                step=step,
                ja=(
                    "+ は最長交易路・最大騎士力の獲得を示します。"
                    f"{label_ja}カードではどちらも獲得しません"
                ),
            )

    def largest_army(self, turn: Turn, action: Action, step: int, state: _TurnState) -> None:
        key = turn.player
        knights = self.tallies[key].knights
        holder_knights = self.tallies[self.la].knights if self.la else 0
        deserved = knights >= 3 and (self.la is None or knights > holder_knights)
        if action.takes:
            if self.la == key:
                self.bag.warning(
                    "CT215",
                    f"{key} already holds Largest Army; '+' marks taking it",
                    turn.line,
                    action.column,
                    step=step,
                    ja=f"{key} はすでに最大騎士力を持っています。+ は獲得したときに付けます",
                )
                return
            if self.exact and not deserved:
                holder = f" and {self.la} has {holder_knights}" if self.la else ""
                self.bag.error(
                    "CT212",
                    f"Largest Army needs at least 3 knights and more than the holder; "
                    f"{key} has played {knights}{holder}",
                    turn.line,
                    action.column,
                    step=step,
                    ja=(
                        "最大騎士力には3枚以上の騎士と、持ち主より多い騎士が必要です。"
                        f"{key} の騎士は {knights} 枚です"
                    )
                    + (f"（{self.la} は {holder_knights} 枚）" if self.la else ""),
                )
            self.take(key, "LA", knights, state)
        elif self.exact and deserved and self.la != key:
            self.bag.warning(
                "CT213",
                f"this is {key}'s knight number {knights}, which takes Largest Army; "
                "write '+' after it ([R+])",
                turn.line,
                action.column,
                step=step,
                ja=(
                    f"{key} の {knights} "
                    "枚目の騎士で最大騎士力を獲得します。+ を付けてください（[R+]）"
                ),
            )
            self.take(key, "LA", knights, state)

    def longest_road(self, turn: Turn, action: Action, step: int, state: _TurnState) -> None:
        key = turn.player
        roads = self.tallies[key].roads
        if self.lr == key:
            self.bag.warning(
                "CT215",
                f"{key} already holds Longest Road; '+' marks taking it",
                turn.line,
                action.column,
                step=step,
                ja=f"{key} はすでに最長交易路を持っています。+ は獲得したときに付けます",
            )
            return
        if self.exact and roads < 5:
            self.bag.error(
                "CT214",
                f"Longest Road needs a road of at least 5 pieces; {key} has only {roads} roads",
                turn.line,
                action.column,
                step=step,
                ja=f"最長交易路には5本以上の街道が必要です。{key} の街道は {roads} 本です",
            )
        self.take(key, "LR", roads, state)

    def take(self, key: str, card: str, count: int, state: _TurnState) -> None:
        tally = self.tallies[key]
        if card == "LA":
            previous = self.la
            self.la = key
            self.tallies[key] = replace(tally, la_taken=tally.la_taken + 1)
            at_least = "" if self.exact else "≥"
            ja = f"最大騎士力を獲得 (騎士{at_least}{count}枚)"
            en = f"takes Largest Army with {at_least}{count} knights"
        else:
            previous = self.lr
            self.lr = key
            self.tallies[key] = replace(tally, lr_taken=tally.lr_taken + 1)
            ja = "最長交易路を獲得"
            at_least = "" if self.exact else "≥"
            en = f"takes Longest Road ({at_least}{count} roads on the board)"
        if previous:
            ja += f" ({self.name(previous)}から)"
            en += f" from {self.name(previous)}"
        state.take_notes.append((ja, en))
        state.took.add(card)

    def build(self, turn: Turn, action: Action, step: int, state: _TurnState) -> None:
        assert action.build is not None
        key = turn.player
        tally = self.tallies[key]
        kind = action.build
        if kind is Build.DEVELOPMENT:
            self.deck_bought += 1
            state.bought += 1
            self.tallies[key] = replace(tally, bought=tally.bought + 1)
            if self.deck_bought > DECK_SIZE:
                self.bag.error(
                    "CT207",
                    f"this is development card number {self.deck_bought} bought; "
                    f"the deck holds {DECK_SIZE}",
                    turn.line,
                    action.column,
                    step=step,
                    ja=f"買った発展カードが {self.deck_bought} 枚目です。山札は {DECK_SIZE} 枚です",
                )
            if action.takes:
                self.bag.error(
                    "CT121",
                    "'+' marks taking Longest Road or Largest Army; buying a card takes neither",
                    turn.line,
                    action.column,
                    step=step,
                    ja=(
                        "+ は最長交易路・最大騎士力の獲得を示します。"
                        "発展カードを買っても獲得しません"
                    ),
                )
            return
        self.pieces.place(
            turn,
            action,
            step,
            roads=tally.roads,
            buildings=tally.settlements + tally.cities,
            exact=self.exact,
        )
        if kind is Build.ROAD:
            free = state.free_roads > 0
            if free:
                state.free_roads -= 1
                state.road_building_roads += 1
                state.free_built += 1
            tally = replace(tally, roads=tally.roads + 1, roads_built=tally.roads_built + 1)
            if tally.roads > PIECE_LIMITS[Build.ROAD]:
                self.bag.error(
                    "CT208",
                    f"{key} would have {tally.roads} roads; each player has only 15",
                    turn.line,
                    action.column,
                    step=step,
                    ja=f"{key} の街道が {tally.roads} 本になります。街道は1人15本までです",
                )
        elif kind is Build.SETTLEMENT:
            tally = replace(
                tally,
                settlements=tally.settlements + 1,
                settlements_built=tally.settlements_built + 1,
            )
            if self.exact and tally.settlements > PIECE_LIMITS[Build.SETTLEMENT]:
                self.bag.error(
                    "CT209",
                    f"{key} would have {tally.settlements} settlements on the board; "
                    "each player has only 5 (cities give them back)",
                    turn.line,
                    action.column,
                    step=step,
                    ja=(
                        f"{key} の盤上の開拓地が {tally.settlements} "
                        "個になります。開拓地は1人5個までです（都市にすると戻ります）"
                    ),
                )
        else:
            if self.exact and tally.settlements < 1:
                self.bag.error(
                    "CT211",
                    f"{key} has no settlement left to turn into a city",
                    turn.line,
                    action.column,
                    step=step,
                    ja=f"{key} には都市にできる開拓地が残っていません",
                )
            tally = replace(
                tally,
                settlements=tally.settlements - 1,
                cities=tally.cities + 1,
                cities_built=tally.cities_built + 1,
            )
            if tally.cities_built > PIECE_LIMITS[Build.CITY]:
                self.bag.error(
                    "CT210",
                    f"{key} would have {tally.cities_built} cities; each player has only 4",
                    turn.line,
                    action.column,
                    step=step,
                    ja=f"{key} の都市が {tally.cities_built} 個になります。都市は1人4個までです",
                )
            if action.takes:
                self.bag.error(
                    "CT121",
                    "'+' marks taking Longest Road or Largest Army; a city takes neither",
                    turn.line,
                    action.column,
                    step=step,
                    ja="+ は最長交易路・最大騎士力の獲得を示します。都市では獲得しません",
                )
        self.tallies[key] = tally
        state.built[kind] = state.built.get(kind, 0) + 1
        if action.takes and kind in (Build.ROAD, Build.SETTLEMENT):
            self.longest_road(turn, action, step, state)

    def end_road_building(self, turn: Turn, step: int, state: _TurnState) -> None:
        """A Road Building card with no roads written: it still placed two (CT225)."""
        action = state.road_building_at
        if action is None:
            return
        if state.road_building_roads == 0:
            self.bag.warning(
                "CT225",
                "Road Building places two free roads; write them after the card ([S]R R). "
                "Two roads are counted",
                turn.line,
                action.column,
                step=step,
                ja=(
                    "街道建設カードでは街道を2本無料で置きます。"
                    "カードの後に書いてください（[S]R R）。2本として数えました"
                ),
            )
            tally = self.tallies[turn.player]
            self.tallies[turn.player] = replace(
                tally, roads=tally.roads + 2, roads_built=tally.roads_built + 2
            )
        state.road_building_at = None

    # -- one turn ----------------------------------------------------------------

    def turn(self, turn: Turn, step: int) -> StepResult:
        omitted = self.after_omission
        self.check_order(turn, step)
        if self.game_over_at is not None:
            winner = self.game_over_at
            self.bag.error(
                "CT216",
                f"{winner.player} reached {WINNING_POINTS} points on their own turn "
                f"(turn {winner.number}, line {winner.line}); the game ended there",
                turn.line,
                1,
                step=step,
                once="CT216",
                ja=(
                    f"{winner.player} は自分の手番で {WINNING_POINTS} "
                    f"点に達しました（{winner.number} ターン、"
                    f"{winner.line} 行目）。ゲームはそこで終わっています"
                ),
            )
        state = _TurnState(bought_before=self.tallies.get(turn.player, Tally()).bought)
        if turn.player not in self.tallies:
            return StepResult(step, turn, self.snapshot(), omitted_before=omitted)
        for action in turn.before:
            self.action(turn, action, state, step)
        self.end_road_building(turn, step, state)
        if turn.dice is not None and turn.dice.robbery is not None:
            self.move_robber(turn, turn.dice.robbery, step, state.notes)
        for action in turn.after:
            self.action(turn, action, state, step)
        self.end_road_building(turn, step, state)
        built_ja: list[str] = []
        built_en: list[str] = []
        for kind in (Build.ROAD, Build.SETTLEMENT, Build.CITY):
            count = state.built.get(kind, 0)
            if count:
                ja, singular, plural = BUILD_NAMES[kind]
                free = state.free_built if kind is Build.ROAD else 0
                built_ja.append(f"{ja}×{count}" + (f" (うち無料{free})" if free else ""))
                built_en.append(
                    f"{count} {singular if count == 1 else plural}"
                    + (f" ({free} free)" if free else "")
                )
        if built_en:
            state.notes.append(("建設: " + "、".join(built_ja), "builds " + ", ".join(built_en)))
        if state.bought:
            what = "development card" if state.bought == 1 else "development cards"
            state.notes.append((f"発展カード購入×{state.bought}", f"buys {state.bought} {what}"))
        state.notes.extend(state.take_notes)
        snapshot = self.snapshot()
        if self.exact and snapshot.vp[turn.player] >= WINNING_POINTS and not self.game_over_at:
            self.game_over_at = turn
            state.notes.append(
                (
                    f"{snapshot.vp[turn.player]}点に到達",
                    f"reaches {snapshot.vp[turn.player]} points",
                )
            )
        return StepResult(
            step,
            turn,
            snapshot,
            tuple(state.notes),
            omitted,
            frozenset(state.took),
            turn.dice.value if turn.dice else None,
        )

    def action(self, turn: Turn, action: Action, state: _TurnState, step: int) -> None:
        if action.card is not None:
            if action.card is not Card.ROAD_BUILDING:
                self.end_road_building(turn, step, state)
            self.play_card(turn, action, action.card, state, step)
        elif action.build is not None:
            if action.build is not Build.ROAD:
                state.free_roads = 0
            self.build(turn, action, step, state)

    def not_read(self, item: Unreadable, step: int, following: Turn | None) -> StepResult | None:
        """A line among the turns that looks like one (a number first, or a '|') but
        could not be read (CT100, already reported). It took the turn of the seat whose
        turn it was, so the turns after it stay in order and one typo is one error,
        unless the next turn is by that seat (cardkit.unread, with any seat after it:
        a missing turn after it is then told at the next turn, once); then it is a step
        of its own, with nothing in it. What it built, bought or played is not known,
        so, as after an omission, counts are lower bounds from there on and the
        whole-game checks are skipped (CT235, said once): fixing the line brings them
        back. Otherwise it takes no turn (a stray note); the view shows it under the
        step before."""
        order = self.record.order
        if not item.maybe_turn or not order or self.after_omission:
            return None  # no seat order to keep (none known, or turns left out just before)
        number, seat = self.expected()
        over = self.game_over_at is not None
        if item.row:
            # A table's row is a round: it took the rest of it unless the next row is
            # the turn it would have been (then it is no turn, as a stray line).
            after = None if following is None else (following.number, following.player)
            if (after is None and over) or after == (number, order[seat]):
                return None
        elif not unread.took_turn(
            order[seat], None, None if following is None else following.player, over
        ):
            return None
        # The step shows in the cell of the seat whose turn it was; a row ends its round.
        self.last = (number, len(order) - 1 if item.row else seat)
        if self.exact:
            self.bag.info(
                "CT235",
                "this turn could not be read, so what it built, bought or played is not "
                "known: from now on counts are lower bounds and the checks that need the "
                "whole game (settlements, cards, points) are skipped",
                item.line,
                1,
                step=step,
                ja="この手番が読めないため、何を建設・購入・使用したかわかりません。"
                "以降の数は下限で、ゲーム全体が必要な確認（開拓地・カード・得点）は行いません",
            )
        self.exact = False
        self.robber = None  # a 7 may have moved it
        turn = Turn(number, order[seat], item.line, 1, (), None, (), item.text, clean=False)
        note = NOT_READ_ROW if item.row else NOT_READ
        return StepResult(step, turn, self.snapshot(), (note,), not_read=True, row=item.row)

    def omission(self, item: Omission) -> None:
        if self.exact or not self.said_omission:
            # Also after a turn not read made the counts lower bounds (CT235).
            self.said_omission = True
            self.bag.warning(
                "CT224",
                "turns are left out here: from now on counts are lower bounds and the checks "
                "that need the whole game (settlements, cards, points) are skipped",
                item.line,
                1,
                once="CT224",
                ja="ここで手番が省かれています。以降の数は下限で、ゲーム全体が必要な確認（開拓地・カード・得点）は行いません",
            )
        self.exact = False
        self.after_omission = True
        self.robber = None


@dataclass(slots=True)
class _TurnState:
    bought_before: int
    cards_played: int = 0
    bought: int = 0
    free_roads: int = 0
    road_building_at: Action | None = None
    road_building_roads: int = 0
    free_built: int = 0
    built: dict[Build, int] = field(default_factory=dict)
    notes: list[tuple[str, str]] = field(default_factory=list)
    take_notes: list[tuple[str, str]] = field(default_factory=list)
    """Taking LR / LA is said after the builds, as people tell a turn."""
    took: set[str] = field(default_factory=set)


def card_count(n: int, label: str) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
    return f"the {n}{suffix} {label}"


def replay(record: CatanRecord, bag: DiagnosticBag) -> Replay:
    """Replay every turn; diagnostics go into ``bag``."""
    engine = _Engine(record, bag)
    steps = [StepResult(0, None, engine.snapshot())]
    dice: list[int] = []
    for index, item in enumerate(record.items):
        if isinstance(item, Omission):
            engine.omission(item)
        elif isinstance(item, Turn):
            result = engine.turn(item, len(steps))
            steps.append(result)
            if item.dice is not None:
                dice.append(item.dice.value)
        elif isinstance(item, Unreadable) and item.maybe_turn:
            taken = engine.not_read(item, len(steps), _following(record.items, index, record.order))
            if taken is not None:
                steps.append(taken)
    bonus_line = record.closing(ClosingKind.BONUS)
    total_line = record.closing(ClosingKind.TOTAL)
    bonus = dict(bonus_line.values) if bonus_line else {}
    totals = dict(total_line.values) if total_line else None
    final = steps[-1].snapshot
    _check_closing(record, engine, final, bonus, totals, bag)
    winner, ranking = _result(record, final, bonus, totals, steps)
    reported = bag.warnings + bag.errors
    if totals is not None or engine.exact:
        _check_winner(record, steps, final, bonus, totals, winner, bag)
    if winner is None and totals is None and bag.warnings + bag.errors == reported:
        _no_winner_shown(record, final, bonus, steps, bag)
    return Replay(record, steps, totals, bonus, winner, ranking, engine.exact, dice)


def _following(items: list[Item], index: int, order: list[str]) -> Turn | None:
    """The next turn after ``items[index]`` (``None``: an omission, the closing lines or
    the end come first); lines not read and seats that are none (CT101) are passed
    over."""
    for item in items[index + 1 :]:
        if isinstance(item, Turn) and item.player in order:
            return item
        if not isinstance(item, Turn | Unreadable):
            return None
    return None


def _check_closing(
    record: CatanRecord,
    engine: _Engine,
    final: Snapshot,
    bonus: dict[str, int],
    totals: dict[str, int] | None,
    bag: DiagnosticBag,
) -> None:
    bonus_line = record.closing(ClosingKind.BONUS)
    total_line = record.closing(ClosingKind.TOTAL)
    if bonus_line is not None:
        for key, points in bonus.items():
            # The bonus may include LR and LA (+2 each) or only VP cards: allow for both.
            cards = VP_CARDS
            if engine.exact:
                cards = min(cards, final.tallies[key].bought)
            cap = (
                cards + (2 if final.lr_holder == key else 0) + (2 if final.la_holder == key else 0)
            )
            if points < 0 or points > cap:
                bag.error(
                    "CT218",
                    f"{key}'s bonus of {points} is more than the victory-point cards "
                    f"{key} can hold"
                    + (
                        f" ({final.tallies[key].bought} development cards bought)"
                        if engine.exact
                        else ""
                    ),
                    bonus_line.line,
                    1,
                    ja=f"{key} の追加点 {points} は、{key} が持てる得点カードより多すぎます"
                    + (
                        f"（発展カードは {final.tallies[key].bought} 枚購入）"
                        if engine.exact
                        else ""
                    ),
                )
        if sum(bonus.values()) > VP_CARDS + 4:
            bag.error(
                "CT218",
                f"the bonus points add up to {sum(bonus.values())}; the deck has only "
                f"{VP_CARDS} victory-point cards (plus 2 for each of LR and LA)",
                bonus_line.line,
                1,
                ja=(
                    f"追加点の合計が {sum(bonus.values())} です。得点カードは "
                    f"{VP_CARDS} 枚しかありません（最長交易路・最大騎士力で各2点を加えても）"
                ),
            )
    if totals is None or total_line is None:
        return
    for key in record.order:
        if key not in totals:
            continue
        tally = final.tallies[key]
        extra = bonus.get(key, 0)
        cards = (2 if final.lr_holder == key else 0) + (2 if final.la_holder == key else 0)
        if engine.exact:
            buildings = tally.settlements + 2 * tally.cities
            allowed = {buildings + cards + extra, buildings + extra}
            if totals[key] not in allowed:
                bag.error(
                    "CT217",
                    f"{key}'s total {totals[key]} does not add up: {tally.settlements} "
                    f"settlements + 2 × {tally.cities} cities"
                    + (" + Longest Road 2" if final.lr_holder == key else "")
                    + (" + Largest Army 2" if final.la_holder == key else "")
                    + f" + bonus {extra} = {buildings + cards + extra}",
                    total_line.line,
                    1,
                    ja=(
                        f"{key} の合計 {totals[key]} が合いません: 開拓地 "
                        f"{tally.settlements} ＋ 都市 2 × {tally.cities}"
                    )
                    + (" ＋ 最長交易路 2" if final.lr_holder == key else "")
                    + (" ＋ 最大騎士力 2" if final.la_holder == key else "")
                    + f" ＋ 追加点 {extra} ＝ {buildings + cards + extra}",
                )
        else:
            floor = 2 + tally.settlements_built + tally.cities_built + extra
            if totals[key] < floor:
                bag.error(
                    "CT217",
                    f"{key}'s total {totals[key]} is less than the log shows: at least "
                    f"{floor} (2 setup settlements, {tally.settlements_built} settlements and "
                    f"{tally.cities_built} cities built, bonus {extra})",
                    total_line.line,
                    1,
                    ja=(
                        f"{key} の合計 {totals[key]} はログより少なすぎます。"
                        f"少なくとも {floor} 点です（初期配置の開拓地 2、"
                        f"建てた開拓地 {tally.settlements_built}、"
                        f"都市 {tally.cities_built}、追加点 {extra}）"
                    ),
                )


def _final_points(
    record: CatanRecord, final: Snapshot, bonus: dict[str, int], totals: dict[str, int] | None
) -> dict[str, int]:
    if totals is not None:
        return {k: totals.get(k, final.vp[k] + bonus.get(k, 0)) for k in record.order}
    return {k: final.vp[k] + bonus.get(k, 0) for k in record.order}


def _last_turn(record: CatanRecord, steps: list[StepResult]) -> Turn | None:
    """The last turn of a seated player: a line naming no seat (CT101) is no turn
    the game can end on (CT219 said "the game ends on X's turn")."""
    for step in reversed(steps):
        if step.turn is not None and step.turn.player in record.order:
            return step.turn
    return None


def _last_seats(record: CatanRecord, steps: list[StepResult]) -> list[str]:
    """The seats whose turn the game may end on: the last turn's, or, when the last step
    is a table's row not read, any seat of the rest of its round (which turns in it were
    played is not known; CT219 said "the game ends on B's turn" when W won in it)."""
    last = _last_turn(record, steps)
    if last is None:
        return []
    if steps[-1].row and steps[-1].turn is last:
        return record.order[record.order.index(last.player) :]
    return [last.player]


def _result(
    record: CatanRecord,
    final: Snapshot,
    bonus: dict[str, int],
    totals: dict[str, int] | None,
    steps: list[StepResult],
) -> tuple[str | None, list[str]]:
    points = _final_points(record, final, bonus, totals)
    ranking = sorted(record.order, key=lambda k: (-points[k], record.order.index(k)))
    winner = next(
        (k for k in _last_seats(record, steps) if points.get(k, 0) >= WINNING_POINTS), None
    )
    return winner, ranking


def _check_winner(
    record: CatanRecord,
    steps: list[StepResult],
    final: Snapshot,
    bonus: dict[str, int],
    totals: dict[str, int] | None,
    winner: str | None,
    bag: DiagnosticBag,
) -> None:
    last = _last_turn(record, steps)
    if last is None:
        return
    points = _final_points(record, final, bonus, totals)
    line = record.closing(ClosingKind.TOTAL)
    where = line.line if line else last.line
    if winner is None:
        reached = [k for k in record.order if points[k] >= WINNING_POINTS]
        if reached:
            # A warning, not an error: Longest Road can change hands on another player's
            # turn, and a record cut by a time limit may stop before that player's turn.
            bag.warning(
                "CT219",
                f"{', '.join(reached)} has {WINNING_POINTS} or more points, but the game "
                f"ends on {last.player}'s turn; a player wins only on their own turn",
                where,
                1,
                ja=(
                    f"{', '.join(reached)} は {WINNING_POINTS} 点以上ですが、"
                    f"ゲームは {last.player} の手番で終わっています。勝てるのは自分の手番だけです"
                ),
            )
        elif totals is not None:  # only a record with a final score claims to be finished
            bag.warning(
                "CT220",
                f"nobody reached {WINNING_POINTS} points: the game ends unfinished",
                where,
                1,
                ja=f"誰も {WINNING_POINTS} 点に達していません。ゲームは終わっていません",
            )


def _no_winner_shown(
    record: CatanRecord,
    final: Snapshot,
    bonus: dict[str, int],
    steps: list[StepResult],
    bag: DiagnosticBag,
) -> None:
    """A game whose winner the sheet cannot show must say so, and what is missing."""
    last = steps[-1].turn
    if last is None:
        return  # no turns at all: CT123 has said it
    points = _final_points(record, final, bonus, None)
    best = max(record.order, key=lambda k: points[k]) if record.order else last.player
    missing = ["no 合計 (total) line"]
    missing_ja = ["合計の行がない"]
    if not any(action.takes for turn in record.turns for action in turn.actions):
        missing.append("no '+' marks for Longest Road or Largest Army")
        missing_ja.append("最長交易路・最大騎士力の + がない")
    if record.has_omissions:
        missing.append("turns are omitted")
        missing_ja.append("手番が省略されている")
    shown = points.get(best, 0)
    floor, floor_ja = ("at least ", "少なくとも ") if record.has_omissions else ("", "")
    missing.append(
        f"the leader in the log, {best}, has {floor}{shown} points, not {WINNING_POINTS}"
    )
    missing_ja.append(
        f"ログで先頭の {best} は {floor_ja}{shown} 点で、{WINNING_POINTS} 点に届かない"
    )
    # Information, not a warning: a fragment (a fence in a page, a few turns worth
    # discussing) is a fine record; it just cannot name a winner.
    bag.info(
        "CT229",
        "the sheet does not show who won: "
        + "; ".join(missing)
        + ". Add the final scores, like '合計: B 5, Y 10' (and '追加点:' for victory-point cards)",
        last.line,
        1,
        ja="このシートからは勝者が分かりません: "
        + "、".join(missing_ja)
        + "。最終得点を「合計: B 5, Y 10」のように書いてください（得点カードは「追加点:」）",
    )
