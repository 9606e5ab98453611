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
    SNS,
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


def best_available(
    state: GameState, rules: Rules, player: str, reach: list[Cell] | None = None
) -> tuple[Option | None, int]:
    """The best placement (the first of the best, in cell and card order) and how many
    placements there were: what :func:`legal_placements` gives, without listing them.

    The page calls this at every step, so it judges as little as it can. Cells are
    visited best bound first (:func:`_cell_bound`), and the scan stops at the first cell
    that cannot beat the best so far; among equal gains the first in cell and card order
    wins, as in :func:`best`. In a cell, a put is an :class:`Option` only when it beats
    the best, and a jump put is judged (rule 28, the slow part) only when its bound, the
    matching NSs' P↑ plus the 4xFW bonus when it may apply, could beat it.

    ``reach``: the player's NH in order, where the caller has it (the page draws it)."""
    board = state.board
    cells = sorted(nh(board, player)) if reach is None else reach
    cards = _oriented(state.hands[player])
    if not cells or not cards:
        return None, 0
    bonus = _bonus_bound(state, rules, player, cards)
    ranked = []
    for index, cell in enumerate(cells):
        sides = _sides(board, cell)
        cell_bonus = _cell_bonus(board, cell, player, bonus) if bonus else 0
        ranked.append((-_cell_bound(sides, cell_bonus), index, cell, sides, cell_bonus))
    ranked.sort()
    top: Option | None = None
    top_gain = 0
    top_key = (len(cells), 0)
    for negative_bound, index, cell, sides, cell_bonus in ranked:
        bound = -negative_bound
        if bound < top_gain or (bound == top_gain and (top is None or index > top_key[0])):
            break  # every cell left is bounded by this one's bound, and comes later
        count = len(sides)
        for number, (card, weight) in enumerate(cards):
            total, bad, lighter = _tally(card, weight, sides)
            key = (index, number)
            if bad == 0:
                gain = total * count
                if gain > top_gain or (top is not None and gain == top_gain and key < top_key):
                    top, top_gain, top_key = Option(cell, card, "put", gain), gain, key
            elif bad == 1 and lighter:
                could = total * (count - 1) + cell_bonus
                if could > top_gain or (top is not None and could == top_gain and key < top_key):
                    option = judge(state, rules, player, cell, card)
                    gain = option.gain
                    if gain > top_gain or (top is not None and gain == top_gain and key < top_key):
                        top, top_gain, top_key = option, gain, key
    if top is None:
        # Every placement scores 0: the first one in order is "the best", as in best().
        top = judge(state, rules, player, cells[0], cards[0][0])
    return top, len(cells) * len(cards)


def _oriented(hand: list[Card]) -> list[tuple[Card, int]]:
    return [(turned, fw10(turned)) for card in hand_cards(hand) for turned in rotations(card)]


#: The most one side showing ``theirs`` can add to a matching placement's WF total
#: (tenths): the best WF of an SN that divides or is divided by it.
_BEST_SIDE: tuple[int, ...] = tuple(
    max((WF10[a if a < b else b] for a in SNS if MATCH[a][b]), default=0) for b in range(26)
)


def _most(sides: list[tuple[int, int, int]]) -> int:
    """The largest WF total any card could match on these sides."""
    return sum(_BEST_SIDE[theirs] for _, theirs, _ in sides)


def _bonus_bound(state: GameState, rules: Rules, player: str, cards: list[tuple[Card, int]]) -> int:
    """The largest 4xFW bonus a jump put could earn (rule 28), 0 when no opponent could
    pay one (each holds more than the hand limit less 2)."""
    if all(
        state.hand_size(other) > rules.hand_limit - 2 for other in state.hands if other != player
    ):
        return 0
    return 4 * max(weight for _, weight in cards)


def _cell_bonus(board: Board, cell: Cell, player: str, bonus: int) -> int:
    """The bonus a jump put on ``cell`` may earn: only an opponent's LC pays one."""
    paid = any(
        (occupant := board[neighbour]) is not None and occupant[1] != player
        for neighbour, _, _ in NEIGHBOURS[cell]
    )
    return bonus if paid else 0


def _cell_bound(sides: list[tuple[int, int, int]], bonus: int) -> int:
    """The most any placement on a cell with these occupied ``sides`` could gain: a
    put's P↑ is its matching sides' WF total times their number; a jump put matches one
    side fewer and adds the cell's ``bonus``."""
    count = len(sides)
    most = _most(sides)
    return max(most * count, most * (count - 1) + bonus) if count else 0


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
