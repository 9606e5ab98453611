"""Seeded self-play: complete legal games written in the notation, for tests and benchmarks.

Strengths: ``random`` picks any legal placement, ``greedy`` the one with the highest
P↑ (bonus included). Cards are random per section, like the 2014 program's decks. The
engine itself advances the game, so every written line is one the engine accepted.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.games.selaffesto.analysis import (
    Option,
    best,
    hand_cards,
    judge,
    legal_placements,
    replay_placements,
)
from kifuwiki.games.selaffesto.engine import Engine
from kifuwiki.games.selaffesto.geometry import nh, relc_nh
from kifuwiki.games.selaffesto.model import (
    SNS,
    BlowOff,
    Card,
    MoveLine,
    Placement,
    SelaffestoRecord,
    fw10,
    other,
    rotations,
)
from kifuwiki.games.selaffesto.rules import PRESETS, Rules
from kifuwiki.games.selaffesto.state import GameState
from kifuwiki.games.selaffesto.writer import move_text

STRENGTHS = ("random", "greedy")


def random_card(rng: random.Random) -> Card:
    return (rng.choice(SNS), rng.choice(SNS), rng.choice(SNS), rng.choice(SNS))


@dataclass(slots=True)
class _Player:
    strength: str
    deck: list[Card]


class _SelfPlay:
    def __init__(self, seed: int, strengths: tuple[str, str], rules: Rules, max_lines: int):
        self.rng = random.Random(seed)
        self.rules = rules
        self.max_lines = max_lines
        self.players = {
            p: _Player(s, [random_card(self.rng) for _ in range(rules.deck_size)])
            for p, s in zip(("W", "B"), strengths, strict=True)
        }
        self.record = SelaffestoRecord(first=rules.first)
        self.bag = DiagnosticBag()
        self.engine = Engine(self.record, rules, self.bag)
        self.lines: list[str] = []
        self.free_pass = False
        """The last action passed by choice (``passing: free``), not for want of a move."""

    def top(self, player: str) -> Card:
        """The next card of the player's mount (the deck is dealt in order)."""
        state = self.engine.state
        return self.players[player].deck[self.rules.deck_size - state.mounts[player]]

    def choose(self, player: str, options: list[Option]) -> Option:
        if self.players[player].strength == "greedy":
            top = best(options)
            assert top is not None
            ties = [o for o in options if o.gain == top.gain]
            return self.rng.choice(ties)
        return self.rng.choice(options)

    def emit(self, move: MoveLine) -> None:
        self.record.moves.append(move)
        self.engine.line(move)
        move.check = dict(self.engine.state.points)
        self.lines.append(f"{move.player}:{move_text(move)}")

    def first_action(self, player: str) -> None:
        taken = self.players[player].deck[: self.rules.first_hand]
        card = self.rng.choice(taken)
        move = MoveLine(len(self.lines) + 1, player, player, "", taken=list(taken))
        move.placements.append(Placement(self.rules.start_cell(player), card, 1))
        self.emit(move)

    def action(self, player: str) -> None:
        state, rules = self.engine.state, self.rules
        move = MoveLine(len(self.lines) + 1, player, player, "")
        can_draw = state.hand_size(player) < rules.hand_limit and state.mounts[player] > 0
        wants = self.players[player].strength == "greedy" or self.rng.random() < 0.5
        if can_draw and (wants or state.hand_size(player) == 0):
            move.draw = self.top(player)
        trial = state.copy()
        if move.draw is not None:
            trial.hands[player].append(move.draw)
            trial.mounts[player] -= 1
        self.free_pass = self.passes_freely(player)
        chosen = None if self.free_pass else self.pick(trial, player)
        if chosen is None:
            move.passed = True
            self.emit(move)
            return
        self.place(move, trial, chosen)
        self.emit(move)

    def passes_freely(self, player: str) -> bool:
        """Under ``passing: free`` a random player sometimes passes although it could place
        (no random number is drawn otherwise, so other rules' games stay the same)."""
        if self.rules.passing != "free" or self.players[player].strength != "random":
            return False
        return self.rng.random() < 0.05

    def pick(self, trial: GameState, player: str) -> Option | None:
        """A random player samples one (cell, card, rotation) uniformly, which is the same
        as choosing among all legal placements but does not judge every one of them."""
        if self.players[player].strength == "greedy":
            options = legal_placements(trial, self.rules, player)
            return self.choose(player, options) if options else None
        reach = sorted(nh(trial.board, player))
        cards = hand_cards(trial.hands[player])
        if not reach or not cards:
            return None
        card = self.rng.choice(rotations(self.rng.choice(cards)))
        return judge(trial, self.rules, player, self.rng.choice(reach), card)

    def place(self, move: MoveLine, trial: GameState, chosen: Option) -> None:
        """Write the placement and follow own-LC re-plays on a copy of the position."""
        player, rules = move.player, self.rules
        move.placements.append(Placement(chosen.cell, chosen.card, 1, judge=chosen.kind))
        trial.take_from_hand(player, chosen.card)
        trial.board[chosen.cell] = (chosen.card, player)
        while chosen.lc is not None and chosen.lc_owner == player:
            lc_card = trial.board[chosen.lc]
            assert lc_card is not None
            reach = relc_nh(trial.board, chosen.lc, player, rules.relc_nh)
            trial.board[chosen.lc] = None
            options = replay_placements(trial, rules, player, lc_card[0], reach)
            declines = rules.relc == "optional" and self.players[player].strength == "random"
            if not options or (declines and self.rng.random() < 0.25):
                move.blow_off = BlowOff(chosen.lc, 1)  # the LC goes back to the hand
                return
            lifted = chosen.lc
            chosen = self.choose(player, options)
            move.placements.append(
                Placement(chosen.cell, chosen.card, 1, judge=chosen.kind, lifted_from=lifted)
            )
            trial.board[chosen.cell] = (chosen.card, player)
        if chosen.lc is not None and chosen.lc_owner == other(player):
            owner = chosen.lc_owner
            blow = BlowOff(chosen.lc, 1)
            if trial.mounts[owner] > 0:
                blow.owner_draw = self.top(owner)
            if rules.bonus == "choice" and trial.hands[player]:
                blow.bonus = max(trial.hands[player], key=fw10)
            move.blow_off = blow

    def run(self) -> list[str]:
        state = self.engine.state
        passes = 0
        while not state.over and len(self.lines) < self.max_lines and passes < 2:
            player = state.to_move
            if not state.started[player]:
                self.first_action(player)
            else:
                self.action(player)
                stuck = self.record.moves[-1].passed and not self.free_pass
                passes = passes + 1 if stuck else 0
            state = self.engine.state
        return self.lines


def self_play_lines(
    seed: int,
    strengths: tuple[str, str] = ("random", "random"),
    rules: Rules | None = None,
    max_lines: int = 400,
) -> tuple[list[str], DiagnosticBag]:
    """The move lines of one game, and the engine's diagnostics while writing it."""
    game = _SelfPlay(seed, strengths, rules or PRESETS["original"], max_lines)
    return game.run(), game.bag


def self_play_record(
    seed: int,
    strengths: tuple[str, str] = ("random", "random"),
    rules: Rules | None = None,
    max_lines: int = 400,
    title: str | None = None,
) -> str:
    """A whole record file: front matter and move lines."""
    rule_set = rules or PRESETS["original"]
    lines, _ = self_play_lines(seed, strengths, rule_set, max_lines)
    white, black = strengths
    head = [
        "---",
        "game: selaffesto",
        # JSON's string syntax is YAML's double-quoted scalar: any title is safe.
        "title: "
        + json.dumps(title or f"self-play {white} vs {black} (seed {seed})", ensure_ascii=False),
        "players:",
        f"  W: {white}-W",  # one archive player per strength and colour
        f"  B: {black}-B",
        f"first: {rule_set.first}",
        *rule_set.front_matter(),
        "event: kifuwiki self-play",
        "---",
    ]
    return "\n".join(head + lines) + "\n"
