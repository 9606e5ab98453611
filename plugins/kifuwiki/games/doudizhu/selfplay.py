"""A seeded generator of complete, legal Dou Dizhu games (tests, benchmarks, demo records).

Two strengths: ``random`` plays any legal play (passing now and then when it may), and
``greedy`` leads its longest low play and follows with the cheapest play that beats the
table, keeping bombs and the rocket for when they end the game or it is nearly out.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from kifuwiki.cards import Card, standard_deck
from kifuwiki.games.doudizhu.combos import Combo, Kind
from kifuwiki.games.doudizhu.moves import Play, plays_beating
from kifuwiki.games.doudizhu.ranks import Counts, cards_counts, rank_of
from kifuwiki.games.doudizhu.rules import PRESETS, RuleOptions
from kifuwiki.games.doudizhu.writer import cards_text

SEATS = ("A", "B", "C")
STRENGTHS = ("random", "greedy")


@dataclass(slots=True)
class Generated:
    lines: list[str] = field(default_factory=list)
    landlord: str | None = None
    winner: str | None = None

    def text(self, title: str = "self-play", suits: bool = True) -> str:
        head = ["---", "game: doudizhu", f"title: {title}", "players:"]
        head += [
            f"  {seat}: {name}" for seat, name in zip(SEATS, ("East", "South", "West"), strict=True)
        ]
        head.append("---")
        return "\n".join(head + self.lines) + "\n"


def _hand_strength(cards: list[Card]) -> int:
    counts = cards_counts(cards)
    score = 3 * counts[12] + 4 * counts[13] + 5 * counts[14] + counts[11]
    return score + sum(4 for n in counts if n == 4)


def _choose(
    plays: list[Play], cards_left: int, leading: bool, strength: str, rng: random.Random
) -> Play | None:
    if strength == "random":
        if not leading and rng.random() < 0.25:
            return None
        return rng.choice(plays) if plays else None
    finishing = [p for p in plays if p[0].size == cards_left]
    if finishing:
        return finishing[0]
    quiet = [p for p in plays if p[0].kind not in (Kind.BOMB, Kind.ROCKET)]
    if not quiet:
        return plays[0] if plays and cards_left <= 6 else (plays[0] if leading and plays else None)
    if leading:
        return min(quiet, key=lambda p: (p[0].main, -p[0].size))
    return min(quiet, key=lambda p: (p[0].main, p[0].size))


def _take(hand: list[Card], counts: Counts) -> list[Card]:
    """The hand's cards for a played rank multiset (lowest suits first)."""
    need = list(counts)
    taken: list[Card] = []
    for card in sorted(hand, key=lambda c: (rank_of(c), c.sort_key)):
        rank = rank_of(card)
        if need[rank]:
            need[rank] -= 1
            taken.append(card)
    for card in taken:
        hand.remove(card)
    return taken


def generate(
    seed: int,
    strength: str = "greedy",
    options: RuleOptions | None = None,
    suits: bool = True,
    max_redeals: int = 20,
) -> Generated:
    """One complete game (redealing while every player passes)."""
    options = options or PRESETS["classic"]
    rng = random.Random(seed)
    deck = sorted(standard_deck().elements(), key=lambda c: c.sort_key)
    for _ in range(max_redeals):
        rng.shuffle(deck)
        game = _play_deal(deck, rng, strength, options, suits)
        if game is not None:
            return game
    raise RuntimeError("no landlord after many redeals")  # pragma: no cover - odds ~0


def _play_deal(
    deck: list[Card], rng: random.Random, strength: str, options: RuleOptions, suits: bool
) -> Generated | None:
    hands = {seat: deck[i * 17 : (i + 1) * 17] for i, seat in enumerate(SEATS)}
    kitty = deck[51:]
    if not suits:
        hands = {s: [Card(c.rank) for c in h] for s, h in hands.items()}
        kitty = [Card(c.rank) for c in kitty]
    game = Generated()
    for seat in SEATS:
        game.lines.append(f"{seat}:({cards_text(hands[seat])})")
    first = rng.randrange(3)
    highest, landlord = 0, None
    for turn in range(3):
        seat = SEATS[(first + turn) % 3]
        wish = (
            min(3, _hand_strength(hands[seat]) // 6) if strength == "greedy" else rng.randrange(4)
        )
        bid = wish if wish > highest else 0
        game.lines.append(f"{seat}:bid{bid or '-'}")
        if bid:
            highest, landlord = bid, seat
        if bid == 3:
            break
    if landlord is None:
        return None
    game.lines.append(f"kitty:({cards_text(kitty)})")
    hands[landlord] = hands[landlord] + list(kitty)
    game.landlord = landlord
    _play_out(game, hands, landlord, rng, strength, options)
    return game


def _play_out(
    game: Generated,
    hands: dict[str, list[Card]],
    landlord: str,
    rng: random.Random,
    strength: str,
    options: RuleOptions,
) -> None:
    seat = landlord
    table: Combo | None = None
    table_seat = landlord
    passes = 0
    while True:
        hand = hands[seat]
        counts = cards_counts(hand)
        plays = plays_beating(counts, table, options)
        choice = _choose(plays, len(hand), table is None, strength, rng)
        if choice is None:
            game.lines.append(f"{seat}:%")
            passes += 1
            if passes == 2:
                table, passes = None, 0
                seat = table_seat
                continue
        else:
            combo, cards = choice
            played = _take(hand, cards)
            out = " #" if not hand else ""
            game.lines.append(f"{seat}:{_written(played, combo)}{out}")
            table, table_seat, passes = combo, seat, 0
            if not hand:
                game.winner = seat
                return
        seat = SEATS[(SEATS.index(seat) + 1) % 3]


def _written(played: list[Card], combo: Combo) -> str:
    """Kicker plays are written with '+', so the record says which reading was meant."""
    if not combo.kind.has_kickers:
        return cards_text(played)
    main = list(combo.main_counts)
    head: list[Card] = []
    tail: list[Card] = []
    for card in played:
        rank = rank_of(card)
        if main[rank]:
            main[rank] -= 1
            head.append(card)
        else:
            tail.append(card)
    return f"{cards_text(head)} + {cards_text(tail)}"
