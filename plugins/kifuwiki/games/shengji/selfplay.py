"""Seeded self-play: complete legal 升級 deals as record text, for tests and benchmarks.

Players follow the rules exactly (follow suit, match pairs and tractors, ruff only when
void); leaders play a random single, pair or tractor, and now and then throw: a throw
nobody can beat, or one that fails and plays its smallest failing component. ``greedy``
leaders play their strongest unbeatable combination and followers ruff when they can.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from kifuwiki.cards import Card, format_cards, standard_deck
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.shengji.engine import seat_order, trick_winner, turned_up_trump
from kifuwiki.games.shengji.model import SEATS, team_of
from kifuwiki.games.shengji.order import Trumps, high, level_name
from kifuwiki.games.shengji.rules import STANDARD, RuleSet, UndeclaredTrump
from kifuwiki.games.shengji.shapes import (
    Component,
    can_beat,
    decompose,
    longest_run,
    pair_cards,
    pair_count,
    smallest,
)
from kifuwiki.games.shengji.writer import token

Hands = dict[str, list[Card]]


def _deal(rng: random.Random, rules: RuleSet) -> tuple[Hands, list[Card]]:
    deck = sorted(standard_deck(rules.decks).elements(), key=lambda c: c.sort_key)
    rng.shuffle(deck)
    size = rules.hand_size
    hands = {seat: deck[i * size : (i + 1) * size] for i, seat in enumerate(SEATS)}
    return hands, deck[4 * size : 4 * size + rules.kitty_size]


def _declarations(
    rng: random.Random, hands: Hands, level: int, rules: RuleSet
) -> list[tuple[str, list[Card]]]:
    """A first declaration by someone holding a level card, then maybe a pair over it."""
    singles = [(s, c) for s in SEATS for c in hands[s] if not c.joker and high(c.rank) == level]
    if not singles or rng.random() < 0.1:
        return []
    seat, card = rng.choice(singles)
    made = [(seat, [card])]
    if rules.over_declare and rng.random() < 0.5:
        pairs = [
            (s, c) for s in SEATS for c in pair_cards(hands[s]) if c.joker or high(c.rank) == level
        ]
        pairs = [(s, c) for s, c in pairs if not c.joker]
        if pairs:
            s, c = rng.choice(pairs)
            made.append((s, [c, c]))
    return made


def _bury(
    rng: random.Random, hand: list[Card], trumps: Trumps, size: int, greedy: bool
) -> list[Card]:
    if greedy:  # low plain cards without points first
        ranked = sorted(
            hand, key=lambda c: (trumps.is_trump(c), c.rank in (5, 10, 13), trumps.position(c))
        )
        return ranked[:size]
    return rng.sample(hand, size)


def _of(cards: Sequence[Card], suit: str, trumps: Trumps) -> list[Card]:
    return [c for c in cards if trumps.suit_of(c) == suit]


def _lead(
    rng: random.Random, seat: str, hands: Hands, trumps: Trumps, rules: RuleSet, greedy: bool
) -> tuple[list[Card], list[Card] | None]:
    """(cards led, the forced component of a failed throw or ``None``)."""
    hand = hands[seat]
    suits = sorted({trumps.suit_of(c) for c in hand})
    suit = rng.choice(suits)
    held = _of(hand, suit, trumps)
    components = decompose(held, trumps)
    opponents = [s for s in SEATS if team_of(s) != team_of(seat)]

    def safe(component: Component) -> bool:
        return not any(can_beat(component, _of(hands[o], suit, trumps), trumps) for o in opponents)

    winners = [c for c in components if safe(c)]
    if rules.throws and len(winners) >= 2 and rng.random() < 0.3:
        return [card for c in winners for card in c.cards], None
    losers = [c for c in components if not safe(c)]
    if rules.throws and winners and losers and rng.random() < 0.05:
        tried = [winners[0], losers[-1]]
        return [card for c in tried for card in c.cards], list(smallest([losers[-1]]).cards)
    if greedy and winners:
        return list(winners[0].cards), None
    return list(rng.choice(components).cards), None


def _take_pairs(pool: Counter[Card], count: int, trumps: Trumps, rng: random.Random) -> list[Card]:
    pairs = pair_cards(pool.elements())
    rng.shuffle(pairs)
    taken: list[Card] = []
    for card in pairs[:count]:
        pool[card] -= 2
        taken += [card, card]
    return taken


def _take_run(pool: Counter[Card], length: int, trumps: Trumps) -> list[Card]:
    by_position: dict[int, Card] = {}
    for card in pair_cards(pool.elements()):
        by_position.setdefault(trumps.position(card), card)
    for top in sorted(by_position):
        if all(top - i in by_position for i in range(length)):
            run = [by_position[top - i] for i in range(length)]
            for card in run:
                pool[card] -= 2
            return [c for c in run for _ in range(2)]
    return []


def _follow_in_suit(
    held: list[Card], lead: list[Component], n: int, trumps: Trumps, rng: random.Random
) -> list[Card]:
    """``n`` cards of the led suit that match the lead's pairs and tractor as far as held."""
    pool = Counter(held)
    chosen: list[Card] = []
    tractor = max(c.pairs for c in lead)
    if tractor >= 2 and longest_run(held, trumps) >= tractor:
        chosen += _take_run(pool, tractor, trumps)
    want = min(sum(c.pairs for c in lead), pair_count(held), n // 2) - len(chosen) // 2
    if want > 0:
        chosen += _take_pairs(pool, want, trumps, rng)
    rest = list(pool.elements())
    rng.shuffle(rest)
    return chosen + rest[: n - len(chosen)]


def _follow(
    rng: random.Random,
    hand: list[Card],
    lead: list[Component],
    suit: str,
    trumps: Trumps,
    greedy: bool,
) -> list[Card]:
    n = sum(c.size for c in lead)
    held = _of(hand, suit, trumps)
    if len(held) >= n:
        return _follow_in_suit(held, lead, n, trumps, rng)
    others = [c for c in hand if trumps.suit_of(c) != suit]
    trump_cards = [c for c in others if trumps.is_trump(c)]
    if not held and len(trump_cards) >= n and (greedy or rng.random() < 0.5):
        return _follow_in_suit(trump_cards, lead, n, trumps, rng)
    rng.shuffle(others)
    return held + others[: n - len(held)]


def _tricks(
    rng: random.Random, hands: Hands, declarer: str, trumps: Trumps, rules: RuleSet, greedy: bool
) -> list[str]:
    lines: list[str] = []
    order = seat_order(rules.direction)
    leader = declarer
    while hands[leader]:
        led, forced = _lead(rng, leader, hands, trumps, rules, greedy)
        played = forced if forced is not None else led
        lead = decompose(played, trumps)
        suit = trumps.suit_of(played[0])
        lines.append(
            f"{leader}: {token(tuple(led))}" + (f">{token(tuple(forced))}" if forced else "")
        )
        plays: list[tuple[str, Sequence[Card]]] = [(leader, played)]
        seat = leader
        for _ in range(3):
            seat = order[(order.index(seat) + 1) % 4]
            follow = _follow(rng, hands[seat], lead, suit, trumps, greedy)
            lines.append(f"{seat}: {token(tuple(follow))}")
            plays.append((seat, follow))
        for who, cards in plays:
            for card in cards:
                hands[who].remove(card)
        leader, _ = trick_winner(lead, suit, plays, trumps)
    return lines


def game(
    seed: int, rules: RuleSet = STANDARD, strength: str = "random", *, hands: bool = True
) -> str:
    """The body of one complete deal, with its result line (no front matter)."""
    rng = random.Random(seed)
    greedy = strength == "greedy"
    levels = {"NS": rng.randint(2, 14), "EW": rng.randint(2, 14)}
    dealt, kitty = _deal(rng, rules)
    declarer = rng.choice(SEATS)
    level = levels[team_of(declarer)]
    lines = [
        f"levels: NS={level_name(levels['NS'])} EW={level_name(levels['EW'])}",
        f"declarer: {declarer}",
    ]
    if hands:
        lines += [f"{s}: ({format_cards(dealt[s])})" for s in SEATS]
    declarations = _declarations(rng, dealt, level, rules)
    lines += [f"{s}: declare {token(tuple(cards))}" for s, cards in declarations]
    suit = declarations[-1][1][0].suit if declarations else None
    if not declarations and rules.undeclared is UndeclaredTrump.KITTY:
        suit = turned_up_trump(kitty, level)  # the seed: the kitty turned up names trumps
        if not hands:  # the kitty line will not show its cards: say what it named
            lines.append(f"trump: {suit.value if suit else 'none'}")
    elif not declarations:
        lines.append("trump: none")
    trumps = Trumps(level, suit, rules.permanent_twos)
    lines.append(f"{declarer}: kitty ({format_cards(kitty)})" if hands else f"{declarer}: kitty")
    dealt[declarer] += kitty
    buried = _bury(rng, dealt[declarer], trumps, rules.kitty_size, greedy)
    for card in buried:
        dealt[declarer].remove(card)
    lines.append(f"{declarer}: bury ({format_cards(buried)})")
    lines += _tricks(rng, dealt, declarer, trumps, rules, greedy)
    body = "\n".join(lines) + "\n"
    return body + _result(body, rules)


def _result(body: str, rules: RuleSet) -> str:
    from kifuwiki.games.shengji import GAME

    source = split_record_file(body, "selfplay.kifu")[0]
    replay = GAME.load(
        source, {"preset": rules.name} if rules.name != "standard" else None
    ).data.replay
    if replay.change is None:
        return ""
    return f"result: {replay.points} {replay.winners}+{replay.change.levels}\n"


def record(
    seed: int, rules: RuleSet = STANDARD, strength: str = "random", title: str | None = None
) -> str:
    """A whole record file with front matter."""
    preset = f"rules: {rules.name}\n" if rules.name != "standard" else ""
    head = f"---\ngame: shengji\ntitle: {title or f'Self-play {seed}'}\n{preset}---\n"
    return head + game(seed, rules, strength)
