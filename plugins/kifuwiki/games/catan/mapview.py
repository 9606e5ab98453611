"""The board of one step, as plain data the SVG template prints.

The static island (hexes, numbers, harbours) is drawn once per page and each step's
board reuses it (``<use>``), so a step carries only what moves: the robber and the
pieces, one ``<path>`` per player and kind. A long game's page stays small.
"""

from __future__ import annotations

from typing import Any

from kifuwiki.games.catan.board import hex_center
from kifuwiki.games.catan.model import CatanRecord
from kifuwiki.games.catan.pieces import Layout
from kifuwiki.games.catan.places import Point

#: How much of each end of a side a road leaves free, so corners stay visible.
_ROAD_TRIM = 0.2


def _num(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _road(a: Point, b: Point) -> str:
    (x1, y1), (x2, y2) = a, b
    dx, dy = (x2 - x1) * _ROAD_TRIM, (y2 - y1) * _ROAD_TRIM
    return f"M{_num(x1 + dx)} {_num(y1 + dy)}L{_num(x2 - dx)} {_num(y2 - dy)}"


def _square(p: Point, half: float) -> str:
    x, y = p
    side = _num(2 * half)
    return f"M{_num(x - half)} {_num(y - half)}h{side}v{side}h-{side}z"


def hex_centres(record: CatanRecord) -> dict[str, tuple[float, float]]:
    board = record.board
    if board is None:
        return {}
    return {h.ref.text: hex_center(h.row, h.col) for h in board.hexes}


def step_map(
    layout: Layout,
    robber: str | None,
    centres: dict[str, tuple[float, float]],
    colours: dict[str, str],
    record: CatanRecord,
) -> dict[str, Any]:
    """The pieces layer of one step: paths by player, the robber, a text summary."""
    players: list[dict[str, Any]] = []
    for key in record.order:
        roads = "".join(_road(a, b) for who, a, b in layout.roads if who == key)
        settlements = "".join(_square(p, 4.5) for who, p in layout.settlements if who == key)
        cities = "".join(_square(p, 7) for who, p in layout.cities if who == key)
        counts = (
            sum(1 for r in layout.roads if r[0] == key),
            sum(1 for s in layout.settlements if s[0] == key),
            sum(1 for c in layout.cities if c[0] == key),
        )
        if any(counts):
            players.append(
                {
                    "key": key,
                    "colour": colours[key],
                    "roads": roads,
                    "settlements": settlements,
                    "cities": cities,
                    "counts": counts,
                }
            )
    at = centres.get(robber) if robber else None
    return {
        "players": players,
        "robber": robber,
        "robber_x": _num(at[0] + 14) if at else None,
        "robber_y": _num(at[1] + 11) if at else None,
    }
