"""Replay: parsed record + rules → one state per line, with diagnostics naming the rule.

``Engine`` has one method per rule (first action, draw, NH, hand, judgement, P↑, LC
re-play and its NH, blow-off, bonus, pass, final action, end of the game, next mover);
self-play drives it line by line too. A broken move is diagnosed and then followed as
written where that is possible, so one mistake does not hide the rest of the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from kifuwiki.cardkit import unread
from kifuwiki.core.diagnostics import DiagnosticBag, counted
from kifuwiki.games.selaffesto.geometry import (
    Assessment,
    Board,
    assess,
    nh,
    reaches,
    relc_board,
    relc_nh,
)
from kifuwiki.games.selaffesto.model import (
    PLAYER_NAMES,
    Card,
    Cell,
    MoveLine,
    Placement,
    SelaffestoRecord,
    canonical,
    card_text,
    cell_name,
    fw10,
    other,
    points_text,
)
from kifuwiki.games.selaffesto.reasons import explain_judgement, explain_unreachable
from kifuwiki.games.selaffesto.rules import Rules
from kifuwiki.games.selaffesto.state import GameState, final_points, new_state


@dataclass(slots=True)
class PlacementResult:
    cell: Cell
    card: Card
    kind: str
    gain: int
    lc: Cell | None = None
    lc_card: Card | None = None
    lc_owner: str | None = None
    bonus: int = 0
    blocked: bool = False
    """An opponent LC whose owner holds too many cards: the play just ends."""
    lifted_from: Cell | None = None


@dataclass(slots=True)
class StepResult:
    index: int
    move: MoveLine | None
    state: GameState
    """The position after this line."""
    placements: list[PlacementResult] = field(default_factory=list)
    gain: int = 0
    finals: list[str] = field(default_factory=list)
    drew: bool = False
    passed: bool = False
    seat: str | None = None
    """A line not read: the seat whose action it was (the turn it took, or the seat it
    names), ``None`` for a line among the actions that took none."""


@dataclass(slots=True)
class Replay:
    record: SelaffestoRecord
    rules: Rules
    steps: list[StepResult]
    winner: str | None
    complete: bool

    def at_play(self, index: int) -> GameState | None:
        """The position step ``index``'s mover placed in: the step before, plus this
        line's draw (rebuilt on demand: only the analysis needs it, validating does not)."""
        step = self.steps[index]
        if index == 0 or step.move is None or not step.placements:
            return None
        if step.placements[0].kind == "first":
            return None  # the start cell is given: nothing to choose
        state = self.steps[index - 1].state.copy()
        if step.drew and step.move.draw is not None:
            state.hands[step.move.player].append(step.move.draw)
            state.mounts[step.move.player] -= 1
        return state


KIND_EN = {"put": "put", "jump": "jump put", "fail": "fail put", "first": "first action"}
KIND_JA = {
    "put": "プット",
    "jump": "ジャンププット",
    "fail": "フェールプット",
    "first": "ファーストアクション",
}


def _hand_text(cards: list[Card]) -> str:
    return " ".join(card_text(c) for c in cards) or "—"


class Engine:
    def __init__(self, record: SelaffestoRecord, rules: Rules, bag: DiagnosticBag):
        self.record = record
        self.rules = rules
        self.bag = bag
        self.state = new_state(rules.deck_size, record.first)
        self.steps = [StepResult(0, None, self.state.copy())]
        self.declined = False
        """An own LC kept in hand (``xCELL`` under ``relc: optional``) in this action."""
        self.pending_draw = False
        """A draw written on an earlier line of the same unfinished action."""
        self.unsure_points = False
        """An action could not be read: from then on the record is shown, not checked."""
        self.upcoming: MoveLine | None = None
        """The next line read after the one being read (a first-hand line with the
        other seat letter asks for it, :meth:`hand_slip`)."""

    # -- diagnostics -------------------------------------------------------------------
    def error(
        self, code: str, move: MoveLine, column: int, en: str, ja: str, *, sure: bool = False
    ) -> None:
        """Report a rule broken at ``move``; ``sure``: even when the position is not known
        (the turn order does not depend on it)."""
        if self.unsure_points and not sure:
            return  # the position is not known since an unread action (SF203 says so)
        self.bag.error(code, en, move.line, max(column, 1), step=len(self.steps), ja=ja)

    def name(self, player: str) -> tuple[str, str]:
        return self.record.name(player), PLAYER_NAMES[player][0]

    # -- rule 31/32: who moves -----------------------------------------------------------
    def turn(self, move: MoveLine, following: str | None = None) -> MoveLine:
        """Check that ``move`` is by the player to move; the line as the rest of the
        replay reads it (a seat written wrong is read as the player to move's, see
        :meth:`seat_slip`)."""
        state = self.state
        if move.player == state.to_move:
            return move
        if self.unsure_points and self.rules.ending == "all":
            # The action not read may have been the other player's final one, after
            # which this player moves on alone: not known, so not an error.
            state.to_move = move.player
            return move
        en, ja = self.name(state.to_move)
        why_en = why_ja = ""
        if move.player in state.finals:  # ``ending: all``: the finished are skipped
            why_en = f" ({move.written_player} has made the final action)"
            why_ja = f" ({move.written_player} はファイナルアクションを終えています)"
        read = move
        if not why_en and self.seat_slip(move, following):
            read = replace(move, player=state.to_move)
        self.error(
            "SF101",
            move,
            1,
            f"it is {en}'s ({state.to_move}) action, not {move.written_player}'s{why_en};"
            f" read as {read.player}'s action",
            f"{ja} ({state.to_move}) の手番です。{move.written_player} ではありません{why_ja}。"
            f"{read.player} の行動として読みます",
            # The turn order does not depend on the position, so it is checked even
            # after an action not read; a line with a token not read has its error.
            sure=not move.unread,
        )
        if read is move:
            self.pending_draw = False
            state.to_move = move.player
        return read

    def seat_slip(self, move: MoveLine, following: str | None) -> bool:
        """Whether a line by the player not to move is the player to move's action with
        the other seat letter (``W:g12 …`` for ``B:g12 …``): the card it places from the
        hand is in the to-move player's hand (or drawn on the line), and not in the
        writer's, or in both and the writer's line comes next (as after the to-move
        player's action). Read as written, one slip of a letter gave an SF103, SF104 and
        an SF108 on every later check (reading the other player's card on the writer's
        turn); a line that fits only the writer's hand is the writer's, out of turn."""
        if move.passed and not move.placements:
            # A pass names no card: it is the to-move player's when the writer's own
            # line comes next (read as written, that line is out of turn too).
            return following == move.player
        if move.taken is not None and not move.placements:
            return self.hand_slip(move)
        if move.taken is not None:
            # A whole first action (hand and placement) with the other seat letter: its
            # cards are in no hand yet, so the placement's cell tells, the to-move
            # player's start cell (or the writer has started already, or its own line
            # comes next). Read as written, ``B:(…) g1 …`` for W's first action gave
            # SF101, SF105 and then an error on nearly every later line (365 in a
            # self-play record).
            state = self.state
            if state.started[state.to_move]:
                return False
            start = self.rules.start_cell(state.to_move)
            return (
                move.placements[0].cell == start
                or state.started[move.player]
                or following == move.player
            )
        if not move.placements or move.placements[0].lifted_from is not None:
            return False
        card = canonical(move.placements[0].card)

        def holds(player: str) -> bool:
            drawn = move.draw is not None and canonical(move.draw) == card
            return drawn or self.state.find_in_hand(player, card) is not None

        if not holds(self.state.to_move):
            return False
        return not holds(move.player) or following == move.player

    def hand_slip(self, move: MoveLine) -> bool:
        """Whether a first-hand line ``W:(…)`` by the player not to move is the to-move
        player's, who has not taken a hand: the writer has taken its own (read as
        written, it takes one twice, SF115), or the to-move player's next line is its
        first placement (read as written, that line has no hand and is out of turn)."""
        state, to_move = self.state, self.state.to_move
        if state.started[to_move] or state.hands[to_move] or state.unknown[to_move]:
            return False
        if state.started[move.player] or state.hands[move.player]:
            return True
        upcoming = self.upcoming
        return (
            upcoming is not None
            and upcoming.player == to_move
            and upcoming.taken is None
            and bool(upcoming.placements)
        )

    # -- rule 23: first action -----------------------------------------------------------
    def first_action(self, move: MoveLine, step: StepResult) -> None:
        state, rules, player = self.state, self.rules, move.player
        if move.taken is not None:
            if len(move.taken) != rules.first_hand:
                self.error(
                    "SF105",
                    move,
                    move.taken_column,
                    f"the first action takes {counted(rules.first_hand, 'card')}, "
                    f"not {len(move.taken)}",
                    f"ファーストアクションで取るカードは {rules.first_hand} 枚です"
                    f" ({len(move.taken)} 枚ではありません)",
                )
            taken = move.taken[: state.mounts[player]]
            state.hands[player].extend(taken)
            state.mounts[player] -= len(taken)
        elif not state.hands[player] and not state.unknown[player]:
            self.error(
                "SF105",
                move,
                1,
                f"the first action starts by taking {counted(rules.first_hand, 'card')}: "
                f"write {player}:(c1"
                " c2 …)",
                f"ファーストアクションはカード {rules.first_hand} 枚を取ることから始まります:"
                f" {player}:(c1 c2 …)",
            )
            state.unknown[player] = rules.first_hand
            state.mounts[player] -= rules.first_hand
        if not move.placements:
            return
        placement = move.placements[0]
        start = rules.start_cell(player)
        if placement.cell != start:
            self.error(
                "SF105",
                move,
                placement.column,
                f"the first action places on the start cell {cell_name(start)}, not"
                f" {cell_name(placement.cell)}",
                f"ファーストアクションはスタートのセル {cell_name(start)} に置きます"
                f" ({cell_name(placement.cell)}"
                " ではありません)",
            )
        if self.state.board[placement.cell] is not None:
            self.occupied(move, placement)
            return
        self.from_hand(move, placement.card, placement.column)
        state.board[placement.cell] = (placement.card, player)
        step.placements.append(PlacementResult(placement.cell, placement.card, "first", 0))
        state.started[player] = True
        for extra in move.placements[1:]:
            self.error(
                "SF109",
                move,
                extra.column,
                "the first action places one card",
                "ファーストアクションで置くカードは1枚です",
            )

    # -- rule 22: cards come from the hand ------------------------------------------------
    def from_hand(self, move: MoveLine, card: Card, column: int) -> None:
        player = move.player
        if self.state.take_from_hand(player, card):
            return
        hand = _hand_text(self.state.hands[player])
        self.error(
            "SF104",
            move,
            column,
            f"{card_text(card)} is not in {player}'s hand (in any rotation); the hand holds {hand}",
            f"{card_text(card)} は {player} のハンドにありません (回転しても)。ハンド: {hand}",
        )

    # -- rule 25: draw -----------------------------------------------------------------------
    def draw(self, move: MoveLine, card: Card, step: StepResult) -> None:
        state, player = self.state, move.player
        why_en = why_ja = ""
        if self.pending_draw:
            why_en, why_ja = "an action has one draw", "ドローは1アクションに1回です"
        elif state.hand_size(player) >= self.rules.hand_limit:
            limit = self.rules.hand_limit
            why_en = (
                f"the hand already holds {counted(limit, 'card')} (a draw needs fewer than {limit})"
            )
            why_ja = f"ハンドはすでに {limit} 枚です (ドローは {limit} 枚未満のときだけ)"
        elif state.mounts[player] == 0:
            why_en, why_ja = "the mount is empty", "マウントが空です"
        if why_en:
            self.error(
                "SF106", move, move.draw_column, f"no draw: {why_en}", f"ドローできません: {why_ja}"
            )
            return
        state.hands[player].append(card)
        state.mounts[player] -= 1
        self.pending_draw = step.drew = True

    def occupied(self, move: MoveLine, placement: Placement) -> None:
        occupant = self.state.board[placement.cell]
        owner = occupant[1] if occupant else "?"
        self.error(
            "SF102",
            move,
            placement.column,
            f"{cell_name(placement.cell)} already holds {owner}'s card"
            f" {card_text(occupant[0]) if occupant else ''}",
            f"{cell_name(placement.cell)} にはすでに {owner} のカードがあります",
        )

    # -- rule 10: NH -----------------------------------------------------------------------
    def reachable(self, move: MoveLine, placement: Placement, board: Board) -> None:
        if reaches(board, move.player, placement.cell):
            return
        cells = nh(board, move.player)
        en, ja = explain_unreachable(board, placement.cell, move.player, cells)
        self.error("SF103", move, placement.column, en, ja)

    # -- rules 14, 17-19: judgement --------------------------------------------------------
    def judged(self, move: MoveLine, placement: Placement, kind: str, found: Assessment) -> None:
        if placement.judge is None or placement.judge == kind:
            return
        en, ja = explain_judgement(self.state.board, placement.cell, placement.card, found, kind)
        self.error(
            "SF107",
            move,
            placement.judge_column,
            f"written [{placement.judge}], but {cell_name(placement.cell)} is a {KIND_EN[kind]}:"
            f" {en}",
            f"[{placement.judge}] とありますが {cell_name(placement.cell)}"
            f" は{KIND_JA[kind]}です: {ja}",
        )

    # -- rule 28: a play ---------------------------------------------------------------------
    def play(self, move: MoveLine, step: StepResult) -> None:
        state, player = self.state, move.player
        placements = list(move.placements)
        first = placements.pop(0)
        if first.lifted_from is not None:
            self.error(
                "SF109",
                move,
                first.column,
                "an action starts with a placement from the hand",
                "アクションはハンドからのプレースで始まります",
            )
        if state.board[first.cell] is not None:
            self.occupied(move, first)
            return
        self.reachable(move, first, state.board)
        self.from_hand(move, first.card, first.column)
        self.declined = False
        result: PlacementResult | None = self.place(move, first, step)
        while result is not None and result.lc is not None and result.lc_owner == player:
            result = self.replay_own_lc(move, result, placements, step)
        if result is not None and result.lc is not None and result.lc_owner == other(player):
            self.blow_off(move, result, step)
        elif move.blow_off is not None and not self.declined:
            self.error(
                "SF109",
                move,
                move.blow_off.column,
                "xCELL names a removed LC, but this action removes none",
                "xCELL は取り除く LC ですが、このアクションでは取り除きません",
            )
        for extra in placements:
            self.error(
                "SF110",
                move,
                extra.column,
                f"{cell_name(extra.lifted_from or extra.cell)} is not an own LC to re-play here",
                f"{cell_name(extra.lifted_from or extra.cell)} はここで再プレイする自分の LC"
                " ではありません",
            )

    def place(self, move: MoveLine, placement: Placement, step: StepResult) -> PlacementResult:
        """Put the card on the board, judge it, score P↑ (rule 27)."""
        state, player = self.state, move.player
        found = assess(state.board, placement.cell, placement.card)
        result = PlacementResult(
            placement.cell,
            placement.card,
            found.kind,
            found.gain,
            lifted_from=placement.lifted_from,
        )
        if found.lc is not None:
            occupant = state.board[found.lc]
            assert occupant is not None
            result.lc, result.lc_card, result.lc_owner = found.lc, occupant[0], occupant[1]
            if occupant[1] != player and state.hand_size(occupant[1]) > self.rules.hand_limit - 2:
                # Rule 28: the owner holds 11+ cards, the play just ends.
                result.blocked, result.gain, result.lc, result.lc_owner = True, 0, None, None
                if self.rules.full_hand == "fail":
                    result.kind = "fail"
        self.judged(move, placement, result.kind, found)
        state.board[placement.cell] = (placement.card, player)
        state.points[player] += result.gain
        step.gain += result.gain
        step.placements.append(result)
        return result

    def replay_own_lc(
        self, move: MoveLine, jump: PlacementResult, rest: list[Placement], step: StepResult
    ) -> PlacementResult | None:
        """Rule 28: P↑, then play again with the own LC (its NH: :meth:`relc_board`)."""
        state = self.state
        lc = jump.lc
        assert lc is not None and jump.lc_card is not None
        standing = list(state.board)  # the board while the LC still stands
        state.board[lc] = None
        if not rest or rest[0].lifted_from is None:
            self.keep_lc(move, jump, lc, standing)
            return None
        again = rest.pop(0)
        if again.lifted_from != lc:
            self.error(
                "SF109",
                move,
                again.column - 1,
                f"the LC of this jump put is {cell_name(lc)}, not"
                f" {cell_name(again.lifted_from or lc)}",
                f"このジャンププットの LC は {cell_name(lc)} です"
                f" ({cell_name(again.lifted_from or lc)}"
                " ではありません)",
            )
        if canonical(again.card) != canonical(jump.lc_card):
            self.error(
                "SF110",
                move,
                again.column,
                f"the re-played LC is {card_text(jump.lc_card)} (in any rotation), not"
                f" {card_text(again.card)}",
                f"再プレイする LC は {card_text(jump.lc_card)} (回転可) です"
                f" ({card_text(again.card)} ではありません)",
            )
        if again.cell == lc:
            self.error(
                "SF110",
                move,
                again.column,
                f"the LC may not go back to its old cell {cell_name(lc)}",
                f"LC を元のセル {cell_name(lc)} に戻すことはできません",
            )
        elif state.board[again.cell] is not None:
            self.occupied(move, again)
            return None
        else:
            self.reachable(move, again, self.relc_board(standing, lc))
        return self.place(move, again, step)

    # -- §4.6: the NH of an own LC's re-play ------------------------------------------------
    def relc_board(self, standing: Board, lc: Cell) -> Board:
        """The board the re-play's NH is taken on: ``relc_nh: standing`` keeps the LC on
        it (an own card that reaches from its cell), ``lifted`` empties its cell."""
        return relc_board(standing, lc, self.rules.relc_nh)

    def keep_lc(self, move: MoveLine, jump: PlacementResult, lc: Cell, standing: Board) -> None:
        """No re-play written: the LC goes back to the mover's hand (§4.6). Legal when
        the rules make the re-play optional (``xCELL`` says so) or it has nowhere to go."""
        player = move.player
        assert jump.lc_card is not None
        written = move.blow_off is not None and move.blow_off.cell == lc
        self.declined = written
        self.lc_to_hand(player, jump.lc_card)
        reach = sorted(relc_nh(standing, lc, player, self.rules.relc_nh))
        if not reach or (written and self.rules.relc == "optional"):
            return
        where = cell_name(lc)
        hint = f"e.g. x{where}>{cell_name(reach[0])} {card_text(jump.lc_card)}"
        if self.rules.relc == "forced":
            code = "SF110"
            en = f"the jump put removes own LC {where}, which must be played again: {hint}"
            ja = f"ジャンププットで自分の LC {where} を取り除いたので、もう一度プレイします: {hint}"
        else:
            code = "SF109"
            en = f"the jump put removes own LC {where}: re-play it ({hint}) or keep it (x{where})"
            ja = f"自分の LC {where} を取り除きました: 再プレイ ({hint}) か手元に戻す (x{where})"
        self.error(code, move, move.placements[-1].column, en, ja)

    def lc_to_hand(self, player: str, card: Card) -> None:
        if self.state.hand_size(player) < self.rules.hand_limit:
            self.state.hands[player].append(card)

    def blow_off(self, move: MoveLine, jump: PlacementResult, step: StepResult) -> None:
        """Rule 28, opponent LC: 4xFW bonus, the LC to its owner's hand, the owner draws."""
        state, player = self.state, move.player
        lc, owner = jump.lc, jump.lc_owner
        assert lc is not None and owner is not None and jump.lc_card is not None
        blow = move.blow_off
        if blow is None:
            self.error(
                "SF109",
                move,
                move.placements[0].column,
                f"the jump put blows off {owner}'s card at {cell_name(lc)}: write x{cell_name(lc)}",
                f"ジャンププットで {owner} の {cell_name(lc)} のカードを取り除きます:"
                f" x{cell_name(lc)} と書いてください",
            )
        elif blow.cell != lc:
            self.error(
                "SF109",
                move,
                blow.column,
                f"the LC is {cell_name(lc)}, not {cell_name(blow.cell)}",
                f"LC は {cell_name(lc)} です ({cell_name(blow.cell)} ではありません)",
            )
        jump.bonus = self.bonus(
            move, blow.bonus if blow else None, blow.bonus_column if blow else 1
        )
        state.points[player] += jump.bonus
        step.gain += jump.bonus
        state.board[lc] = None
        state.hands[owner].append(jump.lc_card)
        drawn = blow.owner_draw if blow else None
        column = (
            blow.owner_draw_column if blow and blow.owner_draw else (blow.column if blow else 1)
        )
        if state.mounts[owner] == 0:
            if drawn is not None:
                self.error(
                    "SF111",
                    move,
                    column,
                    f"{owner}'s mount is empty: no draw after the blow-off",
                    f"{owner} のマウントは空です: ドローはありません",
                )
            return
        state.mounts[owner] -= 1
        if drawn is None:
            self.error(
                "SF111",
                move,
                column,
                f"{owner} draws after the blow-off: write +card@{owner}",
                f"{owner} は取り除かれた後にドローします: +card@{owner} と書いてください",
            )
            state.unknown[owner] += 1
        else:
            state.hands[owner].append(drawn)

    def bonus(self, move: MoveLine, named: Card | None, column: int) -> int:
        """The 4xFW bonus (rule 28, §4.5): the mover's hand card, kept."""
        state, player = self.state, move.player
        best = state.best_fw(player)
        if named is None:
            if self.rules.bonus == "choice" and state.hands[player]:
                self.error(
                    "SF112",
                    move,
                    column,
                    "this rule set lets the mover choose the bonus card: write *card",
                    "このルールではボーナスのカードを選びます: *card と書いてください",
                )
            return 4 * best
        index = state.find_in_hand(player, named)
        if index is None:
            self.error(
                "SF112",
                move,
                column,
                f"bonus card {card_text(named)} is not in {player}'s hand",
                f"ボーナスのカード {card_text(named)} は {player} のハンドにありません",
            )
            return 4 * best
        if self.rules.bonus == "max-own" and fw10(named) != best:
            self.error(
                "SF112",
                move,
                column,
                f"the bonus uses the highest FW in the hand ({points_text(best)}), not"
                f" {card_text(named)} ({points_text(fw10(named))})",
                f"ボーナスはハンドで最大の FW ({points_text(best)}) を使います"
                f" ({card_text(named)} は"
                f" {points_text(fw10(named))})",
            )
            return 4 * best
        return 4 * fw10(named)

    # -- rule 30 / §4.7: pass ------------------------------------------------------------------
    def pass_turn(self, move: MoveLine) -> None:
        """``passing: stuck`` allows a pass only when no placement is possible (no NH cell,
        or no card in hand and mount); ``passing: free`` allows it at any action."""
        if self.rules.passing == "free":
            return
        state, player = self.state, move.player
        reach = nh(state.board, player)
        if reach and (state.hand_size(player) or state.mounts[player]):
            example = cell_name(min(reach))
            self.error(
                "SF113",
                move,
                1,
                f"no pass while a placement is possible (e.g. on {example})",
                f"プレースできるのでパスはできません (例: {example})",
            )

    # -- rule 29: final action ------------------------------------------------------------------
    def final_action(self, step: StepResult) -> None:
        state = self.state
        for player in (step.move.player if step.move else state.to_move, other(state.to_move)):
            if player in state.finals or not state.started[player]:
                continue
            if state.hand_size(player) + state.mounts[player] == 0:
                state.points[player] = self.final_score(player, step)
                state.finals.append(player)
                step.finals.append(player)
        state.over = self.ended()

    # -- §4.8: the final action and the last placement's P↑ ---------------------------------------
    def final_score(self, player: str, step: StepResult) -> int:
        """The points after the final action: x0.8 of everything (``final_timing:
        after``), or of the points before this action, with this action's gain added
        whole (``before``)."""
        points, rounding = self.state.points[player], self.rules.final_round
        mover = step.move.player if step.move else None
        if self.rules.final_timing == "after" or player != mover:
            return final_points(points, rounding)
        return final_points(points - step.gain, rounding) + step.gain

    # -- §4.8: the end of the game -----------------------------------------------------------------
    def ended(self) -> bool:
        """``ending: first`` ends the game at the first final action; ``all`` once every
        player has made theirs."""
        finals = self.state.finals
        if self.rules.ending == "first":
            return bool(finals)
        return all(player in finals for player in ("W", "B"))

    # -- rules 31/32 with §4.8: who moves next ----------------------------------------------------
    def next_to_move(self, player: str) -> str:
        """The other player, unless they have made their final action and the game goes
        on (``ending: all``): a finished player takes no more actions, even if a blown-off
        card comes back to their hand."""
        state = self.state
        following = other(player)
        if following in state.finals and not state.over:
            return player
        return following

    def check_points(self, move: MoveLine) -> None:
        if not move.check:
            return
        if self.unsure_points:
            # After an action that could not be read the board lacks its card, so the
            # points that depend on it cannot be checked: taken as written, to the end.
            for player, written in move.check.items():
                self.state.points[player] = written
            return
        for player, written in move.check.items():
            actual = self.state.points[player]
            if written != actual:
                self.error(
                    "SF108",
                    move,
                    move.check_column,
                    f"{player} has {points_text(actual)} {'point' if actual == 1 else 'points'}, "
                    f"not {points_text(written)}",
                    f"{player} のポイントは {points_text(actual)} です ({points_text(written)}"
                    " ではありません)",
                )

    # -- one line -------------------------------------------------------------------------------
    def line(self, move: MoveLine, following: str | None = None) -> None:
        """One line read; ``following``: the player of the next line read."""
        state = self.state
        step = StepResult(len(self.steps), move, state)
        if state.over:
            if self.rules.ending == "first":
                en = "a player's hand and mount are empty"
                ja = "ハンドとマウントが空のプレイヤーがいます"
            else:
                en = "every player has made the final action"
                ja = "全員がファイナルアクションを終えています"
            self.error("SF114", move, 1, f"the game is over: {en}", f"ゲームは終わっています: {ja}")
            step.state = state.copy()
            self.steps.append(step)
            return
        move = step.move = self.turn(move, following)
        player = move.player
        acted = False
        if not state.started[player]:
            self.first_action(move, step)
            acted = state.started[player]
        else:
            if move.taken is not None:
                self.error(
                    "SF115",
                    move,
                    move.taken_column,
                    "cards are taken into hand only in the first action; a draw is +card",
                    "ハンドにカードを取るのはファーストアクションだけです。ドローは +card",
                )
            if move.draw is not None:
                self.draw(move, move.draw, step)
            if move.passed:
                self.pass_turn(move)
                step.passed = acted = True
            elif move.placements:
                self.play(move, step)
                acted = True
        if move.unread and not acted and (state.started[player] or move.placing):
            # A token could not be read (diagnosed): the action still took the turn, but
            # the board lacks its card (review13 R13-2: a bad cell gave 257 errors, most
            # of them false). A first action whose placement was not read took it too
            # (``W:g1 6-12-4-l2`` left W to move: B's next line was out of turn, W's
            # next placement told to start on g1, and every later points check wrong).
            acted = state.started[player] = True
            self.unknown_from(move)
        if acted:
            self.pending_draw = False
            self.final_action(step)
            state.to_move = self.next_to_move(player)
        self.check_points(move)
        step.state = state.copy()
        self.steps.append(step)

    def unknown_from(self, move: MoveLine) -> None:
        """An action at ``move`` could not be read: the board, both hands and both
        players' points after it are not known (a card went somewhere, perhaps blowing
        one off). The rest is shown as written and its points taken as written; only the
        turn order is still checked, as that does not depend on them. Once, with SF203:
        a later mismatch is no mistake of the player's, and fixing the line brings every
        check back."""
        if self.unsure_points:
            return
        self.unsure_points = True
        self.bag.info(
            "SF203",
            "this action could not be read, so the board and the points after it are not "
            "known: the rest of the record is shown as written (its points as written), "
            "and only its turn order is checked",
            move.line,
            1,
            step=len(self.steps),
            ja="このアクションが読めないため、この後の盤面とポイントがわかりません。"
            "ここから後は書かれたとおりに表示し (ポイントも書かれたとおり)、"
            "手番の順だけを検査します",
        )

    # -- a line not read (SF001, SF002) ---------------------------------------------------
    def not_read(self, move: MoveLine, following: str | None) -> None:
        """A line that could not be read (already reported): a step of its own, with the
        position before it. Whose turn it took keeps the lines after it in order, so
        that one typo is one error: a line naming its seat and a placement or a pass
        (``Wg2 4-8-6-12``) took that seat's turn, one naming its seat and a first hand or
        a draw alone (``W(…)``) took none, as such a line read would; a line naming no
        seat took the turn of the player to move unless the next line read is by that
        player (then it was a stray note; cardkit.unread). A line that took a turn or
        names a seat said something about an action that is not known: from there on,
        :meth:`unknown_from`."""
        state = self.state
        seat = move.player or state.to_move
        if state.over:
            took = False
        elif move.player:
            took = move.names_action
        else:
            took = unread.took_turn(seat, self.next_to_move(seat), following, over=False)
        if took or move.player:
            self.unknown_from(move)
        if took:
            self.pending_draw = False
            state.started[seat] = True  # the action may have been the first one
            state.to_move = self.next_to_move(seat)
        step = StepResult(len(self.steps), move, state.copy())
        step.seat = seat if took else move.player or None
        self.steps.append(step)

    def run(self) -> Replay:
        moves = self.record.moves
        # The next line read after each line: a line not read, a line out of turn and a
        # first-hand line by the player not to move ask for it.
        ahead: list[MoveLine | None] = [None] * len(moves)
        upcoming: MoveLine | None = None
        for index in range(len(moves) - 1, -1, -1):
            ahead[index] = upcoming
            if not moves[index].not_read:
                upcoming = moves[index]
        for move, self.upcoming in zip(moves, ahead, strict=True):
            following = self.upcoming.player if self.upcoming is not None else None
            if move.not_read:
                self.not_read(move, following)
            else:
                self.line(move, following)
        state = self.state
        last = moves[-1] if moves else None
        if self.pending_draw and last is not None:
            self.bag.warning(
                "SF202",
                "the record ends inside an action (a draw without its placement)",
                last.line,
                1,
                ja="アクションの途中で記録が終わっています (ドローの後のプレースがありません)",
            )
        winner = None
        if state.over:
            w, b = state.points["W"], state.points["B"]
            winner = "W" if w > b else "B" if b > w else None
        elif last is not None:
            self.bag.info(
                "SF201",
                "the record stops before the game ends (in progress)",
                last.line,
                1,
                ja="ゲームの終わる前に記録が終わっています (対局中)",
            )
        return Replay(self.record, self.rules, self.steps, winner, state.over)


def replay(record: SelaffestoRecord, rules: Rules, bag: DiagnosticBag) -> Replay:
    return Engine(record, rules, bag).run()
