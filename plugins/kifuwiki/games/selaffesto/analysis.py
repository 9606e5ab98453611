"""The move generator: every legal placement of a position, and the best P↑ on offer.

A placement is any hand card, in any rotation, on any cell of the mover's NH; each is
judged and scored like the engine does (a jump on an opponent's LC includes the 4xFW
bonus; re-plays of an own LC are not counted, they depend on a later choice).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from kifuwiki.games.selaffesto.geometry import NEIGHBOURS, Board, assess, nh
from kifuwiki.games.selaffesto.model import (
    MATCH,
    WF10,
    Card,
    Cell,
    canonical,
    fw10,
    rotations,
)
from kifuwiki.games.selaffesto.rules import Rules
from kifuwiki.games.selaffesto.state import GameState


@dataclass(frozen=True, slots=True)
class Option:
    cell: Cell
    card: Card
    kind: str
    gain: int
    """P↑ plus any 4xFW bonus, in tenths."""
    lc: Cell | None = None
    lc_owner: str | None = None


def hand_cards(hand: list[Card]) -> list[Card]:
    """The hand's cards, one per rotation class (cards have no other identity)."""
    seen: dict[Card, Card] = {}
    for card in hand:
        seen.setdefault(canonical(card), card)
    return list(seen.values())


def judge(state: GameState, rules: Rules, player: str, cell: Cell, card: Card) -> Option:
    """The engine's judgement of one placement, with the rule 28 hand condition."""
    found = assess(state.board, cell, card)
    if found.lc is None:
        return Option(cell, card, found.kind, found.gain)
    occupant = state.board[found.lc]
    owner = occupant[1] if occupant else player
    if owner == player:
        return Option(cell, card, "jump", found.gain, found.lc, owner)
    if state.hand_size(owner) > rules.hand_limit - 2:
        return Option(cell, card, "fail" if rules.full_hand == "fail" else "jump", 0)
    rest = list(state.hands[player])
    key = canonical(card)
    for index, held in enumerate(rest):
        if canonical(held) == key:
            del rest[index]
            break
    bonus = 4 * max((fw10(c) for c in rest), default=0)
    return Option(cell, card, "jump", found.gain + bonus, found.lc, owner)


def legal_placements(state: GameState, rules: Rules, player: str) -> list[Option]:
    """Every placement the player may make from the hand (in cell, card order)."""
    return list(_scan(state, rules, player, with_fails=True))


def best_available(state: GameState, rules: Rules, player: str) -> tuple[Option | None, int]:
    """The best placement (the first of the best, in cell and card order) and how many
    placements there were: what :func:`legal_placements` gives, without listing them.

    The page calls this at every step, so it keeps only the best so far: a put is an
    :class:`Option` only when it beats it, and a jump put is judged (rule 28, the
    slow part) only when its bound, the matching NSs' P↑ plus the largest 4xFW bonus
    the hand allows, could beat it."""
    board = state.board
    cells = sorted(nh(board, player))
    cards = _oriented(state.hands[player])
    if not cells or not cards:
        return None, 0
    bonus_bound = 4 * max(weight for _, weight in cards)
    top: Option | None = None
    top_gain = 0
    for cell in cells:
        sides = _sides(board, cell)
        count = len(sides)
        for card, weight in cards:
            total, bad, lighter = _tally(card, weight, sides)
            if bad == 0:
                if total * count > top_gain:
                    top, top_gain = Option(cell, card, "put", total * count), total * count
            elif bad == 1 and lighter and total * (count - 1) + bonus_bound > top_gain:
                option = judge(state, rules, player, cell, card)
                if option.gain > top_gain:
                    top, top_gain = option, option.gain
    if top is None:
        # Every placement scores 0: the first one in order is "the best", as in best().
        top = judge(state, rules, player, cells[0], cards[0][0])
    return top, len(cells) * len(cards)


def _oriented(hand: list[Card]) -> list[tuple[Card, int]]:
    return [(turned, fw10(turned)) for card in hand_cards(hand) for turned in rotations(card)]


def _sides(board: Board, cell: Cell) -> list[tuple[int, int, int]]:
    """The cell's occupied neighbours: (my side's index, their SN on it, their FW)."""
    return [
        (mine, occupant[0][theirs], fw10(occupant[0]))
        for neighbour, mine, theirs in NEIGHBOURS[cell]
        if (occupant := board[neighbour]) is not None
    ]


def _tally(card: Card, weight: int, sides: list[tuple[int, int, int]]) -> tuple[int, int, bool]:
    """A placement judged from its neighbours' SNs alone: the WF10 total of its matching
    sides, how many sides fail, and whether (the last) failing neighbour is lighter."""
    total = bad = 0
    lighter = False
    for mine, theirs, their_fw in sides:
        a = card[mine]
        if MATCH[a][theirs]:
            total += WF10[a if a < theirs else theirs]
        else:
            bad += 1
            lighter = their_fw < weight
    return total, bad, lighter


def _scan(state: GameState, rules: Rules, player: str, *, with_fails: bool) -> Iterator[Option]:
    """Judge every placement inline from each cell's neighbour SNs (three quarters of
    all placements are fail puts, so this loop is the cost of a greedy player); the
    few jump puts go through :func:`judge` for rule 28."""
    board = state.board
    cards = _oriented(state.hands[player])
    for cell in sorted(nh(board, player)):
        sides = _sides(board, cell)
        count = len(sides)
        for card, weight in cards:
            total, bad, lighter = _tally(card, weight, sides)
            if bad == 0:
                yield Option(cell, card, "put", total * count)
            elif bad == 1 and lighter:
                yield judge(state, rules, player, cell, card)
            elif with_fails:
                yield Option(cell, card, "fail", 0)


def replay_placements(
    state: GameState, rules: Rules, player: str, lc_card: Card, reach: set[Cell]
) -> list[Option]:
    """Where an own LC may go again (``reach``: :func:`~.geometry.relc_nh`)."""
    return [
        judge(state, rules, player, cell, card)
        for cell in sorted(reach)
        if state.board[cell] is None
        for card in rotations(lc_card)
    ]


def best(options: list[Option]) -> Option | None:
    """The highest gain; among equals the first (cells in order a1, b1 …)."""
    top: Option | None = None
    for option in options:
        if top is None or option.gain > top.gain:
            top = option
    return top
