"""Replay a parsed Prime Daifugo record under a rule set: one immutable state per step.

Step 0 is the deal; then one step per move line. Each step says who moved, what kind of
move it was, which cards went to the field and which left the hand, the exact number,
the factorisation checked, joker values, penalties, flushes (written or inferred) and
machine annotations, and carries the whole :class:`State` after it.

The engine is split by concern: :mod:`.state` holds what a replay produces,
:mod:`.ledger` the card accounting (hands, deck, cards seen), :mod:`.judge` what the
rules say about one play; here :meth:`_Replayer.step` dispatches each move line to one
small handler per rule (draw first, pass, play, penalty, going out, passing the turn).

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

from collections.abc import Sequence

from kifuwiki.core.diagnostics import DiagnosticBag, counted
from kifuwiki.games.prime_daifugo import codes
from kifuwiki.games.prime_daifugo.i18n import annotation_ja
from kifuwiki.games.prime_daifugo.judge import Judge, Verdict, power_chain
from kifuwiki.games.prime_daifugo.ledger import CardLedger
from kifuwiki.games.prime_daifugo.model import UNKNOWN, Action, Card, Move, ParsedGame, Special
from kifuwiki.games.prime_daifugo.notation_moves import ranks_of
from kifuwiki.games.prime_daifugo.rules import STANDARD, RuleSet
from kifuwiki.games.prime_daifugo.state import (
    CARD_ORDER,
    KIND_ORDER,
    NO_CARDS,
    FieldState,
    HandState,
    Replay,
    State,
    Step,
    hand_of,
)

_PASS, _TIMEOUT, _UNKNOWN, _DRAW = Action.PASS, Action.TIMEOUT, Action.UNKNOWN, Action.DRAW
_COMPOSITE = Action.COMPOSITE
_GC, _RR, _IN = Special.GC, Special.RR, Special.IN


class _Turn:
    """One move line being applied: the position under construction and what the step
    will say. Handlers of :class:`_Replayer` fill it in; :meth:`_Replayer.step` turns it
    into the immutable :class:`Step` and :class:`State`. (Slotted: one is built per move
    of an archive, and slots make it about twice as cheap as a plain object.)"""

    __slots__ = (
        "after",
        "annotations",
        "before",
        "bottom",
        "consumed",
        "deck_unknown",
        "drawn",
        "ends_turn",
        "factor_cards",
        "factorisation",
        "field",
        "flushed",
        "hand",
        "index",
        "jokers",
        "kinds",
        "move",
        "number",
        "out",
        "penalised",
        "penalty_drawn",
        "pile",
        "played",
        "played_jokers",
        "revolution",
        "seat",
        "to_move",
        "valid",
    )

    def __init__(self, move: Move, index: int, seat: int, before: State) -> None:
        self.move = move
        self.index = index
        self.seat = seat
        self.before = before
        self.hand = before.hands[seat]
        self.deck_unknown = before.deck_unknown
        self.bottom = before.bottom
        self.field = before.field
        self.pile = before.pile
        self.revolution = before.revolution
        self.out = before.out
        self.to_move: int | None = seat
        self.kinds: set[str] = set()
        self.annotations: list[str] = []
        self.penalised = move.penalty is not None
        self.drawn = ""
        self.played = ""
        self.played_jokers: tuple[int, ...] = ()
        self.consumed = 0
        self.number: int | None = None
        self.jokers: tuple[int, ...] = ()
        self.factor_cards = ""
        self.factorisation = ""
        self.penalty_drawn = ""
        self.valid: bool | None = None
        self.flushed = False
        self.ends_turn = True
        self.after = before

    def as_step(self) -> Step:
        """The immutable step this turn made (built when someone reads the steps)."""
        return Step(
            self.index,
            self.move,
            self.seat,
            frozenset(self.kinds),
            self.after,
            self.drawn,
            self.played,
            self.factor_cards,
            self.consumed,
            self.number,
            self.jokers,
            self.factorisation,
            self.penalty_drawn,
            self.valid,
            self.flushed,
            tuple(self.annotations),
            self.played_jokers,
        )


#: What the previous step did, as the rules need it: a :class:`Step` (the deal, an
#: unknown player's move) or the :class:`_Turn` of a move (whose step is not built yet).
_Previous = Step | _Turn


class _Replayer:
    """Applies the rules move by move: :meth:`step` dispatches, one handler per rule."""

    def __init__(self, game: ParsedGame, rules: RuleSet, bag: DiagnosticBag) -> None:
        self.game = game
        self.rules = rules
        self.bag = bag
        self.seats: list[str] = list(game.order)
        for move in game.moves:
            if move.player not in self.seats and move.action is not Action.UNKNOWN:
                self.seats.append(move.player)
        self.seat_of = {key: seat for seat, key in enumerate(self.seats)}
        self.names = [game.players.get(key) or key for key in self.seats]
        self.incomplete = [False] * len(self.seats)
        # Blog records often leave draws out altogether; then a card a player did not
        # hold is taken as an unrecorded draw (one warning) rather than an error.
        self.records_draws = any(m.draw or m.action is Action.DRAW for m in game.moves)
        self.ledger = CardLedger(bag, self.names, self.incomplete)
        self.judge = Judge(rules, bag, game.dialect)
        #: One entry per step: a move's turn becomes its Step only when the steps are
        #: read (a record page reads them; ``kifuwiki validate`` needs only the
        #: diagnostics and the final position).
        self.steps: list[Step | _Turn] = []
        self.first_seat: int | None = None

    def next_active(self, seat: int, out: Sequence[int]) -> int | None:
        count = len(self.seats)
        candidate = seat + 1 if seat + 1 < count else 0
        if candidate not in out:  # the usual case, without the loop below
            return candidate
        for offset in range(1, count + 1):
            candidate = (seat + offset) % count
            if candidate not in out:
                return candidate
        return None

    def first_line(self) -> int:
        lines = [hand.line for hand in self.game.initial_hands.values()]
        lines += [move.line for move in self.game.moves[:1]]
        return min(lines) if lines else 1

    # -- the deal ----------------------------------------------------------------------

    def deal(self) -> State:
        rules = self.rules
        written: list[str | None] = []
        for key in self.seats:
            hand = self.game.initial_hands.get(key)
            cards = hand.cards if hand is not None else None
            written.append(None if cards is None else ranks_of(cards))
        known_sizes = [len(text) for text in written if text is not None]
        size = rules.hand_size or (known_sizes[0] if known_sizes else 11)
        hands = [self.deal_hand(seat, ranks, size) for seat, ranks in enumerate(written)]
        dealt = sum(hand.size for hand in hands)
        deck = rules.deck_size - dealt
        if deck < 0:
            self.bag.error(
                codes.TOO_MANY_OF_RANK,
                f"{dealt} cards are dealt but the deck has only {rules.deck_size}",
                self.first_line(),
                step=0,
                ja=f"{dealt} 枚が配られたが、デッキは {rules.deck_size} 枚しかない",
            )
            deck = 0
        state = State(tuple(hands), None, "", deck, "", False, None, ())
        self.steps.append(Step(0, None, None, frozenset({"deal"}), state))
        return state

    def deal_hand(self, seat: int, ranks: str | None, size: int) -> HandState:
        hand_line = self.game.initial_hands.get(self.seats[seat])
        line = hand_line.line if hand_line else self.first_line()
        column = hand_line.column if hand_line else 1
        name = self.names[seat]
        if ranks is None:
            self.incomplete[seat] = True
            self.bag.warning(
                codes.INCOMPLETE_HAND,
                f"{name}'s initial hand is unknown; assuming {size} cards and "
                "skipping the checks that need it",
                line,
                step=0,
                once="incomplete-hand",
                ja=f"{name} の初期手札は不明。{size} 枚とみなし、それを要する検査は省く",
            )
            return HandState(NO_CARDS, size)
        if len(ranks) != size:
            rules = self.rules
            self.bag.warning(
                codes.HAND_SIZE,
                f"{name}'s initial hand has {len(ranks)} cards; "
                + (
                    f"the '{rules.name}' rules deal {size}"
                    if rules.hand_size
                    else f"the first hand has {size}"
                ),
                line,
                column,
                step=0,
                ja=f"{name} の初期手札は {len(ranks)} 枚だが、"
                + (
                    f"ルール '{rules.name}' では {size} 枚配る"
                    if rules.hand_size
                    else f"最初の手札は {size} 枚"
                ),
            )
        dealt = hand_of(ranks)
        self.ledger.see_hand(dealt, line, column)
        return dealt

    # -- one move: the dispatcher ------------------------------------------------------

    def step(self, move: Move, state: State, previous: _Previous, last: bool = False) -> State:
        index = len(self.steps)
        seat = self.seat_of.get(move.player)
        if seat is None:
            return self.unknown_player(move, state, index)
        if self.first_seat is None:
            self.first_seat = seat
        turn = _Turn(move, index, seat, state)
        to_move = state.to_move
        if to_move != seat and (to_move is not None or state.out):
            self.check_turn(turn, previous)
        if move.draw:
            self.draw_first(turn, previous)
        action = move.action
        # Enum members are compared by identity: `in (…)` and dict lookups on them cost
        # microseconds each in Python 3.11, on every move.
        if action is _DRAW:
            turn.ends_turn = False
        elif action is _PASS or action is _TIMEOUT or action is _UNKNOWN or move.number is None:
            self.no_play(turn)
        else:
            self.play(turn)
        # Going out (written, or a valid play that empties a fully known hand), else
        # the turn passes on (a draw, a GC and a lone joker keep it).
        emptied = bool(
            turn.played and not turn.penalised and not self.incomplete[seat] and turn.hand.size == 0
        )
        if move.out:
            self.out_mark(turn, last)
        elif emptied:
            self.empty_without_out(turn)
        if (move.out or emptied) and seat not in turn.out:
            self.goes_out(turn)
        elif turn.ends_turn and "GC" not in turn.kinds and "IN" not in turn.kinds:
            self.turn_passes(turn)
        if move.flush_mark or move.revolution_mark:
            self.check_marks(turn)
        # The step and the position after it.
        hands = state.hands
        if turn.hand is not hands[seat]:  # a pass without a draw leaves every hand as it was
            hands = (*hands[:seat], turn.hand, *hands[seat + 1 :])
        after = State(
            hands,
            turn.field,
            turn.pile,
            turn.deck_unknown,
            turn.bottom,
            turn.revolution,
            turn.to_move,
            turn.out,
        )
        turn.after = after
        self.steps.append(turn)
        return after

    # -- handlers ----------------------------------------------------------------------

    def unknown_player(self, move: Move, state: State, index: int) -> State:
        """A move by no player of the game. The parser has said so (one error per name);
        a consequence is not a second diagnostic, except for a game built by hand."""
        if move.action is not _UNKNOWN:
            self.bag.warning(
                codes.UNREADABLE_SKIPPED,
                f"the move of unknown player '{move.player}' is skipped",
                move.line,
                move.column,
                step=index,
                ja=f"不明なプレイヤー '{move.player}' の手は飛ばす",
            )
        self.steps.append(Step(index, move, None, frozenset({"unreadable"}), state))
        return state

    def check_turn(self, turn: _Turn, previous: _Previous) -> None:
        """Moves after the end, and moves out of turn (a draw after acting has its own)."""
        state, move = turn.before, turn.move
        if state.to_move is None and state.out:
            self.bag.error(
                codes.AFTER_GAME_END,
                "the game is over (every player but one has gone out), yet moves follow",
                move.line,
                move.column,
                step=turn.index,
                once="after-end",
                ja="ゲームは終わっている(1人を除いて全員があがった)のに、手が続いている",
            )
        elif state.to_move is not None and turn.seat != state.to_move:
            if self.draw_after_acting(turn, previous):
                return
            self.bag.error(
                codes.OUT_OF_TURN,
                f"it is {self.names[state.to_move]}'s turn, not {self.names[turn.seat]}'s",
                move.line,
                move.column,
                step=turn.index,
                ja=f"{self.names[state.to_move]} の手番で、{self.names[turn.seat]} の手番ではない",
            )

    def draw_after_acting(self, turn: _Turn, previous: _Previous) -> bool:
        """A draw on its own line right after the same player passed or played (seed
        003: no draw after passing or playing): reported as that, and the turn stays
        with the next player, so that their move is not out of turn too."""
        move = turn.move
        before = previous.move
        if (
            move.action is not _DRAW
            or previous.seat != turn.seat
            or before is None
            or before.action is _DRAW
        ):
            return False
        what, what_ja = ("passing", "パスした") if before.action is _PASS else ("playing", "出した")
        name = self.names[turn.seat]
        self.bag.error(
            codes.DRAW_AFTER_ACTION,
            f"{name} draws after {what} in the same turn; a draw comes before acting",
            move.line,
            move.column,
            step=turn.index,
            ja=f"{name} は{what_ja}後にドローしている。ドローは手番の最初にしかできない",
        )
        turn.to_move = turn.before.to_move
        return True

    def draw_first(self, turn: _Turn, previous: _Previous) -> None:
        """Cards drawn before acting (``D(7)…``, or Fandom ``A:D`` on its own line)."""
        move, seat = turn.move, turn.seat
        draw = move.draw
        assert draw is not None  # the dispatcher calls this only for a draw
        same_turn = (
            previous.seat == seat and previous.move is not None and previous.move.action is _DRAW
        )
        draws = len(draw) + (len(previous.drawn) if same_turn else 0)
        allowed = self.rules.max_draws_per_turn
        if draws > allowed:
            name = self.names[seat]
            self.bag.warning(
                codes.TOO_MANY_DRAWS,
                f"{name} draws {draws} cards in one turn; the rules allow {allowed}",
                move.line,
                move.column,
                step=turn.index,
                ja=f"{name} は1手番に {draws} 枚引いている。ルールでは {allowed} 枚まで",
            )
        turn.hand, turn.deck_unknown, turn.bottom, turn.drawn = self.ledger.draw(
            turn.hand,
            draw,
            (turn.deck_unknown, turn.bottom),
            move,
            turn.index,
            move.column,
            self.names[seat],
        )
        turn.kinds.add("draw")

    def no_play(self, turn: _Turn) -> None:
        """A pass, a time-out, or a move that could not be read (treated as a pass)."""
        move, action = turn.move, turn.move.action
        turn.kinds.add(
            "pass" if action is _PASS else "timeout" if action is _TIMEOUT else "unreadable"
        )
        if action is _TIMEOUT:
            # "%%" alone tells a reader nothing; the clock's forced pass is a pass.
            turn.annotations.append("time-out: counts as a pass")
        if action is not _PASS and action is not _TIMEOUT:
            # The parser reported each unreadable move; what that means for the
            # replay is said once.
            self.bag.warning(
                codes.UNREADABLE_SKIPPED,
                "a move that could not be read is treated as a pass (later checks of that "
                "player's hand may be off)",
                move.line,
                move.column,
                step=turn.index,
                once="unreadable",
                ja="読めない手はパスとして扱う(その後のそのプレイヤーの手札の検査はずれうる)",
            )
        if turn.penalised:
            self.bag.error(
                codes.PENALTY_WITHOUT_PLAY,
                "a penalty is written on a move that put no cards on the field",
                move.line,
                move.column,
                step=turn.index,
                ja="場にカードを出していない手にペナルティが書かれている",
            )

    def play(self, turn: _Turn) -> None:
        """Cards on the field: judged, then penalised or standing."""
        move = turn.move
        run = move.number
        assert run is not None  # the dispatcher sends only moves with cards here
        played = ranks_of(run.cards)
        verdict = self.judge.judge(move, turn.before, turn.index, played)
        turn.played = played
        turn.number, turn.jokers = verdict.number, verdict.joker_values
        turn.played_jokers = verdict.number_jokers
        turn.factor_cards, turn.factorisation = verdict.factor_cards, verdict.factorisation
        turn.kinds.add("lead" if turn.field is None else "follow")
        cards = played + verdict.factor_cards
        turn.consumed = len(cards)
        if not self.records_draws:
            turn.hand, turn.deck_unknown, turn.bottom = self.ledger.implied_draws(
                turn.hand, cards, (turn.deck_unknown, turn.bottom), move, turn.index
            )
        if move.action is _COMPOSITE:
            turn.kinds.add("composite")
        valid = (not verdict.problems) if verdict.checkable or verdict.special else None
        if verdict.problems and valid is None:
            valid = False
        turn.valid = valid
        if turn.penalised:
            self.penalised_play(turn, verdict, cards)
        else:
            self.standing_play(turn, verdict, cards)

    def penalised_play(self, turn: _Turn, verdict: Verdict, cards: str) -> None:
        """The judge penalised the play: its cards come back, and the penalty is drawn."""
        move = turn.move
        turn.kinds.add("penalty")
        turn.hand = self.ledger.take_back(turn.hand, cards, turn.seat, move, turn.index)
        if turn.valid is True:
            self.bag.error(
                codes.VALID_PLAY_PENALISED,
                f"{verdict.note or codes.quote(turn.played)} — yet the play was penalised",
                move.line,
                move.column,
                step=turn.index,
                ja=f"{annotation_ja(verdict.note) if verdict.note else codes.quote(turn.played)}"
                " — なのにペナルティを受けている",
            )
            turn.annotations.append(f"{verdict.note}, yet penalised")
        size_text = self.penalty(turn, len(verdict.factor_cards))
        if turn.valid is not True:
            reason = verdict.problems[0][1] if verdict.problems else "no rule broken"
            turn.annotations.append(f"{reason} → penalty {size_text}")

    def standing_play(self, turn: _Turn, verdict: Verdict, cards: str) -> None:
        """The play stands: its cards leave the hand, the number takes the field, and a
        special play takes effect."""
        move = turn.move
        if verdict.problems:
            for code, reason in verdict.problems:
                self.bag.error(
                    code,
                    f"{reason}, but the play was not penalised",
                    move.line,
                    move.column,
                    step=turn.index,
                    ja=f"{annotation_ja(reason)}のに、ペナルティがない",
                )
            turn.annotations.append(
                "judge missed: "
                + "; ".join(_as_fact(reason) for _, reason in verdict.problems)
                + " was accepted"
            )
        elif verdict.note:
            turn.annotations.append(verdict.note)
        turn.hand = self.ledger.take(turn.hand, cards, turn.seat, move, turn.index, "plays")
        turn.bottom += verdict.factor_cards
        turn.field = FieldState(
            turn.played, verdict.number, turn.seat, verdict.factorisation, verdict.number_jokers
        )
        turn.pile += turn.played
        special = verdict.special
        if special is _RR:
            turn.kinds.add("RR")
            turn.revolution = not turn.revolution
        elif special is _GC or special is _IN:
            turn.kinds.add("GC" if special is _GC else "IN")
            self.flush(turn)

    def penalty(self, turn: _Turn, factor_cards: int) -> str:
        """Draw the penalty; check its size against the play and the deck."""
        move = turn.move
        penalty = move.penalty
        assert penalty is not None  # only called for penalised moves
        number_cards = len(turn.played)
        full = self.rules.penalty_size(number_cards, factor_cards)
        available = turn.deck_unknown + len(turn.bottom)
        expected = min(full, available)
        written = penalty.count
        if written is None and penalty.cards is not None:
            written = len(penalty.cards)
        if written is not None and written != expected:
            why = f"{number_cards} played" + (
                f" + {factor_cards} factor cards" if factor_cards else ""
            )
            short = available < full
            self.bag.error(
                codes.PENALTY_SIZE,
                f"the penalty is {counted(written, 'card')}, but {why} make a penalty of {full}"
                + (f" and the deck holds {available}" if short else "")
                + f", so {expected}",
                move.line,
                penalty.column,
                step=turn.index,
                ja=f"ペナルティは {written} 枚と書かれているが、出したカード {number_cards} 枚"
                + (f" + 因数のカード {factor_cards} 枚" if factor_cards else "")
                + f"からペナルティは {full} 枚"
                + (f"、山札は {available} 枚" if short else "")
                + f"なので {expected} 枚",
            )
        cards: Sequence[Card]
        if penalty.cards is not None:
            cards = penalty.cards
        else:
            # Never more than the deck holds: a written count is only a claim (the size
            # check above reports a wrong one), and "P(100000000)" must not be drawn.
            count = min(written, available) if written is not None else expected
            cards = [Card(UNKNOWN)] * count
        turn.hand, turn.deck_unknown, turn.bottom, turn.penalty_drawn = self.ledger.draw(
            turn.hand,
            cards,
            (turn.deck_unknown, turn.bottom),
            move,
            turn.index,
            penalty.column,
            self.names[turn.seat],
        )
        return str(len(cards))

    def empty_without_out(self, turn: _Turn) -> None:
        name = self.names[turn.seat]
        self.bag.error(
            codes.EMPTY_WITHOUT_OUT,
            f"{name} has no cards left, but the move has no #",
            turn.move.line,
            turn.move.column,
            step=turn.index,
            ja=f"{name} の手札は残っていないが、この手に # がない",
        )

    def out_mark(self, turn: _Turn, last: bool) -> None:
        """``#`` on a hand that still holds cards: an adjudicated end on the last line,
        an error mid-game."""
        move, seat, hand = turn.move, turn.seat, turn.hand
        if move.action is _UNKNOWN:
            turn.hand = HandState()  # what went out could not be read, but it went out
            return
        unknown_hand = self.incomplete[seat] and not turn.penalised
        left = 0 if unknown_hand else hand.size
        name = self.names[seat]
        if left and last:
            # Tournament games stopped by the clock are adjudicated, and the record
            # marks the declared winner with # on its last line (2 of 448 corpus games).
            self.bag.warning(
                codes.ADJUDICATED_END,
                f"the game ends with # but {name} still holds {counted(left, 'card')}; read as an "
                f"adjudicated end (time limit) with {name} declared the winner",
                move.line,
                move.column,
                step=turn.index,
                ja=f"# で終わっているが {name} はまだ {left} 枚持っている。判定による終了"
                f"(時間切れ)で {name} の勝ちと読む",
            )
        elif left:
            held = hand.cards + (f" + {hand.unknown} unknown" if hand.unknown else "")
            held_ja = hand.cards + (f" + 不明 {hand.unknown} 枚" if hand.unknown else "")
            self.bag.error(
                codes.OUT_WITH_CARDS,
                f"# is written but {name} still holds {counted(hand.size, 'card')}: {held}, "
                "and the game goes on",
                move.line,
                move.column,
                step=turn.index,
                ja=f"# と書かれているが {name} はまだ {hand.size} 枚({held_ja})持っており、"
                "ゲームは続いている",
            )
        if unknown_hand:
            turn.hand = HandState(hand.counts, 0)

    def goes_out(self, turn: _Turn) -> None:
        seat = turn.seat
        turn.kinds.add("out")
        turn.out = (*turn.out, seat)
        turn.annotations.append(f"{self.names[seat]} goes out")
        self.flush(turn)
        to_move = self.next_active(seat, turn.out)
        if to_move is not None and to_move == self.next_active(to_move, turn.out):
            to_move = None  # only one player left: the game is over
        turn.to_move = to_move

    def turn_passes(self, turn: _Turn) -> None:
        """The next player moves; the field flushes when the turn comes back to the
        player of the last valid play (or at once under ``flush_on_pass``)."""
        turn.to_move = self.next_active(turn.seat, turn.out)
        field = turn.field
        stands = turn.played and not turn.penalised
        if (
            not stands
            and field is not None
            and (self.rules.flush_on_pass or turn.to_move == field.owner)
        ):
            leader = field.owner if field.owner not in turn.out else turn.to_move
            if leader is not None:
                turn.annotations.append(f"field flushed; {self.names[leader]} leads")
            self.flush(turn)

    @staticmethod
    def flush(turn: _Turn) -> None:
        """The field's cards go to the bottom of the deck, in the order played."""
        if turn.pile:
            turn.bottom += turn.pile
        turn.pile, turn.field, turn.flushed = "", None, True

    def check_marks(self, turn: _Turn) -> None:
        """The writer's own marks (Fandom ``r``, blog ``[R]``) against what happened."""
        move = turn.move
        # An unreadable move keeps its marks, but what it did is unknown: no check.
        if move.flush_mark and not turn.flushed and move.action is not _UNKNOWN:
            self.bag.warning(
                codes.FLUSH_MARK,
                "the move is marked as flushing the field (r), but the field did not flush here",
                move.line,
                move.column,
                step=turn.index,
                ja="この手には場が流れた印(r)があるが、ここで場は流れていない",
            )
        if move.revolution_mark and not turn.before.revolution:
            self.bag.warning(
                codes.REVOLUTION_MARK,
                "the move is marked [R] (under revolution), but no revolution is on",
                move.line,
                move.column,
                step=turn.index,
                ja="この手には革命中の印 [R] があるが、革命は起きていない",
            )


def _as_fact(reason: str) -> str:
    """``1001 = 7 × 11 × 13 is not prime`` → ``1001 = 7 × 11 × 13`` (for "… was accepted")."""
    return reason.removesuffix(", so it is not prime").removesuffix(" is not prime")


def replay(game: ParsedGame, rules: RuleSet = STANDARD) -> Replay:
    """Replay ``game`` under ``rules``: one step per move, diagnostics collected."""
    bag = DiagnosticBag()
    replayer = _Replayer(game, rules, bag)
    state = replayer.deal()
    final = len(game.moves) - 1
    for number, move in enumerate(game.moves):
        state = replayer.step(move, state, replayer.steps[-1], number == final)
    return Replay(
        game, rules, replayer.seats, bag.items, replayer.first_seat, state, replayer.steps
    )


__all__ = [
    "CARD_ORDER",
    "KIND_ORDER",
    "FieldState",
    "HandState",
    "Judge",
    "Replay",
    "State",
    "Step",
    "hand_of",
    "power_chain",
    "replay",
]
