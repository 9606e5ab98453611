"""Where a piece stands: corners and sides of the board, named by the land hexes they touch.

A *corner* (settlement, city) is written as the land hexes that meet there, joined by
``/``: three inland (``T6/W12/G8``), two on the coast (``S3/T5``). A *side* (road) is
written as the two land hexes it separates (``G8/S5``), or, on the coast where only one
land hex touches it, as its two end corners joined by ``~`` (``T11/G9~T11/T5``). Both
forms name each place exactly once and need nothing but the board the record already
lists, which is how players point at a spot across the table ("the 6-wood, 12-sheep,
8-wheat corner"). Corners touching a single land hex (the outer tips of the coast)
have no such name; a build there is simply written without a place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kifuwiki.games.catan.board import corner_owners, side_ends
from kifuwiki.games.catan.model import Board

Point = tuple[float, float]
Side = frozenset[Point]

#: What may follow ``@``: hex names, ``/`` between them, ``~`` between two corners.
PLACE_TEXT = re.compile(r"[A-Za-z0-9]+(?:[/~][A-Za-z0-9]+)*")


@dataclass(frozen=True, slots=True)
class Found:
    """A place read from the notation, or why it could not be read."""

    points: tuple[Point, ...] = ()
    """One corner, or the two ends of a side."""
    problem_en: str = ""
    problem_ja: str = ""


class Places:
    """The corners and sides of one board, and their names."""

    def __init__(self, board: Board) -> None:
        owners = corner_owners(board.hexes)
        self.names = {h.ref.text for h in board.hexes}
        self.by_hexes: dict[frozenset[str], list[Point]] = {}
        for point, around in owners.items():
            self.by_hexes.setdefault(frozenset(around), []).append(point)
        # Two corners are neighbours when a hex side joins them (one side length apart).
        self.neighbours: dict[Point, set[Point]] = {point: set() for point in owners}
        for a, b in side_ends(board.hexes):
            self.neighbours[a].add(b)

    def _unknown(self, names: list[str]) -> Found | None:
        unknown = [n for n in names if n not in self.names]
        if not unknown:
            return None
        listed = ", ".join(unknown)
        return Found(
            problem_en=f"{listed} is not a hex of this record's board",
            problem_ja=f"{listed} はこの棋譜の盤面にありません",
        )

    def corner(self, text: str) -> Found:
        """``T6/W12/G8`` → the corner those land hexes share."""
        names = [n for n in text.split("/") if n]
        if not 2 <= len(names) <= 3 or "~" in text:
            return Found(
                problem_en=f"'{text}' is not a corner: name the 2 or 3 land hexes around it, "
                "joined by '/'",
                problem_ja=f"「{text}」は角ではありません。角を囲む土地を 2 つか 3 つ、"
                "「/」でつないで書いてください",
            )
        unknown = self._unknown(names)
        if unknown is not None:
            return unknown
        matches = self.by_hexes.get(frozenset(names), [])
        if len(matches) != 1:
            return Found(
                problem_en=f"{text}: these hexes do not meet at "
                + ("one corner" if not matches else "exactly one corner (add the third hex)"),
                problem_ja=f"{text}: これらの土地は"
                + (
                    "1つの角で接していません"
                    if not matches
                    else "1つの角に決まりません（3つ目の土地を加えてください）"
                ),
            )
        return Found((matches[0],))

    def side(self, text: str) -> Found:
        """``G8/S5`` (between two land hexes) or ``corner~corner`` (on the coast)."""
        if "~" in text:
            ends = text.split("~")
            if len(ends) != 2:
                return self._not_side(text)
            first, second = self.corner(ends[0]), self.corner(ends[1])
            for found in (first, second):
                if not found.points:
                    return found
            a, b = first.points[0], second.points[0]
            if b not in self.neighbours[a]:
                return Found(
                    problem_en=f"{text}: these corners are not the two ends of one side",
                    problem_ja=f"{text}: この2つの角は1本の辺の両端ではありません",
                )
            return Found((a, b))
        names = [n for n in text.split("/") if n]
        if len(names) != 2:
            return self._not_side(text)
        unknown = self._unknown(names)
        if unknown is not None:
            return unknown
        pair = set(names)
        shared = [p for around, points in self.by_hexes.items() if pair <= around for p in points]
        if len(shared) != 2 or shared[1] not in self.neighbours[shared[0]]:
            return Found(
                problem_en=f"{text}: these hexes do not share a side",
                problem_ja=f"{text}: これらの土地は辺で接していません",
            )
        return Found((shared[0], shared[1]))

    @staticmethod
    def _not_side(text: str) -> Found:
        return Found(
            problem_en=f"'{text}' is not a side: name the 2 land hexes it separates ('G8/S5'), "
            "or on the coast its two end corners ('T11/G9~T11/T5')",
            problem_ja=f"「{text}」は辺ではありません。辺をはさむ 2 つの土地（G8/S5）、"
            "海岸では両端の角（T11/G9~T11/T5）を書いてください",
        )
