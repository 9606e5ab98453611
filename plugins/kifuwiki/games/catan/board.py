"""The optional board from front matter, and its geometry for the SVG.

``board`` lists the 19 land hexes row by row from the top, left to right, in rows of
3, 4, 5, 4, 3 (rows may be separated by ``/`` or new lines, or given as a YAML list).
Each hex is terrain + number + optional identifier (``S4n``); the desert is ``D``.
``harbours`` lists the 9 harbours clockwise from the top-left one: ``3`` for a 3:1
harbour, a resource letter for a 2:1 harbour.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Any

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.games.catan.model import RESOURCES, Board, BoardHex, HexRef

ROW_LENGTHS = (3, 4, 5, 4, 3)
TERRAIN_COUNTS = {"T": 4, "W": 4, "G": 4, "B": 3, "S": 3, "D": 1}
NUMBER_COUNTS = {2: 1, 12: 1} | dict.fromkeys((3, 4, 5, 6, 8, 9, 10, 11), 2)

HEX_PATTERN = re.compile(
    r"(?P<terrain>[GBSWT])(?P<number>[0-9]{1,2})(?P<ident>[a-z]*)|D(?P<dident>[a-z]*)"
)


def parse_hex(text: str, column: int = 1) -> HexRef | None:
    """``S4n`` → HexRef; ``None`` when the text is not exactly one hex reference."""
    match = HEX_PATTERN.fullmatch(text)
    if match is None:
        return None
    if match.group("terrain"):
        number = int(match.group("number"))
        if not 2 <= number <= 12 or number == 7:
            return None
        return HexRef(match.group("terrain"), number, match.group("ident"), column)
    return HexRef("D", None, match.group("dident"), column)


def _tokens(value: Any) -> list[list[str]]:
    """The board value as rows of tokens (rows only when the writer marked them)."""
    if isinstance(value, list):
        return [str(row).split() for row in value]
    text = str(value)
    rows = [row.split() for row in re.split(r"[/\n]", text)]
    return [row for row in rows if row]


def parse_board(value: Any, harbours: Any, line: int, bag: DiagnosticBag) -> Board | None:
    """Read ``board`` (and ``harbours``) from front matter; ``None`` when it is unusable."""
    rows = _tokens(value)
    flat = [token for row in rows for token in row]
    if len(flat) != sum(ROW_LENGTHS):
        bag.error(
            "CT116",
            f"the board lists {len(flat)} hexes; it needs the 19 land hexes in rows of "
            "3, 4, 5, 4, 3 from the top",
            line,
            ja=(
                f"盤面に土地が {len(flat)} 個あります。上から "
                "3, 4, 5, 4, 3 個の列で 19 個の土地が必要です"
            ),
        )
        return None
    if len(rows) > 1 and tuple(len(row) for row in rows) != ROW_LENGTHS:
        bag.error(
            "CT116",
            "the board's rows have "
            + ", ".join(str(len(row)) for row in rows)
            + " hexes; they need 3, 4, 5, 4, 3",
            line,
            ja="盤面の列の土地の数が "
            + ", ".join(str(len(row)) for row in rows)
            + " です。3, 4, 5, 4, 3 が必要です",
        )
        return None
    hexes: list[BoardHex] = []
    index = 0
    bad = False
    for row, length in enumerate(ROW_LENGTHS):
        for col in range(length):
            token = flat[index]
            index += 1
            ref = parse_hex(token)
            if ref is None:
                bag.error(
                    "CT116",
                    f"board hex '{token}' is not terrain (G B S W T) + number 2–12 "
                    "(+ identifier), or D for the desert",
                    line,
                    ja=(
                        f"盤面の「{token}」は土地の種類（G B S W "
                        "T）＋数字 2–12（＋識別子）でも砂漠 D でもありません"
                    ),
                )
                bad = True
                continue
            hexes.append(BoardHex(ref, row, col))
    if bad:
        return None
    _check_identifiers(hexes, line, bag)
    _check_distribution(hexes, line, bag)
    return Board(tuple(hexes), _parse_harbours(harbours, line, bag))


def _check_identifiers(hexes: list[BoardHex], line: int, bag: DiagnosticBag) -> None:
    by_key: dict[str, list[HexRef]] = {}
    for board_hex in hexes:
        by_key.setdefault(board_hex.ref.key, []).append(board_hex.ref)
    for key, refs in by_key.items():
        if len(refs) < 2:
            continue
        idents = [ref.ident for ref in refs]
        if "" in idents:
            bag.error(
                "CT117",
                f"the board has {len(refs)} {key} hexes; give each an identifier "
                f"({key}n, {key}s …) so the log can say which one",
                line,
                ja=(
                    f"盤面に {key} の土地が {len(refs)} 個あります。"
                    f"ログでどれか分かるよう、それぞれに識別子（{key}n, {key}s …）を付けてください"
                ),
            )
        elif len(set(idents)) != len(idents):
            bag.error(
                "CT117",
                f"two {key} hexes on the board have the same identifier",
                line,
                ja=f"盤面の2つの {key} に同じ識別子が付いています",
            )


def _check_distribution(hexes: list[BoardHex], line: int, bag: DiagnosticBag) -> None:
    terrains = Counter(h.ref.terrain for h in hexes)
    numbers = Counter(h.ref.number for h in hexes if h.ref.number is not None)
    if dict(terrains) != TERRAIN_COUNTS:
        bag.warning(
            "CT118",
            "the board's terrains differ from the base game's (4 T, 4 W, 4 G, 3 B, 3 S, 1 D)",
            line,
            ja="盤面の土地の種類が基本ゲームと違います（T 4, W 4, G 4, B 3, S 3, D 1）",
        )
    if dict(numbers) != NUMBER_COUNTS:
        bag.warning(
            "CT118",
            "the board's number tokens differ from the base game's (2 and 12 once, "
            "3–6 and 8–11 twice)",
            line,
            ja="盤面の数字チップが基本ゲームと違います（2 と 12 が1枚ずつ、3–6 と 8–11 が2枚ずつ）",
        )


def _parse_harbours(value: Any, line: int, bag: DiagnosticBag) -> tuple[str, ...]:
    if value is None:
        return ()
    tokens = [str(v) for v in value] if isinstance(value, list) else str(value).split()
    if len(tokens) != 9 or any(t != "3" and t not in RESOURCES for t in tokens):
        bag.error(
            "CT119",
            "harbours must be 9 entries clockwise from the top-left: 3 for a 3:1 harbour "
            "or G B S W T for a 2:1 harbour",
            line,
            ja=(
                "港（harbours）は左上から時計回りに 9 個、3:1 "
                "の港は 3、2:1 の港は G B S W T で書いてください"
            ),
        )
        return ()
    return tuple(tokens)


# Geometry (pointy-top hexes) for the SVG: plain numbers the template only prints.

HEX_SIZE = 30.0
_WIDTH = math.sqrt(3) * HEX_SIZE
_MARGIN = 50.0


def _center(row: int, col: int) -> tuple[float, float]:
    offset = (5 - ROW_LENGTHS[row]) * _WIDTH / 2
    x = _MARGIN + offset + col * _WIDTH + _WIDTH / 2
    y = _MARGIN + HEX_SIZE + row * 1.5 * HEX_SIZE
    return x, y


def hex_center(row: int, col: int) -> tuple[float, float]:
    x, y = _center(row, col)
    return round(x, 1), round(y, 1)


def hex_points(x: float, y: float, size: float = HEX_SIZE) -> str:
    corners = []
    for k in range(6):
        angle = math.radians(60 * k - 30)
        corners.append(f"{x + size * math.cos(angle):.1f},{y + size * math.sin(angle):.1f}")
    return " ".join(corners)


BOARD_WIDTH = round(2 * _MARGIN + 5 * _WIDTH, 1)
BOARD_HEIGHT = round(2 * _MARGIN + 8 * HEX_SIZE, 1)


def harbour_positions(count: int) -> list[tuple[float, float]]:
    """Points on a ring around the island, clockwise from the top-left."""
    cx, cy = hex_center(2, 2)
    radius = 3.05 * _WIDTH
    positions = []
    for k in range(count):
        angle = math.radians(-120 + k * 360 / count)
        positions.append(
            (round(cx + radius * math.cos(angle), 1), round(cy + radius * math.sin(angle), 1))
        )
    return positions


# Starting settlements: a corner is named by the land hexes around it.


def _corners(board_hex: BoardHex) -> list[tuple[float, float]]:
    # From the exact centre: neighbours must compute the very same shared corner.
    x, y = _center(board_hex.row, board_hex.col)
    corners = []
    for k in range(6):
        angle = math.radians(60 * k - 30)
        corners.append(
            (round(x + HEX_SIZE * math.cos(angle), 1), round(y + HEX_SIZE * math.sin(angle), 1))
        )
    return corners


def side_ends(hexes: tuple[BoardHex, ...]) -> set[tuple[tuple[float, float], tuple[float, float]]]:
    """Every side of the island's hexes, as its two end corners (both ways round)."""
    ends = set()
    for board_hex in hexes:
        corners = _corners(board_hex)
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            ends.update({(a, b), (b, a)})
    return ends


def corner_owners(hexes: tuple[BoardHex, ...]) -> dict[tuple[float, float], set[str]]:
    """Every corner of the island → the land hexes (board names) around it."""
    owners: dict[tuple[float, float], set[str]] = {}
    for board_hex in hexes:
        for corner in _corners(board_hex):
            owners.setdefault(corner, set()).add(board_hex.ref.text)
    return owners
