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


class StepMaps:
    """Draws each step's pieces layer. A piece stays on the board for the rest of the game,
    so its path is written once and reused by every later step."""

    def __init__(self, record: CatanRecord, colours: dict[str, str]) -> None:
        board = record.board
        self.centres = {h.ref.text: hex_center(h.row, h.col) for h in board.hexes} if board else {}
        self.order = record.order
        self.colours = colours
        self._paths: dict[tuple[tuple[Point, ...], float], str] = {}

    def _path(self, points: tuple[Point, ...], half: float = 0) -> str:
        """A road between two points, or a building (a square ``half`` wide) at one."""
        key = (points, half)
        text = self._paths.get(key)
        if text is None:
            text = _square(points[0], half) if half else _road(points[0], points[1])
            self._paths[key] = text
        return text

    def step(self, layout: Layout, robber: str | None) -> dict[str, Any] | None:
        """The pieces layer of one step: paths by player, the robber, a text summary;
        ``None`` without a board."""
        if not self.centres:
            return None
        roads: dict[str, list[str]] = {key: [] for key in self.order}
        settlements: dict[str, list[str]] = {key: [] for key in self.order}
        cities: dict[str, list[str]] = {key: [] for key in self.order}
        for who, a, b in layout.roads:
            roads[who].append(self._path((a, b)))
        for who, p in layout.settlements:
            settlements[who].append(self._path((p,), 4.5))
        for who, p in layout.cities:
            cities[who].append(self._path((p,), 7))
        players: list[dict[str, Any]] = []
        for key in self.order:
            counts = (len(roads[key]), len(settlements[key]), len(cities[key]))
            if any(counts):
                players.append(
                    {
                        "key": key,
                        "colour": self.colours[key],
                        "roads": "".join(roads[key]),
                        "settlements": "".join(settlements[key]),
                        "cities": "".join(cities[key]),
                        "counts": counts,
                    }
                )
        at = self.centres.get(robber) if robber else None
        return {
            "players": players,
            "robber": robber,
            "robber_x": _num(at[0] + 14) if at else None,
            "robber_y": _num(at[1] + 11) if at else None,
        }
