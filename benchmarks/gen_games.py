"""Generate rule-valid Prime Daifugo games (standard 数譜) for the benchmarks.

Two players, 11 cards each from a shuffled 54-card deck, played by a simple random
policy that only makes legal moves: an optional draw, then a prime that beats the
field (same card count, larger number), a Grothendieck cut (57), a lone joker, a
deliberate bluff that the judge penalises, or a pass. Flushed cards go to the bottom
of the deck in order, as in tournament play. Comments are sprinkled in so pages have
prose to render. Every game is seeded, so runs are reproducible.

Usage as a module: ``write_archive(folder, n, seed)``; as a script:
``python benchmarks/gen_games.py OUT_DIR N``.
"""

from __future__ import annotations

import itertools
import random
import sys
from functools import cache
from pathlib import Path

from sympy import isprime

RANKS = "A23456789TJQK"
VALUE = {rank: str(i) for i, rank in enumerate(RANKS, start=1)}
PLAYERS = ("あかり", "Bob")
COMMENTS = [
    "A calm opening: keep the big cards for later.",
    "**Strong**: this leaves only even cards in hand.",
    "Risky — a three-card prime is hard to answer.",
    "The deck is getting thin; every draw matters now.",
    "ここでパスは妥当。",
    "A `57` here would have been a Grothendieck cut.",
]


def number(cards: tuple[str, ...]) -> int:
    return int("".join(VALUE[c] for c in cards))


@cache
def _prime(n: int) -> bool:
    return bool(isprime(n))


def _candidates(hand: list[str], size: int, limit: int = 400) -> list[tuple[str, ...]]:
    """Orderings of ``size`` cards from the hand (no jokers), sampled if there are many."""
    plain = [c for c in hand if c != "X"]
    seen: set[tuple[str, ...]] = set()
    for combo in itertools.permutations(plain, size):
        seen.add(combo)
        if len(seen) >= limit:
            break
    return sorted(seen)


def _legal_primes(hand: list[str], field: tuple[int, int] | None) -> list[tuple[str, ...]]:
    sizes = [field[0]] if field else [1, 2, 3]
    found = []
    for size in sizes:
        for combo in _candidates(hand, size):
            value = number(combo)
            if value in (57, 1729):
                continue
            if field and value <= field[1]:
                continue
            if _prime(value):
                found.append(combo)
    return found


def _to_bottom(deck: list[str], cards: list[str]) -> None:
    """Put flushed cards under the deck in the order they were flushed.

    ``deck.pop()`` draws from the top (the list's end), so the bottom is index 0: each
    card goes under the previous one, and the first card flushed is the first drawn of
    them ("流れたカードは流れた順に山札になる"; the engine's known bottom agrees).
    """
    deck[:0] = reversed(cards)


def _remove(hand: list[str], cards: tuple[str, ...]) -> None:
    for card in cards:
        hand.remove(card)


def play_game(rng: random.Random, comment_rate: float = 0.15, max_moves: int = 160) -> str:
    deck = [r for r in RANKS for _ in range(4)] + ["X", "X"]
    rng.shuffle(deck)
    hands = {p: [deck.pop() for _ in range(11)] for p in PLAYERS}
    lines = [f"{p}:({''.join(hands[p])})" for p in PLAYERS]
    field: tuple[int, int] | None = None
    field_cards: list[str] = []
    last_player: str | None = None
    turn = rng.randrange(2)
    if turn:
        lines.reverse()
    for _ in range(max_moves):
        player = PLAYERS[turn % 2]
        hand = hands[player]
        # Two players: play came back to the last player, so the field flushed.
        if last_player == player and field is not None:
            _to_bottom(deck, field_cards)
            field, field_cards = None, []
        prefix = ""
        if deck and rng.random() < 0.3:
            card = deck.pop()
            hand.append(card)
            prefix = f"D({card})"
        options = _legal_primes(hand, field)
        can_cut = (
            "5" in hand
            and "7" in hand
            and (field is None or (field == (2, field[1]) and field[1] < 57))
        )
        line: str
        if can_cut and rng.random() < 0.5:
            _remove(hand, ("5", "7"))
            _to_bottom(deck, [*field_cards, "5", "7"])
            field, field_cards, last_player = None, [], player
            line = f"{player}:{prefix}57[GC]" + ("#" if not hand else "")
            lines.append(line)
            if not hand:
                break
            continue  # the same player leads again
        if "X" in hand and (field is None or field[0] == 1) and rng.random() < 0.2:
            _remove(hand, ("X",))
            _to_bottom(deck, [*field_cards, "X"])
            field, field_cards, last_player = None, [], player
            lines.append(f"{player}:{prefix}X[IN]" + ("#" if not hand else ""))
            if not hand:
                break
            continue
        bluff_pool = [c for c in hand if c != "X"]
        if field is None and len(bluff_pool) >= 2 and len(deck) >= 2 and rng.random() < 0.05:
            combo = tuple(rng.sample(bluff_pool, 2))
            if not _prime(number(combo)) and number(combo) not in (57, 1729):
                drawn = [deck.pop() for _ in range(2)]
                hand.extend(drawn)
                lines.append(f"{player}:{prefix}{''.join(combo)},P({''.join(drawn)})")
                turn += 1
                continue
        if options and (field is None or rng.random() < 0.9):
            combo = rng.choice(options)
            _remove(hand, combo)
            field, last_player = (len(combo), number(combo)), player
            field_cards.extend(combo)
            lines.append(f"{player}:{prefix}{''.join(combo)}" + ("#" if not hand else ""))
            if not hand:
                break
        else:
            lines.append(f"{player}:{prefix}%")
        if rng.random() < comment_rate:
            lines.append(f"* {rng.choice(COMMENTS)}")
        turn += 1
    return "\n".join(lines) + "\n"


def record_text(index: int, seed: int) -> str:
    rng = random.Random(seed * 1_000_003 + index)
    body = play_game(rng)
    return (
        "---\n"
        "game: prime-daifugo\n"
        f"title: Generated game {index}\n"
        f"event: Benchmark league {index % 20 + 1}\n"
        f"date: 2026-{index % 12 + 1:02d}-{index % 28 + 1:02d}\n"
        "---\n" + body
    )


def write_archive(folder: Path, n: int, seed: int = 1) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(1, n + 1):
        path = folder / f"game-{i:05d}.kifu"
        path.write_text(record_text(i, seed), encoding="utf-8")
        paths.append(path)
    return paths


if __name__ == "__main__":
    out = Path(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    write_archive(out, count)
    print(f"wrote {count} games to {out}")
