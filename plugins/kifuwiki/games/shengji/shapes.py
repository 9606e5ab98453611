"""Combinations in one suit class: singles, pairs, tractors, and throws made of them.

A pair is two identical cards (two decks hold two of each). A tractor is two or more
pairs at consecutive positions of the trump order (see :mod:`order`). A throw is any
other set of cards of one suit class; it splits into its components, longest tractor
first, then pairs, then singles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from kifuwiki.cards import Card
from kifuwiki.games.shengji.order import Trumps, card_key


@dataclass(frozen=True, slots=True)
class Component:
    pairs: int
    """0 for a single, 1 for a pair, k ≥ 2 for a tractor of k pairs."""
    top: int
    """Position of the highest card."""
    cards: tuple[Card, ...]

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def kind(self) -> str:
        return ("single", "pair")[self.pairs] if self.pairs < 2 else "tractor"


def pair_cards(cards: Iterable[Card]) -> list[Card]:
    """One entry per pair of identical cards (two per card at most with two decks)."""
    waiting: dict[int, Card] = {}
    pairs: list[Card] = []
    for card in cards:
        key = card_key(card)
        if waiting.pop(key, None) is None:
            waiting[key] = card
        else:
            pairs.append(card)
    return pairs


def pair_count(cards: Iterable[Card]) -> int:
    return len(pair_cards(cards))


def _longest_run(pairs: Sequence[Card], trumps: Trumps) -> list[Card]:
    """The longest run of pairs at consecutive positions (highest first among equals)."""
    by_position: dict[int, Card] = {}
    for card in sorted(pairs, key=lambda c: str(c)):
        by_position.setdefault(trumps.position(card), card)
    best: list[int] = []
    for start in sorted(by_position, reverse=True):
        run = [start]
        while run[-1] - 1 in by_position:
            run.append(run[-1] - 1)
        if len(run) > len(best):
            best = run
    return [by_position[p] for p in best]


def longest_run(cards: Iterable[Card], trumps: Trumps) -> int:
    """The number of pairs in the longest tractor ``cards`` hold (1 for a lone pair)."""
    return len(_longest_run(pair_cards(cards), trumps))


def decompose(cards: Sequence[Card], trumps: Trumps) -> list[Component]:
    """Components, largest first: tractors, then pairs, then singles (each highest first)."""
    pairs = pair_cards(cards)
    left = Counter(cards)
    components: list[Component] = []
    while pairs:
        run = _longest_run(pairs, trumps)
        if len(run) < 2:
            break
        for card in run:
            pairs.remove(card)
            left[card] -= 2
        top = trumps.position(run[0])
        components.append(Component(len(run), top, tuple(c for c in run for _ in range(2))))
    for card in sorted(pairs, key=trumps.position, reverse=True):
        left[card] -= 2
        components.append(Component(1, trumps.position(card), (card, card)))
    singles = sorted(left.elements(), key=trumps.position, reverse=True)
    components += [Component(0, trumps.position(c), (c,)) for c in singles]
    return components


def _take_run(pairs: list[Card], length: int, trumps: Trumps) -> int | None:
    """Remove the highest run of ``length`` consecutive pairs; its top position."""
    by_position: dict[int, Card] = {}
    for card in pairs:
        by_position.setdefault(trumps.position(card), card)
    for top in sorted(by_position, reverse=True):
        if all(top - i in by_position for i in range(length)):
            for i in range(length):
                pairs.remove(by_position[top - i])
            return top
    return None


def match_value(lead: Sequence[Component], play: Sequence[Card], trumps: Trumps) -> int | None:
    """The strength of ``play`` against the lead's shape: the top position of what
    answers the lead's largest component, or ``None`` when ``play`` cannot be arranged
    into the same components (a tractor for a tractor, pairs for pairs)."""
    pairs = pair_cards(play)
    value: int | None = None
    for component in sorted(lead, key=lambda c: -c.pairs):
        if component.pairs >= 2:
            top = _take_run(pairs, component.pairs, trumps)
        elif component.pairs == 1:
            if not pairs:
                return None
            best = max(pairs, key=trumps.position)
            pairs.remove(best)
            top = trumps.position(best)
        else:
            top = max(trumps.position(c) for c in play)
        if top is None:
            return None
        if value is None:
            value = top
    return value


def can_beat(component: Component, cards: Sequence[Card], trumps: Trumps) -> bool:
    """Whether ``cards`` (one player's cards of the same suit class) beat ``component``."""
    if component.pairs == 0:
        return any(trumps.position(c) > component.top for c in cards)
    pairs = pair_cards(cards)
    positions = {trumps.position(c) for c in pairs}
    k = component.pairs
    return any(
        top > component.top and all(top - i in positions for i in range(k)) for top in positions
    )


def smallest(components: Sequence[Component]) -> Component:
    """The component a failed throw must play: fewest cards, then lowest."""
    return min(components, key=lambda c: (c.size, c.top))
