"""Seeded self-play: complete legal 撿紅點 games as record text, for tests and benchmarks.

Two strengths: ``random`` plays any card and takes any capture it likes; ``greedy``
plays the card whose capture scores most. Flips always capture when they can (the
default rules), taking the table card worth most.
"""

from __future__ import annotations

import random

from kifuwiki.cards import Card, Suit, format_cards
from kifuwiki.games.jianhongdian.engine import DEALT, captures
from kifuwiki.games.jianhongdian.rules import STANDARD, RuleSet

DECK = [Card(rank, suit) for suit in Suit for rank in range(1, 14)]


def _best_take(card: Card, table: list[Card], rules: RuleSet, rng: random.Random) -> Card | None:
    options = [other for other in table if captures(card, other)]
    if not options:
        return None
    top = max(rules.points(c) for c in options)
    return rng.choice([c for c in options if rules.points(c) == top])


def _choose(
    hand: list[Card], table: list[Card], rules: RuleSet, rng: random.Random, greedy: bool
) -> tuple[Card, Card | None]:
    if rules.hand_must_capture:  # the seed: a card is laid only when none can capture
        able = [card for card in hand if any(captures(card, other) for other in table)]
        hand = able or hand
    if greedy:

        def value(card: Card) -> int:
            take = _best_take(card, table, rules, rng)
            return rules.points(card) + rules.points(take) if take else -rules.points(card)

        card = max(hand, key=value)
        return card, _best_take(card, table, rules, rng)
    card = rng.choice(hand)
    options = [other for other in table if captures(card, other)]
    if options and (rules.forced_capture or rules.hand_must_capture or rng.random() < 0.9):
        return card, rng.choice(options)
    return card, None


def _half(card: Card, taken: Card | None, table: list[Card], pile: list[Card]) -> str:
    if taken is None:
        table.append(card)
        return str(card)
    table.remove(taken)
    pile += [card, taken]
    return f"{card}x{taken}"


def deal(
    rng: random.Random, players: int, rules: RuleSet
) -> tuple[list[Card], list[list[Card]], list[Card]]:
    """Shuffle until the face-up cards meet no redeal condition; (table, hands, stock)."""
    size = DEALT // players
    while True:
        deck = DECK[:]
        rng.shuffle(deck)
        table = deck[:4]
        ranks = [c.rank for c in table]
        counters = sum(r in (5, 10, 11, 12, 13) for r in ranks)
        if rules.redeal_three_counters and counters >= 3:
            continue
        if rules.redeal_three_of_a_rank and max(ranks.count(r) for r in ranks) >= 3:
            continue
        hands = [deck[4 + i * size : 4 + (i + 1) * size] for i in range(players)]
        return table, hands, deck[4 + DEALT :]


def game(
    seed: int,
    players: int = 2,
    strength: str = "greedy",
    rules: RuleSet = STANDARD,
    *,
    hands: bool = True,
) -> str:
    """The body of one complete game (no front matter)."""
    rng = random.Random(seed)
    seats = "ABCD"[:players]
    table, dealt, stock = deal(rng, players, rules)
    lines = [f"seats: {' '.join(seats)}", f"table: {format_cards(table)}"]
    if hands:
        lines += [f"{s}: ({format_cards(h)})" for s, h in zip(seats, dealt, strict=True)]
        lines.append(f"stock: ({format_cards(stock)})")
    piles: list[list[Card]] = [[] for _ in seats]
    table = list(table)
    for turn in range(DEALT):
        seat = turn % players
        card, taken = _choose(dealt[seat], table, rules, rng, strength == "greedy")
        dealt[seat].remove(card)
        play = _half(card, taken, table, piles[seat])
        flipped = stock.pop(0)
        flip = _half(flipped, _best_take(flipped, table, rules, rng), table, piles[seat])
        lines.append(f"{seats[seat]}: {play} ^{flip}")
    scores = [sum(rules.points(c) for c in pile) for pile in piles]
    lines.append("result: " + " ".join(f"{s} {p}" for s, p in zip(seats, scores, strict=True)))
    return "\n".join(lines) + "\n"


def record(seed: int, players: int = 2, strength: str = "greedy", title: str | None = None) -> str:
    """A whole record file with front matter."""
    head = ["---", "game: jianhongdian", f"title: {title or f'Self-play {seed}'}", "---"]
    return "\n".join(head) + "\n" + game(seed, players, strength)
