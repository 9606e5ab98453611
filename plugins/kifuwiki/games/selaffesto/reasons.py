"""Why a placement is illegal or judged as it is, in words a player understands."""

from __future__ import annotations

from kifuwiki.games.selaffesto.geometry import OFFSETS, REACH, Assessment, Board
from kifuwiki.games.selaffesto.model import MATCH, SIZE, Card, Cell, cell_name, fw10, points_text


def _nearest(cells: set[Cell], target: Cell, count: int = 3) -> list[str]:
    row, col = divmod(target, SIZE)

    def distance(cell: Cell) -> tuple[int, Cell]:
        r, c = divmod(cell, SIZE)
        return abs(r - row) + abs(c - col), cell

    return [cell_name(c) for c in sorted(cells, key=distance)[:count]]


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _foreign(board: Board, cell: Cell, player: str) -> bool:
    occupant = board[cell]
    return occupant is not None and occupant[1] != player


def explain_unreachable(
    board: Board, target: Cell, player: str, cells: set[Cell]
) -> tuple[str, str]:
    """Rule 10 broken: which own card is nearest, what blocks it, which cells were legal."""
    row, col = divmod(target, SIZE)
    own = [i for i, o in enumerate(board) if o is not None and o[1] == player]
    where = cell_name(target)
    legal = _nearest(cells, target)
    tail_en = f"; reachable cells nearby: {', '.join(legal)}" if legal else "; no cell is reachable"
    tail_ja = f"。近くの NH: {', '.join(legal)}" if legal else "。NH は空です"
    for origin in own:
        r, c = divmod(origin, SIZE)
        if (row - r, col - c) not in OFFSETS:
            continue
        for reach_target, paths in REACH[origin]:
            if reach_target != target:
                continue
            blockers = sorted({p for path in paths for p in path if _foreign(board, p, player)})
            names = ", ".join(cell_name(b) for b in blockers)
            return (
                f"{where} is not reachable: every path from {cell_name(origin)} passes over the"
                f" opponent's cards ({names}){tail_en}",
                f"{where} には届きません: {cell_name(origin)} からの道はすべて相手のカード"
                f" ({names}) を通ります{tail_ja}",
            )
    if not own:
        return (
            f"{where} is not reachable: {player} has no card on the board{tail_en}",
            f"{where} には届きません: {player} のカードがボードにありません{tail_ja}",
        )

    def steps(origin: Cell) -> int:
        r, c = divmod(origin, SIZE)
        return abs(r - row) + abs(c - col)

    nearest = min(own, key=lambda o: (steps(o), o))
    r, c = divmod(nearest, SIZE)
    return (
        f"{where} is not reachable: nearest own card {cell_name(nearest)} is {steps(nearest)}"
        " cells away"
        f" ({_count(abs(r - row), 'rank')}, {_count(abs(c - col), 'file')};"
        f" NH reaches 2 ranks, 2 files, 3 steps){tail_en}",
        f"{where} には届きません: 最も近い自分のカード {cell_name(nearest)} から"
        f" {steps(nearest)} マス"
        f" (縦 {abs(r - row)}・横 {abs(c - col)}。NH は縦2・横2・3マスまで){tail_ja}",
    )


def _pair(board: Board, pair: tuple[Cell, int, int]) -> str:
    neighbour, mine, theirs = pair
    sign = "|" if MATCH[mine][theirs] else "∤"
    return f"{mine}{sign}{theirs} with {cell_name(neighbour)}"


def _pair_ja(pair: tuple[Cell, int, int]) -> str:
    neighbour, mine, theirs = pair
    sign = "|" if MATCH[mine][theirs] else "∤"
    return f"{cell_name(neighbour)} と {mine}{sign}{theirs}"


def explain_judgement(
    board: Board, cell: Cell, card: Card, found: Assessment, kind: str
) -> tuple[str, str]:
    """Rules 13, 14, 17-19: the NSs that decide the judgement."""
    bad = found.mismatches
    if kind == "put":
        if not found.pairs:
            return "it has no neighbour, so it matches", "隣のカードがないのでマッチです"
        pairs = ", ".join(_pair(board, p) for p in found.pairs)
        return (
            f"every new NS divides ({pairs})",
            f"すべての NS が割り切れます ({', '.join(_pair_ja(p) for p in found.pairs)})",
        )
    if kind == "jump" and found.lc is not None:
        lc = board[found.lc]
        lc_fw = fw10(lc[0]) if lc else 0
        return (
            f"only {_pair(board, bad[0])} fails and that card (FW {points_text(lc_fw)}) is"
            f" lighter than {points_text(fw10(card))}",
            f"{_pair_ja(bad[0])} だけが割り切れず、そのカード (FW {points_text(lc_fw)}) は"
            f" {points_text(fw10(card))} より軽い",
        )
    if len(bad) >= 2:
        pairs = ", ".join(_pair(board, p) for p in bad)
        return (
            f"{len(bad)} NSs do not divide ({pairs}); removing one LC cannot make it match",
            f"{len(bad)} つの NS が割り切れません ({', '.join(_pair_ja(p) for p in bad)})",
        )
    if len(bad) == 1:
        neighbour = board[bad[0][0]]
        their_fw = fw10(neighbour[0]) if neighbour else 0
        if their_fw < fw10(card):
            return (
                f"{_pair(board, bad[0])} fails; the lighter card's owner holds too many cards for"
                " a blow-off",
                f"{_pair_ja(bad[0])} が割り切れず、軽いカードの所有者のハンドが多すぎます",
            )
        return (
            f"{_pair(board, bad[0])} fails and that card's FW {points_text(their_fw)} is not less"
            f" than {points_text(fw10(card))}",
            f"{_pair_ja(bad[0])} が割り切れず、そのカードの FW {points_text(their_fw)} は"
            f" {points_text(fw10(card))} 未満ではありません",
        )
    return "", ""
