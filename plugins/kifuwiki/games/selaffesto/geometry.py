"""The board's geometry and the placement judgement: NH, NS, match, P↑ (rules 10-19, 27).

These are pure functions over a board (a list of 169 cells, each ``None`` or
``(card, owner)``), shared by the engine, the move generator and self-play.
"""

from __future__ import annotations

from dataclasses import dataclass

from kifuwiki.games.selaffesto.model import MATCH, SIZE, WF10, Card, Cell, fw10

Occupant = tuple[Card, str]
Board = list[Occupant | None]

N, E, S, W = 0, 1, 2, 3


def empty_board() -> Board:
    return [None] * (SIZE * SIZE)


def _neighbours(cell: Cell) -> tuple[tuple[Cell, int, int], ...]:
    """(neighbour, my side, its side) for each on-board NC (rule 11)."""
    row, col = divmod(cell, SIZE)
    found = []
    if row + 1 < SIZE:
        found.append((cell + SIZE, N, S))
    if col + 1 < SIZE:
        found.append((cell + 1, E, W))
    if row > 0:
        found.append((cell - SIZE, S, N))
    if col > 0:
        found.append((cell - 1, W, E))
    return tuple(found)


NEIGHBOURS = tuple(_neighbours(cell) for cell in range(SIZE * SIZE))


def _monotone_paths(dr: int, dc: int) -> list[list[tuple[int, int]]]:
    """Every shortest path's intermediate offsets from (0, 0) to (dr, dc)."""
    if dr == 0 and dc == 0:
        return [[]]
    paths: list[list[tuple[int, int]]] = []
    steps = []
    if dr:
        steps.append((1 if dr > 0 else -1, 0))
    if dc:
        steps.append((0, 1 if dc > 0 else -1))
    for sr, sc in steps:
        for rest in _monotone_paths(dr - sr, dc - sc):
            paths.append([(0, 0)] + [(r + sr, c + sc) for r, c in rest])
    return paths


#: The 20 offsets of rule 10: at most 2 rows, 2 columns and 3 steps away.
OFFSETS = tuple(
    (dr, dc) for dr in range(-2, 3) for dc in range(-2, 3) if (dr or dc) and abs(dr) + abs(dc) <= 3
)


def _reach(cell: Cell) -> tuple[tuple[Cell, tuple[tuple[Cell, ...], ...]], ...]:
    """For an own card on ``cell``: (target, the cells each path passes over)."""
    row, col = divmod(cell, SIZE)
    found = []
    for dr, dc in OFFSETS:
        r, c = row + dr, col + dc
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            continue
        paths = []
        for path in _monotone_paths(dr, dc):
            # Drop the start (the own card itself); the rest are the cells passed over.
            paths.append(tuple((row + pr) * SIZE + col + pc for pr, pc in path[1:]))
        found.append((r * SIZE + c, tuple(paths)))
    return tuple(found)


REACH = tuple(_reach(cell) for cell in range(SIZE * SIZE))


def _reverse() -> tuple[tuple[tuple[Cell, tuple[tuple[Cell, ...], ...]], ...], ...]:
    """For each target cell: (origin, paths) of every cell whose card could reach it."""
    found: list[list[tuple[Cell, tuple[tuple[Cell, ...], ...]]]] = [[] for _ in REACH]
    for origin, reach in enumerate(REACH):
        for target, paths in reach:
            found[target].append((origin, paths))
    return tuple(tuple(entries) for entries in found)


REVERSE = _reverse()


def reaches(board: Board, player: str, target: Cell) -> bool:
    """Whether ``target`` is in the player's NH (one cell: ~20 look-ups, not a whole NH)."""
    if board[target] is not None:
        return False
    for origin, paths in REVERSE[target]:
        occupant = board[origin]
        if occupant is None or occupant[1] != player:
            continue
        for path in paths:
            if all(_passable(board[c], player) for c in path):
                return True
    return False


def _passable(occupant: Occupant | None, player: str) -> bool:
    return occupant is None or occupant[1] == player


def nh(board: Board, player: str) -> set[Cell]:
    """Rule 10: the empty cells the player's cards reach without crossing other cards."""
    cells: set[Cell] = set()
    for origin, occupant in enumerate(board):
        if occupant is None or occupant[1] != player:
            continue
        for target, paths in REACH[origin]:
            if board[target] is not None or target in cells:
                continue
            for path in paths:
                if all(_passable(board[c], player) for c in path):
                    cells.add(target)
                    break
    return cells


def relc_board(standing: Board, lc: Cell, mode: str) -> Board:
    """§4.6 (``relc_nh``): the board an own LC's re-play NH is taken on, from the board
    where the LC still stands: that board itself (``standing``, the program) or a copy
    with the LC's cell empty (``lifted``)."""
    if mode == "standing":
        return standing
    lifted = list(standing)
    lifted[lc] = None
    return lifted


def relc_nh(standing: Board, lc: Cell, player: str, mode: str) -> set[Cell]:
    """The cells an own LC standing on ``lc`` may be re-played to: the NH of
    :func:`relc_board` without its old cell (the LC never goes back there)."""
    cells = nh(relc_board(standing, lc, mode), player)
    cells.discard(lc)
    return cells


@dataclass(frozen=True, slots=True)
class Assessment:
    """How a placement is judged (rules 13, 14, 17-19) and what it scores (rule 27)."""

    kind: str
    """``put``, ``jump`` or ``fail``."""
    gain: int
    """P↑ in tenths (matching new NSs only)."""
    pairs: tuple[tuple[Cell, int, int], ...]
    """Every new NS: (neighbour, my SN, its SN)."""
    lc: Cell | None = None
    """The LC a jump put removes."""

    @property
    def mismatches(self) -> tuple[tuple[Cell, int, int], ...]:
        return tuple(p for p in self.pairs if not MATCH[p[1]][p[2]])


def assess(board: Board, cell: Cell, card: Card) -> Assessment:
    pairs = []
    bad: Cell | None = None
    bad_count = 0
    total = 0
    matching = 0
    for neighbour, mine, theirs in NEIGHBOURS[cell]:
        occupant = board[neighbour]
        if occupant is None:
            continue
        a, b = card[mine], occupant[0][theirs]
        pairs.append((neighbour, a, b))
        if MATCH[a][b]:
            total += WF10[a if a < b else b]
            matching += 1
        else:
            bad, bad_count = neighbour, bad_count + 1
    if bad_count == 0:
        return Assessment("put", total * matching, tuple(pairs))
    if bad_count == 1 and bad is not None:
        lc_card = board[bad]
        if lc_card is not None and fw10(lc_card[0]) < fw10(card):
            return Assessment("jump", total * matching, tuple(pairs), bad)
    return Assessment("fail", 0, tuple(pairs))
