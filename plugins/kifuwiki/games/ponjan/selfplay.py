"""Seeded self-play: complete, legal ポンジャン sessions as record text.

Used by the tests (thousands of generated hands must validate with zero diagnostics) and
by ``benchmarks/ponjan.py``. Players keep the kinds they hold most of, never throw a wild
tile, declare riichi when ready (with probability ``riichi_rate``), and ron when they may.
Every tile is shown: starting hands, draws, discards, payments and running totals.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from kifuwiki.games.ponjan.model import DEFAULT_TILES, HAND_SIZE, TileSet, is_ready, is_win
from kifuwiki.games.ponjan.payments import Win, describe, expected_payments
from kifuwiki.games.ponjan.rules import SEED, DealerKeeps, PonjanRules
from kifuwiki.games.ponjan.writer import tiles_text


@dataclass(slots=True)
class _Player:
    tiles: Counter[str]
    riichi: bool = False


def _choose_discard(tiles: Counter[str], tile_set: TileSet, rng: random.Random) -> str:
    """Throw a tile of the kind held least (never a wild tile while there is another)."""
    plain = [t for t in tiles.elements() if t not in tile_set.wild]
    if not plain:
        return next(tiles.elements())
    fewest = min(tiles[t] for t in plain)
    return rng.choice(sorted({t for t in plain if tiles[t] == fewest}))


class _Session:
    def __init__(
        self,
        rng: random.Random,
        seats: list[str],
        rules: PonjanRules,
        tile_set: TileSet,
        chips: int,
        riichi_rate: float,
    ) -> None:
        self.rng = rng
        self.seats = seats
        self.rules = rules
        self.tile_set = tile_set
        self.chips = dict.fromkeys(seats, chips)
        self.riichi_rate = riichi_rate
        self.lines: list[str] = []

    def may_ron(self, player: _Player, tile: str) -> bool:
        if self.rules.ron_requires_riichi and not player.riichi:
            return False
        return is_win(player.tiles + Counter([tile]), self.tile_set.wild)

    def settle(self, winner: str, dealer: str, discarder: str | None, riichi: bool) -> None:
        hands = ("base", "riichi") if riichi and "riichi" in self.rules.scores else ("base",)
        if discarder is None and "tsumo" in self.rules.scores:
            hands = (*hands, "tsumo")
        win = Win(winner, dealer, tuple(self.seats), discarder is None, discarder, hands)
        payments = expected_payments(win, self.rules)
        self.lines.append(f"精算 {describe(payments, self.seats)}")
        for seat, chips in payments.items():
            self.chips[seat] += chips

    def turn(self, seat: str, player: _Player, wall: list[str]) -> str | None:
        """Draw and win or discard; the discarded tile (``None`` after a tsumo)."""
        tile = wall.pop()
        self.lines.append(f"{seat} 引 {tile}")
        player.tiles[tile] += 1
        if is_win(player.tiles, self.tile_set.wild):
            self.lines.append(f"{seat} ツモ")
            return None
        discard = tile if player.riichi else _choose_discard(player.tiles, self.tile_set, self.rng)
        player.tiles[discard] -= 1
        player.tiles += Counter()
        verb = "捨"
        ready = not player.riichi and is_ready(player.tiles, self.tile_set.wild)
        if ready and self.rng.random() < self.riichi_rate:
            player.riichi = True
            verb = "リーチ"
        self.lines.append(f"{seat} {verb} {discard}")
        return discard

    def hand(self, number: int, dealer: str) -> str | None:
        """Play one hand; the winner (``None`` after an exhaustive draw)."""
        wall = [tile for tile, copies in self.tile_set.copies.items() for _ in range(copies)]
        self.rng.shuffle(wall)
        self.lines.append(f"第{number}局 親 {dealer}")
        start = self.seats.index(dealer)
        order = self.seats[start:] + self.seats[:start]
        players: dict[str, _Player] = {}
        for seat in self.seats:
            tiles = Counter(wall.pop() for _ in range(HAND_SIZE))
            players[seat] = _Player(tiles)
            self.lines.append(f"{seat} 配牌 {tiles_text(list(tiles.elements()), self.tile_set)}")
        turn = 0
        while len(wall) > self.rules.dead_wall:
            seat = order[turn % len(order)]
            discard = self.turn(seat, players[seat], wall)
            if discard is None:
                self.settle(seat, dealer, None, players[seat].riichi)
                return seat
            for offset in range(1, len(order)):
                other = order[(turn + offset) % len(order)]
                if self.may_ron(players[other], discard):
                    self.lines.append(f"{other} ロン {discard}")
                    self.settle(other, dealer, seat, players[other].riichi)
                    return other
            turn += 1
        self.lines.append("流局")
        return None

    def play(self, hands: int) -> None:
        dealer = self.seats[0]
        for number in range(1, hands + 1):
            winner = self.hand(number, dealer)
            self.lines.append("計 " + " ".join(f"{s} {self.chips[s]}" for s in self.seats))
            keeps = self.rules.dealer_keeps is DealerKeeps.WIN and winner == dealer
            if not keeps:
                dealer = self.seats[(self.seats.index(dealer) + 1) % len(self.seats)]


def session_text(
    seed: int,
    *,
    hands: int = 4,
    players: int = 4,
    rules: PonjanRules = SEED,
    tile_set: TileSet = DEFAULT_TILES,
    chips: int = 100,
    riichi_rate: float = 0.8,
) -> str:
    """A complete record file (front matter + body) of a generated session."""
    rng = random.Random(seed)
    seats = "ABCDEF"[:players]
    session = _Session(rng, list(seats), rules, tile_set, chips, riichi_rate)
    session.play(hands)
    front = [
        "---",
        "game: ponjan",
        f"title: self-play {seed}",
        f"players: [{', '.join(seats)}]",
        f"chips: {chips}",
        f"rules: {rules.name}",
        "---",
    ]
    return "\n".join(front + session.lines) + "\n"
